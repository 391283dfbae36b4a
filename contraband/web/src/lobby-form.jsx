// Parts of the lobby's creation form: the table's mode and clock, and the seats (a person with
// an optional name, an open seat for whoever joins from the lobby, or a bot); the rule variant
// lives in variant-form.jsx.
import { colourWord } from "./i18n.js";
import { DEFAULT_PRESET, PRESETS, presetLabel } from "./clocks.js";

export { VariantChoices } from "./variant-form.jsx";

export const LEVELS = ["easy", "medium", "hard", "random"];

export function TableMode({ mode, setMode, clock, setClock, t }) {
  return (
    <fieldset class="table-mode">
      <legend>{t("mode.label")}</legend>
      <div class="option">
        <select id="mode" data-testid="mode" value={mode} aria-label={t("mode.label")}
          onChange={(e) => { const m = e.currentTarget.value; setMode(m); setClock(DEFAULT_PRESET[m]); }}>
          <option value="live">{t("mode.live")}</option>
          <option value="turn">{t("mode.turn")}</option>
        </select>
        <div class="hint">{t(`mode.hint.${mode}`)}</div>
      </div>
      <div class="option">
        <label for="clock">{t("clock.label")}</label>{" "}
        <select id="clock" data-testid="clock" value={clock} onChange={(e) => setClock(e.currentTarget.value)}>
          {PRESETS[mode].map(([name]) => (
            <option key={name} value={name}>{presetLabel(mode, name, t)}</option>
          ))}
        </select>
        {clock !== "none" && <div class="hint">{t("clock.hint")}</div>}
      </div>
    </fieldset>
  );
}

/** One line per seat: its kind, and for a person an optional name. */
export function SeatChoices({ seats, setSeats, players, names, playerNames, setPlayerNames, rated, t }) {
  const opened = seats.slice(0, players).includes("open");
  const setSeat = (i, value) => setSeats(seats.map((x, j) => (j === i ? value : x)));
  const setName = (i, value) => {
    const next = Array.from({ length: players }, (_, j) => playerNames[j] || "");
    next[i] = value;
    setPlayerNames(next);
  };
  return (
    <fieldset>
      <legend>{t("lobby.seats")}</legend>
      {seats.slice(0, players).map((s, i) => (
        <div class="option seat-choice" key={i}>
          <label for={`seat-${i}`}>
            {t("lobby.seat", { n: i + 1 })}
            {names[i] ? ` (${colourWord(names[i], t)})` : ""}
          </label>{" "}
          <select id={`seat-${i}`} data-testid={`seat-${i}`} value={s} onChange={(e) => setSeat(i, e.currentTarget.value)}>
            <option value="human">{t("lobby.human")}</option>
            <option value="open">{t("lobby.openSeat")}</option>
            {LEVELS.map((l) => (
              <option key={l} value={l}>{t("lobby.bot", { level: t(`level.${l}`) })}{rated(l)}</option>
            ))}
          </select>
          {s === "human" && (
            <input class="seat-name" data-testid={`name-${i}`} maxLength={24} value={playerNames[i] || ""}
              placeholder={t("lobby.nameOf")} aria-label={`${t("lobby.seat", { n: i + 1 })}: ${t("lobby.nameOf")}`}
              onInput={(e) => setName(i, e.currentTarget.value)} />
          )}
        </div>
      ))}
      {opened && <div class="hint" data-testid="open-needs-public">{t("lobby.openNeedsPublic")}</div>}
    </fieldset>
  );
}
