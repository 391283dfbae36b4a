// "How does this work?": which rules section explains the decision on the table now.
import { useEffect, useState } from "preact/hooks";

const kindsCache = new Map();

/** The game's action kind -> rules section map (the same in every language). */
export function useRuleKinds(game) {
  const [kinds, setKinds] = useState(() => kindsCache.get(game) || null);
  useEffect(() => {
    if (!game || kindsCache.has(game)) return undefined;
    let live = true;
    fetch(`/api/registry/${game}/rules?lang=en`)
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
