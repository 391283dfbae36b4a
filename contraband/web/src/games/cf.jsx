// Counterfeiters: the black market, the action spaces, the police track and your screen.
import { money } from "../i18n.js";
import { Backs, colour, Flash, Hot, SeatMark, Shape, usePlay } from "../ui.jsx";

const COLOUR_NL = { red: "rood", blue: "blauw", green: "groen", yellow: "geel" };
const KIND_GLYPH = { printer: "P", ink: "I", paper: "Pa", hologram: "H", diner: "D", "private jet": "J", "lottery ticket": "L", "Great Lawyer": "GL", "Bad Lawyer": "BL" };
const ACTIONS = ["supermarket", "fence", "print", "tax fraud", "commercial flight", "private jet"];
const STARS = ["★", "★★", "★★★"];

export const words = {
  en: {
    "cf.do.place": "Place a henchman on {space}", "cf.do.pass": "Pass: lay a henchman down",
    "cf.do.to": "Move money {to}", "cf.do.amount": "Move ${amount}", "cf.do.sell": "Sell {n} {stars} notes", "cf.do.sell.one": "Sell {n} {stars} note",
    "cf.do.lawyer": "Lawyer: move the henchman from {space}", "cf.do.lawyerNo": "Lawyer: no move",
    "cf.to.offshore": "from cash to the offshore account", "cf.to.cash": "from the offshore account to cash",
    "cf.dec.place": "Place a henchman on a free space, or pass", "cf.dec.direction": "Which way does the money go?",
    "cf.dec.amount": "How much money do you move?", "cf.dec.sell": "How many notes of each quality do you sell?",
    "cf.dec.lawyer": "Your lawyer may move one of your henchmen", "cf.market": "Black market", "cf.actions": "Action spaces",
    "cf.police": "Police track", "cf.deck": "deck", "cf.supply": "fake notes in the supply", "cf.round": "round {n}",
    "cf.screen": "Your screen", "cf.cash": "cash", "cf.offshore": "offshore", "cf.fakes": "fake notes", "cf.cards": "cards",
    "cf.henchmen": "henchmen: {hand} in hand, {down} laid down, {board} on the board", "cf.marker": "start player",
    "cf.hidden": "behind the screen", "cf.strike": "air-traffic strike", "cf.trash": "trash", "cf.free": "free",
    "cf.space.supermarket": "Supermarket", "cf.space.fence": "Fence", "cf.space.print": "Print",
    "cf.space.tax fraud": "Tax fraud", "cf.space.commercial flight": "Commercial flight", "cf.space.private jet": "Private jet",
    "cf.total": "total", "cf.mostMoney": "the most money: cash plus the offshore account", "cf.sellHere": "sell",
    "cf.moveHere": "move", "cf.lawyer": "lawyer",
  },
  nl: {
    "cf.do.place": "Zet een handlanger op {space}", "cf.do.pass": "Beurt overslaan: leg een handlanger neer",
    "cf.do.to": "Verplaats geld {to}", "cf.do.amount": "Verplaats ${amount}", "cf.do.sell": "Verkoop {n} biljetten {stars}", "cf.do.sell.one": "Verkoop {n} biljet {stars}",
    "cf.do.lawyer": "Advocaat: verplaats de handlanger van {space}", "cf.do.lawyerNo": "Advocaat: niet verplaatsen",
    "cf.to.offshore": "van contant naar de offshorebankrekening", "cf.to.cash": "van de offshorebankrekening naar contant",
    "cf.dec.place": "Zet een handlanger op een vrij veld, of sla over", "cf.dec.direction": "Welke kant gaat het geld op?",
    "cf.dec.amount": "Hoeveel geld verplaats je?", "cf.dec.sell": "Hoeveel biljetten van elke kwaliteit verkoop je?",
    "cf.dec.lawyer": "Je advocaat mag een handlanger verplaatsen", "cf.market": "Zwarte markt", "cf.actions": "Actievelden",
    "cf.police": "Politiespoor", "cf.deck": "stapel", "cf.supply": "valse bankbiljetten in de voorraad", "cf.round": "ronde {n}",
    "cf.screen": "Achter je zichtscherm", "cf.cash": "contant", "cf.offshore": "offshore", "cf.fakes": "valse bankbiljetten", "cf.cards": "kaarten",
    "cf.henchmen": "handlangers: {hand} in de hand, {down} neergelegd, {board} op het bord", "cf.marker": "startspeler",
    "cf.hidden": "achter het zichtscherm", "cf.strike": "staking luchtverkeersleiders", "cf.trash": "vuilnisbak", "cf.free": "vrij",
    "cf.space.supermarket": "Supermarkt", "cf.space.fence": "Heler", "cf.space.print": "Printen",
    "cf.space.tax fraud": "Belastingfraude", "cf.space.commercial flight": "Lijnvlucht", "cf.space.private jet": "Privéjet",
    "cf.total": "totaal", "cf.mostMoney": "het meeste geld: contant plus de offshorebankrekening", "cf.sellHere": "verkoop",
    "cf.moveHere": "verplaats", "cf.lawyer": "advocaat",
  },
};

const colourName = (c, t) => (t.lang === "nl" ? COLOUR_NL[c] || c : c);
const spaceName = (space, t) => {
  const m = space.match(/^(.*?)( \d+)?$/);
  return `${t(`cf.space.${m[1]}`, { fallback: m[1] })}${m[2] || ""}`;
};

export function seats(view) {
  return view.seats.map((s) => ({ name: s.colour, colour: s.colour }));
}

