// Help on every component: a bubble on hover (mouse) and on long press (touch) saying what the
// component is, what it does and its printed values. One bubble at a time, so one timer.
import { useEffect, useRef } from "preact/hooks";

const HOVER_MS = 350;
const PRESS_MS = 480;
let pending = null;
let suppressClickUntil = 0;

/** True while the click that ends a long press must be ignored (the press showed help). */
export const clickSuppressed = () => Date.now() < suppressClickUntil;

/** Pointer handlers that show `help` through `show` ({text, anchor} or null). */
export function tipHandlers(help, show) {
  if (!help) return {};
  const text = typeof help === "function" ? help : () => help;
  const cancel = () => {
    clearTimeout(pending);
    pending = null;
  };
  return {
    onPointerEnter: (event) => {
      if (event.pointerType !== "mouse") return;
      const anchor = event.currentTarget;
      cancel();
      pending = setTimeout(() => show({ text: text(), anchor }), HOVER_MS);
    },
    onPointerLeave: (event) => {
      cancel();
      if (event.pointerType === "mouse") show(null);
    },
    onPointerDown: (event) => {
      if (event.pointerType === "mouse") return;
      const anchor = event.currentTarget;
      cancel();
      pending = setTimeout(() => {
        suppressClickUntil = Date.now() + 800;
        show({ text: text(), anchor, pinned: true });
      }, PRESS_MS);
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    // a long press on a phone opens the context menu: the bubble answers it instead
    onContextMenu: (event) => event.preventDefault(),
    "aria-description": text(),
  };
}

/** The bubble itself, placed below its anchor (above when there is no room). */
export function TipBubble({ tip, close }) {
  const ref = useRef(null);
  useEffect(() => {
    if (!tip || !tip.pinned) return undefined;
    const away = (event) => ref.current && !ref.current.contains(event.target) && close();
    const id = setTimeout(() => document.addEventListener("pointerdown", away), 0);
    return () => {
      clearTimeout(id);
      document.removeEventListener("pointerdown", away);
    };
  }, [tip]);
  if (!tip || !tip.anchor || !tip.anchor.isConnected) return null;
  // the anchor's description is rendered with the table: it is the help as of now (a bubble
  // opened before the game's catalog arrived gains its printed values once it does)
  const text = tip.anchor.getAttribute("aria-description") || tip.text;
  const r = tip.anchor.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  const left = Math.min(Math.max(8, r.left + r.width / 2 - width / 2), window.innerWidth - width - 8);
  const below = r.bottom + 8 + 120 < window.innerHeight;
  const style = below ? { left: `${left}px`, top: `${r.bottom + 8}px`, width: `${width}px` } : { left: `${left}px`, bottom: `${window.innerHeight - r.top + 8}px`, width: `${width}px` };
  return (
    <div class="tip" role="tooltip" data-testid="tip" style={style} ref={ref}>
      {String(text)
        .split("\n")
        .map((line, i) => (
          <p key={i}>{line}</p>
        ))}
    </div>
  );
}
