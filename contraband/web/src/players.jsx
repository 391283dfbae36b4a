// Who sits where: the players' chosen names (beside the game's own seat names, Tony or red),
// each seat's clock counting down, and what a player may do about a seat: name themselves,
// take their seat back from a bot, hand an out-of-time seat to a bot.
import { createContext } from "preact";
import { useContext, useRef, useState } from "preact/hooks";
import { api } from "./api.js";
import { leftNow, remaining } from "./clocks.js";
import { keepName, lastName, nameSkipped, skipName } from "./mine.js";
import { SeatMark } from "./ui.jsx";
import { useNotifyPermission } from "./turns.js";
import "./turns.css";
import { refusal } from "./refusals.js";

/** The table's seats as the server sent them ({name, bot, open, gone, clock}), for the game
 * modules' seat panels; null outside a table. */
export const SeatInfo = createContext(null);

/** "Anna (Tony)": the player's name with the seat's, or the seat's alone. */
export function pairName(seatName, player) {
  return player ? `${player} (${seatName})` : seatName;
}

/** The game's seats ({name, colour}) with each player's name paired in (``player`` kept). */
export function withNames(seats, payloadSeats) {
  return seats.map((s, i) => {
    const player = payloadSeats && payloadSeats[i] ? payloadSeats[i].name : null;
    return player ? { ...s, player, name: pairName(s.name, player) } : s;
  });
}

/** The player's name in a game's seat panel (nothing when the seat has none). */
export function PlayerTag({ seat }) {
  const info = useContext(SeatInfo);
  const s = info && info.seats && info.seats[seat];
  if (!s || !s.name) return null;
  return <span class="player-tag" data-testid={`player-tag-${seat}`}>{s.name}</span>;
}

/** Whether a table shows its players' strip: where people play (or may play) together (a seat
 * another may hand to a bot is among them), or the table has names, clocks or a seat to take
 * back. A lone player's table against bots keeps its board where it was. */
export function wantsPlayers(payload) {
  const seats = payload.seats || [];
  const people = seats.filter((s) => !s.bot).length;
  const mine = payload.seat != null && seats[payload.seat];
  return (
    payload.mode === "turn" || !!payload.clock || payload.status === "open" || people >= 2 ||
    seats.some((s) => s.name) || !!(mine && mine.bot)
  );
}

