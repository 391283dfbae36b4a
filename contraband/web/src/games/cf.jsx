// Counterfeiters: the black market, the action spaces, the police track and your screen.
import { money } from "../i18n.js";
import { Backs, colour, Flash, Hot, SeatMark, Shape, Tip, usePlay } from "../ui.jsx";
import { cardHelp, deckHelp, legend, marketHelp, QUALITY_WORDS, spaceHelp, STARS, supplyHelp, trackHelp, trackMarks } from "./cf-help.js";
import { cardKind, cardName, colourName, LOG_NL, spaceName, words } from "./cf-words.js";
import { PlayerTag } from "../players.jsx";

const KIND_GLYPH = { printer: "P", ink: "I", paper: "Pa", hologram: "H", diner: "D", "private jet": "J", "lottery ticket": "L", "Great Lawyer": "GL", "Bad Lawyer": "BL" };
const ACTIONS = ["supermarket", "fence", "print", "tax fraud", "commercial flight", "private jet"];

export function seats(view, t) {
  return view.seats.map((s) => ({ name: colourName(s.colour, t), colour: s.colour }));
}

/** What the mover is doing, for everyone else (the status bar): never the secret flight. */
export function waiting(view, t, payload, who) {
  const key = `cf.wait.${view.step}`;
  return t.has(key) ? t(key, { who }) : null;
}

export function describe(info, t) {
  switch (info.kind) {
    case "place":
      return t("cf.do.place", { space: spaceName(info.space, t) });
    case "pass":
      return t("cf.do.pass");
    case "direction":
      return t("cf.do.to", { to: t(`cf.to.${info.to}`) });
    case "amount":
      return info.amount ? t("cf.do.amount", { amount: info.amount }) : t("cf.do.amountNone");
    case "sell":
      return t.n("cf.do.sell", info.count, { stars: info.stars });
    case "lawyer":
      return info.space ? t("cf.do.lawyer", { space: spaceName(info.space, t) }) : t("cf.do.lawyerNo");
    default:
      return info.label;
  }
}

export const objectless = (info) => info.kind === "pass" || info.kind === "direction" || (info.kind === "lawyer" && !info.space);

export function decision(view, legal, t) {
  return t(`cf.dec.${view.step}`, { fallback: view.step || view.stage });
}

export function Henchman({ seatColour, size = 18 }) {
  return (
    <svg width={size} height={size} viewBox="-10 -10 20 20" aria-hidden="true" class="cf-henchman">
      <Shape name={seatColour} r={8.5} stroke="#111" />
      <circle cy="-2.5" r="2.4" fill="#111" />
      <path d="M-4 5c0-4 8-4 8 0z" fill="#111" />
    </svg>
  );
}

function Cap() {
  return (
    <svg width="18" height="12" viewBox="0 0 18 12" aria-hidden="true">
      <path d="M2 9c0-6 12-6 12 0z" fill="#1a237e" />
      <path d="M1 9h16v2H1z" fill="#0d1442" />
      <circle cx="8" cy="5" r="1.4" fill="#f2c14e" />
    </svg>
  );
}

function Glasses() {
  return (
    <svg width="20" height="10" viewBox="0 0 20 10" aria-hidden="true">
      <path d="M1 2h18" stroke="#111" stroke-width="1.5" />
      <rect x="2" y="2" width="6.5" height="5" rx="2" fill="#111" />
      <rect x="11.5" y="2" width="6.5" height="5" rx="2" fill="#111" />
    </svg>
  );
}

/** The trash mark of the slots whose card leaves at the round's end: a bin, its word for
 * screen readers and as a tooltip (the word does not fit a phone's narrow slot). */
function Trash({ label }) {
  return (
    <span class="cf-trash" title={label}>
      {" "}
      <svg width="13" height="14" viewBox="0 0 13 14" aria-hidden="true">
        <path d="M1 3h11M4.5 3V1.5h4V3M2.5 3l.8 10h6.4l.8-10M5 5.5v5M8 5.5v5" fill="none" stroke="currentColor" stroke-width="1.4" />
      </svg>
      <span class="sr-only">{label}</span>
    </span>
  );
}

/** A card; with the catalog it explains itself on hover and long press (what it does). */
export function CardChip({ name, t, catalog }) {
  const kind = cardKind(name);
  const glyph = KIND_GLYPH[kind] || "?";
  const shown = cardName(name, t);
  const cls = `cf-card kind-${kind.replace(/\s+/g, "-").toLowerCase()}`;
  if (!catalog) {
    return (
      <span class={cls} title={shown}>
        <b>{glyph}</b> {shown}
      </span>
    );
  }
  return (
    <Tip class={cls} help={() => cardHelp(name, catalog, t)}>
      <b>{glyph}</b> {shown}
    </Tip>
  );
}

/** A space: a click places a henchman there (or, for a lawyer, picks up the one standing there);
 * when that is not allowed, the engine says why ("Print 3 is taken."). */
