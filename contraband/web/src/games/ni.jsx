// The Nacho Incident: province cards west to east, the cantina matrix, warehouses and the gem.
import { Backs, colour, Flash, Hot, SeatMark, Tip } from "../ui.jsx";
import { helpWords } from "./ni-words.js";
import { cantinaHelp, colourName, cubeHelp, FOODS, foodName, lines, lookup, mountieHelp, provinceHelp, smugglerHelp } from "./ni-help.js";
import { PlayerTag } from "../players.jsx";


const baseWords = {
  en: {
    "ni.do.hire": "Hire {smuggler}", "ni.do.discard": "Discard {smuggler}", "ni.do.keep": "Keep this hand",
    "ni.do.ship": "Ship {food}", "ni.do.shipNothing": "Ship nothing", "ni.do.steal": "Steal {food} from {colour}",
    "ni.do.go": "Go to {province}", "ni.do.restock": "Restock (done at the market)", "ni.do.sell": "Sell {food} on the Mexican market",
    "ni.do.gem": "Give the gem to {colour}", "ni.do.pick": "Mountie {mountie} acts", "ni.do.arrest": "Arrest {smuggler}",
    "ni.do.wander": "Send the mountie to {colour}'s cantina in {province}",
    "ni.dec.hire": "Hire a smuggler from your hand, face down", "ni.dec.refresh": "Discard unwanted smugglers, or keep your hand",
    "ni.dec.cargo": "Choose the cargo from your warehouse", "ni.dec.destination": "Send your smuggler to a province",
    "ni.dec.market": "Sell cubes on the Mexican market, or restock", "ni.dec.pick mountie": "Choose which mountie acts in your cantina",
    "ni.dec.bored arrest": "Choose whom the mountie arrests", "ni.dec.wander": "Choose where the mountie goes",
    "ni.dec.gem": "Give the gem to another player",
    "ni.dec.reselect": "Discard unwanted starting smugglers, or keep your hand",
    "ni.wait.hire": "{who} hires a smuggler, face down", "ni.wait.reselect": "{who} discards unwanted starting smugglers or keeps them",
    "ni.wait.refresh": "{who} discards unwanted smugglers or keeps them", "ni.wait.cargo": "{who} chooses the cargo",
    "ni.wait.destination": "{who} sends the smuggler to a province", "ni.wait.market": "{who} sells on the Mexican market or restocks",
    "ni.wait.pick mountie": "{who} chooses which mountie acts in their cantina", "ni.wait.bored arrest": "{who} chooses whom the mountie arrests",
    "ni.wait.wander": "{who} chooses where the mountie goes", "ni.wait.gem": "{who} gives the gem to another player",
    "ni.turn": "turn {n} of {of}, round {r}", "ni.mountieUp": "mountie up", "ni.bag": "bag", "ni.deck": "smugglers",
    "ni.gem": "gem", "ni.gold": "{n} gold", "ni.warehouse": "warehouse", "ni.hand": "Your smugglers",
    "ni.chosen": "hired", "ni.faceDown": "face down", "ni.played": "this turn", "ni.order": "Playing order",
    "ni.bonus": "bonus +{n}", "ni.under": "{n} more cards", "ni.under.one": "{n} more card", "ni.rank": "rank", "ni.cost": "cost",
    "ni.cantinas": "Cantinas", "ni.cargo": "cargo", "ni.reach": "reaches {list}",
    "ni.start": "start", "ni.deliveries": "deliveries", "ni.cantina_bonuses": "cantina bonuses", "ni.market": "market",
    "ni.smuggler_fees": "smuggler fees", "ni.mountie_penalties": "mountie penalties", "ni.total": "total",
    "ni.mostGold": "the most gold", "ni.tie": "a tie for the most gold: the gem holder ({who}) wins",
    "ni.outOfReach": "{province} is out of this smuggler's reach.",
  },
  nl: {
    "ni.do.hire": "Huur {smuggler} in", "ni.do.discard": "Leg {smuggler} af", "ni.do.keep": "Houd deze hand",
    "ni.do.ship": "Smokkel {food}", "ni.do.shipNothing": "Smokkel niets", "ni.do.steal": "Steel {food} van {colour}",
    "ni.do.go": "Ga naar {province}", "ni.do.restock": "Aanvullen (klaar op de markt)", "ni.do.sell": "Verkoop {food} op de Mexicaanse markt",
    "ni.do.gem": "Geef de edelsteen aan {colour}", "ni.do.pick": "Mountie {mountie} treedt op", "ni.do.arrest": "Arresteer {smuggler}",
    "ni.do.wander": "Stuur de mountie naar de cantina van {colour} in {province}",
    "ni.dec.hire": "Kies een smokkelaar: gedekt uit je hand", "ni.dec.refresh": "Leg ongewenste smokkelaars af, of houd je hand",
    "ni.dec.cargo": "Kies de lading uit je warenhuis", "ni.dec.destination": "Stuur je smokkelaar naar een provincie",
    "ni.dec.market": "Verkoop op de Mexicaanse markt, of vul aan", "ni.dec.pick mountie": "Kies welke mountie in je cantina optreedt",
    "ni.dec.bored arrest": "Kies wie de mountie arresteert", "ni.dec.wander": "Kies waar de mountie heen gaat",
    "ni.dec.gem": "Geef de edelsteen aan een andere speler",
    "ni.dec.reselect": "Leg ongewenste startsmokkelaars af, of houd je hand",
    "ni.wait.hire": "{who} kiest een smokkelaar, gedekt", "ni.wait.reselect": "{who} legt ongewenste startsmokkelaars af of houdt ze",
    "ni.wait.refresh": "{who} legt ongewenste smokkelaars af of houdt ze", "ni.wait.cargo": "{who} kiest de lading",
    "ni.wait.destination": "{who} stuurt de smokkelaar naar een provincie", "ni.wait.market": "{who} verkoopt op de Mexicaanse markt of vult aan",
    "ni.wait.pick mountie": "{who} kiest welke mountie in de eigen cantina optreedt", "ni.wait.bored arrest": "{who} kiest wie de mountie arresteert",
    "ni.wait.wander": "{who} kiest waar de mountie heen gaat", "ni.wait.gem": "{who} geeft de edelsteen aan een andere speler",
    "ni.turn": "beurt {n} van {of}, ronde {r}", "ni.mountieUp": "open mountie", "ni.bag": "zakje", "ni.deck": "smokkelaars",
    "ni.gem": "edelsteen", "ni.gold": "{n} goudstukken", "ni.gold.one": "{n} goudstuk", "ni.warehouse": "warenhuis", "ni.hand": "Jouw smokkelaars",
    "ni.chosen": "gekozen", "ni.faceDown": "gedekt", "ni.played": "deze beurt", "ni.order": "Speelvolgorde",
    "ni.bonus": "bonus +{n}", "ni.under": "nog {n} kaarten", "ni.under.one": "nog {n} kaart", "ni.rank": "rang", "ni.cost": "kosten",
    "ni.cantinas": "Cantina's", "ni.cargo": "lading", "ni.reach": "bereikt {list}",
    "ni.start": "start", "ni.deliveries": "leveringen", "ni.cantina_bonuses": "cantinabonussen", "ni.market": "markt",
    "ni.smuggler_fees": "smokkelaarskosten", "ni.mountie_penalties": "mountieboetes", "ni.total": "totaal",
    "ni.mostGold": "de meeste goudstukken", "ni.tie": "gelijk aan goud: de houder van de edelsteen ({who}) wint",
    "ni.outOfReach": "{province} ligt buiten het bereik van deze smokkelaar.",
  },
};

