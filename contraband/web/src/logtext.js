// The log in Dutch: the server writes English sentences; each game gives Dutch templates per
// event kind over the event's own fields ({seat} is the seat's name, other fields as given,
// translated by the game's `term`). A kind without a template keeps the English sentence.
// A count with its noun: "{coins|muntje|muntjes}" reads "1 muntje", "3 muntjes".
const SEAT_FIELDS = ["seat", "victim", "giver", "target"];

export function logText(game, entry, t, seats) {
  if (t.lang === "en" || !game.logNL) return null;
  const template = entry.masked ? game.logNL[`${entry.kind}:masked`] || game.logNL[entry.kind] : game.logNL[entry.kind];
  if (!template) return null;
  const values = {};
  const seatFields = game.seatFields || SEAT_FIELDS;
  for (const [key, value] of Object.entries(entry)) {
    if (seatFields.includes(key) && typeof value === "number" && seats[value]) {
      values[key] = game.seatWord ? game.seatWord(seats[value], t) : seats[value].name;
    } else if (Array.isArray(value)) {
      values[key] = value.map((v) => (game.term ? game.term(key, v, t) : v)).join(", ");
    } else {
      values[key] = game.term ? game.term(key, value, t) : value;
    }
  }
  if (typeof template === "function") return template(values, entry, seats);
  let missing = false;
  const text = template.replace(/\{(\w+)(?:\|([^|}]*)\|([^}]*))?\}/g, (m, name, one, many) => {
    if (values[name] === undefined || values[name] === null) missing = true;
    if (one === undefined) return values[name];
    return `${values[name]} ${Number(entry[name]) === 1 ? one : many}`;
  });
  return missing ? null : text;
}

const slug = (text) => String(text).toLowerCase().replace(/\s+/g, "-");

/** The data-testids of the table components a log entry names (for the hover highlight). */
export function logTargets(game, entry) {
  const ids = [];
  const add = (id) => id && ids.push(id);
  const prefix = game.prefix;
  for (const [key, value] of Object.entries(entry)) {
    if (value === null || value === undefined || typeof value === "boolean") continue;
    if (prefix === "tt") {
      if (typeof value === "string" && /^[A-F][1-6]$/.test(value)) add(`tt-point-${value.toLowerCase()}`);
      if (typeof value === "string" && /^(row|column) /.test(value)) add(`tt-token-${slug(value)}`);
    } else if (prefix === "ni") {
      if (key === "province" || key === "to") add(`ni-province-${slug(value)}`);
      if (key === "smuggler") add(`ni-holder-${slug(value)}`);
      if (key === "mountie") add(`ni-mountie-${slug(value)}`);
    } else if (prefix === "cf") {
      if (key === "space" && typeof value === "string") add(value.startsWith("market") ? `cf-market-${value.slice(7)}` : `cf-space-${slug(value)}`);
      if (key === "slot") add(`cf-market-${value}`);
      if (key === "space" && typeof value === "number") add(`cf-track-${value}`);
    } else if (prefix === "ac") {
      if (key === "boss") add(`ac-boss-${slug(value)}`);
      if (key === "field" && typeof entry.seat === "number") add(`ac-field-${entry.seat}-${value}`);
    }
  }
  if (typeof entry.seat === "number") add(`seat-panel-${entry.seat}`);
  return ids;
}

export function markTargets(ids, on) {
  for (const id of ids) {
    for (const el of document.querySelectorAll(`[data-testid="${id}"]`)) el.classList.toggle("hover-mark", on);
  }
}
