// Counterfeiters: the black market, the action spaces, the police track and your screen.
import { money } from "../i18n.js";
import { Backs, colour, Flash, Hot, SeatMark, Shape, usePlay } from "../ui.jsx";
import { cardKind, cardName, colourName, LOG_NL, spaceName, words } from "./cf-words.js";

const KIND_GLYPH = { printer: "P", ink: "I", paper: "Pa", hologram: "H", diner: "D", "private jet": "J", "lottery ticket": "L", "Great Lawyer": "GL", "Bad Lawyer": "BL" };
const ACTIONS = ["supermarket", "fence", "print", "tax fraud", "commercial flight", "private jet"];
const STARS = ["★", "★★", "★★★"];

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

export function CardChip({ name, t }) {
  const kind = cardKind(name);
  const glyph = KIND_GLYPH[kind] || "?";
  const shown = cardName(name, t);
  return (
    <span class={`cf-card kind-${kind.replace(/\s+/g, "-").toLowerCase()}`} title={shown}>
      <b>{glyph}</b> {shown}
    </span>
  );
}

function Space({ s, view, legal, t, testid, children, title }) {
  const labels = legal.filter((m) => m.space === s.space && (m.kind === "place" || m.kind === "lawyer")).map((m) => m.label);
  const occ = s.occupant;
  return (
    <Hot labels={labels} testid={testid} class={`cf-space ${occ != null ? "taken" : ""} ${s.open === false ? "closed" : ""}`} title={title} menuTitle={title} sig={occ}>
      {children}
      <span class="cf-occupant">{occ != null ? <Henchman seatColour={view.seats[occ].colour} size={22} /> : <span class="cf-free" />}</span>
    </Hot>
  );
}

function Screen({ view, s, legal, t, mine }) {
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
        {info.marker && <span class="tag"><Glasses /> {t("cf.marker")}</span>}
      </div>
      <div class="cf-henchmen small">
        {Array.from({ length: info.in_hand }, (_, i) => <Henchman key={`h${i}`} seatColour={info.colour} />)}
        {Array.from({ length: info.laid_down }, (_, i) => (
          <span key={`d${i}`} class="laid"><Henchman seatColour={info.colour} /></span>
        ))}
        <span class="muted">{t("cf.henchmen", { hand: info.in_hand, down: info.laid_down, board: info.on_board })}</span>
      </div>
      <div class="cf-cards">
        {info.cards.map((c) => <CardChip key={c} name={c} t={t} />)}
      </div>
      <div class="cf-screen" data-testid={`cf-screen-${s}`}>
        {hidden ? (
          <span class="muted">▣ {t("cf.hidden")}: {t("cf.cash")} ? · {t("cf.offshore")} ? · {t("cf.fakes")} ?</span>
        ) : (
          <>
            <Hot as="span" labels={dir.filter((m) => m.to === "offshore").map((m) => m.label)} class="cf-money" title={t("cf.cash")} testid={`cf-cash-${s}`}>
              {t("cf.cash")} <b>{money(info.cash, t)}</b>
            </Hot>
            <Hot as="span" labels={dir.filter((m) => m.to === "cash").map((m) => m.label)} class="cf-money" title={t("cf.offshore")} testid={`cf-offshore-${s}`}>
              {t("cf.offshore")} <b>{money(info.offshore, t)}</b>
            </Hot>
            <span class="cf-fakes">
              {info.fakes.map((n, q) => (
                <span key={q} class="cf-note">
                  {STARS[q]} × {n}
                  {sells.some((m) => m.quality === q + 1) && (
                    <span class="cf-steps">
                      {sells.filter((m) => m.quality === q + 1).map((m) => (
                        <Hot as="span" key={m.label} labels={[m.label]} class="cf-step" title={`${t("cf.sellHere")} ${m.count} ${m.stars}`}>
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
            <Hot as="span" key={m.label} labels={[m.label]} class="cf-step" title={describe(m, t)}>
              ${m.amount}
            </Hot>
          ))}
        </div>
      )}
    </Flash>
  );
}

export function Table({ view, t, legal, seat }) {
  const me = seat;
  const groups = ACTIONS.map((a) => [a, view.spaces.filter((s) => s.action === a)]);
  const trackMarks = (marks) => marks.map((m) => (m === "Godfather" ? "GF" : m.startsWith("investigation") ? m.slice(14) : m === "air-traffic strike" ? "✈✗" : m === "end of the game" ? t("cf.endMark") : m));
  const others = view.seats.map((_, i) => i).filter((i) => i !== me);
  return (
    <div class="cf-table">
      <div class="cf-others">
        {others.map((s) => <Screen key={s} view={view} s={s} legal={[]} t={t} mine={false} />)}
      </div>
      <section class="panel cf-board">
        <div class="panel-head">
          <strong>{t("cf.market")}</strong>
          <span class="small">
            {t("cf.round", { n: view.round })} · <Backs n={view.deck.size} label={t("cf.deck")} small />{" "}
            {Object.entries(view.deck.by_category).map(([k, n]) => `${k}:${n}`).join(" ")}
          </span>
        </div>
        <div class="cf-market">
          {view.market.map((m) => (
            <Space key={m.slot} s={m} view={view} legal={legal} t={t} testid={`cf-market-${m.slot}`} title={`${t("cf.market")} ${m.slot}: $${m.price}${m.card ? ` — ${cardName(m.card, t)}` : ""}`}>
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
                  <Space key={s.space} s={s} view={view} legal={legal} t={t} testid={`cf-space-${s.space.replace(/\s+/g, "-")}`} title={spaceName(s.space, t)}>
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
            <li key={c.space} data-testid={`cf-track-${c.space}`} class={`${view.police.pawn === c.space ? "pawn" : ""} ${c.marks.length ? "marked" : ""}`} title={c.marks.join(", ")}>
              <span class="n">{c.space}</span>
              <span class="m">{trackMarks(c.marks).join(" ")}</span>
              {view.police.pawn === c.space && <span class="cf-pawn" aria-label={t("cf.pawn")}>●</span>}
            </li>
          ))}
        </ol>
        <div class="small">
          {t("cf.supply")}: {view.supply.map((n, q) => `${STARS[q]} ${n}`).join(" · ")}
          {view.police.refused && view.police.refused.length ? ` · ✗ ${view.police.refused.join(" ")}` : ""}
          {view.police.strike ? ` · ${t("cf.strike")}` : ""}
        </div>
      </section>
      {me != null && <Screen view={view} s={me} legal={legal} t={t} mine />}
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
