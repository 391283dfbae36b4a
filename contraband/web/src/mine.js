// The games this browser created or joined, remembered in localStorage. Their links are relative
// to the table's root (root.js); a table under a sub-path keeps its own list (another server may
// sit at another path of the same site).
import { ROOT } from "./root.js";

const KEY = ROOT ? `contraband.games.v1:${ROOT}` : "contraband.games.v1";

export function myGames() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch (_) {
    return [];
  }
}

/** Remember a seat link (or the host link) of a game; one entry per game and seat. */
export function remember(entry) {
  const list = myGames().filter((g) => !(g.id === entry.id && g.seat === entry.seat));
  list.unshift({ ...entry, when: entry.when || Date.now() });
  localStorage.setItem(KEY, JSON.stringify(list.slice(0, 60)));
}

export function forget(id) {
  localStorage.setItem(KEY, JSON.stringify(myGames().filter((g) => g.id !== id)));
}

/** This browser's link of a game: its seat's (a number) if it holds one, else the host's or a
 * spectator's; null if none. */
export function entryFor(id, seated = false) {
  const list = myGames().filter((g) => g.id === id);
  return list.find((g) => typeof g.seat === "number") || (seated ? null : list[0] || null);
}

/** The host token this browser holds for a game (the creator's, remembered at creation). */
export function hostToken(id) {
  const entry = myGames().find((g) => g.id === id && g.seat === "host");
  const params = new URLSearchParams(((entry && entry.link) || "").split("#")[1] || "");
  return params.get("host");
}

const NAME = ROOT ? `contraband.name:${ROOT}` : "contraband.name";
const SKIP = ROOT ? `contraband.nameSkipped:${ROOT}` : "contraband.nameSkipped";

/** The name this browser last sat down with ("" if none): offered again at the next table. */
export function lastName() {
  try {
    return localStorage.getItem(NAME) || "";
  } catch (_) {
    return "";
  }
}

export function keepName(name) {
  try {
    localStorage.setItem(NAME, name);
  } catch (_) {
    // nothing to keep it in
  }
}

/** Whether the player said "not now" to naming themselves at this table's seat. */
export function nameSkipped(id, seat) {
  try {
    return JSON.parse(localStorage.getItem(SKIP) || "[]").includes(`${id}:${seat}`);
  } catch (_) {
    return false;
  }
}

export function skipName(id, seat) {
  try {
    const list = JSON.parse(localStorage.getItem(SKIP) || "[]").filter((k) => k !== `${id}:${seat}`);
    list.unshift(`${id}:${seat}`);
    localStorage.setItem(SKIP, JSON.stringify(list.slice(0, 60)));
  } catch (_) {
    // asked again next time
  }
}
