// The lobby's lists: my games (where it is my turn first, with my time), the public tables
// looking for players (join with a name), and the public games anyone may watch.
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "./api.js";
import { remaining, tableClock } from "./clocks.js";
import { joinList } from "./i18n.js";
import { entryFor, forget, myGames } from "./mine.js";
import { url } from "./root.js";
import { refresh, useMine } from "./turns.js";
import { NotifyButton } from "./players.jsx";
import { JoinForm } from "./waiting.jsx";
import { VariantLine, VariantTag } from "./variant-form.jsx";

const ENDED = ["over", "abandoned", "expired"];
const EVERY = 30_000;

export const gameTitle = (kinds, id, t) => t(`game.${id}.title`, { fallback: (kinds.find((k) => k.id === id) || { title: id }).title });

/** "deck passes 3 · random start yes": a table's options in words. */
function optionsText(kinds, game, options, t) {
  const kind = kinds.find((k) => k.id === game);
  return Object.entries(options || {})
    .map(([name, value]) => {
      const known = kind && kind.options.find((o) => o.name === name);
      const label = t(`option.${name}`, { fallback: name.replace(/_/g, " ") });
      const shown = typeof value === "boolean" ? t(value ? "lobby.yes" : "lobby.no") : known && known.choices ? t(`option.${name}.${value}`, { fallback: String(value) }) : String(value);
      return `${label}: ${shown}`;
    })
    .join(" · ");
}

