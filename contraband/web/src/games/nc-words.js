// Narcos' words: the table's English and Dutch, card and buyer names, and the log in Dutch.
// Flavour words stay Spanish in both languages (sicario, sapo, Cartel, the Cartel cards); the
// rest is translated by us (the rulebook is Spanish only): table-design.md section 4.
import { joinList } from "../i18n.js";

const COLOUR_NL = { red: "rood", blue: "blauw", green: "groen", yellow: "geel" };
export const colourName = (c, t) => (t && t.lang === "nl" ? COLOUR_NL[c] || c : c);

const CARD_NL = {
  "DEA action agent": "DEA-actie-agent", "DEA money agent": "DEA-geld-agent", "basic lab": "eenvoudig laboratorium",
  lab: "laboratorium", boat: "boot", plane: "vliegtuig", truck: "vrachtwagen", military: "militair", police: "politie",
  press: "pers", sapo: "sapo", "the permanent trafficker": "de vaste handelaar", "the contact": "het contact",
  "the cards left": "de overige kaarten", "the traffickers left": "de overige handelaars", "the raid": "de overval",
  laboratory: "laboratorium", storage: "opslag", gun: "pistool", siren: "sirene", basic: "basisspel", advanced: "gevorderd spel",
};

/** A Narcos card, buyer or place as the table's language names it. */
export function ncName(value, t) {
  if (typeof value !== "string" || !t || t.lang !== "nl") return value;
  if (CARD_NL[value]) return CARD_NL[value];
  let m = /^(.*) trafficker$/.exec(value);
  if (m) return /^the /.test(m[1]) ? `de handelaar uit ${m[1].slice(4)}` : `handelaar ${m[1]}`;
  if ((m = /^storage (\d+)$/.exec(value))) return `opslag ${m[1]}`;
  if ((m = /^the (.*) outlet$/.exec(value))) return `het afzetpunt in ${m[1]}`;
  if ((m = /^(.*) at -2$/.exec(value))) return `${m[1]} tegen -2`;
  return value;
}

const NL = { lang: "nl" };
const names = (list) => joinList((list || []).map((c) => ncName(c, NL)), NL);
const units = (n) => `${n} ${Number(n) === 1 ? "eenheid" : "eenheden"}`;

