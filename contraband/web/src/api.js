// The game server's JSON API and its live socket. Tokens come from the URL fragment, which
// browsers never send to a server, and are sent back only as Authorization headers. Every path
// here is relative to the table's root (root.js), which url() puts in front.
import { url } from "./root.js";

export class ApiError extends Error {
  constructor(status, detail) {
    super((detail && detail.error) || `HTTP ${status}`);
    this.status = status;
    this.detail = detail || {};
  }
}

async function request(method, path, { token, body, keepalive = false } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const answer = await fetch(url(path), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    keepalive, // (a request that must outlive the page: a seat kept as the page moves on)
  });
  let data = null;
  try {
    data = await answer.json();
  } catch (_) {
    data = null;
  }
  if (!answer.ok) throw new ApiError(answer.status, data);
  return data;
}

export const api = {
  registry: () => request("GET", "/api/registry"),
  bots: () => request("GET", "/api/bots"),
  catalog: (game) => request("GET", `/api/registry/${encodeURIComponent(game)}/catalog`),
  hint: (id, token, version) => request("POST", `/api/games/${id}/hint`, { token, body: { version } }),
  startReview: (id, token, seat) => request("POST", `/api/games/${id}/review${seat == null ? "" : `?seat=${seat}`}`, { token }),
  review: (id, token, seat) => request("GET", `/api/games/${id}/review${seat == null ? "" : `?seat=${seat}`}`, { token }),
  tutorial: (game) => request("GET", `/api/registry/${encodeURIComponent(game)}/tutorial`),
  create: (body) => request("POST", "/api/games", { body }),
  // the games this browser holds a link of: [{id, token}] (seat, host or spectator token)
  mine: (games) => request("POST", "/api/games/mine", { body: { games } }),
  publicGames: () => request("GET", "/api/games?limit=20"),
  game: (id, token) => request("GET", `/api/games/${id}`, { token }),
  act: (id, token, label, version) =>
    request("POST", `/api/games/${id}/actions`, { token, body: { label, version } }),
  undo: (id, token, version) => request("POST", `/api/games/${id}/undo`, { token, body: { version } }),
  explain: (id, token, label, lang) => request("POST", `/api/games/${id}/explain`, { token, body: { label, lang } }),
  autoplay: (id, token, enabled) =>
    request("POST", `/api/games/${id}/autoplay`, { token, body: { enabled } }),
  handToBot: (id, token, seat, agent) =>
    request("POST", `/api/games/${id}/seats/${seat}/bot`, { token, body: { agent } }),
  handToHuman: (id, host, seat) =>
    request("POST", `/api/games/${id}/seats/${seat}/human`, { token: host }),
  // turn-based play with friends: names, open seats, starting early, rematches
  rename: (id, token, name) => request("POST", `/api/games/${id}/name`, { token, body: { name } }),
  takeBack: (id, token, seat) => request("POST", `/api/games/${id}/seats/${seat}/back`, { token }),
  openTables: () => request("GET", "/api/tables/open"),
  join: (id, token, name) => request("POST", `/api/games/${id}/join`, { token, body: name ? { name } : {} }),
  start: (id, host, agent) => request("POST", `/api/games/${id}/start`, { token: host, body: agent ? { agent } : {} }),
  rematch: (id, token, name) => request("POST", `/api/games/${id}/rematch`, { token, body: name ? { name } : {} }),
  // player keys (one's games on every device) and e-mail
  server: () => request("GET", "/api/server"),
  makeKey: () => request("POST", "/api/keys"),
  keep: (key, games) => request("POST", "/api/keys/keep", { body: { key, games }, keepalive: true }),
  keyGames: (key) => request("POST", "/api/keys/games", { body: { key } }),
  keyAddress: (key, address, lang) => request("POST", "/api/keys/email", { body: { key, address, lang } }),
  sendKey: (key) => request("POST", "/api/keys/send", { body: { key } }),
  lostKey: (address) => request("POST", "/api/keys/replace", { body: { address } }),
  seatMail: (id, token) => request("GET", `/api/games/${id}/email`, { token }),
  setSeatMail: (id, token, address, lang) =>
    request("POST", `/api/games/${id}/email`, { token, body: { address, lang } }),
  replay: (id, step, seat, token) =>
    request("GET", `/api/games/${id}/replay?step=${step}${seat == null ? "" : `&seat=${seat}`}`, { token }),
};

/** The seat token (#token=), the host token (#host=) or the spectator token (#watch=) of this
 * page's URL fragment; ``access`` is whichever lets this page see the game. */
export function fragment() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const token = params.get("token");
  const host = params.get("host");
  const watch = params.get("watch");
  // learn=1: a guided first game (the table follows the game's tutorial script)
  const learn = params.get("learn") === "1";
  return { token, host, watch, learn, access: token || host || watch };
}

/** The token a stored link carries (seat, host or spectator), or null. */
export function linkToken(link) {
  const params = new URLSearchParams((link || "").split("#")[1] || "");
  return params.get("token") || params.get("host") || params.get("watch");
}

/**
 * A live connection to a game: calls onPayload with every "state"/"update" message and
 * reconnects (with a growing pause) when the socket drops, asking for a full state again.
 */
export function connect(id, token, { onPayload, onStatus }) {
  let socket = null;
  let closed = false;
  let delay = 500;
  let timer = null;
  const open = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    socket = new WebSocket(`${scheme}://${location.host}${url(`/api/games/${id}/live`)}${query}`);
    onStatus("connecting");
    socket.onopen = () => {
      delay = 500;
      onStatus("live");
    };
    socket.onmessage = (event) => {
      try {
        onPayload(JSON.parse(event.data));
      } catch (error) {
        console.error("bad message", error);
      }
    };
    socket.onclose = (event) => {
      if (closed) return;
      if (event.code === 4403 || event.code === 4404) {
        onStatus(event.code === 4404 ? "missing" : "refused");
        return;
      }
      onStatus("offline");
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, 8000);
    };
  };
  open();
  return {
    resync: () => socket && socket.readyState === 1 && socket.send("resync"),
    close: () => {
      closed = true;
      clearTimeout(timer);
      if (socket) socket.close();
    },
  };
}