function Space({ s, view, legal, t, testid, children, title, help }) {
  const labels = legal.filter((m) => m.space === s.space && (m.kind === "place" || m.kind === "lawyer")).map((m) => m.label);
  const would = [view.step === "lawyer" ? `lawyer: move from ${s.space}` : s.space];
  const occ = s.occupant;
  return (
    <Hot labels={labels} would={would} help={help} testid={testid} class={`cf-space ${occ != null ? "taken" : ""} ${s.open === false ? "closed" : ""}`} title={title} menuTitle={title} sig={occ}>
      {children}
      <span class="cf-occupant">{occ != null ? <Henchman seatColour={view.seats[occ].colour} size={22} /> : <span class="cf-free" />}</span>
    </Hot>
  );
}

function Screen({ view, s, legal, t, mine, catalog }) {
  const info = view.seats[s];
  const hidden = info.cash == null;
  const dir = legal.filter((m) => m.kind === "direction");
  const amounts = legal.filter((m) => m.kind === "amount");
  const sells = legal.filter((m) => m.kind === "sell");
  return (
    <Flash
      sig={[info.cash, info.offshore, info.fakes, info.cards.length, info.in_hand, info.laid_down]}
      class={`panel seat-panel cf-seat ${mine ? "tray" : ""} ${view.current_player === s ? "on-move" : ""}`}
      data-testid={`seat-panel-${s}`}
    >
      <div class="panel-head">
        <SeatMark colour={info.colour} label={colourName(info.colour, t)} />
        <PlayerTag seat={s} />
        {info.marker && <Tip class="tag" help={t("cf.help.marker")}><Glasses /> {t("cf.marker")}</Tip>}
      </div>
      <Tip as="div" class="cf-henchmen small" help={() => t("cf.help.henchmen", { hand: info.in_hand, down: info.laid_down, board: info.on_board })}>
        {Array.from({ length: info.in_hand }, (_, i) => <Henchman key={`h${i}`} seatColour={info.colour} />)}
        {Array.from({ length: info.laid_down }, (_, i) => (
          <span key={`d${i}`} class="laid"><Henchman seatColour={info.colour} /></span>
        ))}
        <span class="muted">{t("cf.henchmen", { hand: info.in_hand, down: info.laid_down, board: info.on_board })}</span>
      </Tip>
      <div class="cf-cards">
        {info.cards.map((c) => <CardChip key={c} name={c} t={t} catalog={catalog} />)}
      </div>
      <div class="cf-screen" data-testid={`cf-screen-${s}`}>
        {hidden ? (
          <Tip class="muted" help={t("cf.help.hidden")}>▣ {t("cf.hidden")}: {t("cf.cash")} ? · {t("cf.offshore")} ? · {t("cf.fakes")} ?</Tip>
        ) : (
          <>
            <Hot as="span" labels={dir.filter((m) => m.to === "offshore").map((m) => m.label)} would={mine ? ["to offshore"] : []} help={t("cf.help.cash")} class="cf-money" title={t("cf.cash")} testid={`cf-cash-${s}`}>
              {t("cf.cash")} <b>{money(info.cash, t)}</b>
            </Hot>
            <Hot as="span" labels={dir.filter((m) => m.to === "cash").map((m) => m.label)} would={mine ? ["to cash"] : []} help={t("cf.help.offshore")} class="cf-money" title={t("cf.offshore")} testid={`cf-offshore-${s}`}>
              {t("cf.offshore")} <b>{money(info.offshore, t)}</b>
            </Hot>
            <span class="cf-fakes">
              {info.fakes.map((n, q) => (
                <span key={q} class="cf-note">
                  {/* not around the sale's steps: a refused component disables what it holds */}
                  <Hot as="span" would={mine ? [`sell ${Math.max(1, n)} ${QUALITY_WORDS[q]}`] : []} help={t("cf.help.fakes", { stars: STARS[q] })} testid={`cf-fakes-${s}-${q + 1}`}>
                    {STARS[q]} × {n}
                  </Hot>
                  {sells.some((m) => m.quality === q + 1) && (
                    <span class="cf-steps">
                      {sells.filter((m) => m.quality === q + 1).map((m) => (
                        <Hot as="span" key={m.label} labels={[m.label]} class="cf-step" title={`${t("cf.sellHere")} ${m.count} ${m.stars}`} testid={`cf-sell-${q + 1}-${m.count}`}>
                          {m.count}
                        </Hot>
                      ))}
                    </span>
                  )}
                </span>
              ))}
            </span>
          </>
        )}
      </div>
      {amounts.length > 0 && (
        <div class="cf-amounts" role="group" aria-label={t("cf.dec.amount")}>
          {amounts.map((m) => (
            <Hot as="span" key={m.label} labels={[m.label]} class="cf-step" title={describe(m, t)} testid={`cf-amount-${m.amount}`}>
              ${m.amount}
            </Hot>
          ))}
        </div>
      )}
    </Flash>
  );
}