/** The log in Dutch: one template per event kind (logtext.js). */
export const LOG_NL = {
  tokens: (v, e) => `de gebeurtenisfiches gaan op het stedenbord: ${e.placement.map(([c, k]) => `${c} ${k === "boat" ? "boot" : k === "plane" ? "vliegtuig" : k}`).join(", ")}; ${e.outlet} is het afzetpunt tegen -2`,
  permanent: "{card} wordt als vaste handelaar naast de stapel gelegd",
  setup: (v, e) => `${e.mode === "advanced" ? "een gevorderd spel" : "een basisspel"}: ${e.deck} kaarten in de stapel van ronde 1, ${e.reserve} apart voor ronde 2; ${v.first} begint`,
  draw: "{seat} trekt {cards}", "draw:masked": "{seat} trekt {count|Cartel-kaart|Cartel-kaarten}",
  cartel_reshuffle: "de Cartel-stapel is op: {count|gespeelde kaart wordt|gespeelde kaarten worden} tot een nieuwe stapel geschud",
  turn: "beurt {turn} (ronde {round}): {seat} speelt; nog {cards|kaart|kaarten} in de stapel",
  head: "{seat} begint met de DEA vooraan de tijdlijn: {agents}",
  round2: (v, e) => (e.early ? `${v.starter} bouwt nu de stapel van ronde 2, met de ${e.left} overige kaarten van ronde 1: ${e.cards} kaarten` : `de stapel van ronde 1 is op: de stapel van ronde 2 wordt uit de aflegstapel gebouwd, ${e.cards} kaarten`),
  discard: "{count|kaart van de tijdlijn gaat|kaarten van de tijdlijn gaan} naar de aflegstapel",
  end: (v, e, seats) => `de stapel van ronde 2 is op en het spel eindigt (${e.money.map((m, s) => `${seats[s] ? seats[s].name : s} ${m}`).join(", ")} miljoen): ${joinList(e.winners.map((w) => (seats[w] ? seats[w].name : w)), NL)} ${e.winners.length === 1 ? "wint" : "delen de winst"}`,
  flip: (v, e) => `${v.seat} draait ${e.eighth ? "na de pers een 8e kaart om: " : ""}${v.card} (${v.side}) om: ${e.cards} ${e.cards === 1 ? "kaart" : "kaarten"}, gevaar ${e.danger}`,
  flee: "{card} is de derde sirene: {seat} vlucht",
  deck_spent: "de stapel is op: het omdraaien van {seat} eindigt",
  eighth_gun: "de 8e kaart is {card}, geen geldige kaart: die gaat naar de aflegstapel en het omdraaien eindigt",
  remove: "{seat} stuurt {sicarios|sicario|sicarios} en haalt {card} uit het spel",
  keep: "{seat} laat {card} op tafel liggen",
  activate: (v, e) => `twee sirenes: ${names(e.cards)} op de tijdlijn van ${v.seat} ${e.cards.length === 1 ? "wil" : "willen"} betaald worden`,
  pay_goods: "{seat} geeft {card} een goederenblokje uit {place}",
  pay_money: "{seat} betaalt {card} {money} miljoen",
  bribe: "{seat} koopt {card} om: geen betaling",
  unpaid: "{seat} kan {card} niet betalen: die geeft geen actie",
  unpaid_stop: "een onbetaalde kaart stopt het omdraaien van {seat}",
  press_forces: "de pers dwingt {seat} nog een kaart om te draaien",
  press_eighth: "de 7e kaart is een pers: {seat} moet een 8e kaart omdraaien, die alleen telt als het een geldige kaart is",
  peek: "de sapo toont {seat} de volgende kaart: {card}", "peek:masked": "de sapo toont {seat} de volgende kaart",
  place: "{seat} legt de getoonde kaart neer",
  decline: "{seat} weigert de getoonde kaart en stopt; die blijft bovenop de stapel",
  limit: "{seat} heeft {max} kaarten op tafel: het omdraaien eindigt",
  stop: "{seat} stopt met {cards|kaart|kaarten} op tafel",
  seized: (v, e) => `de buit van de politie bij ${v.seat} (${e.goods} ${e.goods === 1 ? "goederenblokje" : "goederenblokjes"}, ${e.money} miljoen) gaat naar ${e.warehouse ? "het politiepakhuis" : "de voorraad"}`,
  actions: (v, e) => (e.fled ? `${v.seat} is gevlucht: 1 actie, geen pistolenbonus` : `${v.seat} stopt met omdraaien met ${e.actions} ${e.actions === 1 ? "actie" : "acties"} en ${e.guns} ${e.guns === 1 ? "pistool" : "pistolen"}`),
  bonus: (v, e) => `de ${e.guns} pistolen van ${v.seat} leveren ${e.choice === "sicario" ? "een sicario" : "Cartel-kaarten"} op`,
  hire: "{seat} betaalt {money} miljoen om van een werknemer een sicario te maken (nu {sicarios})",
  cartel: (v, e) => {
    const on = Number.isInteger(e.target) && e.target >= 0 ? ` tegen ${v.target}` : "";
    const costs = [e.money ? `${e.money} miljoen` : null, e.sicarios ? `${e.sicarios} ${e.sicarios === 1 ? "sicario" : "sicarios"}` : null].filter(Boolean);
    return `${v.seat} speelt ${e.card}${on}${costs.length ? `, en betaalt ${costs.join(" en ")}` : ""}`;
  },
  fumigated: "{target} verliest een gewas (nog {crops})",
  sabotaged: "{target} verliest {goods} goederen uit het laboratorium",
  hijacked: "{seat} neemt {goods} goederen uit de opslag van {target}",
  recruited: "{seat} krijgt een sicario (nu {sicarios})",
  pressure: "{target} moet nog een kaart omdraaien voor het stoppen",
  overtime: "{seat} krijgt {amount|actie|acties} erbij ({actions} te besteden)",
  contact: "{seat} heeft een contact: een koper in {buyer}",
  assault: "{seat} overvalt het politiepakhuis: {goods} goederen naar het laboratorium en {money} miljoen",
  tip_off: "{seat} bekijkt de bovenste {count|kaart|kaarten}: {cards}", "tip_off:masked": "{seat} bekijkt de bovenste {count|kaart|kaarten}",
  put: "{seat} legt {card} terug op de stapel", "put:masked": "{seat} legt een kaart terug op de stapel",
  back: "{seat} speelt {card} gedekt voor een actie ({actions} te besteden)",
  "back:masked": "{seat} speelt een Cartel-kaart gedekt voor een actie ({actions} te besteden)",
  produce: "{seat} produceert {amount} goederen ({lab} in het laboratorium; nog {actions|actie|acties})",
  transport: "{seat} vervoert {amount} goederen naar de opslag ({storage} daar; nog {actions|actie|acties})",
  worker_action: "{seat} zet een werknemer in voor een actie (nog {workers|werknemer|werknemers}; {actions} te besteden)",
  end_actions: "{seat} beëindigt de acties na er {done} te hebben uitgevoerd",
  agent_follows: "{seat} voerde {actions|actie|acties} uit: de DEA-actie-agent volgt {seat} in de volgende beurt",
  agent_watches: "de DEA-actie-agent wacht naast de stapel",
  agent_leaves: "de DEA-actie-agent verlaat {seat} en wacht naast de stapel",
  money_agent: (v, e) => (e.first ? `de DEA-geld-agent gaat naar de rijkste speler, ${v.seat} (${e.money} miljoen)` : `de DEA-geld-agent gaat naar ${v.seat}, nu de rijkste (${e.money} miljoen)`),
  sale: (v, e) => {
    const details = [e.handed ? `${e.handed} aan rivalen gegeven` : null, e.commission ? `${e.commission} als commissie gehouden` : null].filter(Boolean);
    return `${v.seat} verkoopt ${e.early ? "vroeg " : ""}${units(e.units)} aan ${v.buyer} (${e.city})${details.length ? ` (${details.join("; ")})` : ""}: ${e.money} miljoen`;
  },
  hand_over: (v, e) => `${v.seat} geeft ${units(e.units)} aan ${v.to}, die meer werknemers heeft in ${e.city}${e.lost ? ` (${e.lost} passen niet in de opslag en gaan verloren)` : ""}`,
  token: (v, e) => `het fiche ${e.token === "boat" ? "boot" : e.token === "plane" ? "vliegtuig" : e.token} van ${e.city} levert ${v.seat} ${e.money} miljoen extra op`,
  send: "{seat} stuurt een werknemer voorgoed naar {city} (+{money} miljoen)",
  keep_worker: "{seat} houdt de werknemer thuis",
  keep_goods: "{seat} houdt {units} goederen in de opslag",
  collect: "{seat} ontvangt {money} miljoen voor de verkopen (nu {total})",
  pass: "{seat} past ({what})",
  crop: "{seat} plant een gewas voor {money} miljoen ({crops|gewas|gewassen})",
  buy: (v, e) => `${v.seat} koopt ${v.card} voor ${e.money} miljoen${e.leftover ? " na de investering van de beurt" : ""}; ${v.old} gaat naar de aflegstapel${e.lost ? `; ${e.lost} goederen passen niet en gaan verloren` : ""}`,
  invest_nothing: "{seat} investeert niets",
};

