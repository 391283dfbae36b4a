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

/** The band of the window no pinned bar covers: below the status bar, above a box pinned to the
 * window's bottom (the lesson on a narrow screen). */
function freeBand() {
  const bar = document.querySelector(".status-bar");
  let top = bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
  let bottom = window.innerHeight;
  for (const el of document.querySelectorAll(".coach, .status-bar .message")) {
    const style = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    if (style.position === "fixed" && r.top > window.innerHeight / 2) bottom = Math.min(bottom, r.top);
    else if (style.position !== "static" && r.bottom > top && r.top < window.innerHeight / 2) top = r.bottom;
  }
  return { top: top + 6, bottom: bottom - 6 };
}

/** Scroll the page (only when needed) so that `el` is inside the free band: centred in it, or
 * its top at the band's top when it is taller than the band. */
export function bringIntoView(el) {
  const { top, bottom } = freeBand();
  const r = el.getBoundingClientRect();
  if (r.top >= top && r.bottom <= bottom) return;
  const room = bottom - top;
  const want = r.height > room ? top : top + (room - r.height) / 2;
  window.scrollBy({ top: r.top - want, left: 0, behavior: "instant" });
}

export function CoachBox({ script, payload, t }) {
  const [hidden, setHidden] = useState(false);
  const step = currentStep(script, payload);
  const mine = payload.to_move === payload.seat && !payload.over;
  const number = payload.decisions;
  const scrolled = useRef(null);
  const [box, setBox] = useState(null);
  useEffect(() => {
    // the box's height as --coach-h: pinned to the window's bottom on a narrow screen, the page
    // keeps that much room below the table so that nothing stays under it
    const root = document.documentElement;
    if (!box || !window.ResizeObserver) return undefined;
    const seen = new ResizeObserver(() => root.style.setProperty("--coach-h", `${box.offsetHeight}px`));
    seen.observe(box);
    return () => {
      seen.disconnect();
      root.style.setProperty("--coach-h", "0px");
    };
  }, [box]);
  useEffect(() => {
    // the component to click glows while its step is shown; once per step the page scrolls (if
    // it must) to bring it between the status bar and the lesson box
    const old = document.querySelectorAll(".coach-target");
    for (const el of old) el.classList.remove("coach-target");
    if (!step || !mine || !step.highlight) return;
    const el = document.querySelector(`[data-testid="${CSS.escape(step.highlight)}"]`);
    if (!el) return;
    el.classList.add("coach-target");
    if (scrolled.current !== number) {
      scrolled.current = number;
      bringIntoView(el);
    }
  });
  if (!script || hidden) return null;
  if (!step) {
    if (number !== script.steps.length || payload.over) return null;
    return (
      <div class="coach panel done" ref={setBox} data-testid="coach" data-step="done" role="status">
        <p>{t("coach.alone")}</p>
        <button class="link" data-testid="coach-close" onClick={() => setHidden(true)}>{t("coach.close")}</button>
      </div>
    );
  }
  return (
    <div class="coach panel" ref={setBox} data-testid="coach" data-step={number} data-expect={step.expect} data-highlight={mine && step.highlight ? step.highlight : undefined} role="status">
      <span class="coach-count">{t("coach.step", { n: number + 1, of: script.steps.length })}</span>
      <p>{mine ? step[t.lang] || step.en : t("coach.watch")}</p>
    </div>
  );
}
