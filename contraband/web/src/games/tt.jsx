// Tony & Tino: Chicago's 6x6 street grid, the discs on its control points, figures and tokens.
import { joinList, money } from "../i18n.js";
import { Backs, colour, Flash, Hot, SeatMark, Shape, usePlay } from "../ui.jsx";
import { EFFECT_NL, LOG_NL, words } from "./tt-words.js";

const COLS = ["A", "B", "C", "D", "E", "F"];
const STEP = 64;
const X0 = 44;
const Y0 = 60;
const px = (c) => X0 + c * STEP;
const py = (r) => Y0 + r * STEP;

const streetName = (street, t) =>
  t.lang === "nl" ? street.replace("row", "rij").replace("column", "kolom") : street;

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

function Disc({ value, shifted, open }) {
  return (
    <g>
      <circle r="21" class={`tt-disc ${open ? "open" : ""}`} />
      <text y="6.5" text-anchor="middle" class="tt-disc-n">
        {value}
      </text>
      {shifted && (
        <g>
          <line x1="-9" y1="-1" x2="9" y2="-1" stroke="#b00" stroke-width="2.4" />
          <rect x="8" y="-25" width="20" height="14" rx="4" fill="#b00" />
          <text x="18" y="-14.5" text-anchor="middle" font-size="10.5" fill="#fff" font-weight="700">
            −1
          </text>
        </g>
      )}
    </g>
  );
}

export function Figure({ seatColour, value, r = 21 }) {
  const c = colour(seatColour);
  return (
    <g class="tt-figure">
      <Shape name={seatColour} r={r} stroke="#111" strokeWidth={1.6} />
      <text y={r * 0.32} text-anchor="middle" font-size={r * 0.95} font-weight="800" fill={c.ink}>
        {value}
      </text>
      {value === 0 && (
        <g transform={`translate(${r * 0.62},${-r * 0.62})`} aria-hidden="true">
          <circle r={r * 0.36} fill="#fff" stroke="#111" stroke-width="1" />
          <ellipse rx={r * 0.26} ry={r * 0.15} fill="none" stroke="#111" stroke-width="1.2" />
          <circle r={r * 0.08} fill="#111" />
        </g>
      )}
      {value === 3 && (
        <g transform={`translate(${r * 0.62},${-r * 0.62})`} aria-hidden="true">
          <circle r={r * 0.36} fill="#f2c14e" stroke="#111" stroke-width="1" />
          <polygon points={`${-r * 0.22},${r * 0.12} ${-r * 0.22},${-r * 0.12} ${-r * 0.1},0 0,${-r * 0.16} ${r * 0.1},0 ${r * 0.22},${-r * 0.12} ${r * 0.22},${r * 0.12}`} fill="#111" />
        </g>
      )}
    </g>
  );
}

function Board({ view, t, legal }) {
  const play = usePlay();
  const colours = view.seats.map((s) => s.colour);
  const byPoint = new Map();
  const byStreet = new Map();
  for (const m of legal) {
    if (m.point) byPoint.set(m.point, [...(byPoint.get(m.point) || []), m]);
    if (m.street) byStreet.set(m.street, [...(byStreet.get(m.street) || []), m]);
  }
  const sel = play.selection && play.selection.figure;
  const open = new Set(view.open_points || []);
  const streets = new Map(view.streets.map((s) => [s.street, s]));
  const W = px(5) + 96;
  const H = py(5) + 74;
  const token = (name, x, y) => {
    const s = streets.get(name);
    const labels = (byStreet.get(name) || []).map((m) => m.label);
    const out = s.status === "out of the game";
    const by = s.collected_by;
    const first = view.first_target === name;
    return (
      <Hot
        as="g"
        key={name}
        labels={labels}
        testid={`tt-token-${name.replace(" ", "-")}`}
        title={`${streetName(name, t)}: ${out ? t("tt.out") : money(s.token, t)}`}
        sig={[s.token, s.collected_by, s.status]}
        transform={`translate(${x},${y})`}
      >
        <rect x="-30" y="-14" width="60" height="28" rx="14" class={`tt-token ${out ? "out" : ""} ${by != null ? "taken" : ""}`} />
        {by != null && <Shape name={colours[by]} x={-22} y={0} r={6} />}
        <text y="5" text-anchor="middle" class="tt-token-text">
          {out ? "—" : `$${s.token / 1000}k`}
        </text>
        {first && <Badge n="1" x={26} y={-14} />}
      </Hot>
    );
  };
  return (
    <svg class="tt-board" viewBox={`0 0 ${W} ${H}`} role="group" aria-label="board">
      <rect x="4" y="4" width={W - 8} height={H - 8} rx="14" class="tt-city" />
      {COLS.map((col, c) => {
        const s = streets.get(`column ${col}`);
        const by = s.collected_by;
        return (
          <g key={col}>
            <line x1={px(c)} y1={py(0) - 24} x2={px(c)} y2={py(5) + 24} class="tt-street" stroke={by != null ? colour(colours[by]).hex : undefined} />
            <text x={px(c)} y={24} text-anchor="middle" class="tt-coord">{col}</text>
          </g>
        );
      })}
      {[0, 1, 2, 3, 4, 5].map((r) => {
        const s = streets.get(`row ${r + 1}`);
        const by = s.collected_by;
        return (
          <g key={r}>
            <line x1={px(0) - 24} y1={py(r)} x2={px(5) + 24} y2={py(r)} class="tt-street" stroke={by != null ? colour(colours[by]).hex : undefined} />
            <text x={14} y={py(r) + 5} text-anchor="middle" class="tt-coord">{r + 1}</text>
          </g>
        );
      })}
      {[0, 1, 2, 3, 4, 5].map((r) => token(`row ${r + 1}`, px(5) + 62, py(r)))}
      {COLS.map((col, c) => token(`column ${col}`, px(c), py(5) + 46))}
      {view.board.map((p) => {
        const c = COLS.indexOf(p.point[0]);
        const r = Number(p.point.slice(1)) - 1;
        let moves = byPoint.get(p.point) || [];
        if (sel !== undefined && sel !== null) moves = moves.filter((m) => m.kind !== "place" || m.figure === sel);
        const isOpen = p.open || open.has(p.point);
        const shifted = view.shifted === p.point;
        const what = p.figure
          ? `${view.seat_names[p.figure.seat]} ${p.figure.value} (${t(`tt.figure.${p.figure.value}`)})`
          : p.disc != null
            ? `${t("tt.disc", { n: p.disc })}${isOpen ? `, ${t("tt.open")}` : ""}`
            : t("tt.empty");
        const placing = view.phase === "place" && play.interactive && play.legal.size && !p.figure;
        return (
          <Hot
            as="g"
            key={p.point}
            labels={moves.map((m) => m.label)}
            testid={`tt-point-${p.point.toLowerCase()}`}
            title={t("tt.point", { point: p.point, what })}
            menuTitle={p.point}
            sig={[p.disc, p.figure, shifted]}
            why={placing ? t("tt.notOpen", { point: p.point, points: (view.open_points || []).join(", ") }) : undefined}
            transform={`translate(${px(c)},${py(r)})`}
          >
            <circle r="31" class="tt-hit" />
            {p.figure ? (
              <g data-testid={`tt-figure-${p.point.toLowerCase()}`}>
                <Figure seatColour={colours[p.figure.seat]} value={p.figure.value} />
              </g>
            ) : p.disc != null ? (
              <g data-testid={`tt-disc-${p.point.toLowerCase()}`}>
                <Disc value={p.disc} shifted={shifted} open={isOpen} />
              </g>
            ) : (
              <circle r="6" fill="#777" />
            )}
            {view.first_target === p.point && <Badge n="1" x={18} y={-18} />}
          </Hot>
        );
      })}
    </svg>
  );
}

