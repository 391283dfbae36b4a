// Al Cabohne: the hand in its fixed order, bean fields, the bean mafia's bosses and the piles.
import { Backs, Flash, Hot, SeatMark, usePlay } from "../ui.jsx";

const BEANS = {
  Blue: { code: "Bl", hex: "#3a6fd8", ink: "#fff", nl: "blauwe boon" },
  Kidney: { code: "Ki", hex: "#9e2a2b", ink: "#fff", nl: "kidneyboon" },
  Fire: { code: "Fi", hex: "#f08a24", ink: "#111", nl: "vuurboon" },
  Puff: { code: "Pu", hex: "#f3d36b", ink: "#111", nl: "puffboon" },
  Broad: { code: "Br", hex: "#6a994e", ink: "#fff", nl: "sauboon" },
  French: { code: "Fr", hex: "#7b4b94", ink: "#fff", nl: "braakboon" },
  Runner: { code: "Ru", hex: "#c7a27c", ink: "#111", nl: "stangenboon" },
};
const COLOURS = ["blue", "red"];

export const words = {
  en: {
    "ac.bean": "{bean}", "ac.field": "field {n}", "ac.emptyField": "empty field {n}",
    "ac.do.plant": "Plant the front card ({bean}) on field {field}", "ac.do.harvest": "Harvest field {field}",
    "ac.do.end_planting": "End planting", "ac.do.done_trading": "Done trading",
    "ac.do.plant_faceup": "Plant the face-up {bean} on field {field}", "ac.do.plant_leftover": "Plant the leftover {bean} on field {field}",
    "ac.do.discard_leftover": "Discard the leftover {bean}", "ac.do.give_hand_card": "Give hand card {position} ({bean}) to {boss}",
    "ac.do.pay_tribute": "Pay tribute to {boss} from field {field}", "ac.do.give_faceup": "Give the face-up {bean} to {boss}",
    "ac.do.buy_field": "Buy the third field (4 coins)",
    "ac.dec.leftovers": "Plant or discard the leftover face-up beans", "ac.dec.tribute": "Pay tribute to a boss: a bean from one of your fields",
    "ac.dec.planting": "Plant the front card of your hand", "ac.dec.planting2": "Plant the next card, or end planting",
    "ac.dec.gift": "Give a hand card to the boss with the empty field",
    "ac.dec.trading": "Take face-up beans, give beans to the mafia, or finish trading",
    "ac.mafia": "The bean mafia", "ac.sellsAt": "sells at {n}", "ac.owed": "owed", "ac.coins": "coins", "ac.coinsN": "{n} coins", "ac.coinsN.one": "{n} coin",
    "ac.deck": "deck", "ac.pass": "pass {n} of {of}", "ac.faceup": "Face-up beans", "ac.discard": "Discard",
    "ac.hand": "Your hand (front first — the order never changes)", "ac.buy": "+ third field (4 coins)", "ac.worth": "worth {n}",
    "ac.next": "next coin at {n}", "ac.mafiaWins": "The bean mafia wins", "ac.doubled": "solo: the mafia's coins count double",
    "ac.ties": "the mafia wins ties", "ac.lastTurn": "last turn",
  },
  nl: {
    "ac.bean": "{bean}", "ac.field": "bonenveld {n}", "ac.emptyField": "leeg bonenveld {n}",
    "ac.do.plant": "Plant de voorste kaart ({bean}) op veld {field}", "ac.do.harvest": "Doek veld {field} op en verkoop",
    "ac.do.end_planting": "Stop met planten", "ac.do.done_trading": "Klaar met handelen",
    "ac.do.plant_faceup": "Plant de open {bean} op veld {field}", "ac.do.plant_leftover": "Plant de overgebleven {bean} op veld {field}",
    "ac.do.discard_leftover": "Leg de overgebleven {bean} af", "ac.do.give_hand_card": "Geef handkaart {position} ({bean}) aan {boss}",
    "ac.do.pay_tribute": "Betaal {boss} uit veld {field}", "ac.do.give_faceup": "Geef de open {bean} aan {boss}",
    "ac.do.buy_field": "Koop het derde bonenveld (4 muntjes)",
    "ac.dec.leftovers": "Bonen opruimen: plant of leg de open bonen af", "ac.dec.tribute": "Bonen voor de bonenmaffia: geef een boon uit een veld",
    "ac.dec.planting": "Bonen uitspelen: plant de voorste kaart", "ac.dec.planting2": "Plant nog een kaart, of stop",
    "ac.dec.gift": "Geef een handkaart aan de maffiabaas met het lege veld",
    "ac.dec.trading": "Neem open bonen, geef bonen aan de maffia, of stop met handelen",
    "ac.mafia": "De bonenmaffia", "ac.sellsAt": "verkoopt bij {n}", "ac.owed": "verschuldigd", "ac.coins": "muntjes", "ac.coinsN": "{n} muntjes", "ac.coinsN.one": "{n} muntje",
    "ac.deck": "dichte stapel", "ac.pass": "ronde {n} van {of}", "ac.faceup": "Open bonen", "ac.discard": "Aflegstapel",
    "ac.hand": "Je hand (voorste eerst — de volgorde verandert nooit)", "ac.buy": "+ derde bonenveld (4 muntjes)", "ac.worth": "waard {n}",
    "ac.next": "volgend muntje bij {n}", "ac.mafiaWins": "De bonenmaffia wint", "ac.doubled": "solo: de muntjes van de maffia tellen dubbel",
    "ac.ties": "bij gelijkspel wint de maffia", "ac.lastTurn": "laatste beurt",
  },
};

