// A table before and after its game: waiting for players (the link to share, the host's "start
// now with bots", a visitor's "join"), and at the end why it ended and the rematch.
import { useState } from "preact/hooks";
import { api } from "./api.js";
import { CopyLink } from "./links.jsx";
import { entryFor, hostToken, keepName, lastName, remember } from "./mine.js";
import { url } from "./root.js";
import { refusal } from "./refusals.js";

/** Take an open seat of a public table: remembered, then opened. */
export async function joinTable(id, game, name) {
  const held = entryFor(id, true);
  const params = new URLSearchParams(((held && held.link) || "").split("#")[1] || "");
  const answer = await api.join(id, params.get("token"), name || null);
  if (name) keepName(name);
  remember({ id: answer.id, game, seat: answer.seat, link: answer.link });
  location.assign(url(answer.link));
  return answer;
}

/** A name and "Join" (the lobby's list and a visitor at the table). */
export function JoinForm({ id, game, t, testid = "join" }) {
  const [name, setName] = useState(lastName);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const go = async (event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await joinTable(id, game, name.trim());
    } catch (e) {
      setError(refusal(e, t));
      setBusy(false);
    }
  };
  return (
    <form class="join-form" onSubmit={go} data-testid={`${testid}-form-${id}`}>
      <input maxLength={24} value={name} placeholder={t("lobby.joinAs")} aria-label={t("lobby.joinAs")}
        autocomplete="nickname" onInput={(e) => setName(e.currentTarget.value)} data-testid={`${testid}-name-${id}`} />
      <button type="submit" class="primary" disabled={busy} data-testid={`${testid}-go-${id}`}>
        {busy ? t("lobby.joining") : t("lobby.join")}
      </button>
      {error && <span class="warn" role="alert">{error}</span>}
    </form>
  );
}

export function WaitingPanel({ id, payload, host, access, accept, setMessage, t }) {
  const [agent, setAgent] = useState("medium");
  const [busy, setBusy] = useState(false);
  const open = payload.seats.filter((s) => s.open || s.kept).length; // (kept: a rematch's, for its player)
  const start = async () => {
    setBusy(true);
    try {
      await api.start(id, host, agent);
      // the answer is the host's (a spectator's) view: this page reads its own again
      const p = await api.game(id, access);
      accept({ ...p, type: "state" });
    } catch (e) {
      setMessage({ kind: "error", text: t("table.refusedMove", { why: refusal(e, t) }) });
    } finally {
      setBusy(false);
    }
  };
  const until = payload.open_until ? new Date(payload.open_until * 1000).toLocaleString(t.lang, { dateStyle: "medium", timeStyle: "short" }) : null;
  // (a rematch's open seats are kept for the players of the game before: nobody else's)
  const visitor = payload.seat == null && payload.public && open > 0 && !payload.rematch_of && !entryFor(id, true);
  return (
    <section class="panel waiting" data-testid="waiting">
      <h2>{t("wait.title")}</h2>
      <p data-testid="open-count">{t("wait.count", { n: open })}</p>
      {payload.rematch_of && <p>{t("wait.rematch")}</p>}
      {payload.public && (
        <p>
          {t("wait.share")}
          <br />
          <CopyLink href={`/table/${id}`} t={t} testid="share-table" />
        </p>
      )}
      {until && <p class="muted small">{t("wait.until", { when: until })}</p>}
      {visitor && <JoinForm id={id} game={payload.game} t={t} testid="table-join" />}
      {host && (
        <p class="start-now">
          <select value={agent} onChange={(e) => setAgent(e.currentTarget.value)} aria-label={t("lobby.seats")} data-testid="start-agent">
            {["easy", "medium", "hard", "random"].map((a) => (
              <option key={a} value={a}>{t("lobby.bot", { level: t(`level.${a}`) })}</option>
            ))}
          </select>{" "}
          <button class="primary" disabled={busy} onClick={start} data-testid="start-now">{t("wait.start")}</button>
        </p>
      )}
    </section>
  );
}

/** Why a table ended without a result, and the rematch (for each player at the table). */
export function Finale({ id, token, payload, t }) {
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const why = payload.status === "abandoned" ? "end.abandoned" : payload.status === "expired" ? "end.expired" : null;
  const seated = payload.seat != null && token;
  const offered = seated && (payload.status === "over" || payload.status === "abandoned");
  const held = payload.rematch ? entryFor(payload.rematch, true) : null;
  const ask = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await api.rematch(id, token);
      remember({ id: r.id, game: payload.game, seat: r.seat, link: r.link });
      // the old table's host link hosts the rematch too (it may start it with bots)
      const host = hostToken(id);
      if (host) remember({ id: r.id, game: payload.game, seat: "host", link: `/table/${r.id}#host=${host}` });
      location.assign(url(r.link));
    } catch (e) {
      setError(refusal(e, t));
      setBusy(false);
    }
  };
  if (!why && !offered) return null;
  return (
    <section class="panel finale" data-testid="finale">
      {why && <p class="headline" data-testid="ended-why">{t(why)}</p>}
      {offered && held && (
        <a class="button primary" href={url(held.link)} data-testid="open-rematch">{t("end.rematchOpen")}</a>
      )}
      {offered && !held && payload.rematch && (
        <p data-testid="rematch-offer">
          {t("end.rematchAsked")}{" "}
          <button class="primary" disabled={busy} onClick={ask} data-testid="rematch">{t("end.rematchJoin")}</button>
        </p>
      )}
      {offered && !held && !payload.rematch && (
        <button class="primary big" disabled={busy} onClick={ask} data-testid="rematch">{t("end.rematch")}</button>
      )}
      {error && <p class="warn" role="alert">{error}</p>}
    </section>
  );
}
