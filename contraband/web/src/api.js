// The game server's JSON API and its live socket. Tokens come from the URL fragment, which
// browsers never send to a server, and are sent back only as Authorization headers.

export class ApiError extends Error {
  constructor(status, detail) {
    super((detail && detail.error) || `HTTP ${status}`);
    this.status = status;
    this.detail = detail || {};
  }
}

async function request(method, path, { token, body } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const answer = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
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
  create: (body) => request("POST", "/api/games", { body }),
  summaries: (ids) => request("GET", `/api/games?ids=${ids.map(encodeURIComponent).join(",")}`),
  game: (id, token) => request("GET", `/api/games/${id}`, { token }),
  act: (id, token, label, version) =>
    request("POST", `/api/games/${id}/actions`, { token, body: { label, version } }),
  undo: (id, token, version) => request("POST", `/api/games/${id}/undo`, { token, body: { version } }),
  autoplay: (id, token, enabled) =>
    request("POST", `/api/games/${id}/autoplay`, { token, body: { enabled } }),
  handToBot: (id, host, seat, agent) =>
    request("POST", `/api/games/${id}/seats/${seat}/bot`, { token: host, body: { agent } }),
  replay: (id, step, seat) =>
    request("GET", `/api/games/${id}/replay?step=${step}${seat == null ? "" : `&seat=${seat}`}`),
};

/** The seat token (#token=) or the host token (#host=) of this page's URL fragment. */
export function fragment() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  return { token: params.get("token"), host: params.get("host") };
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
    socket = new WebSocket(`${scheme}://${location.host}/api/games/${id}/live${query}`);
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
