// Al Cabohne's table explains itself: the help text of each component (its printed values read
// from the catalog), and the labels a component would stand for now ("would"), so a click on it
// when it is not a legal choice asks the engine why not.
import { beanName } from "./ac-words.js";

const beanItem = (catalog, bean) => (catalog && catalog.beans ? catalog.beans.items.find((b) => b.name === bean) : null);
const bossItem = (catalog, name) => (catalog && catalog.bosses ? catalog.bosses.items.find((b) => b.name === name) : null);

/** "3→1, 6→2, 8→3, 9→4": a bean's beanometer, cards → coins. */
export function meterList(catalog, bean) {
  const item = beanItem(catalog, bean);
  return item ? item.coins_at.map((c) => `${c.cards}→${c.coins}`).join(", ") : "";
}

/** What a bean is: how many exist and its beanometer. */
export function beanLines(bean, catalog, t) {
  const item = beanItem(catalog, bean);
  if (!item) return [];
  return [t("ac.help.bean", { bean: beanName(bean, t), count: item.count }), t("ac.help.meter", { list: meterList(catalog, bean) })];
}

const join = (lines) => lines.filter(Boolean).join("\n");

/** The legend of a field's beanometer chips ("3→1": three cards sell for one coin). */
export function meterHelp(bean, catalog, t) {
  const item = beanItem(catalog, bean);
  if (!item) return "";
  const first = item.coins_at[0];
  return join([
    t("ac.help.meterLegend", { bean: beanName(bean, t), cards: first.cards, coins: first.coins }),
    t("ac.help.meter", { list: meterList(catalog, bean) }),
    t("ac.help.reached"),
  ]);
}

export function fieldHelp(f, who, mine, catalog, t) {
  const lines = [];
  if (f.bean) {
    lines.push(t("ac.help.field", { who, n: f.number, count: f.count, bean: beanName(f.bean, t), worth: f.worth }));
    if (f.next_coin_at != null) lines.push(t("ac.help.nextCoin", { n: f.next_coin_at }));
    lines.push(t("ac.help.meter", { list: meterList(catalog, f.bean) }));
  } else lines.push(t("ac.help.emptyField", { who, n: f.number }));
  if (mine) lines.push(t("ac.help.fieldUse"));
  return join(lines);
}

export function buyHelp(catalog, t) {
  const cost = catalog && catalog.fields ? catalog.fields.third_field_cost : 4;
  return t("ac.help.buy", { cost });
}

export function handHelp(bean, position, catalog, t) {
  const lines = [t("ac.help.hand", { n: position, bean: beanName(bean, t) })];
  if (position === 1) lines.push(t("ac.help.front"));
  else if (position === 2) lines.push(t("ac.help.second"));
  lines.push(...beanLines(bean, catalog, t), t("ac.help.giveHand"));
  return join(lines);
}

export function bossHelp(b, view, catalog, t) {
  const item = bossItem(catalog, b.name);
  const sells = item ? item.sells_at : b.harvests_at;
  const lines = [t("ac.help.boss", { boss: b.name, n: sells })];
  if (item && item.players && item.players.length === 1) lines.push(t("ac.help.soloBoss"));
  if (b.bean) {
    lines.push(t("ac.help.bossBean", { bean: beanName(b.bean, t), count: b.count, worth: b.worth }));
    lines.push(t("ac.help.tribute", { bean: beanName(b.bean, t) }));
    lines.push(t("ac.help.meter", { list: meterList(catalog, b.bean) }));
  } else lines.push(t("ac.help.bossEmpty"));
  if (b.gift_due) lines.push(t("ac.help.owed"));
  if (b.tribute_paid) lines.push(t("ac.help.paid"));
  return join(lines);
}

export function faceupHelp(bean, view, catalog, t) {
  const rest = view.players.length === 1 ? t("ac.help.faceupSolo") : t("ac.help.faceupTwo");
  return join([t("ac.help.faceup", { bean: beanName(bean, t) }), rest, ...beanLines(bean, catalog, t)]);
}

export function discardHelp(view, t) {
  const top = view.discard_top ? t("ac.help.discardTop", { bean: beanName(view.discard_top, t) }) : null;
  return join([t("ac.help.discard", { n: view.discard.length }), top, t("ac.help.gather")]);
}

