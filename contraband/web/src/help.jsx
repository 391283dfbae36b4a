// Help at the table: which rules section explains the decision now ("How does this work?"),
// and the answer to a click on something the seat may not choose ("why not?").
import { useCallback, useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { describeMove } from "./panels.jsx";
import { url } from "./root.js";

const kindsCache = new Map();

/** The game's action kind -> rules section map (the same in every language). */
export function useRuleKinds(game) {
  const [kinds, setKinds] = useState(() => kindsCache.get(game) || null);
  useEffect(() => {
    if (!game || kindsCache.has(game)) return undefined;
    let live = true;
    fetch(url(`/api/registry/${game}/rules?lang=en`))
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(r.statusText))))
      .then((rules) => {
        kindsCache.set(game, rules.kinds || {});
        if (live) setKinds(rules.kinds || {});
      })
      .catch(() => live && setKinds({}));
    return () => {
      live = false;
    };
  }, [game]);
  return kinds || kindsCache.get(game) || {};
}

/** The section most of the legal moves' kinds point to (null when none is known). */
export function promptSection(legal, kinds) {
  const count = new Map();
  for (const move of legal || []) {
    const section = kinds[move.kind];
    if (section) count.set(section, (count.get(section) || 0) + 1);
  }
  let best = null;
  for (const [section, n] of count) if (!best || n > count.get(best)) best = section;
  return best;
}

/**
 * The table's answer to a click on a component with no legal label: the engine's "why not?"
 * about the label it would stand for (`labels[0]`), or else the component's own `why` and the
 * legal choices. `current` holds the payload shown; answers to an older version are dropped.
 */
export function useExplain({ current, id, token, game, t, setMessage }) {
  const explain = useCallback(
    (why, what, labels) => {
      const p = current.current;
      if (!p) return;
      if (p.seat == null) return setMessage({ kind: "info", text: t("table.spectatorClick") });
      if (p.over) return;
      const label = labels && labels[0];
      if (label) {
        const asked = p.version;
        api.explain(id, token, label, t.lang).then(
          (answer) =>
            current.current && current.current.version === asked &&
            setMessage({ kind: answer.reason === "not_your_turn" ? "info" : "warn", text: `${what ? `${what}: ` : ""}${answer.text}`, rule: answer.rule, why: true }),
          () => explain(why, what, null),
        );
        return;
      }
      if (p.to_move !== p.seat) {
        const seats = game.seats(p.view, t);
        return setMessage({ kind: "info", text: t("table.notYourTurn", { who: seats[p.to_move].name }) });
      }
      const list = p.legal.slice(0, 8).map((m) => describeMove(game, m, t));
      const more = p.legal.length > 8 ? ", …" : "";
      setMessage({
        kind: "warn",
        text: `${what ? `${what} — ` : ""}${why || t("table.notLegal")} ${t("table.legalAre", { list: list.join("; ") + more })}`,
      });
    },
    [game, t, id, token],
  );
  return explain;
}

/** The status bar's height (it grows with a message) as the CSS variable --bar: the panels
 * pinned below it (the Rules panel) use it. `ready`: the bar is drawn. */
export function useBarHeight(ready) {
  useEffect(() => {
    const bar = document.querySelector(".status-bar");
    if (!bar || !window.ResizeObserver) return undefined;
    const seen = new ResizeObserver(() => document.documentElement.style.setProperty("--bar", `${bar.offsetHeight}px`));
    seen.observe(bar);
    return () => seen.disconnect();
  }, [ready]);
}