const beanName = (bean, t) => (t.lang === "nl" && BEANS[bean] ? BEANS[bean].nl : bean);

export function seats(view) {
  return view.players.map((p, i) => ({ name: p.name, colour: COLOURS[i] }));
}

export function describe(info, t) {
  const key = `ac.do.${info.kind}`;
  if (!t.has(key)) return info.label;
  return t(key, { ...info, bean: info.bean && beanName(info.bean, t) });
}

export const objectless = (info) => info.kind === "end_planting" || info.kind === "done_trading";

export function decision(view, legal, t) {
  if (view.phase === "planting" && view.planted > 0) return t("ac.dec.planting2");
  return t(`ac.dec.${view.phase}`, { fallback: view.phase_text || view.phase });
}

export function Bean({ bean, count, small, label }) {
  const b = BEANS[bean] || { code: "?", hex: "#ccc", ink: "#111" };
  return (
    <span class={`ac-bean ${small ? "small" : ""}`} style={{ background: b.hex, color: b.ink }} aria-label={label}>
      <svg viewBox="0 0 20 14" width={small ? 16 : 26} height={small ? 11 : 18} aria-hidden="true">
        <path d="M3 7c0-4 5-6 8-4 2 1 3 0 5-1 3 2 2 9-3 10-4 1-10 0-10-5z" fill="rgba(255,255,255,0.45)" stroke="rgba(0,0,0,0.35)" />
      </svg>
      <span class="ac-code">{b.code}</span>
      {count != null && <span class="ac-count">×{count}</span>}
    </span>
  );
}

function Meter({ bean, count, catalog }) {
  const item = catalog && catalog.beans ? catalog.beans.items.find((b) => b.name === bean) : null;
  if (!item) return null;
  return (
    <span class="ac-meter" aria-hidden="true">
      {item.coins_at.map((c) => (
        <span key={c.cards} class={count >= c.cards ? "reached" : ""}>{c.cards}→{c.coins}</span>
      ))}
    </span>
  );
}

function Field({ f, owner, legal, t, catalog, mine }) {
  const labels = legal.filter((m) => m.field === f.number && m.kind !== "buy_field").map((m) => m.label);
  const name = f.bean ? `${t("ac.field", { n: f.number })}: ${beanName(f.bean, t)} ×${f.count}` : t("ac.emptyField", { n: f.number });
  return (
    <Hot labels={labels} testid={`ac-field-${owner}-${f.number}`} class={`ac-field ${f.bean ? "" : "empty"}`} title={name} menuTitle={name} sig={[f.bean, f.count]}>
      <span class="muted small-caps">{t("ac.field", { n: f.number })}</span>
      {f.bean ? <Bean bean={f.bean} count={f.count} label={name} /> : <span class="ac-empty">—</span>}
      {f.bean && (
        <span class="small">
          {t("ac.worth", { n: f.worth })}
        </span>
      )}
      {f.bean && <Meter bean={f.bean} count={f.count} catalog={catalog} />}
    </Hot>
  );
}