export function NameForm({ id, token, initial, ask, onDone, onSkip, t }) {
  const [name, setName] = useState(initial || "");
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const save = async (event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await api.rename(id, token, name);
      keepName(name.trim());
      onDone(answer);
    } catch (e) {
      setError(refusal(e, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="name-form" onSubmit={save} data-testid="name-form">
      {ask && <label for="seat-name">{ask}</label>}
      <input id="seat-name" data-testid="name-input" maxLength={24} required value={name} autocomplete="nickname"
        onInput={(e) => setName(e.currentTarget.value)} aria-label={t("lobby.joinAs")} />
      <button type="submit" class="primary" disabled={busy || !name.trim()} data-testid="name-save">{t("seat.save")}</button>
      <button type="button" class="link" onClick={onSkip} data-testid="name-skip">{t("seat.skip")}</button>
      {error && <span class="warn" role="alert" data-testid="name-error">{error}</span>}
    </form>
  );
}

/** A small clock face (the ⏱ character is missing from many fonts). */
export function ClockIcon() {
  return (
    <svg class="clock-icon" width="13" height="13" viewBox="0 0 16 16" aria-hidden="true">
      <circle cx="8" cy="8" r="6.6" fill="none" stroke="currentColor" stroke-width="1.8" />
      <path d="M8 4.2V8l2.6 1.6" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" />
    </svg>
  );
}

function SeatClock({ seat, clock, at, now, t }) {
  if (!clock) return null;
  const left = leftNow(clock, at, now);
  const out = clock.out_of_time || left <= 0;
  return (
    <span class={`seat-clock ${clock.running ? "running" : ""} ${out ? "out" : ""}`} title={t("clock.title")}
      data-testid={`clock-${seat}`} data-left={Math.round(left)} data-running={clock.running ? "true" : "false"}>
      <ClockIcon /> {out ? t("clock.outOfTime") : remaining(left, t)}
    </span>
  );
}

/** The seats in a row: mark, seat name, player's name, clock, and the actions on them. */
export function Players({ id, token, payload, seats, at, now, accept, setMessage, t }) {
  const mySeat = payload.seat;
  const mine = mySeat != null ? payload.seats[mySeat] : null;
  const [editing, setEditing] = useState(false);
  const [skipped, setSkipped] = useState(() => mySeat != null && nameSkipped(payload.id, mySeat));
  const fail = (e) => setMessage({ kind: "error", text: t("table.refusedMove", { why: refusal(e, t) }) });
  const done = (p) => accept({ ...p, type: "state" });
  const playing = !payload.over && payload.status !== "open";
  const asking = mine && !mine.name && !skipped && !payload.over;
  return (
    <section class="players-strip" data-testid="players" aria-label={t("lobby.seats")}>
      {(asking || editing) && (
        <NameForm id={id} token={token} t={t} initial={(mine && mine.name) || lastName()}
          ask={t("seat.nameAsk")}
          onDone={(p) => { setEditing(false); done(p); }}
          onSkip={() => { setEditing(false); if (!mine.name) { skipName(payload.id, mySeat); setSkipped(true); } }} />
      )}
      <ul>
        {payload.seats.map((s, i) => {
          const onMove = playing && payload.to_move === i;
          const gone = s.gone && !s.bot && playing;
          return (
            <li key={i} class={`player ${onMove ? "on-move" : ""} ${i === mySeat ? "me" : ""}`} data-testid={`player-${i}`}>
              <SeatMark colour={seats[i] && seats[i].colour} label={seats[i] ? seats[i].name : `${i + 1}`} />
              {s.name && <strong class="player-name" data-testid={`player-name-${i}`}>{s.name}</strong>}
              {(s.open || s.kept) && <em class="muted">{t("seat.open")}</em>}
              {i === mySeat && <span class="tag">{t("table.you")}</span>}
              {s.bot && <span class="tag" data-testid={`player-bot-${i}`}>{t("seat.bot", { level: t(`level.${s.bot}`, { fallback: s.bot }) })}</span>}
              <SeatClock seat={i} clock={s.clock} at={at} now={now} t={t} />
              {i === mySeat && !editing && !asking && (
                <button class="link" data-testid="rename" onClick={() => setEditing(true)}>{t("seat.rename")}</button>
              )}
              {i === mySeat && s.bot && playing && (
                <button class="primary" data-testid="take-back" onClick={() => api.takeBack(id, token, i).then(done, fail)}>
                  {t("seat.takeBack")}
                </button>
              )}
              {gone && i !== mySeat && mySeat != null && (
                <>
                  <span class="warn small">{t(s.clock && s.clock.out_of_time ? "seat.gone" : "seat.away")}</span>
                  <button data-testid={`hand-gone-${i}`} onClick={() => api.handToBot(id, token, i, "medium").then(done, fail)}>
                    {t("table.handToBot")}
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {mine && mine.bot && playing && <p class="muted small" data-testid="bot-plays">{t("seat.botPlays")}</p>}
    </section>
  );
}

/** When the table's payload arrived (ms): each seat's clock counts down from there. */
export function useArrival(payload) {
  const at = useRef({ payload: null, time: Date.now() });
  if (at.current.payload !== payload) at.current = { payload, time: Date.now() };
  return at.current.time;
}

/** The clock of the seat on move, for the status bar: "Your time: 23 h 59 min". */
export function MyClock({ payload, at, now, t }) {
  const mine = payload.seat != null ? payload.seats[payload.seat] : null;
  if (!mine || !mine.clock || payload.status !== "running" || payload.over || payload.to_move !== payload.seat) return null;
  const left = leftNow(mine.clock, at, now);
  return (
    <span class={`my-clock ${left < 3600 ? "low" : ""}`} data-testid="my-clock">
      <ClockIcon /> {t("clock.mine", { time: remaining(left, t) })}
    </span>
  );
}

/** "Notify me in this browser": the permission is asked for only when clicked. */
export function NotifyButton({ t }) {
  const [state, ask] = useNotifyPermission();
  if (state === "unsupported") return null;
  if (state === "granted") return <span class="muted small" data-testid="notify-on">{t("notify.on")}</span>;
  if (state === "denied") return <span class="muted small">{t("notify.denied")}</span>;
  return <button class="link" onClick={ask} data-testid="notify-me">{t("notify.button")}</button>;
}
