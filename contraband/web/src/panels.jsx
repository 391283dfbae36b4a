/** The panels around a table: the log, the choice menu, the end screen and the host's seats. */
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "./api.js";
import { joinList, money } from "./i18n.js";
import { logTargets, logText, markTargets } from "./logtext.js";
import { SeatMark } from "./ui.jsx";
import { pairName, withNames } from "./players.jsx";
import { url } from "./root.js";
import { refusal } from "./refusals.js";

export function describeMove(game, move, t) {
  if (!move) return "";
  const text = game.describe ? game.describe(move, t) : null;
  return text || move.label;
}

/** The status bar's sentence: whose turn it is and what is being decided. */
export function statusLine(game, payload, t, now, since) {
  const view = payload.view;
  const seats = game.seats(view, t);
  if (payload.over) {
    const ended = { abandoned: "end.abandoned", expired: "end.expired" }[payload.status];
    if (!payload.result) return { who: null, text: t(ended || "table.over") };
    const { winners, line } = outcome(game, payload, t);
    return { who: winners.length === 1 ? winners[0] : null, text: line, over: true };
  }
  if (payload.status === "open") {
    return { who: null, text: t("wait.status", { n: payload.seats.filter((s) => s.open || s.kept).length }) };
  }
  const who = payload.to_move;
  const info = who == null ? null : payload.seats[who];
  const name = who == null ? "" : pairName(seats[who].name, info && info.name);
  const mine = payload.seat != null && who === payload.seat && !(info && info.bot);
  if (mine) {
    const deciding = game.decision ? game.decision(view, payload.legal, t, payload) : "";
    return { who, text: `${t("table.yourTurn")}: ${deciding}`, mine: true };
  }
  if (info && info.bot) {
    const secs = Math.max(0, Math.round((now - since) / 1000));
    return { who, text: `${t("table.thinking", { who: name })}${secs >= 2 ? ` ${secs} s` : ""}`, bot: true };
  }
  // a game's decision() speaks to the mover ("Hire a smuggler from your hand"); everyone else
  // reads what the mover is doing, in the third person, where the game says it
  const other = game.waiting ? game.waiting(view, t, payload, name) : null;
  return { who, text: other || t("table.waiting", { who: name }) };
}

