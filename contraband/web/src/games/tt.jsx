// Tony & Tino: the seats, the hands, the card in play, words and the end screen (the board is in
// tt-board.jsx).
import { money } from "../i18n.js";
import { Backs, Flash, Hot, SeatMark, Tip } from "../ui.jsx";
import { Board, Figure, streetName } from "./tt-board.jsx";
import { cardHelp, faceupHelp } from "./tt-help.js";
import { EFFECT_NL, LOG_NL, words } from "./tt-words.js";
import { PlayerTag } from "../players.jsx";

export function seats(view) {
  return view.seats.map((s) => ({ name: s.name, colour: s.colour }));
}

const cardName = (id, t) => t(`tt.card.${id}`, { fallback: id });

export function describe(info, t) {
  const p = { point: info.point, street: info.street && streetName(info.street, t) };
  switch (info.kind) {
    case "play":
      return t("tt.do.play", { card: cardName(info.card, t) });
    case "discard":
      return t("tt.do.discard", { card: cardName(info.card, t) });
    case "place":
      return t("tt.do.place", { figure: t(`tt.figure.${info.figure}`), value: info.figure, point: info.point });
    case "allow":
      return t("tt.do.allow", { card: cardName(info.card, t) });
    case "police":
      // "against": the card the Police would cancel (the engine names it while one is in play)
      return info.against ? t("tt.do.police", { card: cardName(info.against, t) }) : t("tt.do.policeBare");
    case "target":
      return t("tt.do.shift", p);
    case "first":
      if (info.card === "corruption") return t("tt.do.swap", p);
      if (info.card === "flying-switch") return t("tt.do.spy", p);
      if (info.card === "exchange") return t("tt.do.mine", p);
      return t("tt.do.money", p);
    case "second":
      if (info.card === "corruption") return t("tt.do.swapWith", p);
      if (info.card === "flying-switch") return t("tt.do.spyWith", p);
      if (info.card === "exchange") return t("tt.do.theirs", p);
      return t("tt.do.moneyWith", p);
    default:
      return info.label;
  }
}

/** Buttons in the status bar: choices that have no object on the table. */
export const objectless = (info) => info.kind === "allow" || info.kind === "police";

export function decision(view, legal, t) {
  const names = view.seat_names;
  const card = view.card_in_play ? cardName(view.card_in_play, t) : "";
  switch (view.phase) {
    case "card":
      return t("tt.dec.card");
    case "react":
      return t("tt.dec.react", { who: names[view.turn_player], card });
    case "target": {
      const acts = legal.find((m) => m.acts_on);
      const second = legal.some((m) => m.kind === "second");
      const what = second ? t("tt.what.second") : t(`tt.what.${acts ? acts.acts_on : "disc"}`);
      return t("tt.dec.target", { card, what });
    }
    case "place":
      return t("tt.dec.place", { points: (view.open_points || []).join(", ") });
    default:
      return view.prompt || "";
  }
}

/** What the mover is doing, for everyone else (the status bar). */
export function waiting(view, t, payload, who) {
  const card = view.card_in_play ? cardName(view.card_in_play, t) : "";
  const key = `tt.wait.${view.phase}`;
  return t.has(key) ? t(key, { who, card, points: (view.open_points || []).join(", ") }) : null;
}

export function Card({ id, catalog, t, labels = [], would, testid, small, crossed, children }) {
  const item = catalog && catalog.cards ? catalog.cards.items.find((c) => c.name === id) : null;
  const effect = t.lang === "nl" ? EFFECT_NL[id] : item && item.effect;
  return (
    <Hot
      labels={labels}
      would={would}
      help={() => cardHelp(id, catalog, t, EFFECT_NL)}
      testid={testid}
      class={`tt-card card ${small ? "small" : ""} ${crossed ? "crossed" : ""}`}
      title={cardName(id, t)}
      menuTitle={cardName(id, t)}
      sig={id}
    >
      <span class="tt-card-icon" aria-hidden="true">{ICONS[id] || "?"}</span>
      <span class="tt-card-name">{cardName(id, t)}</span>
      {!small && effect && <span class="tt-card-effect">{effect}</span>}
      {children}
    </Hot>
  );
}

