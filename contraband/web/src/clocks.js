// Table clocks as people read them: the presets a creator picks from (the server's
// contraband/server/clock.py PRESETS, which the API does not list), a seat's time left counted
// down between the server's updates, and durations in days, hours and minutes.

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Per mode, the presets in the order offered: [name, bank, credit] (seconds), null: no clock. */
export const PRESETS = {
  turn: [["fast", DAY, 4 * HOUR], ["normal", 3 * DAY, DAY], ["slow", 7 * DAY, 2 * DAY], ["none", null, null]],
  live: [["none", null, null], ["blitz", 5 * MINUTE, 10], ["rapid", 15 * MINUTE, 20], ["relaxed", 45 * MINUTE, 30]],
};
export const DEFAULT_PRESET = { turn: "normal", live: "none" };

/** "3 days", "4 hours", "10 seconds": a preset's round durations in words. */
export function span(seconds, t) {
  for (const [unit, size] of [["days", DAY], ["hours", HOUR], ["minutes", MINUTE]]) {
    if (seconds >= size && seconds % size === 0) return t(`time.${unit}`, { n: seconds / size });
  }
  return t("time.seconds", { n: Math.round(seconds) });
}

/** A preset's label for the creation form: "Normal: 3 days, +1 day a decision". */
export function presetLabel(mode, name, t) {
  const found = PRESETS[mode].find((p) => p[0] === name);
  if (!found || found[1] == null) return t("clock.none");
  return t("clock.preset", { name: t(`clock.${name}`), bank: span(found[1], t), credit: span(found[2], t) });
}

/** A table's mode and clock for its header: "turn-based · 3 days + 1 day a decision". */
export function tableClock(mode, clock, t) {
  const parts = [t(`mode.short.${mode || "live"}`)];
  if (clock) parts.push(t("clock.tag", { bank: span(clock.bank, t), credit: span(clock.credit, t) }));
  return parts.join(" · ");
}

/** Time left for a countdown: "2 d 5 h", "5 h 12 min", "12:05". */
export function remaining(seconds, t) {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / DAY);
  const h = Math.floor((s % DAY) / HOUR);
  const m = Math.floor((s % HOUR) / MINUTE);
  if (d > 0) return h ? `${t("time.d", { n: d })} ${t("time.h", { n: h })}` : t("time.d", { n: d });
  if (h > 0) return m ? `${t("time.h", { n: h })} ${t("time.min", { n: m })}` : t("time.h", { n: h });
  return `${m}:${String(s % MINUTE).padStart(2, "0")}`;
}

/** A seat's seconds left now: its clock as the server sent it at ``at`` (ms), counted down
 * while it runs. Null without a clock. */
export function leftNow(clock, at, now) {
  if (!clock) return null;
  if (!clock.running) return clock.left;
  return Math.max(0, clock.left - Math.max(0, now - at) / 1000);
}