export function LogPanel({ game, entries, seats, names, lastAction, t, logRef }) {
  const list = useRef(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [entries.length]);
  return (
    <section class="panel log-panel" data-testid="log-panel" aria-label={t("table.log")}>
      <h2>{t("table.log")}</h2>
      <ol ref={(el) => { list.current = el; if (logRef) logRef.current = el; }} tabIndex={0} class="log-list">
        {entries.map((e) => {
          const s = e.seat != null && seats[e.seat] ? seats[e.seat] : null;
          const text = logText(game, e, t, seats) || e.text;
          return (
            <li
              key={e.index}
              data-testid={`log-${e.index}`}
              class={`${e.action != null && e.action === lastAction ? "recent" : ""} ${e.masked ? "masked" : ""}`}
              onMouseEnter={() => markTargets(logTargets(game, e), true)}
              onMouseLeave={() => markTargets(logTargets(game, e), false)}
            >
              {s ? <SeatMark colour={s.colour} /> : <span class="dot" aria-hidden="true">·</span>}
              <span>
                {names && e.seat != null && names[e.seat] && <span class="log-who">{names[e.seat]}: </span>}
                {text}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function Menu({ menu, describe, act, close, t }) {
  const first = useRef(null);
  useEffect(() => {
    if (first.current) first.current.focus();
  }, [menu]);
  return (
    <div class="menu-backdrop" onClick={close}>
      <div
        class="menu panel"
        role="dialog"
        aria-label={menu.title || t("table.choose")}
        style={menu.style}
        onClick={(e) => e.stopPropagation()}
        data-testid="action-menu"
      >
        {menu.title && <div class="menu-title">{t("table.pick", { what: menu.title })}</div>}
        {menu.labels.map((label, i) => (
          <button key={label} ref={i === 0 ? first : null} data-action={label} onClick={() => act(label)}>
            {describe(label)}
          </button>
        ))}
        <button class="secondary" onClick={close}>{t("table.cancel")}</button>
      </div>
    </div>
  );
}

/** Who won and how the scores read: shared by the end screen and the status bar. */
export function outcome(game, payload, t) {
  const result = payload.result;
  const view = payload.view;
  const seats = withNames(game.seats(view, t), payload.seats);
  const winners = result.winners || [];
  const names = winners.map((w) => seats[w].name);
  const headline =
    (game.headline && game.headline(result, view, t)) ||
    (winners.length === 1
      ? t("table.winner", { who: names[0] })
      : winners.length > 1
        ? t("table.winners", { who: joinList(names, t) })
        : t("table.noWinner"));
  const unit = result.unit;
  const fmt = (v) =>
    game.formatScore
      ? game.formatScore(v, t)
      : unit === "dollars"
        ? money(v, t)
        : `${v}${unit ? ` ${game.unitWord ? game.unitWord(unit, t) : unit}` : ""}`;
  // the header's line: who won, then every score, best first: the seats' and any other side's
  // that the game counts (Al Cabohne's bean mafia)
  const entries = result.scores.map((score, i) => ({ name: seats[i].name, score }));
  if (game.otherScores) entries.push(...game.otherScores(result, t));
  const scores = entries
    .sort((a, b) => b.score - a.score)
    .map((e) => `${e.name} ${fmt(e.score)}`)
    .join(" · ");
  const order = result.scores.map((s, i) => i).sort((a, b) => result.scores[b] - result.scores[a]);
  return { result, view, seats, winners, headline, fmt, order, line: `${headline} (${scores})` };
}

export function EndScreen({ game, payload, t, replayHref }) {
  const { result, view, seats, winners, headline, fmt } = outcome(game, payload, t);
  const reason = game.winnerReason ? game.winnerReason(result, view, t) : null;
  const order = result.scores.map((s, i) => i).sort((a, b) => result.scores[b] - result.scores[a]);
  return (
    <section class="panel end-screen" data-testid="end-screen" aria-live="polite">
      <h2>{t("table.final")}</h2>
      <p class="headline" data-testid="winner">
        {winners.length >= 1 && <SeatMark colour={seats[winners[0]].colour} size={22} />} {headline}
      </p>
      {reason && (
        <p class="reason" data-testid="win-reason">
          {t("table.reason")}: {reason}
        </p>
      )}
      <table class="result-table" data-testid="scores">
        <tbody>
          {order.map((i) => (
            <tr key={i} class={winners.includes(i) ? "winner" : ""}>
              <td><SeatMark colour={seats[i].colour} label={seats[i].name} /></td>
              <td class="num" data-testid={`score-${i}`}>{fmt(result.scores[i])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {game.ResultDetail && (
        // a game's detail table may be wider than a phone (four players, long Dutch words): it
        // scrolls sideways in its own box, which Tab reaches and the arrow keys scroll, and the
        // page keeps the phone's width
        <div class="result-scroll" tabIndex={0} role="region" aria-label={t("table.final")}>
          <game.ResultDetail result={result} view={view} t={t} payload={payload} />
        </div>
      )}
      {replayHref && (
        <p>
          <a class="button" href={replayHref} data-testid="open-replay">{t("table.replay")}</a>
        </p>
      )}
    </section>
  );
}


export function HostPanel({ id, host, payload, seats, t }) {
  const [agent, setAgent] = useState("easy");
  const [links, setLinks] = useState({});
  const [refused, setRefused] = useState({});
  return (
    <section class="panel host-panel">
      <h2>{t("lobby.host")}</h2>
      <ul>
        {payload.seats.map((s) => (
          <li key={s.seat}>
            <SeatMark colour={seats[s.seat].colour} label={seats[s.seat].name} />{" "}
            {s.bot ? <span data-testid={`seat-bot-${s.seat}`}>({s.bot})</span> : ""}
            {!s.bot && !payload.over && (
              <button
                data-testid={`hand-to-bot-${s.seat}`}
                title={s.gone ? "" : t("table.stillHere")}
                onClick={() => api.handToBot(id, host, s.seat, agent).then(() => setRefused({ ...refused, [s.seat]: null }), (e) => setRefused({ ...refused, [s.seat]: refusal(e, t) }))}
              >
                {t("table.handToBot")}
              </button>
            )}
            {!s.bot && !payload.over && !s.gone && <span class="muted" data-testid={`seat-present-${s.seat}`}> {t("table.stillHere")}</span>}
            {refused[s.seat] && <span class="warn" data-testid={`hand-refused-${s.seat}`}> {refused[s.seat]}</span>}
            {s.bot && !payload.over && (
              <button data-testid={`hand-back-${s.seat}`} onClick={() => api.handToHuman(id, host, s.seat).then((r) => setLinks({ ...links, [s.seat]: r.link }), () => {})}>
                {t("table.handBack")}
              </button>
            )}
            {links[s.seat] && (
              <span class="new-link">
                {t("table.newLink")}: <input readOnly value={new URL(url(links[s.seat]), location.href).href} data-testid={`new-link-${s.seat}`} onFocus={(e) => e.currentTarget.select()} />
              </span>
            )}
          </li>
        ))}
      </ul>
      <select value={agent} onChange={(e) => setAgent(e.currentTarget.value)}>
        {["easy", "medium", "hard", "random"].map((a) => (
          <option key={a} value={a}>{t(`level.${a}`)}</option>
        ))}
      </select>
    </section>
  );
}