function Badge({ n, x, y }) {
  return (
    <g transform={`translate(${x},${y})`} class="badge">
      <circle r="10" fill="#111" stroke="#f2c14e" stroke-width="2" />
      <text y="4" text-anchor="middle" font-size="12" font-weight="800" fill="#f2c14e">
        {n}
      </text>
    </g>
  );
}

function Card({ id, catalog, t, labels = [], testid, small, crossed }) {
  const item = catalog && catalog.cards ? catalog.cards.items.find((c) => c.name === id) : null;
  const effect = t.lang === "nl" ? EFFECT_NL[id] : item && item.effect;
  return (
    <Hot
      labels={labels}
      testid={testid}
      class={`tt-card card ${small ? "small" : ""} ${crossed ? "crossed" : ""}`}
      title={`${cardName(id, t)}${effect ? ` — ${effect}` : ""}`}
      menuTitle={cardName(id, t)}
      sig={id}
    >
      <span class="tt-card-icon" aria-hidden="true">{ICONS[id] || "?"}</span>
      <span class="tt-card-name">{cardName(id, t)}</span>
      {!small && effect && <span class="tt-card-effect">{effect}</span>}
    </Hot>
  );
}

const ICONS = {
  shift: "↓1", corruption: "⇄", professional: "×2", roulette: "⚄", "flying-switch": "◉⇄",
  exchange: "♟⇄♟", "new-value": "⇄$", police: "★",
};

function SeatPanel({ view, s, t, catalog, mine, legal }) {
  const info = view.seats[s];
  const play = usePlay();
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
        <span class="money" data-testid={`tt-money-${s}`}>{money(info.money, t)}</span>
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
        <Backs n={info.figures_in_stack} label={t("tt.stack")} small />
        <Backs n={info.cards_in_deck} label={t("tt.deck")} small />
        {!mine && <Backs n={info.cards_in_hand} label={t("tt.hand")} testid={`tt-hand-backs-${s}`} small />}
      </div>
      <div class="tt-row tt-discards" data-testid={`tt-discards-${s}`}>
        <span class="muted">{t("tt.discards")} ({info.discards.length})</span>
        {info.discards.map((id, i) => (
          <span key={i} class="chip" title={cardName(id, t)}>{ICONS[id]} {cardName(id, t)}</span>
        ))}
      </div>
      {mine && view.hand && (
        <div class="tt-hand" aria-label={t("tt.hand")}>
          {view.hand.map((id, i) => {
            const n = view.hand.slice(0, i).filter((x) => x === id).length + 1;
            const labels = legal
              .filter((m) => (m.card === id && (m.kind === "play" || m.kind === "discard")) || (m.kind === "police" && id === "police"))
              .map((m) => m.label);
            return <Card key={`${id}-${n}`} id={id} t={t} catalog={catalog} labels={labels} testid={`tt-hand-${s}-${id}-${n}`} />;
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
        <Board view={view} t={t} legal={legal} />
        {(view.card_in_play || view.extra_turn) && (
          <div class="tt-inplay panel" data-testid="tt-in-play">
            {view.extra_turn && <div class="ribbon">{t("tt.extra")}</div>}
            {view.card_in_play && (
              <>
                <div class="muted">
                  {t("tt.inPlay")}: <SeatMark colour={view.seats[view.turn_player].colour} label={view.seat_names[view.turn_player]} />
                </div>
                <Card id={view.card_in_play} t={t} catalog={catalog} crossed={!!view.cancelled_by_police} />
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