export function deckHelp(view, catalog, t) {
  const turn = (catalog && catalog.turn) || { turned: 3, drawn: 2 };
  const end = view.players.length === 1 ? t("ac.help.deckSolo") : t("ac.help.deckTwo");
  return join([
    t("ac.help.deck", { n: view.deck_size, pass: view.deck_pass, of: view.deck_passes }),
    t("ac.help.deckTurn", { turned: turn.turned, drawn: turn.drawn }),
    end,
    view.last_turn ? t("ac.help.lastTurn") : null,
  ]);
}

export function coinsHelp(p, who, t) {
  return join([t("ac.help.coins", { who, n: p.coins }), t("ac.help.coinsWhat"), t("ac.help.ties")]);
}

export function mafiaHelp(view, catalog, t) {
  const factor = view.mafia_factor;
  const lines = [t("ac.help.mafia", { n: view.mafia_coins })];
  if (factor > 1) lines.push(t("ac.help.mafiaSolo", { factor, total: view.mafia_total }));
  lines.push(t("ac.help.ties"));
  return join(lines);
}

export function backsHelp(p, who, t) {
  return t("ac.help.backs", { who, n: p.cards_in_hand });
}

export const owedHelp = (t) => t("ac.help.owed");

// -- "would": what a click on a component asks about when it is not a legal choice now ----------

/** The field a bean would go to: one growing it, else the first empty one, else field 1. */
function fitFor(me, bean) {
  const grown = me.fields.find((f) => f.bean === bean);
  const empty = me.fields.find((f) => !f.bean);
  return (grown || empty || me.fields[0] || { number: 1 }).number;
}

/** The boss a bean would go to: its collector, else an empty boss (owed first), else the first. */
function bossFor(view, bean) {
  const bosses = view.bosses;
  const collector = bosses.find((b) => b.bean === bean);
  const owed = bosses.find((b) => !b.bean && b.gift_due);
  const empty = bosses.find((b) => !b.bean);
  return (collector || owed || empty || bosses[0]).name;
}

export function fieldWould(view, f, me) {
  const harvest = `harvest field ${f.number}`;
  const hand = view.hand || [];
  if (view.phase === "planting" && hand.length) return [`plant ${hand[0]} on field ${f.number}`, harvest];
  if ((view.phase === "leftovers" || view.phase === "trading") && view.faceup.length && !f.count) {
    const bean = view.faceup.includes(f.bean) ? f.bean : view.faceup[0];
    const kind = view.phase === "leftovers" ? "leftover" : "face-up";
    return [`plant ${kind} ${bean} on field ${f.number}`, harvest];
  }
  if (view.phase === "tribute" && f.count) {
    const boss = view.bosses.find((b) => b.bean === f.bean) || view.bosses.find((b) => b.bean && !b.tribute_paid);
    if (boss) return [`pay tribute to ${boss.name} from field ${f.number}`, harvest];
  }
  return [harvest];
}

export function handWould(view, me, bean, position) {
  const give = `give hand card ${position} (${bean}) to ${bossFor(view, bean)}`;
  if (view.phase === "planting") return [`plant ${bean} on field ${fitFor(me, bean)}`, give];
  return [give];
}

export function faceupWould(view, me, bean) {
  const field = fitFor(me, bean);
  if (view.phase === "leftovers") return [`plant leftover ${bean} on field ${field}`, `discard leftover ${bean}`];
  return [`plant face-up ${bean} on field ${field}`, `give face-up ${bean} to ${bossFor(view, bean)}`];
}

export function bossWould(view, me, b) {
  const hand = view.hand || [];
  const grown = new Set(me.fields.map((f) => f.bean).filter(Boolean));
  if (view.phase === "tribute" || view.phase === "planting" || view.phase === "leftovers") {
    const field = me.fields.find((f) => f.bean && f.bean === b.bean) || me.fields[0];
    return [`pay tribute to ${b.name} from field ${field ? field.number : 1}`];
  }
  if (!hand.length) return [];
  let index = hand.findIndex((bean) => bean === b.bean);
  if (index < 0) index = hand.findIndex((bean) => !grown.has(bean));
  if (index < 0) index = 0;
  return [`give hand card ${index + 1} (${hand[index]}) to ${b.name}`];
}

export function discardWould(view) {
  return view.phase === "leftovers" && view.faceup.length ? [`discard leftover ${view.faceup[0]}`] : [];
}