const ICONS = {
  shift: "↓1", corruption: "⇄", professional: "×2", roulette: "⚄", "flying-switch": "◉⇄",
  exchange: "♟⇄♟", "new-value": "⇄$", police: "★",
};

function SeatPanel({ view, s, t, catalog, mine, legal }) {
  const info = view.seats[s];
  const places = legal.filter((m) => m.kind === "place");
  const values = [...new Set(places.map((m) => m.figure))];
  return (
    <Flash
      sig={[info.money, info.face_up_figures, info.cards_in_hand, info.discards.length]}
      class={`panel seat-panel ${mine ? "tray" : ""} ${view.current_player === s ? "on-move" : ""}`}
      data-testid={`seat-panel-${s}`}
    >
      <div class="panel-head">
        <SeatMark colour={info.colour} label={info.name} />
        <PlayerTag seat={s} />
        <Tip class="money" data-testid={`tt-money-${s}`} help={() => t("tt.help.money", { who: info.name, amount: money(info.money, t), total: money(catalog && catalog.money ? catalog.money.total : 0, t) })}>{money(info.money, t)}</Tip>
      </div>
      <div class="tt-row">
        <span class="muted">{t("tt.faceup")}</span>
        {info.face_up_figures.map((v, i) => {
          const selectable = mine && values.length > 1 && values.includes(v);
          return (
            <Hot
              as="span"
              key={i}
              testid={`tt-faceup-${s}-${i}`}
              class="tt-faceup"
              title={`${v} (${t(`tt.figure.${v}`)})`}
              help={() => faceupHelp(view, s, v, t, catalog)}
              would={mine && !selectable && view.phase !== "place" ? [`place ${v} on ${(view.open_points || [])[0] || "A1"}`] : undefined}
              select={{
                id: `figure-${v}`,
                enabled: selectable,
                what: `${v} (${t(`tt.figure.${v}`)})`,
                data: { figure: v },
                labels: places.filter((m) => m.figure === v).map((m) => m.label),
              }}
              sig={v}
            >
              <svg viewBox="-24 -24 48 48" width="40" height="40" aria-hidden="true">
                <Figure seatColour={info.colour} value={v} />
              </svg>
            </Hot>
          );
        })}
        <Tip help={t("tt.help.stack", { who: info.name, n: info.figures_in_stack })} data-testid={`tt-stack-${s}`}>
          <Backs n={info.figures_in_stack} label={t("tt.stack")} small />
        </Tip>
        <Tip help={t("tt.help.deck", { who: info.name, n: info.cards_in_deck })} data-testid={`tt-deck-${s}`}>
          <Backs n={info.cards_in_deck} label={t("tt.deck")} small />
        </Tip>
        {!mine && (
          <Tip help={t("tt.help.hand", { who: info.name, n: info.cards_in_hand })}>
            <Backs n={info.cards_in_hand} label={t("tt.hand")} testid={`tt-hand-backs-${s}`} small />
          </Tip>
        )}
      </div>
      <div class="tt-row tt-discards" data-testid={`tt-discards-${s}`}>
        <Tip class="muted" help={t("tt.help.discards", { who: info.name })}>{t("tt.discards")} ({info.discards.length})</Tip>
        {info.discards.map((id, i) => (
          <Tip key={i} class="chip" help={() => cardHelp(id, catalog, t, EFFECT_NL)}>{ICONS[id]} {cardName(id, t)}</Tip>
        ))}
      </div>
      {mine && view.hand && (
        <div class="tt-hand" aria-label={t("tt.hand")}>
          {view.hand.map((id, i) => {
            const n = view.hand.slice(0, i).filter((x) => x === id).length + 1;
            const labels = legal
              .filter((m) => (m.card === id && (m.kind === "play" || m.kind === "discard")) || (m.kind === "police" && id === "police"))
              .map((m) => m.label);
            const play = id === "police" && view.phase !== "card" ? "police" : `play ${id}`;
            // a card that may only be discarded: a click says why it cannot be played, and a
            // small button beside it discards it
            const onlyDiscard = labels.length === 1 && labels[0] === `discard ${id}`;
            return (
              <Card key={`${id}-${n}`} id={id} t={t} catalog={catalog} labels={onlyDiscard ? [] : labels} would={[play]} testid={`tt-hand-${s}-${id}-${n}`}>
                {onlyDiscard && (
                  <Hot as="button" class="secondary tt-discard" labels={labels} help={t("tt.help.discardBtn")} testid={`tt-discard-${s}-${id}-${n}`} title={t("tt.do.discard", { card: cardName(id, t) })} style={{ marginTop: "auto", alignSelf: "flex-start", padding: "0.1rem 0.5rem", fontSize: "0.8rem" }}>
                    {t("tt.discardIt")}
                  </Hot>
                )}
              </Card>
            );
          })}
        </div>
      )}
    </Flash>
  );
}