export const words = {
  en: { ...baseWords.en, ...helpWords.en },
  nl: { ...baseWords.nl, ...helpWords.nl },
};


export function seats(view, t) {
  return view.seats.map((s) => ({ name: t ? colourName(s.colour, t) : s.colour, colour: s.colour }));
}

/** What the mover is doing, for everyone else (the status bar). */
export function waiting(view, t, payload, who) {
  const key = `ni.wait.${view.phase}`;
  return t.has(key) ? t(key, { who }) : null;
}

export function describe(info, t) {
  const p = { ...info, food: info.food && foodName(info.food, t), colour: info.colour && colourName(info.colour, t) };
  if (info.kind === "ship" && !info.food) return t("ni.do.shipNothing");
  const key = `ni.do.${info.kind}`;
  return t.has(key) ? t(key, p) : info.label;
}

export const objectless = (info) => info.kind === "keep" || info.kind === "restock" || (info.kind === "ship" && !info.food);

export function decision(view, legal, t) {
  return t(`ni.dec.${view.phase}`, { fallback: view.phase });
}

export function Cube({ food, small, filled = true }) {
  const f = FOODS[food] || { code: "?", hex: "#ccc", ink: "#111" };
  return (
    <span class={`ni-cube ${small ? "small" : ""} ${filled ? "" : "hollow"}`} style={filled ? { background: f.hex, color: f.ink } : {}} title={food}>
      {f.code}
    </span>
  );
}