export const words = {
  en: {
    "nc.do.flip": "Flip a Narcos card", "nc.do.stop": "Stop flipping", "nc.do.hire": "Convert a worker into a sicario ($2M)",
    "nc.do.produce": "Produce in the Laboratory", "nc.do.transport": "Transport goods to storage", "nc.do.worker_action": "Spend a worker for an action",
    "nc.do.end_actions": "End actions", "nc.do.pass": "Pass", "nc.do.invest_nothing": "Invest nothing", "nc.do.crop": "Plant a crop",
    "nc.do.keep_goods": "Keep the goods", "nc.do.round2": "Start round 2", "nc.do.keep_worker": "Keep the worker",
    "nc.dec.start": "Start the turn: flip the first card (or play a Cartel card)", "nc.dec.flip": "Flip another card, or stop",
    "nc.dec.remove": "Send a sicario to remove the card just flipped?", "nc.dec.pay": "Pay the police or military: from the lab or storage",
    "nc.dec.peek": "The sapo shows you the top card: place it or decline", "nc.dec.order": "Chivatazo: put the cards back in an order",
    "nc.dec.bonus": "Four guns: take a sicario or two Cartel cards", "nc.dec.pressure": "Pressure: answer or pass",
    "nc.dec.manage": "Network management: produce, transport, sell, or end", "nc.dec.raid": "A raid: answer with a Cartel card or pass",
    "nc.dec.sell": "Sell the goods, or keep them", "nc.dec.worker": "Send a worker to a city, or keep it",
    "nc.dec.leftover": "Sell the leftovers, or pass", "nc.dec.invest": "Improvements: buy a card, plant a crop, or invest nothing",
    "nc.dec.purchase": "Buy a card, or pass",
    "nc.deck": "Narcos deck", "nc.round": "round {n}", "nc.turn": "turn {n}", "nc.danger": "danger", "nc.guns": "guns",
    "nc.actions": "actions: {done} taken, {left} left", "nc.timeline": "Timeline of {who}", "nc.pending": "just flipped", "nc.unpaid": "unpaid",
    "nc.used": "used", "nc.permanent": "permanent trafficker", "nc.dea": "DEA", "nc.deaAction": "action agent", "nc.deaMoney": "money agent",
    "nc.cartelDeck": "Cartel deck", "nc.plantation": "Plantation", "nc.lab": "Laboratory", "nc.transport": "Transport", "nc.storage": "Storage",
    "nc.workers": "workers", "nc.sicarios": "sicarios", "nc.cartel": "Cartel", "nc.faceDown": "face down", "nc.money": "money",
    "nc.goods": "goods", "nc.capacity": "capacity {n}", "nc.yourCartel": "Your Cartel cards", "nc.yourFaceDown": "played face down",
    "nc.cities": "Cities", "nc.warehouse": "police warehouse: {goods} goods, {money}", "nc.top": "known on top", "nc.looking": "Chivatazo",
    "nc.discards": "discards", "nc.removed": "removed", "nc.richest": "the most money", "nc.contact": "contact",
    "nc.shared": "a tie for the most money: the win is shared", "nc.ended": "{n} turns, ended in round {round} ({mode} game)", "nc.ended.one": "{n} turn, ended in round {round} ({mode} game)",
    "nc.do.back": "Play {card} face down for an action", "nc.do.bonus.sicario": "Take a sicario", "nc.do.bonus.cards": "Take 2 Cartel cards",
    "nc.do.bribe": "Bribe the {card}", "nc.do.buy": "Buy the {card}", "nc.do.cartel": "Play {card}", "nc.do.cartelOn": "Play {card} on {target}",
    "nc.do.cartelFor": "Play {card} for {city}", "nc.do.order": "Put the {card} next", "nc.do.pay.lab": "Pay from the laboratory",
    "nc.do.pay.storage": "Pay from storage", "nc.do.pay.money": "Pay {money} million", "nc.do.pay.unpaid": "Leave it unpaid",
    "nc.do.peek.yes": "Place the peeked card", "nc.do.peek.no": "Decline the peeked card", "nc.do.remove.yes": "Send sicarios: remove the {card}",
    "nc.do.remove.no": "Keep the {card}", "nc.do.sell": "Sell to {buyer}", "nc.do.sellEarly": "Sell early to {buyer}",
    "nc.do.send": "Send a worker to {city}",
    "nc.wait.start": "{who} starts the turn", "nc.wait.flip": "{who} flips another card or stops",
    "nc.wait.remove": "{who} decides whether sicarios remove the card just flipped", "nc.wait.pay": "{who} pays the police or military",
    "nc.wait.peek": "{who} looks at the sapo's card", "nc.wait.order": "{who} puts the cards back in an order (Chivatazo)",
    "nc.wait.bonus": "{who} takes the four-gun bonus", "nc.wait.pressure": "{who} may play Presión",
    "nc.wait.manage": "{who} manages the network", "nc.wait.raid": "{who} may answer the raid with a Cartel card",
    "nc.wait.sell": "{who} sells the goods or keeps them", "nc.wait.worker": "{who} sends a worker to a city or keeps it",
    "nc.wait.leftover": "{who} may sell to the traffickers left", "nc.wait.invest": "{who} invests",
    "nc.wait.purchase": "{who} may buy a card left",
    "nc.dea.held": "held by {who}", "nc.dea.watching": "watching beside the deck", "nc.dea.timeline": "on the timeline", "nc.dea.unseen": "not yet seen",
  },
  nl: {
    "nc.do.flip": "Draai een Narcos-kaart om", "nc.do.stop": "Stoppen", "nc.do.hire": "Maak van een werknemer een sicario ($2M)",
    "nc.do.produce": "Produceer in het laboratorium", "nc.do.transport": "Vervoer goederen naar de opslag", "nc.do.worker_action": "Zet een werknemer in voor een actie",
    "nc.do.end_actions": "Acties beëindigen", "nc.do.pass": "Passen", "nc.do.invest_nothing": "Niets investeren", "nc.do.crop": "Plant een gewas",
    "nc.do.keep_goods": "Houd de goederen", "nc.do.round2": "Begin ronde 2", "nc.do.keep_worker": "Houd de werknemer",
    "nc.dec.start": "Begin de beurt: draai de eerste kaart om (of speel een Cartel-kaart)", "nc.dec.flip": "Draai nog een kaart om, of stop",
    "nc.dec.remove": "Een sicario op de zojuist omgedraaide kaart zetten?", "nc.dec.pay": "Betaal politie of leger: uit het laboratorium of de opslag",
    "nc.dec.peek": "De sapo toont de bovenste kaart: leg hem neer of weiger", "nc.dec.order": "Chivatazo: leg de kaarten in een volgorde terug",
    "nc.dec.bonus": "Vier pistolen: neem een sicario of twee Cartel-kaarten", "nc.dec.pressure": "Presión: reageer of pas",
    "nc.dec.manage": "Netwerkbeheer: produceer, vervoer, verkoop, of stop", "nc.dec.raid": "Een overval: reageer met een Cartel-kaart of pas",
    "nc.dec.sell": "Verkoop de goederen, of houd ze", "nc.dec.worker": "Stuur een werknemer naar een stad, of houd hem",
    "nc.dec.leftover": "Verkoop de restjes, of pas", "nc.dec.invest": "Verbeteringen: koop een kaart, plant een gewas, of investeer niets",
    "nc.dec.purchase": "Koop een kaart, of pas",
    "nc.deck": "Narcos-stapel", "nc.round": "ronde {n}", "nc.turn": "beurt {n}", "nc.danger": "gevaar", "nc.guns": "pistolen",
    "nc.actions": "acties: {done} gedaan, {left} over", "nc.timeline": "Tijdlijn van {who}", "nc.pending": "net omgedraaid", "nc.unpaid": "onbetaald",
    "nc.used": "gebruikt", "nc.permanent": "vaste handelaar", "nc.dea": "DEA", "nc.deaAction": "actie-agent", "nc.deaMoney": "geld-agent",
    "nc.cartelDeck": "Cartel-stapel", "nc.plantation": "Plantage", "nc.lab": "Laboratorium", "nc.transport": "Transport", "nc.storage": "Opslag",
    "nc.workers": "werknemers", "nc.sicarios": "sicarios", "nc.cartel": "Cartel", "nc.faceDown": "gedekt", "nc.money": "geld",
    "nc.goods": "goederen", "nc.capacity": "capaciteit {n}", "nc.yourCartel": "Jouw Cartel-kaarten", "nc.yourFaceDown": "gedekt gespeeld",
    "nc.cities": "Steden", "nc.warehouse": "politiepakhuis: {goods} goederen, {money}", "nc.top": "bekend bovenop", "nc.looking": "Chivatazo",
    "nc.discards": "aflegstapel", "nc.removed": "verwijderd", "nc.richest": "het meeste geld", "nc.contact": "contact",
    "nc.shared": "gelijk aan geld: de winst wordt gedeeld", "nc.ended": "{n} beurten, afgelopen in ronde {round} ({mode})", "nc.ended.one": "{n} beurt, afgelopen in ronde {round} ({mode})",
    "nc.do.back": "Speel {card} gedekt voor een actie", "nc.do.bonus.sicario": "Neem een sicario", "nc.do.bonus.cards": "Neem 2 Cartel-kaarten",
    "nc.do.bribe": "Koop {card} om", "nc.do.buy": "Koop {card}", "nc.do.cartel": "Speel {card}", "nc.do.cartelOn": "Speel {card} tegen {target}",
    "nc.do.cartelFor": "Speel {card} voor {city}", "nc.do.order": "Leg {card} als volgende", "nc.do.pay.lab": "Betaal uit het laboratorium",
    "nc.do.pay.storage": "Betaal uit de opslag", "nc.do.pay.money": "Betaal {money} miljoen", "nc.do.pay.unpaid": "Laat onbetaald",
    "nc.do.peek.yes": "Leg de getoonde kaart neer", "nc.do.peek.no": "Weiger de getoonde kaart", "nc.do.remove.yes": "Stuur sicarios: verwijder {card}",
    "nc.do.remove.no": "Laat {card} liggen", "nc.do.sell": "Verkoop aan {buyer}", "nc.do.sellEarly": "Verkoop vroeg aan {buyer}",
    "nc.do.send": "Stuur een werknemer naar {city}",
    "nc.wait.start": "{who} begint de beurt", "nc.wait.flip": "{who} draait nog een kaart om of stopt",
    "nc.wait.remove": "{who} beslist of sicarios de omgedraaide kaart verwijderen", "nc.wait.pay": "{who} betaalt politie of leger",
    "nc.wait.peek": "{who} bekijkt de kaart van de sapo", "nc.wait.order": "{who} legt de kaarten in een volgorde terug (Chivatazo)",
    "nc.wait.bonus": "{who} neemt de bonus voor vier pistolen", "nc.wait.pressure": "{who} mag Presión spelen",
    "nc.wait.manage": "{who} beheert het netwerk", "nc.wait.raid": "{who} mag de overval beantwoorden met een Cartel-kaart",
    "nc.wait.sell": "{who} verkoopt de goederen of houdt ze", "nc.wait.worker": "{who} stuurt een werknemer naar een stad of houdt hem",
    "nc.wait.leftover": "{who} mag verkopen aan de overgebleven handelaars", "nc.wait.invest": "{who} investeert",
    "nc.wait.purchase": "{who} mag een overgebleven kaart kopen",
    "nc.dea.held": "bij {who}", "nc.dea.watching": "wacht naast de stapel", "nc.dea.timeline": "op de tijdlijn", "nc.dea.unseen": "nog niet gezien",
  },
};
