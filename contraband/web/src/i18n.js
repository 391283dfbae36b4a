// English and Dutch (the rulebooks' language). Each game adds its own words (games/*.jsx).
import { createContext } from "preact";
import { useContext } from "preact/hooks";

const KEY = "contraband.lang";

export const WORDS = {
  en: {
    "app.title": "contraband",
    "app.tagline": "Five underworld board games, one table. Play friends or bots in the browser.",
    "lang.switch": "Nederlands",
    "lang.name": "English",
    "lobby.games": "Choose a game",
    "lobby.loading": "Loading the games…",
    "lobby.players": "{min}–{max} players",
    "lobby.player": "{min} player",
    "lobby.exactly": "{min} players",
    "lobby.playerCount": "Players",
    "lobby.options": "Options",
    "lobby.seats": "Seats",
    "lobby.seat": "Seat {n}",
    "lobby.human": "Human (a link to share)",
    "lobby.bot": "Bot: {level}",
    "lobby.seed": "Seed (optional, for a repeatable deal)",
    "lobby.seedHint": "Only for a game with at most one human seat: with two people, whoever knows the seed knows every card.",
    "lobby.public": "Public game",
    "lobby.publicHint": "Listed in the lobby: anyone may watch. Otherwise only those you give the spectator link.",
    "lobby.publicGames": "Public games",
    "lobby.watch": "watch",
    "table.handBack": "Hand back to a person",
    "table.newLink": "New link for this seat",
    "table.stillHere": "still at the table",
    "table.letBotPlay": "Let a bot play my seat",
    "lobby.create": "Create the game",
    "lobby.creating": "Creating…",
    "lobby.created": "Game created",
    "lobby.links": "Each human seat has its own secret link: keep yours, send the others theirs.",
    "lobby.copy": "Copy link",
    "lobby.copied": "Copied",
    "lobby.share": "Share",
    "lobby.open": "Open",
    "lobby.spectator": "Spectators",
    "lobby.host": "Host link (hand a seat to a bot)",
    "lobby.running": "My running games",
    "lobby.finished": "My finished games",
    "lobby.none": "None yet.",
    "lobby.forget": "Forget",
    "lobby.replay": "Replay",
    "lobby.toMove": "{who} to move",
    "lobby.over": "over",
    "lobby.yes": "yes",
    "lobby.no": "no",
    "lobby.planned": "coming soon",
    "game.narcos.title": "Narcos",
    "game.narcos.summary": "Flip cards for actions until you stop, dodging police, military, the press and the DEA; produce, ship and sell, and grow your network.",
    "option.first_player": "first player",
    "option.deck_passes": "deck passes",
    "option.reselect_hand": "reselect the hand",
    "option.random_mounties": "random mounties",
    "option.blind_smuggling": "blind smuggling",
    "option.random_start": "random start player",
    "option.mode": "mode",
    "option.first_player.seat 0": "Tony (seat 1)", "option.first_player.seat 1": "Tino (seat 2)",
    "colour.red": "red", "colour.blue": "blue", "colour.green": "green", "colour.yellow": "yellow", "colour.purple": "purple",
    "level.easy": "easy",
    "level.medium": "medium",
    "level.hard": "hard",
    "level.random": "random",
    "table.back": "Lobby",
    "table.loading": "Loading the table…",
    "table.missing": "There is no such game on this server.",
    "table.refused": "This link is not valid for this game.",
    "table.private": "This game is private: ask its players for the spectator link.",
    "table.offline": "Connection lost — reconnecting…",
    "table.you": "you",
    "table.bot": "bot",
    "table.spectator": "You are watching as a spectator.",
    "table.yourTurn": "Your turn",
    "table.waiting": "{who} is deciding",
    "table.thinking": "{who} (bot) is thinking…",
    "table.over": "The game is over",
    "table.choices": "All choices ({n})",
    "table.noChoices": "Nothing to decide right now.",
    "table.undo": "Undo",
    "table.undoHint": "Take back your last decision (only while nothing was revealed or drawn since)",
    "table.autoplay": "Play my forced moves",
    "table.log": "Log",
    "table.keys": "Keys",
    "table.keysHelp":
      "Tab / Shift+Tab: the things you can choose now · Enter or Space: choose · Esc: drop a selection · 1–9: pick from All choices · L: the log · U: undo · ?: this help",
    "table.notLegal": "Not possible now.",
    "table.how": "How does this work?",
    "table.readRule": "Read the rule",
    "coach.step": "Lesson {n} of {of}",
    "coach.watch": "The other side is moving: watch the table and the log.",
    "coach.alone": "That was the lesson: you play on alone now. Good luck!",
    "coach.close": "Close",
    "coach.try": "In this lesson, try this: {what}",
    "lobby.learn": "Learn to play",
    "lobby.learning": "Setting up your first game…",
    "table.won": "{who} won",
    "table.wonWith": "{who} won with {score}",
    "table.legalAre": "You can choose: {list}.",
    "table.notYourTurn": "It is not your turn: {who} is deciding.",
    "table.spectatorClick": "Spectators watch; they cannot choose.",
    "table.cancel": "Cancel",
    "table.choose": "Choose",
    "table.pick": "What do you want to do with {what}?",
    "table.selected": "Selected: {what}. Now choose where.",
    "table.refusedMove": "The server refused that: {why}",
    "table.stale": "The game moved on — here is the new position.",
    "table.final": "Final result",
    "table.winner": "{who} wins",
    "table.winners": "Shared win: {who}",
    "table.noWinner": "No player wins",
    "table.score": "Score",
    "table.reason": "Why",
    "table.replay": "Replay this game",
    "table.seat": "Seat",
    "table.handToBot": "Hand to a bot",
    "table.copyLink": "Copy this seat's link",
    "table.changed": "changed",
    "table.lastMove": "Last move",
    "table.phase": "Phase",
    "table.hand": "Hand",
    "table.cards": "{n} cards",
    "table.deck": "Deck",
    "table.discards": "Discards",
    "table.tray": "Your tray — only you see this",
    "table.count": "{n}",
    "table.step": "Step {n} of {total}",
    "replay.title": "Replay",
    "replay.start": "Start",
    "replay.back": "Step back",
    "replay.forward": "Step forward",
    "replay.end": "End",
    "replay.viewAs": "View as",
    "replay.spectator": "spectator",
    "replay.action": "{who}: {what}",
    "replay.setup": "The set-up",
    "replay.table": "Back to the table",
    "replay.notOver": "The replay opens once the game is over.",
  },
  nl: {
    "app.title": "contraband",
    "app.tagline": "Vijf onderwereld-bordspellen, één tafel. Speel tegen vrienden of bots in de browser.",
    "lang.switch": "English",
    "lang.name": "Nederlands",
    "lobby.games": "Kies een spel",
    "lobby.loading": "De spellen worden geladen…",
    "lobby.players": "{min}–{max} spelers",
    "lobby.player": "{min} speler",
    "lobby.exactly": "{min} spelers",
    "lobby.playerCount": "Spelers",
    "lobby.options": "Opties",
    "lobby.seats": "Plaatsen",
    "lobby.seat": "Plaats {n}",
    "lobby.human": "Mens (een link om te delen)",
    "lobby.bot": "Bot: {level}",
    "lobby.seed": "Seed (optioneel, voor een herhaalbare verdeling)",
    "lobby.seedHint": "Alleen voor een spel met hooguit één menselijke speler: wie de seed kent, kent elke kaart.",
    "lobby.public": "Openbaar spel",
    "lobby.publicHint": "Staat in de lobby: iedereen mag kijken. Anders alleen wie de toeschouwerslink krijgt.",
    "lobby.publicGames": "Openbare spellen",
    "lobby.watch": "kijken",
    "table.handBack": "Geef terug aan een mens",
    "table.newLink": "Nieuwe link voor deze plaats",
    "table.stillHere": "zit nog aan tafel",
    "table.letBotPlay": "Laat een bot mijn plaats spelen",
    "lobby.create": "Maak het spel",
    "lobby.creating": "Bezig…",
    "lobby.created": "Spel gemaakt",
    "lobby.links": "Elke menselijke plaats heeft een eigen geheime link: houd de jouwe, stuur de anderen de hunne.",
    "lobby.copy": "Kopieer link",
    "lobby.copied": "Gekopieerd",
    "lobby.share": "Delen",
    "lobby.open": "Open",
    "lobby.spectator": "Toeschouwers",
    "lobby.host": "Link van de maker (geef een plaats aan een bot)",
    "lobby.running": "Mijn lopende spellen",
    "lobby.finished": "Mijn afgelopen spellen",
    "lobby.none": "Nog geen.",
    "lobby.forget": "Vergeet",
    "lobby.replay": "Herhaling",
    "lobby.toMove": "{who} is aan zet",
    "lobby.over": "afgelopen",
    "lobby.yes": "ja",
    "lobby.no": "nee",
    "lobby.planned": "binnenkort",
    "game.narcos.title": "Narcos",
    "game.narcos.summary": "Draai kaarten om voor acties tot je stopt, ontwijk politie, leger, pers en de DEA; produceer, vervoer en verkoop, en bouw je netwerk uit.",
    "game.tony-tino.summary": "Zet spelfiguren op de controlepunten van Chicago in de volgorde die de schijfjes bepalen; maak een straat vol met de hoogste som en int het beschermgeld.",
    "game.al-cabohne.summary": "Plant bonen in de vaste volgorde van je hand, verkoop velden voor muntjes en betaal de bonenmaffia, die meedingt naar de winst (dubbel in het solospel).",
    "game.nacho-incident.summary": "Elke beurt huurt iedereen in het geheim een smokkelaar in; de hoogste rang gaat eerst maar krijgt de mountie. Lever voedsel voor de prijs, win cantinameerderheden, ontloop arrestaties.",
    "game.counterfeiters.summary": "Zet handlangers in om printers en onderdelen op de zwarte markt te kopen, print valse bankbiljetten, geef ze uit in de supermarkt of bij een heler, en vlieg je geld offshore voor de Godfather de helft neemt. Het politiespoor beëindigt het spel.",
    "option.first_player": "startspeler",
    "option.first_player.help": "wie begint: Tony, Tino of willekeurig (volgens de spelregels kiezen de spelers)",
    "option.deck_passes": "keren door de stapel",
    "option.deck_passes.help": "hoe vaak de stapel wordt doorgespeeld voor het spel eindigt",
    "option.reselect_hand": "Herkiezen van smokkelaars bij spelstart",
    "option.reselect_hand.help": "voor de eerste mountie te zien is, mag elke speler ongewenste smokkelaars afleggen en terug naar 8 trekken",
    "option.random_mounties": "Lukrake mounties",
    "option.random_mounties.help": "mounties komen per ronde tevoorschijn; gearresteerde mounties worden tussen rondes teruggeschud",
    "option.blind_smuggling": "Blind smokkelen",
    "option.blind_smuggling.help": "de mountie van de beurt blijft gedekt tot de eerste speler hem neemt",
    "option.random_start": "willekeurige startspeler",
    "option.random_start.help": "de startspeler wordt geloot (anders begint plaats 1 met $20)",
    "option.mode": "variant",
    "option.mode.help": "basisspel: een vaste handelaar naast de stapel; gevorderd: het stedenbord met meerderheden van werknemers, gebeurtenisfiches en het politiepakhuis",
    "option.mode.basic": "basisspel", "option.mode.advanced": "gevorderd",
    "option.first_player.seat 0": "Tony (plaats 1)", "option.first_player.seat 1": "Tino (plaats 2)", "option.first_player.random": "willekeurig",
    "colour.red": "rood", "colour.blue": "blauw", "colour.green": "groen", "colour.yellow": "geel", "colour.purple": "paars",
    "level.easy": "makkelijk",
    "level.medium": "gemiddeld",
    "level.hard": "moeilijk",
    "level.random": "willekeurig",
    "table.back": "Lobby",
    "table.loading": "De tafel wordt geladen…",
    "table.missing": "Dit spel bestaat niet op deze server.",
    "table.refused": "Deze link hoort niet bij dit spel.",
    "table.private": "Dit spel is besloten: vraag de spelers om de toeschouwerslink.",
    "table.offline": "Verbinding verbroken — opnieuw verbinden…",
    "table.you": "jij",
    "table.bot": "bot",
    "table.spectator": "Je kijkt mee als toeschouwer.",
    "table.yourTurn": "Jij bent aan de beurt",
    "table.waiting": "{who} beslist",
    "table.thinking": "{who} (bot) denkt na…",
    "table.over": "Het spel is afgelopen",
    "table.choices": "Alle keuzes ({n})",
    "table.noChoices": "Nu valt er niets te kiezen.",
    "table.undo": "Ongedaan maken",
    "table.undoHint": "Neem je laatste beslissing terug (alleen als er sindsdien niets onthuld of getrokken is)",
    "table.autoplay": "Speel mijn gedwongen zetten",
    "table.log": "Verloop",
    "table.keys": "Toetsen",
    "table.keysHelp":
      "Tab / Shift+Tab: wat je nu kunt kiezen · Enter of spatie: kiezen · Esc: selectie loslaten · 1–9: kies uit Alle keuzes · L: het verloop · U: ongedaan maken · ?: deze hulp",
    "table.notLegal": "Dat kan nu niet.",
    "table.how": "Hoe werkt dit?",
    "table.readRule": "Lees de regel",
    "coach.step": "Les {n} van {of}",
    "coach.watch": "De andere kant is aan zet: kijk naar de tafel en het verslag.",
    "coach.alone": "Dat was de les: vanaf nu speel je zelf verder. Succes!",
    "coach.close": "Sluiten",
    "coach.try": "Probeer in deze les dit: {what}",
    "lobby.learn": "Leer spelen",
    "lobby.learning": "Je eerste spel wordt klaargezet…",
    "table.won": "{who} heeft gewonnen",
    "table.wonWith": "{who} heeft gewonnen met {score}",
    "table.legalAre": "Je kunt kiezen: {list}.",
    "table.notYourTurn": "Je bent niet aan de beurt: {who} beslist.",
    "table.spectatorClick": "Toeschouwers kijken alleen; ze kunnen niet kiezen.",
    "table.cancel": "Annuleer",
    "table.choose": "Kies",
    "table.pick": "Wat wil je doen met {what}?",
    "table.selected": "Gekozen: {what}. Kies nu waar.",
    "table.refusedMove": "De server weigerde dat: {why}",
    "table.stale": "Het spel ging verder — dit is de nieuwe stand.",
    "table.final": "Eindstand",
    "table.winner": "{who} wint",
    "table.winners": "Gedeelde winst: {who}",
    "table.noWinner": "Geen speler wint",
    "table.score": "Score",
    "table.reason": "Waarom",
    "table.replay": "Bekijk de herhaling",
    "table.seat": "Plaats",
    "table.handToBot": "Geef aan een bot",
    "table.copyLink": "Kopieer de link van deze plaats",
    "table.changed": "veranderd",
    "table.lastMove": "Laatste zet",
    "table.phase": "Fase",
    "table.hand": "Hand",
    "table.cards": "{n} kaarten",
    "table.deck": "Stapel",
    "table.discards": "Aflegstapel",
    "table.tray": "Achter je scherm — alleen jij ziet dit",
    "table.count": "{n}",
    "table.step": "Stap {n} van {total}",
    "replay.title": "Herhaling",
    "replay.start": "Begin",
    "replay.back": "Stap terug",
    "replay.forward": "Stap vooruit",
    "replay.end": "Einde",
    "replay.viewAs": "Bekijk als",
    "replay.spectator": "toeschouwer",
    "replay.action": "{who}: {what}",
    "replay.setup": "De opbouw",
    "replay.table": "Terug naar de tafel",
    "replay.notOver": "De herhaling opent zodra het spel voorbij is.",
  },
};