export function Table({ view, t, legal, seat, catalog }) {
  const me = seat;
  const groups = ACTIONS.map((a) => [a, view.spaces.filter((s) => s.action === a)]);
  const others = view.seats.map((_, i) => i).filter((i) => i !== me);
  return (
    <div class="cf-table">
      <div class="cf-others">
        {others.map((s) => <Screen key={s} view={view} s={s} legal={[]} t={t} mine={false} catalog={catalog} />)}
      </div>
      <section class="panel cf-board">
        <div class="panel-head">
          <strong>{t("cf.market")}</strong>
          <span class="small">
            {t("cf.round", { n: view.round })} ·{" "}
            <Tip help={() => deckHelp(view, t)} data-testid="cf-deck">
              <Backs n={view.deck.size} label={t("cf.deck")} small /> {Object.entries(view.deck.by_category).map(([k, n]) => `${k}:${n}`).join(" ")}
            </Tip>
          </span>
        </div>
        <div class="cf-market">
          {view.market.map((m) => (
            <Space key={m.slot} s={m} view={view} legal={legal} t={t} testid={`cf-market-${m.slot}`} title={`${t("cf.market")} ${m.slot}: $${m.price}${m.card ? ` — ${cardName(m.card, t)}` : ""}`} help={() => marketHelp(m, view, catalog, t)}>
              <span class="cf-price">${m.price}{m.trash && <Trash label={t("cf.trash")} />}</span>
              {m.card ? <CardChip name={m.card} t={t} /> : <span class="muted">—</span>}
            </Space>
          ))}
        </div>
        <strong>{t("cf.actions")}</strong>
        <div class="cf-actions">
          {groups.map(([a, spaces]) => (
            <div key={a} class={`cf-group ${view.police.strike && a.includes("flight") ? "strike" : ""}`}>
              <span class="cf-group-name">{t(`cf.space.${a}`)}</span>
              <div class="cf-group-spaces">
                {spaces.map((s) => (
                  <Space key={s.space} s={s} view={view} legal={legal} t={t} testid={`cf-space-${s.space.replace(/\s+/g, "-")}`} title={spaceName(s.space, t)} help={() => spaceHelp(s, view, catalog, t)}>
                    {s.cap && <span title={t("cf.cap")} class="cf-cap"><Cap /></span>}
                    {s.sunglasses && <span title={t("cf.sunglasses")} class="cf-cap"><Glasses /></span>}
                  </Space>
                ))}
              </div>
            </div>
          ))}
        </div>
        <strong>{t("cf.police")}</strong>
        <ol class="cf-track" data-testid="cf-track">
          {view.police.track.map((c) => (
            <Tip as="li" key={c.space} data-testid={`cf-track-${c.space}`} class={`${view.police.pawn === c.space ? "pawn" : ""} ${c.marks.length ? "marked" : ""}`} help={() => trackHelp(c, view, catalog, t)}>
              <span class="n">{c.space}</span>
              <span class="m">{trackMarks(c.marks, t).join(" ")}</span>
              {view.police.pawn === c.space && <span class="cf-pawn" aria-label={t("cf.pawn")}>●</span>}
            </Tip>
          ))}
        </ol>
        <div class="small cf-legend" data-testid="cf-legend">
          {t("cf.legend")}:{" "}
          {legend(t).map((l, i) => (
            <Tip key={l.mark} help={l.help} data-testid={`cf-legend-${i}`}>
              {i > 0 && " · "}
              <b>{l.mark}</b> {l.word}
            </Tip>
          ))}
        </div>
        <div class="small">
          <Tip help={() => supplyHelp(view, catalog, t)} data-testid="cf-supply">
            {t("cf.supply")}: {view.supply.map((n, q) => `${STARS[q]} ${n}`).join(" · ")}
          </Tip>
          {view.police.refused && view.police.refused.length ? <Tip help={t("cf.help.refused")}>{` · ✗ ${view.police.refused.join(" ")}`}</Tip> : ""}
          {view.police.strike ? <Tip help={t("cf.help.strike")}>{` · ${t("cf.strike")}`}</Tip> : ""}
        </div>
      </section>
      {me != null && <Screen view={view} s={me} legal={legal} t={t} mine catalog={catalog} />}
    </div>
  );
}

export function winnerReason(result, view, t) {
  return t("cf.mostMoney");
}

export function ResultDetail({ result, view, t }) {
  return (
    <table class="result-table" data-testid="cf-result">
      <thead>
        <tr><th /><th>{t("cf.cash")}</th><th>{t("cf.offshore")}</th><th>{t("cf.total")}</th></tr>
      </thead>
      <tbody>
        {result.scores.map((score, s) => (
          <tr key={s}>
            <td><SeatMark colour={view.seats[s].colour} label={colourName(view.seats[s].colour, t)} /></td>
            <td class="num">{money(result.cash[s], t)}</td>
            <td class="num">{money(result.offshore[s], t)}</td>
            <td class="num">{money(score, t)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}


export default {
  id: "counterfeiters",
  logNL: LOG_NL,
  seatWord: (seat, t) => colourName(seat.colour, t),
  term: (key, value, t) => {
    if (key === "space" && typeof value === "string") return spaceName(value, t);
    if (["card", "cards", "printer", "component", "lawyer"].includes(key)) return cardName(value, t);
    return value;
  },
  prefix: "cf",
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
