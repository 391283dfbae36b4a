// The games this browser created or joined, remembered in localStorage. Their links are relative
// to the table's root (root.js); a table under a sub-path keeps its own list (another server may
// sit at another path of the same site).
import { api, linkToken } from "./api.js";
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

/** Remember a seat link (or the host link) of a game; one entry per game and seat. A new seat
 * link is kept under this browser's player key too, if it holds one (``keep: false``: it came
 * from the key). */
export function remember(entry, { keep = true } = {}) {
  const old = myGames();
  const known = old.some((g) => g.id === entry.id && g.seat === entry.seat && g.link === entry.link);
  const list = old.filter((g) => !(g.id === entry.id && g.seat === entry.seat));
  list.unshift({ ...entry, when: entry.when || Date.now() });
  localStorage.setItem(KEY, JSON.stringify(list.slice(0, 100)));
  if (keep && !known && typeof entry.seat === "number") keepLater(entry.id);
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

// -- the player key: this browser's games on every device (keys.jsx, Me.jsx) ----------------

const PLAYER_KEY = ROOT ? `contraband.key.v1:${ROOT}` : "contraband.key.v1";

/** This browser's player key: {key, replaced} (replaced: the server no longer knows it), or
 * null. */
export function playerKey() {
  try {
    const held = JSON.parse(localStorage.getItem(PLAYER_KEY) || "null");
    return held && typeof held.key === "string" ? held : null;
  } catch (_) {
    return null;
  }
}

export function storeKey(key) {
  try {
    if (key) localStorage.setItem(PLAYER_KEY, JSON.stringify({ key, replaced: false }));
    else localStorage.removeItem(PLAYER_KEY);
  } catch (_) {
    // nothing to keep it in: the key works for this page only
  }
}

/** The server refused the key (403): it was replaced. */
export function keyReplaced(key) {
  const held = playerKey();
  if (held && held.key === key) localStorage.setItem(PLAYER_KEY, JSON.stringify({ key, replaced: true }));
}

/** Per game, the seat link this browser plays there (its latest), as {id, token}: a key holds
 * one seat a game (a creator holds the links of friends' seats too, which are not theirs). */
export function seatsHeld(except = new Set()) {
  const seen = new Set();
  const out = [];
  for (const e of myGames()) {
    if (typeof e.seat !== "number" || seen.has(e.id) || except.has(e.id)) continue;
    seen.add(e.id);
    const token = linkToken(e.link);
    if (token) out.push({ id: e.id, token });
  }
  return out;
}

/** Keep these seats ({id, token}) under the key, 100 a request; how many it kept. A 403 (the
 * key was replaced) marks the stored key so. */
export async function keepSeats(key, games) {
  let kept = 0;
  try {
    for (let i = 0; i < games.length; i += 100) {
      kept += (await api.keep(key, games.slice(i, i + 100))).kept;
    }
  } catch (error) {
    if (error.status === 403) keyReplaced(key);
    throw error;
  }
  return kept;
}

// new seats are kept once the code that remembered them is done (a new game remembers each
// of its human seats, then the creator's own is on top: only that one is kept)
let touched = new Set();

function keepLater(id) {
  const held = playerKey();
  if (!held || held.replaced) return;
  if (!touched.size) {
    queueMicrotask(() => {
      const ids = touched;
      touched = new Set();
      const games = seatsHeld().filter((g) => ids.has(g.id));
      if (games.length) keepSeats(held.key, games).catch(() => {});
    });
  }
  touched.add(id);
}