export function Table({ view, t, legal, catalog, seat }) {
  const me = seat == null ? null : seat;
  const bottom = me == null ? 0 : me;
  const top = 1 - bottom;
  return (
    <div class="tt-table">
      <SeatPanel view={view} s={top} t={t} catalog={catalog} mine={false} legal={[]} />
      <div class="tt-middle">
        <Board view={view} t={t} legal={legal} catalog={catalog} seat={me} />
        {(view.card_in_play || view.extra_turn) && (
          <div class="tt-inplay panel" data-testid="tt-in-play">
            {view.extra_turn && <Tip as="div" class="ribbon" help={t("tt.help.extra", { who: view.seat_names[view.turn_player] })}>{t("tt.extra")}</Tip>}
            {view.card_in_play && (
              <>
                <div class="muted">
                  {t("tt.inPlay")}: <SeatMark colour={view.seats[view.turn_player].colour} label={view.seat_names[view.turn_player]} />
                </div>
                <Card
                  id={view.card_in_play}
                  t={t}
                  catalog={catalog}
                  crossed={!!view.cancelled_by_police}
                  labels={legal.filter((m) => m.kind === "allow" || m.kind === "police").map((m) => m.label)}
                  would={me != null && view.phase === "react" ? ["police"] : undefined}
                  testid="tt-in-play-card"
                />
                {view.cancelled_by_police && <div class="warn">{t("tt.cancelled")}</div>}
              </>
            )}
          </div>
        )}
      </div>
      <SeatPanel view={view} s={bottom} t={t} catalog={catalog} mine={me != null} legal={me != null ? legal : []} />
    </div>
  );
}

export function winnerReason(result, view, t) {
  const s = result.scores;
  if (s[0] === s[1]) return t("tt.draw", { a: money(s[0], t) });
  const w = s[0] > s[1] ? 0 : 1;
  return t("tt.moreMoney", { a: money(s[w], t), b: money(s[1 - w], t) });
}

export function ResultDetail({ result, view, t }) {
  const colours = view.seats.map((s) => s.colour);
  const sums = new Map((view.streets || []).map((s) => [s.street, s.sums]));
  return (
    <table class="result-table" data-testid="tt-result-streets">
      <thead>
        <tr>
          <th>{t("tt.street")}</th>
          <th>{t("tt.token")}</th>
          {view.seat_names.map((n, i) => (
            <th key={i}><SeatMark colour={colours[i]} label={n} /></th>
          ))}
          <th>{t("tt.takenBy")}</th>
        </tr>
      </thead>
      <tbody>
        {result.streets.map((s) => (
          <tr key={s.street}>
            <td>{streetName(s.street, t)}</td>
            <td>{money(s.token, t)}</td>
            {(sums.get(s.street) || [null, null]).map((v, i) => (
              <td key={i}>{v}</td>
            ))}
            <td>{s.collected_by != null ? <SeatMark colour={colours[s.collected_by]} label={view.seat_names[s.collected_by]} /> : t("tt.out")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const term = (key, value, t) => {
  if (key === "card" || key === "against" || key === "cards") return cardName(value, t);
  if (key === "figure") return `${value} (${t(`tt.figure.${value}`)})`;
  if (key === "amount") return money(value, t);
  if (["street", "first", "second", "target"].includes(key)) return typeof value === "string" ? streetName(value, t) : value;
  return value;
};

export default {
  id: "tony-tino",
  logNL: LOG_NL,
  term,
  prefix: "tt",
  words,
  seats,
  describe,
  decision,
  waiting,
  objectless,
  Table,
  ResultDetail,
  winnerReason,
};
