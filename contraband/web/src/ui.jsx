// Shared pieces of every table: seat markers, clickable components, change highlights.
import { createContext } from "preact";
import { useContext, useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { useT } from "./i18n.js";
import { clickSuppressed, tipHandlers } from "./tips.jsx";

/** Seat colours (Okabe-Ito), each with a shape and a letter so that no colour stands alone. */
export const COLOURS = {
  blue: { hex: "#0072B2", shape: "circle", letter: "B", ink: "#fff" },
  purple: { hex: "#CC79A7", shape: "square", letter: "P", ink: "#111" },
  red: { hex: "#D55E00", shape: "triangle", letter: "R", ink: "#fff" },
  green: { hex: "#009E73", shape: "square", letter: "G", ink: "#fff" },
  yellow: { hex: "#F0E442", shape: "diamond", letter: "Y", ink: "#111" },
  orange: { hex: "#E69F00", shape: "pentagon", letter: "O", ink: "#111" },
  sky: { hex: "#56B4E9", shape: "hexagon", letter: "S", ink: "#111" },
};
export const colour = (name) => COLOURS[name] || COLOURS.blue;

/** The seat's shape, drawn centred on (x, y) with radius r, inside an SVG. */
export function Shape({ name, x = 0, y = 0, r = 8, stroke = "#222", strokeWidth = 1.2, fill }) {
  const c = colour(name);
  const props = { fill: fill || c.hex, stroke, "stroke-width": strokeWidth };
  switch (c.shape) {
    case "square":
      return <rect x={x - r * 0.86} y={y - r * 0.86} width={r * 1.72} height={r * 1.72} rx={r * 0.15} {...props} />;
    case "triangle":
      return <polygon points={`${x},${y - r} ${x + r * 0.95},${y + r * 0.75} ${x - r * 0.95},${y + r * 0.75}`} {...props} />;
    case "diamond":
      return <polygon points={`${x},${y - r} ${x + r},${y} ${x},${y + r} ${x - r},${y}`} {...props} />;
    case "pentagon":
    case "hexagon": {
      const n = c.shape === "pentagon" ? 5 : 6;
      const pts = Array.from({ length: n }, (_, i) => {
        const a = -Math.PI / 2 + (i * 2 * Math.PI) / n;
        return `${x + r * Math.cos(a)},${y + r * Math.sin(a)}`;
      });
      return <polygon points={pts.join(" ")} {...props} />;
    }
    default:
      return <circle cx={x} cy={y} r={r} {...props} />;
  }
}

/** A seat marker for running text: shape + letter in the seat's colour, then the name. */
export function SeatMark({ colour: name, label, size = 16 }) {
  const c = colour(name);
  return (
    <span class="seatmark" title={label}>
      <svg width={size} height={size} viewBox="-10 -10 20 20" aria-hidden="true">
        <Shape name={name} r={8.5} />
        <text y="3.6" text-anchor="middle" font-size="9.5" font-weight="700" fill={c.ink}>
          {c.letter}
        </text>
      </svg>
      {label !== undefined && <span class="seatmark-name">{label}</span>}
    </span>
  );
}

/** What a board may do: the seat's legal labels, and how to act on them (Table provides it). */
export const Play = createContext({
  legal: new Map(),
  interactive: false,
  act: () => {},
  choose: () => {},
  explain: () => {},
  tip: () => {},
  describe: (label) => label,
  selection: null,
  select: () => {},
  version: 0,
});
export const usePlay = () => useContext(Play);

/** True for a moment after sig changes (not on the first render): the "what changed" ring. */
export function useFlash(sig) {
  const previous = useRef(sig);
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (previous.current === sig) return undefined;
    previous.current = sig;
    setOn(true);
    const id = setTimeout(() => setOn(false), 2600);
    return () => clearTimeout(id);
  }, [sig]);
  return on;
}

/** The flash ring, and a small mark that stays until the game's next change. */
export function useChange(sig) {
  const { version } = useContext(Play);
  const previous = useRef(sig);
  const at = useRef(null);
  if (previous.current !== sig) {
    previous.current = sig;
    at.current = version;
  }
  const flash = useFlash(sig);
  return { flash, recent: at.current !== null && at.current === version };
}

/**
 * A table component that may be clicked. `labels` are the engine labels it stands for: one
 * legal label acts at once (data-action), several open a small menu (data-select). When none is
 * legal a click asks the engine why not about `would` (the labels the component would stand for
 * now: "print 3"), or else shows `why`. `select` makes it a client-side first click instead.
 * `help` (text, or a function giving it) says what the component is, on hover and long press.
 */
