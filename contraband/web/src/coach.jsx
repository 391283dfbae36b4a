// A guided first game: the game's tutorial script speaks to the learner's first decisions (step n
// while the seat makes its n-th decision), highlights the component to click, and keeps the
// learner to the choice the step teaches; after the last step the learner plays on alone.
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "./api.js";

const scripts = new Map();

/** The game's script (null while loading or when it has none). */
export function useTutorial(game, on) {
  const [script, setScript] = useState(() => scripts.get(game) || null);
  useEffect(() => {
    if (!on || !game || scripts.has(game)) return undefined;
    let live = true;
    api.tutorial(game).then(
      (s) => {
        scripts.set(game, s);
        if (live) setScript(s);
      },
      () => live && setScript(null),
    );
    return () => {
      live = false;
    };
  }, [game, on]);
  return on ? script || scripts.get(game) || null : null;
}

/** The step shown now, or null (no script, or past its end). */
export function currentStep(script, payload) {
  if (!script || !payload || payload.seat !== script.seat || payload.decisions == null) return null;
  return script.steps[payload.decisions] || null;
}

/** Whether a click on `label` goes against the step ("any" lets everything through). */
export const offScript = (step, label) => Boolean(step && step.expect !== "any" && step.expect !== label);

export function CoachBox({ script, payload, t }) {
  const [hidden, setHidden] = useState(false);
  const step = currentStep(script, payload);
  const mine = payload.to_move === payload.seat && !payload.over;
  const number = payload.decisions;
  const scrolled = useRef(null);
  useEffect(() => {
    // the component to click glows while its step is shown; it is scrolled to once per step
    // (to the middle: the seat's own tray is pinned to the bottom of the window)
    const old = document.querySelectorAll(".coach-target");
    for (const el of old) el.classList.remove("coach-target");
    if (!step || !mine || !step.highlight) return;
    const el = document.querySelector(`[data-testid="${CSS.escape(step.highlight)}"]`);
    if (!el) return;
    el.classList.add("coach-target");
    if (scrolled.current !== number && !el.closest(".tray")) {
      scrolled.current = number;
      el.scrollIntoView({ block: "center", inline: "nearest" });
    }
  });
  if (!script || hidden) return null;
  if (!step) {
    if (number !== script.steps.length || payload.over) return null;
    return (
      <div class="coach panel done" data-testid="coach" data-step="done" role="status">
        <p>{t("coach.alone")}</p>
        <button class="link" data-testid="coach-close" onClick={() => setHidden(true)}>{t("coach.close")}</button>
      </div>
    );
  }
  return (
    <div class="coach panel" data-testid="coach" data-step={number} data-expect={step.expect} role="status">
      <span class="coach-count">{t("coach.step", { n: number + 1, of: script.steps.length })}</span>
      <p>{mine ? step[t.lang] || step.en : t("coach.watch")}</p>
    </div>
  );
}