function Player({ view, s, legal, t, catalog, mine }) {
  const p = view.players[s];
  const buy = legal.filter((m) => m.kind === "buy_field").map((m) => m.label);
  return (
    <Flash sig={[p.coins, p.cards_in_hand, p.fields_owned]} class={`panel seat-panel ${mine ? "tray" : ""} ${view.current_player === s ? "on-move" : ""}`} data-testid={`seat-panel-${s}`}>
      <div class="panel-head">
        <SeatMark colour={COLOURS[s]} label={p.name} />
        <span class="money" data-testid={`ac-coins-${s}`}>{t.n("ac.coinsN", p.coins)}</span>
      </div>
      <div class="ac-fields">
        {p.fields.map((f) => (
          <Field key={f.number} f={f} owner={s} legal={mine ? legal : []} t={t} catalog={catalog} mine={mine} />
        ))}
        {p.fields_owned < 3 && (
          <Hot labels={buy} testid={`ac-buy-field-${s}`} class="ac-field buy" title={t("ac.buy")}>
            {t("ac.buy")}
          </Hot>
        )}
        {!mine && <Backs n={p.cards_in_hand} label={t("table.hand")} testid={`ac-hand-backs-${s}`} />}
      </div>
      {mine && view.hand && (
        <div>
          <div class="muted small">{t("ac.hand")}</div>
          <ol class="ac-hand">
            {view.hand.map((bean, i) => {
              const labels = legal.filter((m) => m.position === i + 1).map((m) => m.label);
              return (
                <li key={`${i}-${bean}`} class={i === 0 ? "front" : ""}>
                  <Hot labels={labels} testid={`ac-hand-${s}-${i + 1}`} class="ac-card" title={`${i + 1}: ${beanName(bean, t)}`} menuTitle={`${i + 1}: ${beanName(bean, t)}`}>
                    <span class="ac-pos">{i + 1}</span>
                    <Bean bean={bean} />
                    <span class="ac-card-name">{beanName(bean, t)}</span>
                  </Hot>
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </Flash>
  );
}

export function Table({ view, t, legal, catalog, seat }) {
  const me = seat == null ? null : seat;
  const others = view.players.map((_, i) => i).filter((i) => i !== me);
  const faceupLabels = (bean) =>
    legal.filter((m) => m.bean === bean && ["plant_faceup", "plant_leftover", "discard_leftover", "give_faceup"].includes(m.kind)).map((m) => m.label);
  return (
    <div class="ac-table">
      {others.map((s) => (
        <Player key={s} view={view} s={s} legal={[]} t={t} catalog={catalog} mine={false} />
      ))}
      <section class="panel ac-mafia" data-testid="ac-mafia">
        <div class="panel-head">
          <strong>{t("ac.mafia")}</strong>
          <span class="money" data-testid="ac-mafia-coins">
            {t.n("ac.coinsN", view.mafia_coins)}
            {view.mafia_factor > 1 ? ` ×${view.mafia_factor} = ${view.mafia_total}` : ""}
          </span>
        </div>
        <div class="ac-bosses">
          {view.bosses.map((b) => {
            const labels = legal.filter((m) => m.boss === b.name).map((m) => m.label);
            const id = b.name.toLowerCase().replace(/\s+/g, "-");
            return (
              <Hot key={b.name} labels={labels} testid={`ac-boss-${id}`} class={`ac-boss ${b.gift_due || (!b.tribute_paid && view.phase === "tribute") ? "" : ""}`} title={b.name} menuTitle={b.name} sig={[b.bean, b.count]}>
                <svg viewBox="0 0 40 22" width="40" height="22" aria-hidden="true">
                  <path d="M4 18h32M10 18l3-12h14l3 12" fill="#222" stroke="#222" stroke-width="2" />
                  <rect x="12" y="13" width="16" height="3" fill="#b71c1c" />
                </svg>
                <strong>{b.name}</strong>
                <span class="small muted">{t("ac.sellsAt", { n: b.harvests_at })}</span>
                {b.bean ? <Bean bean={b.bean} count={b.count} /> : <span class="ac-empty">—</span>}
                {b.gift_due && <span class="tag warn">{t("ac.owed")}</span>}
              </Hot>
            );
          })}
        </div>
      </section>
      <section class="panel ac-middle">
        <div class="ac-pile" data-testid="ac-deck">
          <Backs n={view.deck_size} label={t("ac.deck")} />
          <span class="small muted">{t("ac.pass", { n: view.deck_pass, of: view.deck_passes })}</span>
          {view.last_turn && <span class="tag warn">{t("ac.lastTurn")}</span>}
        </div>
        <div class="ac-faceup" data-testid="ac-faceup">
          <span class="muted">{t("ac.faceup")}</span>
          {view.faceup.map((bean, i) => (
            <Hot key={`${i}-${bean}`} labels={faceupLabels(bean)} testid={`ac-faceup-${i + 1}`} class="ac-card" title={beanName(bean, t)} menuTitle={beanName(bean, t)} sig={bean}>
              <Bean bean={bean} />
              <span class="ac-card-name">{beanName(bean, t)}</span>
            </Hot>
          ))}
        </div>
        <Hot labels={legal.filter((m) => m.kind === "discard_leftover").map((m) => m.label)} testid="ac-discard" class="ac-pile" title={t("ac.discard")} sig={view.discard.length}>
          <span class="muted">{t("ac.discard")} ({view.discard.length})</span>
          {view.discard_top ? <Bean bean={view.discard_top} /> : <span class="ac-empty">—</span>}
        </Hot>
      </section>
      {me != null && <Player view={view} s={me} legal={legal} t={t} catalog={catalog} mine />}
    </div>
  );
}

export function headline(result, view, t) {
  return result.mafia_wins ? t("ac.mafiaWins") : null;
}

export function winnerReason(result) {
  return (result.breakdown && result.breakdown.why) || result.note || null;
}

export function ResultDetail({ result, view, t }) {
  const b = result.breakdown || {};
  const m = b.mafia || {};
  return (
    <div data-testid="ac-result">
      <p>
        <strong>{t("ac.mafia")}</strong>: {t.n("ac.coinsN", m.coins)}
        {m.doubled ? ` ×${m.factor} = ${m.total} (${t("ac.doubled")})` : ""}
      </p>
      {b.tie_goes_to_mafia && <p class="muted">{t("ac.ties")}</p>}
      {result.note && <p class="muted">{result.note}</p>}
    </div>
  );
}

const LOG_NL = {
  shuffle: "de {size} bonenkaarten worden geschud; de stapel wordt {passes} keer doorgespeeld",
  gather: (v) => `een ${v.bean} van de aflegstapel komt erbij`,
  reshuffle: "de stapel is op: de aflegstapel ({size} kaarten) wordt de nieuwe stapel, ronde {deck_pass} van {passes}",
  deck_out: "de stapel is voor het laatst op: het spel eindigt zodra er nog een kaart nodig is",
  game_end: "er moet een kaart getrokken worden maar de stapel is op: het spel eindigt en elk veld wordt verkocht",
  end_harvest: "aan het eind doekt {seat} veld {field} op ({count}× {bean}) voor {coins|muntje|muntjes}",
  end_sale: "aan het eind verkoopt {boss} zijn veld ({count}× {bean}) voor {coins|muntje|muntjes}; de maffia heeft {mafia|muntje|muntjes}",
  score: "{seat} eindigt met {coins|muntje|muntjes}", mafia_score: "de bonenmaffia eindigt met {total|muntje|muntjes}",
  mafia_win: "de bonenmaffia wint met {total} tegen {best}", win: "{seat} wint met {coins|muntje|muntjes}",
  "deal:masked": "{seat} krijgt {count|kaart|kaarten}", turn: "{seat} is aan de beurt",
  leftover_plant: "{seat} plant de overgebleven {bean} op veld {field}", leftover_discard: "{seat} legt de overgebleven {bean} af",
  tribute: "{seat} betaalt {boss}: een {bean} uit veld {field}", plant: "{seat} plant een {bean} uit de hand op veld {field}",
  end_planting: "{seat} plant geen tweede kaart", turn_to_boss: "een {bean} wordt opengedraaid en gaat naar {boss}",
  turn_faceup: "een {bean} wordt opengedraaid en blijft open liggen", take: "{seat} plant de open {bean} op veld {field}",
  take_for_boss: "{seat} geeft de open {bean} aan {boss}", done: "{seat} is klaar met handelen",
  harvest: "{seat} doekt veld {field} op ({count}× {bean}) voor {coins|muntje|muntjes}", gift: "{seat} geeft handkaart {position}, een {bean}, aan {boss}",
  boss_sale: "{boss} verkoopt zijn veld met {count}× {bean} voor {coins|muntje|muntjes}; de maffia heeft {mafia|muntje|muntjes}",
  buy: "{seat} koopt het derde bonenveld voor {cost|muntje|muntjes}", "draw:masked": "{seat} trekt {count|kaart|kaarten}",
  draw: "{seat} trekt {cards} achter in de hand",
};

export default {
  id: "al-cabohne",
  logNL: LOG_NL,
  term: (key, value, t) => (key === "bean" || key === "cards" ? beanName(value, t) : value),
  prefix: "ac",
  words,
  seats,
  describe,
  decision,
  objectless,
  Table,
  ResultDetail,
  winnerReason,
  headline,
  unitWord: (unit, t) => t("ac.coins"),
};
