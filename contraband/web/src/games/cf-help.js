// Counterfeiters' help bubbles: what each component and symbol on the table is, what it does and
// its printed values (read from the game's catalog, so they cannot drift from the engine's).
import { cardKind, cardName, colourName, spaceName } from "./cf-words.js";

export const STARS = ["★", "★★", "★★★"];
/** The words the engine's labels use for the qualities ("sell 2 one-star"). */
export const QUALITY_WORDS = ["one-star", "two-star", "three-star"];

const lines = (...parts) => parts.filter(Boolean).join("\n");
/** The first number of a catalog text ("gives 2 fake notes" → 2), for the Dutch sentences. */
const firstNumber = (text) => (String(text || "").match(/\d+/) || ["?"])[0];
const money = (catalog) => (catalog && catalog.money) || {};
const track = (catalog) => (catalog && catalog.police_track) || {};

function cardItem(catalog, name) {
  const items = catalog && catalog.cards ? catalog.cards.items : [];
  return items.find((c) => c.name === name) || null;
}

/** The catalog's kind of card ("jet") as the table names it ("private jet"). */
const KIND_KEY = { "private jet": "jet", "lottery ticket": "lottery", "Great Lawyer": "great lawyer", "Bad Lawyer": "bad lawyer" };

/** A card: its name, then what it does (the catalog's text; in Dutch ours with its numbers). */
export function cardHelp(name, catalog, t) {
  const item = cardItem(catalog, name);
  const kind = KIND_KEY[cardKind(name)] || cardKind(name);
  const ours = t.lang !== "en" || !item || kind === "lottery"; // a lottery ticket says its value
  const text = !ours ? item.text : t(`cf.help.card.${kind}`, { n: firstNumber(item && item.text), value: item && item.value });
  const mark = item && item.mark ? t("cf.help.cardMark", { mark: item.mark }) : "";
  return lines(`${cardName(name, t)}`, text, mark);
}

export function marketHelp(m, view, catalog, t) {
  const who = m.occupant != null ? t("cf.help.takenBy", { who: colourName(view.seats[m.occupant].colour, t) }) : "";
  return lines(
    t("cf.help.market", { slot: m.slot, price: m.price }),
    m.open === false ? t("cf.help.only4") : "",
    m.trash ? t("cf.help.trashSlot") : "",
    m.card ? cardHelp(m.card, catalog, t) : t("cf.help.noCard"),
    who,
  );
}

/** What an action space does, with its numbers. */
export function actionHelp(action, catalog, t) {
  const cash = money(catalog);
  const printer = (catalog && catalog.cards ? catalog.cards.items : []).find((c) => c.kind === "printer");
  switch (action) {
    case "supermarket":
      return t("cf.help.supermarket", { notes: cash.supermarket ? cash.supermarket.notes : "?", pays: cash.supermarket ? cash.supermarket.pays : "?" });
    case "fence": {
      const rates = (cash.fence && cash.fence.rates) || [];
      return t("cf.help.fence", { notes: cash.fence ? cash.fence.notes : "?", r1: rates[0], r2: rates[1], r3: rates[2] });
    }
    case "print":
      return t("cf.help.print", { n: firstNumber(printer && printer.text) });
    case "tax fraud":
      return t("cf.help.tax", { amount: cash.tax_fraud ?? "?" });
    case "commercial flight":
      return t("cf.help.commercial", { fare: cash.fare ?? "?", unit: cash.unit ?? "?" });
    case "private jet":
      return t("cf.help.jet", { unit: cash.unit ?? "?" });
    default:
      return "";
  }
}

export function spaceHelp(s, view, catalog, t) {
  const who = s.occupant != null ? t("cf.help.takenBy", { who: colourName(view.seats[s.occupant].colour, t) }) : t("cf.help.freeSpace");
  const flight = s.action.includes("flight") || s.action === "private jet";
  return lines(
    spaceName(s.space, t),
    actionHelp(s.action, catalog, t),
    s.cap ? t("cf.help.cap") : "",
    s.sunglasses ? t("cf.help.sunglasses") : "",
    flight && view.police.strike ? t("cf.help.strikeNow") : "",
    who,
  );
}

/** The marks of one police-track space, as the table shows them (GF, ★, ✈✗, END). */
export function trackMarks(marks, t) {
  return marks.map((m) => (m === "Godfather" ? "GF" : m.startsWith("investigation") ? m.slice(14) : m === "air-traffic strike" ? "✈✗" : m === "end of the game" ? t("cf.endMark") : m));
}

/** One police-track space: its number, what its marks do, the pawn, where it starts. */
export function trackHelp(c, view, catalog, t) {
  const parts = [t("cf.help.trackSpace", { n: c.space })];
  for (const m of c.marks) {
    if (m === "Godfather") parts.push(t("cf.help.godfather"));
    else if (m.startsWith("investigation")) parts.push(t("cf.help.investigation", { stars: m.slice(14) }));
    else if (m === "air-traffic strike") parts.push(t("cf.help.strike"));
    else if (m === "end of the game") parts.push(t("cf.help.end"));
  }
  if (!c.marks.length) parts.push(t("cf.help.plain"));
  const start = track(catalog).start || {};
  if (start[String(view.seats.length)] === c.space) parts.push(t("cf.help.start", { n: view.seats.length }));
  if (view.police.pawn === c.space) parts.push(t("cf.help.pawnHere"));
  return lines(...parts);
}

/** The legend under the track: each symbol with its word and its help. */
export function legend(t) {
  return [
    { mark: "GF", word: t("cf.legend.godfather"), help: t("cf.help.godfather") },
    { mark: STARS.join(" "), word: t("cf.legend.investigation"), help: t("cf.help.investigationAll") },
    { mark: "✈✗", word: t("cf.legend.strike"), help: t("cf.help.strike") },
    { mark: t("cf.endMark"), word: t("cf.legend.end"), help: t("cf.help.end") },
    { mark: "●", word: t("cf.pawn"), help: t("cf.help.pawn") },
  ];
}

export function supplyHelp(view, catalog, t) {
  const start = (catalog && catalog.fake_notes && catalog.fake_notes.supply) || {};
  const counts = STARS.map((s, q) => `${s} ${view.supply[q]}/${start[s] ?? "?"}`).join(" · ");
  return lines(t("cf.help.supply"), counts);
}

export function deckHelp(view, t) {
  const by = Object.entries(view.deck.by_category).map(([k, n]) => `${k}: ${n}`).join(" · ");
  return lines(t("cf.help.deck", { n: view.deck.size }), by);
}
