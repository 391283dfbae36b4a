// "Hint": the coach's best choices for the seat's decision, in order, each told as something a
// player can act on: "clearly best", "about as good" (closer than the coach's own uncertainty
// can tell apart) or "worse"; computed on the server from the seat's own view (where the table
// allows hints). The estimated win chance is in each choice's tooltip.
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { describeMove } from "./panels.jsx";
import { refusal } from "./refusals.js";

export const percent = (win) => `${Math.round(win * 100)}%`;

/** The words for a hint's choice: the first is "clear" (every other move measured worse) or
 * "best"; the others "even" or "worse" (a hint from before verdicts: by order only). */
export function verdictOf(hint, choice, i) {
  if (i === 0) return hint.clear ? "clear" : "best";
  return choice.verdict === "worse" ? "worse" : "even";
}

export function useHint(id, token, payload) {
  const [hint, setHint] = useState(null); // null, {loading}, {error}, or the answer
  // a hint is for one decision: it goes when the game moves on
  useEffect(() => setHint(null), [payload && payload.version]);
  const ask = () => {
    setHint({ loading: true });
    api.hint(id, token, payload.version).then(setHint, (e) => setHint({ error: e }));
  };
  return { hint, ask, close: () => setHint(null) };
}

export function HintButton({ payload, hint, ask, t }) {
  const mine = payload.seat != null && !payload.over && payload.to_move === payload.seat;
  if (!payload.hints || !mine) return null;
  return (
    <button class="secondary" data-testid="hint-button" onClick={ask} disabled={hint && hint.loading}>
      {t("hint.button")}
    </button>
  );
}

export function HintPanel({ game, hint, act, close, t }) {
  if (!hint) return null;
  return (
    <section class="panel hint-panel" data-testid="hints" aria-live="polite">
      <div class="hint-head">
        <strong>{t("hint.title")}</strong>
        <button class="link" onClick={close} aria-label={t("coach.close")}>×</button>
      </div>
      {hint.loading && <p class="muted pulse" data-testid="hint-loading">{t("hint.thinking")}</p>}
      {hint.error && <p class="warn">{refusal(hint.error, t)}</p>}
      {hint.choices && (
        <ol class="hint-list">
          {hint.choices.map((c, i) => (
            <li key={c.label} data-testid="hint-choice" data-label={c.label} data-verdict={verdictOf(hint, c, i)}>
              <span class={`hint-verdict hint-${verdictOf(hint, c, i)}`} title={`${t("hint.winTitle")}: ${percent(c.win)}`}>
                {t(`hint.${verdictOf(hint, c, i)}`)}
              </span>{" "}
              <span class="hint-move">{describeMove(game, c.text || { label: c.label }, t)}</span>{" "}
              <button class="link" data-hint-label={c.label} onClick={() => act(c.label)}>{t("hint.play")}</button>
            </li>
          ))}
        </ol>
      )}
      {hint.choices && <p class="muted small">{t("hint.note")}</p>}
    </section>
  );
}