/** Add a game's own words: { en: {...}, nl: {...} }. */
export function addWords(words) {
  for (const lang of Object.keys(words)) Object.assign(WORDS[lang], words[lang]);
}

export function initialLang() {
  const stored = localStorage.getItem(KEY);
  if (stored === "en" || stored === "nl") return stored;
  return (navigator.language || "en").toLowerCase().startsWith("nl") ? "nl" : "en";
}

export function storeLang(lang) {
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
}

export function translator(lang) {
  const t = (key, params) => {
    let text = WORDS[lang][key];
    if (text === undefined) text = WORDS.en[key];
    if (text === undefined) return params && params.fallback !== undefined ? params.fallback : key;
    // "{n}" is the parameter; "{n|coin|coins}" the parameter with its noun for 1 or more
    if (params) {
      text = text.replace(/\{(\w+)(?:\|([^|}]*)\|([^}]*))?\}/g, (m, name, one, many) => {
        if (!(name in params)) return m;
        return one === undefined ? params[name] : `${params[name]} ${Number(params[name]) === 1 ? one : many}`;
      });
    }
    return text;
  };
  t.lang = lang;
  t.has = (key) => key in WORDS[lang] || key in WORDS.en;
  /** A count: "{n} coins" under key, "{n} coin" under key.one (used for exactly one). */
  t.n = (key, n, params) => {
    const one = `${key}.one`;
    const single = n === 1 && (one in WORDS[lang] || (!(key in WORDS[lang]) && one in WORDS.en));
    return t(single ? one : key, { ...params, n });
  };
  return t;
}

export const I18n = createContext(translator("en"));
export const useT = () => useContext(I18n);

/** "A, B and C" / "A, B en C" */
export function joinList(items, t) {
  if (items.length <= 1) return items.join("");
  const and = t.lang === "nl" ? "en" : "and";
  return `${items.slice(0, -1).join(", ")} ${and} ${items[items.length - 1]}`;
}

/** A seat colour's word ("rood" for red); any other name as it is. */
export function colourWord(name, t) {
  return t ? t(`colour.${name}`, { fallback: name }) : name;
}

export function money(amount, t) {
  return "$" + Number(amount).toLocaleString(t && t.lang === "nl" ? "nl-NL" : "en-US");
}