export function describe(info, t) {
  switch (info.kind) {
    case "place":
      return t("cf.do.place", { space: info.space.startsWith("market") ? `${t("cf.market")} ${info.space.slice(7)}` : spaceName(info.space, t) });
    case "pass":
      return t("cf.do.pass");
    case "direction":
      return t("cf.do.to", { to: t(`cf.to.${info.to}`) });
    case "amount":
      return t("cf.do.amount", { amount: info.amount });
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

function Henchman({ seatColour, size = 18 }) {
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

function CardChip({ name }) {
  const kind = (name || "").replace(/ \(.*\)$/, "").replace(/ \$\d+$/, "");
  const glyph = KIND_GLYPH[kind] || "?";
  return (
    <span class={`cf-card kind-${kind.replace(/\s+/g, "-").toLowerCase()}`} title={name}>
      <b>{glyph}</b> {name}
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
        {info.cards.map((c) => <CardChip key={c} name={c} />)}
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
  const trackMarks = (marks) => marks.map((m) => (m === "Godfather" ? "GF" : m.startsWith("investigation") ? m.slice(14) : m === "air-traffic strike" ? "✈✗" : m === "end of the game" ? "END" : m));
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
            <Space key={m.slot} s={m} view={view} legal={legal} t={t} testid={`cf-market-${m.slot}`} title={`${t("cf.market")} ${m.slot}: $${m.price}${m.card ? ` — ${m.card}` : ""}`}>
              <span class="cf-price">${m.price}{m.trash && <span class="cf-trash" title={t("cf.trash")}> ✗ {t("cf.trash")}</span>}</span>
              {m.card ? <CardChip name={m.card} /> : <span class="muted">—</span>}
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
                    {s.cap && <span title="police cap" class="cf-cap"><Cap /></span>}
                    {s.sunglasses && <span title="sunglasses" class="cf-cap"><Glasses /></span>}
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
              {view.police.pawn === c.space && <span class="cf-pawn" aria-label="police">●</span>}
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

const LOG_NL = {
  undealt: "de niet uitgedeelde startkaarten gaan uit het spel: {cards}", unused: "kaarten die met {players} spelers niet meedoen gaan uit het spel: {cards}",
  pawn_start: "de politieagent begint op veld {space} van het politiespoor",
  strike: "staking luchtverkeersleiders: niemand kan vliegen zolang de agent hier staat", strike_over: "de agent gaat verder: de staking is voorbij",
  end_trigger: "de politie bereikt het laatste veld: het spel eindigt na de actie van {seat}; wie nog een handlanger heeft, zet er nog één in",
  no_lawyer: "{seat} gebruikt de {lawyer} niet", marker_late: "{seat} neemt de startspelermarker (er volgt geen ronde meer)",
  deck_empty: "de stapel is op: plaats {slot} van de zwarte markt blijft leeg",
  end: (v, e) => `het spel is afgelopen: ${e.scores.map((x) => "$" + x).join(", ")}`,
  deal: "{seat} krijgt {printer} en {component} uit de startkaarten, open", fly: "{seat} vliegt naar de Caraïben en betaalt ${fare}",
  print: (v, e) => `${v.seat} print ${e.count} biljetten ${STARS[e.quality]}`,
  pick: (v, e) => `${v.seat} legt ${e.count} biljetten ${STARS[e.quality]} op de toonbank`,
  sold: (v, e) => `${v.seat} verkoopt valse biljetten voor $${e.cash}`,
  diner: (v, e) => `het ${e.card} van ${v.seat} maakt van een biljet ${STARS[e.quality]} echte $50`,
  investigation: (v, e) => `politieonderzoek ${STARS[e.quality]}: de supermarkt weigert voortaan deze en lagere kwaliteiten`,
  direction: (v, e) => `${v.seat} kiest: geld ${e.direction === "to offshore" ? "naar offshore" : "naar contant"}`,
  move: (v, e) => `${v.seat} verplaatst $${e.amount} ${e.direction === "to offshore" ? "naar de offshorebankrekening" : "naar contant"}`,
  reveal: "{seat} toont ${cash} contant en ${offshore} offshore", lawyer: "{seat} gebruikt de {lawyer}: de handlanger op {space} verhuist",
  deck: "de {count} onderdelenkaarten worden per categorie geschud en gestapeld",
  market: "de zwarte markt wordt aangevuld",
  start_player: "{seat} is startspeler en neemt de marker", start_cash: "{seat} neemt ${cash} van de bank",
  fill: "{card} komt op plaats {slot} van de zwarte markt", round: "ronde {round} begint; {seat} begint",
  place: "{seat} zet een handlanger op {space}", pass: "{seat} slaat over en legt een handlanger neer",
  buy: "{seat} koopt {card} van plaats {slot} voor ${price}", tax: "{seat} pleegt belastingfraude en neemt ${amount}",
  marker: "{seat} neemt de startspelermarker", police: "de politieagent gaat naar veld {space}",
  "direction:masked": "{seat} kiest in het geheim welke kant het geld op gaat",
  "move:masked": "{seat} verplaatst een geheim bedrag tussen contant en offshore",
  round_end: "ronde {round} eindigt: alle handlangers gaan terug", trash: "{card} op plaats {slot} gaat uit het spel",
  godfather: "de Godfather: iedereen betaalt de helft van zijn contante geld", tribute: "{seat} betaalt de Godfather ${paid}",
  lottery: "{card} van {seat} betaalt ${amount} echt geld",
};

export default {
  id: "counterfeiters",
  logNL: LOG_NL,
  seatWord: (seat, t) => colourName(seat.colour, t),
  term: (key, value, t) => (key === "space" && typeof value === "string" ? spaceName(value, t) : value),
  prefix: "cf",
  words,
  seats,
  describe,
  decision,
  objectless,
  Table,
  ResultDetail,
  winnerReason,
};