export function Smuggler({ name, catalog, t, labels = [], would, help, testid, small }) {
  const s = lookup(catalog, "smugglers", name);
  const short = s && lookup(catalog, "provinces", s.flag);
  return (
    <Hot labels={labels} would={would} help={() => smugglerHelp(name, catalog, t, help)} testid={testid} class={`ni-smuggler card ${small ? "small" : ""}`} title={s ? `${name}: ${s.flag}, ${t("ni.rank")} ${s.rank}, ${t("ni.cost")} ${s.cost}` : name} menuTitle={name} sig={name}>
      <span class="ni-rank">{s ? s.rank : "?"}</span>
      <span class="ni-name">{name}</span>
      {s && (
        <span class="small muted">
          {short ? short.short : s.flag} · ${s.cost}
        </span>
      )}
    </Hot>
  );
}

export function Mountie({ name, catalog, labels = [], testid, t, help }) {
  const m = lookup(catalog, "mounties", name);
  const short = m && lookup(catalog, "provinces", m.flag);
  return (
    <Hot as="span" labels={labels} would={[`mountie ${name}`]} help={() => mountieHelp(name, catalog, t, help)} testid={testid} class="ni-mountie" title={m ? `${name} (${m.flag}, −${m.penalty})` : name} sig={name}>
      <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true"><path d="M1 11h12L10 3H4z" fill="#b71c1c" stroke="#3a0a0a" /></svg>
      {name}
      {m && <span class="small"> {short ? short.short : ""} −{m.penalty}</span>}
    </Hot>
  );
}