export function Hot({
  as: Tag = "div",
  labels = [],
  select,
  why,
  would,
  help,
  title,
  testid,
  sig,
  class: className = "",
  children,
  menuTitle,
  ...rest
}) {
  const play = usePlay();
  const t = useT();
  const { flash, recent } = useChange(sig === undefined ? null : typeof sig === "string" ? sig : JSON.stringify(sig));
  const live = play.interactive ? labels.filter((label) => play.legal.has(label)) : [];
  const selectable = play.interactive && select && select.enabled;
  const selected = selectable && play.selection && play.selection.id === select.id;
  const active = live.length > 0 || selectable;
  const onClick = (event) => {
    event.stopPropagation();
    if (clickSuppressed()) return;
    if (selectable) {
      play.select(selected ? null : { id: select.id, what: select.what, ...select.data });
      return;
    }
    if (live.length === 1) play.act(live[0]);
    else if (live.length > 1) play.choose(live, menuTitle || title, event.currentTarget);
    else play.explain(typeof why === "function" ? why() : why, title, would || labels);
  };
  const onKeyDown = (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onClick(event);
    }
  };
  const attrs = {
    ...rest,
    ...tipHandlers(help, play.tip),
    class: `hot ${active ? "live" : "inert"} ${flash ? "flash" : ""} ${recent ? "recent" : ""} ${selected ? "selected" : ""} ${className}`,
    "data-testid": testid,
    onClick,
  };
  if (active) {
    attrs.role = "button";
    attrs.tabindex = 0;
    attrs.onKeyDown = onKeyDown;
    if (selectable) {
      attrs["data-select"] = select.id;
      if (select.labels) attrs["data-labels"] = select.labels.join("\n");
    }
    else if (live.length === 1) attrs["data-action"] = live[0];
    else {
      attrs["data-select"] = testid || title;
      attrs["data-labels"] = live.join("\n");
    }
    const base = rest["aria-label"] || title;
    attrs["aria-label"] = base
      ? live.length === 1 && !selectable
        ? `${base}: ${play.describe(live[0])}`
        : base
      : undefined;
  } else if (labels.length || select) {
    attrs["aria-disabled"] = "true";
  }
  const ref = useRef(null);
  attrs.ref = ref;
  const given = attrs["aria-label"];
  useLayoutEffect(() => labelInName(ref.current, given));
  if (Tag === "g") {
    return (
      <g {...attrs}>
        {title && !help && <title>{title}</title>}
        {children}
      </g>
    );
  }
  return (
    <Tag {...attrs} title={help ? undefined : title}>
      {children}
    </Tag>
  );
}

const words = (text) =>
  text
    .normalize("NFKD")
    .replace(/\([^()]*\)/g, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const within = (name, part) => name.some((_, i) => part.every((w, j) => name[i + j] === w));

/** The text drawn inside an element as a voice-control user sees it: its text nodes run
 * together, as the accessible-name checks (axe-core's label-content-name-mismatch) read them. */
function seenText(node) {
  let out = "";
  for (const child of node.childNodes) {
    if (child.nodeType === 3) out += child.data;
    if (child.nodeType !== 1 || ["title", "desc", "style", "script"].includes(child.localName)) continue;
    if (child.localName === "br") out += " ";
    const style = getComputedStyle(child);
    if (style.display === "none" || style.visibility === "hidden" || child.classList.contains("sr-only")) continue;
    out += seenText(child);
  }
  return out;
}

/**
 * WCAG 2.5.3 (label in name): a clickable component's aria-label must contain the text shown
 * in it, so that a voice-control user can say what they see. Where the label (the point, the
 * field, what a click does) does not, the shown text goes in front of it.
 */
function labelInName(el, label) {
  if (!el || !label || !el.getAttribute) return;
  const shown = seenText(el).replace(/\s+/g, " ").trim();
  const part = words(shown);
  const named = !part.length || within(words(label), part) ? label : `${shown} — ${label}`;
  if (el.getAttribute("aria-label") !== named) el.setAttribute("aria-label", named);
}

/** A pile nobody can see into: a stack of backs with a count. */
export function Backs({ n, label, testid, small }) {
  const t = useT();
  return (
    <span class={`backs ${small ? "small" : ""}`} data-testid={testid} title={label}>
      <span class="back-stack" aria-hidden="true">
        {Array.from({ length: Math.min(n, 4) }, (_, i) => (
          <span class="card-back" style={{ left: `${i * 3}px`, top: `${-i * 2}px` }} />
        ))}
      </span>
      <span class="back-count">
        {label ? `${label} ` : ""}
        {t("table.count", { n })}
      </span>
    </span>
  );
}

/** A small flashing wrapper for plain (not clickable) components. */
export function Flash({ as: Tag = "div", sig, class: className = "", children, ...rest }) {
  const { flash, recent } = useChange(typeof sig === "string" ? sig : JSON.stringify(sig));
  if (Tag === "g") {
    return (
      <g class={`${flash ? "flash" : ""} ${recent ? "recent" : ""} ${className}`} {...rest}>
        {children}
      </g>
    );
  }
  return (
    <Tag class={`${flash ? "flash" : ""} ${recent ? "recent" : ""} ${className}`} {...rest}>
      {children}
    </Tag>
  );
}

/** A plain (not clickable) component that explains itself on hover and long press. */
export function Tip({ as: Tag = "span", help, children, ...rest }) {
  const play = usePlay();
  return (
    <Tag {...rest} {...tipHandlers(help, play.tip)}>
      {children}
    </Tag>
  );
}
