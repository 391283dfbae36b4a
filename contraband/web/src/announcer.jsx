// What a screen reader hears at the table (issue 44): a polite live region that says what just
// happened and whose turn it is now, once for each change of the game, never for the ticking
// "… is thinking 3 s" or a clock. Self-contained: the table passes the status line it shows
// (statusLine in panels.jsx), the last log line in the table's language and the payload's
// version; the region is visually hidden and keeps the data-testid "announce".
import { useEffect, useRef, useState } from "preact/hooks";
import { addWords, useT } from "./i18n.js";

addWords({
  en: { "announce.last": "Last move" },
  nl: { "announce.last": "Laatste zet" },
});

/** The sentence for one state of the game: the last move (if any), then whose turn it is. */
export function announcement(status, lastLine, t) {
  const parts = [];
  if (lastLine) parts.push(`${t("announce.last")}: ${lastLine}`);
  if (status && status.text) parts.push(status.text);
  return parts.join(". ");
}

/**
 * The live region. `version` is the table's payload version: the text changes when it does
 * (or when the mover or the end changes), so the bot's thinking time is not read out again and
 * again. The text alternates between two nodes, so that the same sentence twice in a row (two
 * identical moves) is still read.
 */
export function Announcer({ version, status, lastLine }) {
  const t = useT();
  const [said, setSaid] = useState({ text: "", slot: 0 });
  const key = `${version}:${status ? status.who : ""}:${status ? !!status.mine : ""}:${status ? !!status.over : ""}`;
  const last = useRef(null);
  useEffect(() => {
    if (last.current === key) return;
    last.current = key;
    const text = announcement(status, lastLine, t);
    setSaid((old) => ({ text, slot: text === old.text ? 1 - old.slot : old.slot }));
  }, [key, lastLine, t]);
  return (
    <div class="sr-only" data-testid="announce">
      <div aria-live="polite" aria-atomic="true">{said.slot === 0 ? said.text : ""}</div>
      <div aria-live="polite" aria-atomic="true">{said.slot === 1 ? said.text : ""}</div>
    </div>
  );
}