export function Table({ view, t, legal, catalog, seat }) {
  const me = seat;
  const seatList = view.seats.map((s, i) => i);
  // the others first; your own tray last, on its own (it stays in view at the bottom)
  const others = me == null ? seatList : seatList.filter((s) => s !== me);
  const hand = view.hand || [];
  const handDiscards = view.phase === "refresh" || view.phase === "reselect";
  return (
    <div class="ni-table">
      <Flash sig={[view.turn, view.mountie_up, view.gem]} class="panel ni-info">
        <Tip as="strong" help={t("ni.help.turn")} data-testid="ni-turn">{t("ni.turn", { n: view.turn, of: view.turns, r: view.round })}</Tip>
        <span>
          {t("ni.mountieUp")}:{" "}
          {view.mountie_up ? <Mountie name={view.mountie_up} catalog={catalog} t={t} testid="ni-mountie-up" help={t("ni.help.mountieUp")} /> : "—"}
        </span>
        <Tip help={t("ni.help.bag", { n: view.bag })} data-testid="ni-bag"><Backs n={view.bag} label={t("ni.bag")} small /></Tip>
        <Tip help={t("ni.help.deck", { n: view.smuggler_deck })} data-testid="ni-deck"><Backs n={view.smuggler_deck} label={t("ni.deck")} small /></Tip>
        <Tip data-testid="ni-gem" help={t("ni.help.gem")}>
          ◆ {t("ni.gem")}: {view.gem != null ? <SeatMark colour={view.seats[view.gem].colour} label={colourName(view.seats[view.gem].colour, t)} /> : "—"}
        </Tip>
        <span class="small muted ni-legend" data-testid="ni-legend" style={{ flexBasis: "100%" }}>{t("ni.legend")}</span>
      </Flash>
      <div class="ni-provinces">
        {view.provinces.map((p) => {
          const labels = legal.filter((m) => m.kind === "go" && m.province === p.name).map((m) => m.label);
          const id = p.name.toLowerCase();
          return (
            <div class="ni-column" key={p.name}>
              <Hot labels={labels} would={[`go to ${p.name}`]} help={() => provinceHelp(p, catalog, t)} testid={`ni-province-${id}`} class="ni-province" title={`${p.name} (${p.card_name})`} sig={p.slots.map((s) => s.filled)}>
                <div class="ni-province-head">
                  <strong>{p.name}</strong>{" "}
                  <span class="small">{t("ni.bonus", { n: p.bonus })}</span>
                </div>{" "}
                <ul class="ni-slots">
                  {p.slots.map((s, i) => (
                    <Tip as="li" key={i} data-testid={`ni-slot-${id}-${i + 1}`} class={s.filled ? "filled" : ""}
                      help={t(s.filled ? "ni.help.slotFilled" : "ni.help.slot", { food: foodName(s.food, t), price: s.price })}>
                      <Cube food={s.food} filled={!s.filled} />{" "}
                      <span class="ni-price">{s.filled ? "✓" : `$${s.price}`}</span>{" "}
                    </Tip>
                  ))}
                </ul>{" "}
                <span class="small muted">{t.n("ni.under", p.cards_never_seen)}</span>
              </Hot>
              <div class="ni-cantinas" role="group" aria-label={`${t("ni.cantinas")} ${p.name}`}>
                {seatList.map((s) => {
                  const c = view.seats[s].cantinas.find((x) => x.province === p.name);
                  const wander = legal.filter((m) => m.kind === "wander" && m.province === p.name && m.seat === s).map((m) => m.label);
                  return (
                    <Hot key={s} labels={wander} would={view.phase === "wander" ? [`wander to ${view.seats[s].colour} ${p.name}`] : undefined} help={() => cantinaHelp(colourName(view.seats[s].colour, t), p.name, c, p.bonus, catalog, t)} testid={`ni-cantina-${s}-${id}`} class="ni-cantina" title={`${view.seats[s].colour} ${p.name}`} sig={c}>
                      <SeatMark colour={view.seats[s].colour} size={14} />
                      {c.holders.map((h) => (
                        <Hot as="span" key={h} labels={legal.filter((m) => m.kind === "arrest" && m.smuggler === h).map((m) => m.label)} would={[`arrest ${h}`]} help={() => smugglerHelp(h, catalog, t, t("ni.help.holder"))} testid={`ni-holder-${h.toLowerCase()}`} class="ni-holder" title={h}>
                          {h} <b>{(lookup(catalog, "smugglers", h) || {}).rank}</b>
                        </Hot>
                      ))}
                      {c.mounties.map((m) => (
                        <Mountie key={m} name={m} catalog={catalog} t={t} testid={`ni-mountie-${m.toLowerCase()}`} labels={legal.filter((x) => x.kind === "pick" && x.mountie === m).map((x) => x.label)} />
                      ))}
                    </Hot>
                  );
                })}
              </div>
            </div>
          );
        })}
      </div>
      <div class="ni-seats">{others.map((s) => seatPanel(s))}</div>
      {me != null && seatPanel(me)}
    </div>
  );

  function seatHelp(info) {
    const l = info.ledger || {};
    return lines(
      t("ni.help.seat", { colour: colourName(info.colour, t), gold: info.gold }),
      t("ni.help.ledger", { start: catalog && catalog.start ? catalog.start.gold : 10, delivered: l.delivered, bonuses: l.bonuses, sales: l.sales, fees: l.fees, fines: l.fines }),
    );
  }

  function seatPanel(s) {
    const info = view.seats[s];
    const mine = s === me;
    const gem = legal.filter((m) => m.kind === "gem" && m.seat === s).map((m) => m.label);
    const order = view.order ? view.order.indexOf(s) : -1;
    return (
      <Hot key={s} labels={gem} would={view.phase === "gem" ? [`gem to ${info.colour}`] : undefined} help={() => seatHelp(info)} testid={`ni-seat-${s}`} class={`panel seat-panel ${mine ? "tray" : ""} ${view.current_player === s ? "on-move" : ""}`} title={colourName(info.colour, t)} sig={[info.gold, info.warehouse, info.chosen, info.played, info.hand_size]}>
        <div class="panel-head" data-testid={`seat-panel-${s}`}>
          <SeatMark colour={info.colour} label={colourName(info.colour, t)} />
          <PlayerTag seat={s} />
          {view.gem === s && <span title={t("ni.gem")} class="tag ni-gem">◆ {t("ni.gem")}</span>}
          <span class="money">{t.n("ni.gold", info.gold)}</span>
        </div>
        <div class="ni-row">
          <span class="muted small">{t("ni.warehouse")}</span>
          {info.warehouse.map((food, i) => {
            const labels = legal
              .filter((m) => m.food === food && (mine ? m.kind === "ship" || m.kind === "sell" : m.kind === "steal" && m.seat === s))
              .map((m) => m.label);
            const would = [mine ? (view.phase === "market" ? `sell ${food}` : `ship ${food}`) : `steal ${food} from ${info.colour}`];
            return (
              <Hot as="span" key={`${food}-${i}`} labels={labels} would={would} help={() => cubeHelp(food, view, catalog, t, !mine)} testid={`ni-warehouse-${s}-${food.replace(" ", "-")}-${i + 1}`} class="ni-cube-hot" title={foodName(food, t)} menuTitle={foodName(food, t)}>
                <Cube food={food} />
              </Hot>
            );
          })}
          {view.cargo && view.cargo_from === s && (
            <Tip class="small" help={lines(t("ni.help.cargo"), cubeHelp(view.cargo, view, catalog, t, false))}>
              {t("ni.cargo")}: <Cube food={view.cargo} small />
            </Tip>
          )}
        </div>
        <div class="ni-row">
          {!mine && (
            <Tip help={t("ni.help.hand", { n: info.hand_size })}>
              <Backs n={info.hand_size} label={t("table.hand")} small testid={`ni-hand-backs-${s}`} />
            </Tip>
          )}
          {info.chosen === "face down" && (
            <Tip class="small" data-testid={`ni-chosen-${s}`} help={t("ni.help.faceDown")}>
              {t("ni.chosen")}: <span class="card-back inline" aria-label={t("ni.faceDown")} /> {t("ni.faceDown")}
            </Tip>
          )}
          {info.chosen && info.chosen !== "face down" && (
            <span class="small" data-testid={`ni-chosen-${s}`}>
              {t("ni.chosen")}: <Smuggler name={info.chosen} catalog={catalog} t={t} small />
            </span>
          )}
          {info.played && (
            <span class="small">
              {t("ni.played")}: <Smuggler name={info.played} catalog={catalog} t={t} small help={t("ni.help.played")} />
            </span>
          )}
          {order >= 0 && view.order_pos != null && (
            <Tip class="tag" data-testid={`ni-order-${s}`} help={t("ni.help.order", { n: order + 1 })}>
              #{order + 1}
            </Tip>
          )}
        </div>
        {mine && (
          <div>
            <div class="muted small">{t("ni.hand")}</div>
            <div class="ni-hand" data-testid="ni-hand">
              {hand.map((name) => (
                <Smuggler key={name} name={name} catalog={catalog} t={t} testid={`ni-hand-${name.toLowerCase()}`}
                  labels={legal.filter((m) => (m.kind === "hire" || m.kind === "discard") && m.smuggler === name).map((m) => m.label)}
                  would={[handDiscards ? `discard ${name}` : `hire ${name}`]} help={t(handDiscards ? "ni.help.discard" : "ni.help.hire")} />
              ))}
            </div>
          </div>
        )}
      </Hot>
    );
  }
}

