// "Hint": the strong search's three best choices for the seat's decision, with an estimated win
// chance each, computed on the server from the seat's own view (where the table allows hints).
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { describeMove } from "./panels.jsx";

export const percent = (win) => `${Math.round(win * 100)}%`;

export function useHint(id, token, payload) {
  const [hint, setHint] = useState(null); // null, {loading}, {error}, or the answer
  // a hint is for one decision: it goes when the game moves on
  useEffect(() => setHint(null), [payload && payload.version]);
  const ask = () => {
    setHint({ loading: true });
    api.hint(id, token, payload.version).then(setHint, (e) => setHint({ error: e.message }));
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
      {hint.error && <p class="warn">{hint.error}</p>}
      {hint.choices && (
        <ol class="hint-list">
          {hint.choices.map((c) => (
            <li key={c.label} data-testid="hint-choice" data-label={c.label}>
              <span class="hint-win" title={t("hint.winTitle")}>{percent(c.win)}</span>{" "}
              <span class="hint-move">{describeMove(game, c.text || { label: c.label }, t)}</span>{" "}
              <button class="link" data-hint-label={c.label} onClick={() => act(c.label)}>{t("hint.play")}</button>
            </li>
          ))}
        </ol>
      )}
      {hint.choices && <p class="muted small">{t("hint.note", { n: hint.iterations })}</p>}
    </section>
  );
}
