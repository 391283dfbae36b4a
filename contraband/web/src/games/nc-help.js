// Narcos' help on the table: what each component is, what it does and its printed values (read
// from the game's catalog), and the labels a component would stand for when it is not a legal
// choice now (a click on it asks the engine "why not?").
import { colourName, ncName } from "./nc-words.js";

const COLOURS = ["red", "green", "yellow", "blue"];

/** The catalog's type of a Narcos card, by name ("storage 8"). */
export function cardType(catalog, name) {
  const types = catalog && catalog.narcos_cards ? catalog.narcos_cards.types : [];
  return types.find((type) => type.name === name) || null;
}

const cartelItem = (catalog, name) =>
  ((catalog && catalog.cartel_cards && catalog.cartel_cards.items) || []).find((item) => item.name === name) || null;

/** "1 sicario + 1 million" in the table's language (empty: free). */
function costText(money, sicarios, t) {
  const parts = [];
  if (money) parts.push(t("nc.help.millions", { n: money }));
  if (sicarios) parts.push(t("nc.help.sicarios", { n: sicarios }));
  return parts.length ? parts.join(" + ") : t("nc.help.free");
}

/** A Narcos card: its side, what it does, its printed values, and its marks on the timeline. */
export function cardHelp(name, catalog, t, flags = []) {
  const type = cardType(catalog, name);
  const lines = [];
  const kind = type ? type.kind : null;
  const side = type ? t(`nc.help.side.${type.side}`) : "";
  lines.push(`${ncName(name, t)}${side ? ` (${side})` : ""}: ${kind ? t(`nc.help.kind.${kind}`) : ""}`.trim());
  if (type) {
    const values = [];
    if (type.produce) values.push(t("nc.help.produce", { table: type.produce.join(" / ") }));
    if (type.capacity && kind === "transport") values.push(t("nc.help.moves", { n: type.capacity }));
    if (type.capacity && kind === "storage") values.push(t("nc.help.holds", { n: type.capacity }));
    if (type.cost != null) values.push(t("nc.help.cost", { n: type.cost }));
    if (type.removal_sicarios) values.push(t("nc.help.removal", { n: type.removal_sicarios }));
    if (type.round === 2) values.push(t("nc.help.round2"));
    if (type.count) values.push(t("nc.help.count", { n: type.count }));
    if (values.length) lines.push(values.join(" · "));
  }
  for (const flag of flags) lines.push(t(`nc.help.flag.${flag}`));
  return lines.join("\n");
}

/** A Cartel card in the hand: its ability, price and moment, and its back. */
export function cartelHelp(name, catalog, t) {
  const item = cartelItem(catalog, name);
  if (!item) return t("nc.help.cartelBack");
  const lines = [`${name}: ${t(`nc.help.cartel.${item.key}`)}`];
  lines.push(`${t("nc.help.price", { cost: costText(item.money, item.sicarios, t) })} · ${t(`nc.help.when.${item.when}`)}`);
  if (item.advanced_only) lines.push(t("nc.help.advancedOnly"));
  lines.push(t("nc.help.cartelBack"));
  return lines.join("\n");
}

export function plantationHelp(p, catalog, t) {
  const plant = (catalog && catalog.plantation) || { slots: 3, prices: [] };
  return [
    t("nc.help.plantation", { crops: p.crops, slots: plant.slots }),
    t("nc.help.cropPrices", { second: plant.prices[0], third: plant.prices[1] }),
  ].join("\n");
}

export function labHelp(p, catalog, t) {
  const type = cardType(catalog, p.lab.card);
  return [
    t("nc.help.lab", { card: ncName(p.lab.card, t), goods: p.lab.goods }),
    type && type.produce ? t("nc.help.produceNow", { table: type.produce.join(" / "), n: p.output, crops: p.crops }) : "",
    type && type.cost != null ? t("nc.help.cost", { n: type.cost }) : "",
  ].filter(Boolean).join("\n");
}

export function transportHelp(p, catalog, t) {
  return t("nc.help.transport", { card: ncName(p.transport.card, t), n: p.transport.capacity });
}

export function storageHelp(p, catalog, t) {
  return t("nc.help.storage", { card: ncName(p.storage.card, t), n: p.storage.capacity, goods: p.storage.goods });
}

export function workersHelp(p, catalog, t) {
  const cost = catalog && catalog.numbers ? catalog.numbers.economy.worker_to_sicario : 2;
  return t("nc.help.workers", { n: p.workers, cost, spent: p.workers_spent });
}

export function sicariosHelp(p, catalog, t) {
  const f = catalog && catalog.numbers ? catalog.numbers.flipping : { remove_police: 1, remove_press: 1, remove_military: 2 };
  return t("nc.help.sicariosText", { n: p.sicarios, police: f.remove_police, press: f.remove_press, military: f.remove_military });
}

export function dangerHelp(view, catalog, t) {
  const f = catalog && catalog.numbers ? catalog.numbers.flipping : { active_danger: 2, flee_sirens: 3, max_cards: 7 };
  return [t("nc.help.danger", { n: view.danger, pay: f.active_danger, flee: f.flee_sirens }), t("nc.help.cards", { n: view.cards, max: f.max_cards })].join("\n");
}

export function gunsHelp(view, catalog, t) {
  const f = catalog && catalog.numbers ? catalog.numbers.flipping : { bonus_guns: 3, choice_guns: 4 };
  return t("nc.help.guns", { n: view.guns, one: f.bonus_guns, choice: f.choice_guns });
}

export function cityHelp(city, catalog, view, t) {
  const tokens = (catalog && catalog.tokens && catalog.tokens.items) || [];
  const token = tokens.find((item) => item.name === city.token) || {};
  const workers = city.workers
    .map((n, s) => (n ? `${colourName(view.players[s].colour, t)} ${n}` : null))
    .filter(Boolean)
    .join(", ");
  return [
    t("nc.help.city", { city: city.name }),
    t(`nc.help.token.${city.token === "-2" ? "outlet" : city.token === ">=8" ? "big" : city.token}`, { bonus: token.bonus, units: token.units }),
    t("nc.help.cityWorkers", { list: workers || "—" }),
  ].join("\n");
}

/** The label a Cartel card in the hand would stand for now: its play, or its back in phase 2. */
export function cartelWould(card, view, seat) {
  const rival = view.players.map((p, s) => s).find((s) => s !== seat);
  const advanced = view.mode === "advanced";
  const face = {
    Fumigación: `play Fumigación on ${COLOURS[rival]}`,
    Sabotaje: `play Sabotaje on ${COLOURS[rival]}`,
    Robo: `play Robo on ${COLOURS[rival]}`,
    Soborno: "bribe the police",
    Contacto: advanced ? "play Contacto for Miami" : "play Contacto",
  }[card] || `play ${card}`;
  return view.phase === "manage" && seat === view.active ? [`play ${card} face down`, face] : [face, `play ${card} face down`];
}

/** What a timeline card would stand for: a sale to a trafficker, a purchase, a removal. */
export function timelineWould(name, view, catalog) {
  const type = cardType(catalog, name);
  const kind = type ? type.kind : null;
  if (kind === "trafficker") return [view.phase === "manage" ? `sell early to the ${name}` : `sell to the ${name}`];
  if (kind === "lab" || kind === "transport" || kind === "storage") return [`buy ${name}`];
  if (kind === "police" || kind === "press" || kind === "military") return [`remove the ${name}`];
  return [];
}
