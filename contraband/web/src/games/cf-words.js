// Counterfeiters' words: the table's English and Dutch, card names and the log in Dutch.
const COLOUR_NL = { red: "rood", blue: "blauw", green: "groen", yellow: "geel" };
const STARS = ["★", "★★", "★★★"];
const notes = (n) => `${n} ${Number(n) === 1 ? "biljet" : "biljetten"}`;
export const colourName = (c, t) => (t && t.lang === "nl" ? COLOUR_NL[c] || c : c);

/** The card kinds as the Dutch rulebook names them. */
const KIND_NL = {
  printer: "printer", ink: "inkt", paper: "papier", hologram: "hologram", diner: "diner",
  "private jet": "privéjet", "lottery ticket": "winnend lot", "Great Lawyer": "grote advocaat", "Bad Lawyer": "slechte advocaat",
};

/** A card's kind: "lottery ticket $60 (D4)" is a lottery ticket. */
export const cardKind = (name) => String(name || "").replace(/ \(.*\)$/, "").replace(/ \$\d+$/, "");

/** "lottery ticket $60 (D4)" → "winnend lot $60 (D4)" in Dutch. */
export function cardName(name, t) {
  if (!name || !t || t.lang !== "nl") return name;
  const kind = cardKind(name);
  return KIND_NL[kind] ? KIND_NL[kind] + String(name).slice(kind.length) : name;
}

/** "market 4" → "Zwarte markt 4", "tax fraud 2" → "Belastingfraude 2". */
export function spaceName(space, t) {
  const m = String(space).match(/^(.*?)( \d+)?$/);
  return `${t(`cf.space.${m[1]}`, { fallback: m[1] })}${m[2] || ""}`;
}

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
    "cf.moveHere": "move", "cf.lawyer": "lawyer", "cf.do.amountNone": "Move nothing", "cf.space.market": "Black market",
    "cf.endMark": "END", "cf.cap": "police cap", "cf.sunglasses": "sunglasses", "cf.pawn": "police pawn",
    "cf.wait.place": "{who} places a henchman or passes", "cf.wait.sell": "{who} chooses how many notes to sell",
    "cf.wait.direction": "{who} flies to the Caribbean", "cf.wait.amount": "{who} flies to the Caribbean",
    "cf.wait.lawyer": "{who} decides on a lawyer's move",
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
    "cf.moveHere": "verplaats", "cf.lawyer": "advocaat", "cf.do.amountNone": "Verplaats niets", "cf.space.market": "Zwarte markt",
    "cf.endMark": "EINDE", "cf.cap": "politiepet", "cf.sunglasses": "zonnebril", "cf.pawn": "politieagent",
    "cf.wait.place": "{who} zet een handlanger in of slaat over", "cf.wait.sell": "{who} kiest hoeveel biljetten te verkopen",
    "cf.wait.direction": "{who} vliegt naar de Caraïben", "cf.wait.amount": "{who} vliegt naar de Caraïben",
    "cf.wait.lawyer": "{who} beslist over de zet van een advocaat",
  },
};

export const LOG_NL = {
  undealt: "de niet uitgedeelde startkaarten gaan uit het spel: {cards}", unused: "kaarten die met {players} spelers niet meedoen gaan uit het spel: {cards}",
  pawn_start: "de politieagent begint op veld {space} van het politiespoor",
  strike: "staking luchtverkeersleiders: niemand kan vliegen zolang de agent hier staat", strike_over: "de agent gaat verder: de staking is voorbij",
  end_trigger: "de politie bereikt het laatste veld: het spel eindigt na de actie van {seat}; wie nog een handlanger heeft, zet er nog één in",
  no_lawyer: "{seat} gebruikt de {lawyer} niet", marker_late: "{seat} neemt de startspelermarker (er volgt geen ronde meer)",
  deck_empty: "de stapel is op: plaats {slot} van de zwarte markt blijft leeg",
  end: (v, e) => `het spel is afgelopen: ${e.scores.map((x) => "$" + x).join(", ")}`,
  deal: "{seat} krijgt {printer} en {component} uit de startkaarten, open", fly: "{seat} vliegt naar de Caraïben en betaalt ${fare}",
  print: (v, e) => `${v.seat} print ${notes(e.count)} ${STARS[e.quality]}`,
  pick: (v, e) => `${v.seat} legt ${notes(e.count)} ${STARS[e.quality]} op de toonbank`,
  sold: (v, e) => `${v.seat} verkoopt valse biljetten voor $${e.cash}`,
  diner: (v, e) => `de ${v.card} van ${v.seat} maakt van een biljet ${STARS[e.quality]} echte $50`,
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
  round_limit: "ronde {round} was de laatste die het programma toestaat: het spel eindigt met de uitbetaling van de loten en de telling",
};
