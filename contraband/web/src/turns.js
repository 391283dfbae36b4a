// "(1) your turn" in every open tab: the games of this browser (mine.js) asked about every 30 s
// (POST /api/games/mine), plus the live state of the table open in this tab. The document title
// starts with "(N) ", the favicon carries a badge with N (drawn on a canvas into a data: URL:
// the content security policy allows img data:), and, once the player allowed it, a desktop
// notification tells of a new turn while the page is in the background.
import { useEffect, useState } from "preact/hooks";
import { api, linkToken } from "./api.js";
import { myGames } from "./mine.js";
import { ROOT, url } from "./root.js";
// the registry as built (vite.config.js): the games' titles
import BUILT_REGISTRY from "virtual:registry";

const EVERY = 30_000;
// a tab whose own table changed hands tells the other tabs to ask again (storage event)
const PING = ROOT ? `contraband.turns.ping:${ROOT}` : "contraband.turns.ping";

let latest = null; // the last answer of /mine: summaries, the player's turns first
const listeners = new Set();
let timer = null;
let asking = null;

/** Per game, the token to ask with: a seat's before a host's or a spectator's. */
export function heldTokens() {
  const held = new Map();
  const entries = myGames();
  for (const seated of [true, false]) {
    for (const e of entries) {
      if ((typeof e.seat === "number") !== seated || held.has(e.id)) continue;
      const token = linkToken(e.link);
      if (token) held.set(e.id, token);
    }
  }
  return [...held].slice(0, 100).map(([id, token]) => ({ id, token }));
}

export function refresh() {
  if (asking) return asking;
  const games = heldTokens();
  const done = () => {
    asking = null;
    for (const f of listeners) f(latest);
  };
  if (!games.length) {
    latest = [];
    done();
    return Promise.resolve();
  }
  asking = api.mine(games).then((list) => { latest = list; done(); }, () => done());
  return asking;
}

function start() {
  if (timer) return;
  refresh();
  timer = setInterval(() => refresh(), EVERY);
  document.addEventListener("visibilitychange", () => document.hidden || refresh());
  window.addEventListener("storage", (e) => e.key === PING && refresh());
}

/** Tell the other tabs of this browser that a turn changed hands here. */
export function pingTabs() {
  try {
    localStorage.setItem(PING, String(Date.now()));
  } catch (_) {
    // storage full or off: the others ask again within 30 s anyway
  }
}

/** The latest /mine answer (null until the first), asked again every 30 s. */
export function useMine() {
  const [list, setList] = useState(latest);
  useEffect(() => {
    listeners.add(setList);
    start();
    if (latest) setList(latest);
    return () => listeners.delete(setList);
  }, []);
  return list;
}

// -- the title, the favicon and the notification ------------------------------------------

let plainIcon = null;

function drawIcon(count) {
  const link = document.querySelector('link[rel="icon"]');
  if (!link) return;
  if (plainIcon === null) plainIcon = link.getAttribute("href");
  if (!count) {
    if (link.getAttribute("href") !== plainIcon) link.setAttribute("href", plainIcon);
    return;
  }
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 64;
  const g = canvas.getContext("2d");
  if (!g) return;
  g.fillStyle = "#1d2a33";
  g.beginPath();
  g.roundRect ? g.roundRect(0, 0, 64, 64, 12) : g.rect(0, 0, 64, 64);
  g.fill();
  g.fillStyle = "#f2c14e";
  g.font = "bold 44px sans-serif";
  g.textAlign = "center";
  g.textBaseline = "middle";
  g.fillText("$", 24, 36);
  g.fillStyle = "#d93025";
  g.beginPath();
  g.arc(44, 20, 20, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = "#fff";
  g.font = "bold 28px sans-serif";
  g.fillText(count > 9 ? "9+" : String(count), 44, 22);
  link.setAttribute("href", canvas.toDataURL("image/png"));
}

/** A game's title ("Tony & Tino") in the page's language. */
export function gameName(game, t) {
  const kind = (BUILT_REGISTRY || []).find((k) => k.id === game);
  return t(`game.${game}.title`, { fallback: kind ? kind.title : game });
}

function titleOf(id, t) {
  const found = (latest || []).find((s) => s.id === id);
  const game = found ? found.game : (myGames().find((e) => e.id === id) || {}).game;
  return game ? gameName(game, t) : "contraband";
}

function notify(ids, t) {
  if (!document.hidden || typeof Notification === "undefined" || Notification.permission !== "granted") return;
  for (const id of ids) {
    try {
      const note = new Notification(t("notify.title"), { body: t("notify.body", { game: titleOf(id, t) }), tag: `contraband-${id}` });
      note.onclick = () => {
        window.focus();
        const entry = myGames().find((e) => e.id === id && typeof e.seat === "number");
        if (entry && !location.pathname.endsWith(`/table/${id}`)) location.assign(url(entry.link));
        note.close();
      };
    } catch (_) {
      // a browser that shows notifications only from a service worker: the title still says it
    }
  }
}

/**
 * Keep this tab's title ("(N) " + base) and favicon, and notify new turns. ``live``: the
 * table open in this tab, {id, mine} (its live state beats the last /mine answer), or null.
 */
export function useTurnTitle(base, live, t) {
  const list = useMine();
  const liveId = live && live.id;
  const liveMine = !!(live && live.mine);
  const [seen, setSeen] = useState(null);
  const turns = new Set((list || []).filter((s) => s.your_turn).map((s) => s.id));
  if (liveId) {
    if (liveMine) turns.add(liveId);
    else turns.delete(liveId);
  }
  const key = [...turns].sort().join(",");
  useEffect(() => {
    document.title = turns.size ? `(${turns.size}) ${base}` : base;
    drawIcon(turns.size);
  }, [key, base]);
  useEffect(() => {
    if (list === null) return; // the first answer is what was already so: nothing to announce
    if (seen !== null) notify([...turns].filter((id) => !seen.has(id)), t);
    setSeen(turns);
  }, [key, list === null]);
  useEffect(() => {
    if (liveId && list !== null) pingTabs();
  }, [liveId, liveMine]);
  return turns.size;
}

/** "Notify me in this browser": asks for the permission only when clicked. */
export function useNotifyPermission() {
  const supported = typeof Notification !== "undefined";
  const [state, setState] = useState(supported ? Notification.permission : "unsupported");
  const ask = () => {
    if (!supported) return;
    const answer = Notification.requestPermission((p) => setState(p));
    if (answer && answer.then) answer.then(setState, () => {});
  };
  return [state, ask];
}