export function winnerReason(result, view, t) {
  if (result.tie_break && result.tie_break.gem != null) {
    return t("ni.tie", { who: colourName(view.seats[result.tie_break.gem].colour, t) });
  }
  return t("ni.mostGold");
}

const PARTS = ["start", "deliveries", "cantina_bonuses", "market", "smuggler_fees", "mountie_penalties", "total"];

export function ResultDetail({ result, view, t }) {
  if (!result.breakdown) return null;
  return (
    <table class="result-table" data-testid="ni-result">
      <thead>
        <tr>
          <th />
          {PARTS.map((p) => <th key={p}>{t(`ni.${p}`)}</th>)}
        </tr>
      </thead>
      <tbody>
        {result.breakdown.map((b) => (
          <tr key={b.seat}>
            <td><SeatMark colour={b.colour} label={colourName(b.colour, t)} /></td>
            {PARTS.map((p) => <td key={p} class="num">{b[p]}</td>)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const LOG_NL = {
  card_up: (v, e) => `${e.province} draait ${e.card} open: ${e.demands.map(([f, p]) => `${FOODS[f] ? FOODS[f].nl : f} ${p}`).join(", ")}`,
  draw: "{seat} trekt {smugglers}", "draw:masked": "{seat} trekt {count|smokkelaar|smokkelaars}",
  hand_over: "{seat} geeft {victim} al de eigen blokjes: {foods}", sold_back: "de verkochte blokjes gaan terug in het zakje: {foods}",
  majority: (v, e) => `${v.seat} heeft de beste cantina in ${e.province}: +${e.gold} goudstukken`,
  tie: (v, e) => `geen bonus in ${e.province}: gelijkspel om de meeste cantinahouders`,
  fine: "{seat} betaalt {gold|goudstuk|goudstukken} voor mountie {mounties}", gem: "{giver} geeft de edelsteen aan {seat}",
  keep: "{seat} houdt {count|smokkelaar|smokkelaars} en trekt aan tot 8",
  full: "de kaart {card} van {province} is vol: de blokjes gaan terug in het zakje",
  reveal: (v, e) => `de keuzes worden onthuld, in speelvolgorde: ${e.hires.join(", ")}`,
  end: (v, e) => `het spel eindt na 12 beurten: ${e.final.join(", ")} goudstukken`,
  gem_start: "{seat} krijgt de edelsteen", turn: "beurt {turn} van 12 begint (ronde {round})",
  mountie_up: "mountie {mountie} ({flag}, boete {penalty}) wordt opengedraaid",
  hire: "{seat} kiest gedekt {smuggler}", "hire:masked": "{seat} kiest gedekt een smokkelaar",
  first: "{seat} gaat eerst en zet mountie {mountie} op de eigen cantina in {province}",
  ship: "{seat} smokkelt {food}", ship_nothing: "{seat} smokkelt niets", steal: "{seat} steelt {food} van {victim}",
  go: "{seat} stuurt {smuggler} naar {province}", deliver: "{seat} levert {food} in {province} voor {gold|goudstuk|goudstukken}",
  fee: "{seat} betaalt {smuggler} {gold|goudstuk|goudstukken}", cantina: "{smuggler} opent een cantina voor {seat} in {province}",
  arrest: "mountie {mountie} arresteert {smuggler} van {seat} in {province}; beiden verlaten het spel",
  round_end: "ronde {round} eindigt: cantinameerderheden en mountieboetes", discard: "{seat} legt {smuggler} af",
  sell: "{seat} verkoopt {food} op de Mexicaanse markt voor {gold|goudstuk|goudstukken}", restock: "{seat} is klaar op de markt en vult aan",
  cubes: "{seat} trekt {foods} uit het zakje", pick: "{seat} kiest mountie {mountie} in de cantina in {province}",
  bag_empty: "{seat} trekt geen blokje: het zakje is leeg",
  card_back: (v, e) => `de stapel van ${e.province} heeft geen ongeziene kaart meer: ${e.card} komt weer open: ${e.demands.map(([f, p]) => `${FOODS[f] ? FOODS[f].nl : f} ${p}`).join(", ")}`,
  mountie_face_down: "de mountie van deze beurt blijft gedekt (blind smokkelen)",
  mounties_back: "lukrake mounties: {mounties} worden teruggeschud voor de volgende rondes",
  reshuffle: "de smokkelaarsstapel is op: {count|verwijderde smokkelaar wordt|verwijderde smokkelaars worden} de nieuwe stapel",
  bored: "twee mounties en geen smokkelaar in de cantina van {seat} in {province}: mountie {mountie} verveelt zich",
  wander: "{seat} heeft geen cantinahouder om te arresteren: mountie {mountie} gaat van de cantina in {province} naar die van {target} in {to}",
};

export default {
  id: "nacho-incident",
  logNL: LOG_NL,
  seatWord: (seat, t) => colourName(seat.colour, t),
  term: (key, value, t) => (key === "food" || key === "foods" ? foodName(value, t) : value),
  prefix: "ni",
  words,
  seats,
  describe,
  decision,
  waiting,
  objectless,
  Table,
  ResultDetail,
  winnerReason,
  unitWord: (unit, t) => (t.lang === "nl" ? "goud" : unit),
};