/** Public games their creators listed: anyone may watch them. */
export function PublicGames({ kinds, t }) {
  const [games, setGames] = useState([]);
  useEffect(() => {
    api.publicGames().then((list) => setGames(list.filter((g) => !ENDED.includes(g.status) && g.status !== "open")), () => {});
  }, []);
  if (!games.length) return null;
  return (
    <section class="panel" data-testid="public-games">
      <h2>{t("lobby.publicGames")}</h2>
      <ul>
        {games.map((g) => (
          <li key={g.id}>
            <a href={url(`/table/${g.id}`)}>{gameTitle(kinds, g.game, t)}</a>{" "}
            <span class="muted">· {t(`mode.short.${g.mode || "live"}`)} · {t("lobby.watch")}</span>{" "}
            <VariantTag variant={g.variant} t={t} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Public tables waiting for players: game, mode and clock, seats taken, options; Join. */
export function OpenTables({ kinds, t }) {
  const [tables, setTables] = useState(null);
  const [joining, setJoining] = useState(null);
  useEffect(() => {
    const load = () => api.openTables().then(setTables, () => setTables((old) => old || []));
    load();
    const timer = setInterval(load, EVERY);
    return () => clearInterval(timer);
  }, []);
  if (tables === null) return null;
  return (
    <section class="panel open-tables" data-testid="open-tables">
      <h2>{t("lobby.openTables")}</h2>
      {!tables.length && <p class="muted">{t("lobby.noOpen")}</p>}
      <ul>
        {tables.map((g) => {
          const taken = g.seats.filter((s) => !s.open).length;
          const names = g.seats.filter((s) => s.name).map((s) => s.name);
          const held = entryFor(g.id, true);
          return (
            <li key={g.id} data-testid={`open-table-${g.id}`}>
              <div class="open-line">
                <strong>{gameTitle(kinds, g.game, t)}</strong>{" "}
                <span class="tag">{tableClock(g.mode, g.clock, t)}</span>{" "}
                <span class="muted">{t("lobby.seatsTaken", { taken, total: g.seats.length })}</span>
                {names.length > 0 && <span class="muted"> · {t("lobby.with", { names: joinList(names, t) })}</span>}
              </div>
              {optionsText(kinds, g.game, g.options, t) && <div class="muted small">{optionsText(kinds, g.game, g.options, t)}</div>}
              {g.variant && g.variant.length > 0 && <div><VariantLine variant={g.variant} t={t} /></div>}
              {held ? (
                <span>
                  <span class="muted">{t("lobby.youSit")}</span> <a href={url(held.link)}>{t("lobby.open")}</a>
                </span>
              ) : joining === g.id ? (
                <JoinForm id={g.id} game={g.game} t={t} />
              ) : (
                <button class="primary" onClick={() => setJoining(g.id)} data-testid={`join-${g.id}`}>{t("lobby.join")}</button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The games this browser holds a link of, one line each; where it is my turn first. */
export function MyGames({ kinds, t, tools = null }) {
  const [entries, setEntries] = useState(myGames());
  const list = useMine();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    refresh(); // a game just created or joined is listed at once
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [entries.length]);
  // the clocks count down from the answer's arrival
  const arrived = useRef({ list: null, at: Date.now() });
  if (arrived.current.list !== list) arrived.current = { list, at: Date.now() };
  const at = arrived.current.at;
  const summaries = list || [];
  const row = (s) => {
    const e = entryFor(s.id) || { link: `/table/${s.id}`, seat: null, when: s.created * 1000 };
    const seat = typeof e.seat === "number" ? e.seat : null;
    const others = (s.names || []).filter((n, i) => n && i !== seat);
    const role = seat != null ? (s.names && s.names[seat]) || t("lobby.seat", { n: seat + 1 }) : e.seat === "host" ? t("lobby.hostOnly") : t("lobby.spectator");
    const replay = `/replay/${s.id}${e.link.includes("#") ? `#${e.link.split("#")[1]}` : ""}`;
    let state;
    if (s.status === "over") state = <><span class="tag">{t("lobby.over")}</span> <a href={url(replay)}>{t("lobby.replay")}</a></>;
    else if (s.status === "abandoned" || s.status === "expired") state = <span class="tag">{t(`lobby.${s.status}`)}</span>;
    else if (s.status === "open") state = <span class="tag">{t("lobby.waitingPlayers")}</span>;
    else if (s.your_turn) state = <span class="tag turn" data-testid={`my-turn-${s.id}`}>{t("lobby.yourTurn")}</span>;
    else {
      const who = s.to_move == null ? "—" : (s.names && s.names[s.to_move]) || `${t("table.seat")} ${s.to_move + 1}`;
      state = <span class="tag">{t("lobby.toMove", { who })}</span>;
    }
    // my time left where I am to move (elsewhere my clock stands still)
    const left = s.left == null || !s.your_turn ? null : Math.max(0, s.left - (now - at) / 1000);
    return (
      <li key={s.id} data-testid={`my-game-${s.id}`} class={s.your_turn ? "your-turn" : ""}>
        <a href={url(e.link)}>{gameTitle(kinds, s.game, t)}</a>{" "}
        <span class="muted">
          · {role}
          {` · ${t(`mode.short.${s.mode || "live"}`)}`}
          {others.length ? ` · ${t("lobby.with", { names: joinList(others, t) })}` : ""}
        </span>{" "}
        <VariantTag variant={s.variant} t={t} /> {state}
        {left != null && <span class="muted small" data-testid={`my-left-${s.id}`}> {t("lobby.timeLeft", { time: remaining(left, t) })}</span>}{" "}
        <button class="link" onClick={() => { forget(s.id); setEntries(myGames()); refresh(); }}>{t("lobby.forget")}</button>
      </li>
    );
  };
  const running = summaries.filter((s) => !ENDED.includes(s.status));
  const finished = summaries.filter((s) => ENDED.includes(s.status));
  return (
    <div class="my-games">
      <section class="panel" data-testid="my-running">
        <div class="panel-title">
          <h2>{t("lobby.running")}</h2>
          <NotifyButton t={t} />
          {/* room for the player key (carry my games to another device) */}
          {tools}
        </div>
        {running.length ? <ul>{running.map(row)}</ul> : <p class="muted">{t("lobby.none")}</p>}
      </section>
      <section class="panel" data-testid="my-finished">
        <h2>{t("lobby.finished")}</h2>
        {finished.length ? <ul>{finished.map(row)}</ul> : <p class="muted">{t("lobby.none")}</p>}
      </section>
    </div>
  );
}
