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
