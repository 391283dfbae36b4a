// The URL fragment as live state: a seat, host or spectator link pasted into a tab that already
// shows the table changes only the fragment (no page load), so the table must follow it.
import { useEffect, useState } from "preact/hooks";
import { fragment } from "./api.js";

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** fragment() now, read again whenever the fragment changes (hashchange). */
export function useFragment() {
  const [value, setValue] = useState(fragment);
  useEffect(() => {
    const reread = () => setValue((old) => {
      const now = fragment();
      return same(old, now) ? old : now;
    });
    window.addEventListener("hashchange", reread);
    return () => window.removeEventListener("hashchange", reread);
  }, []);
  return value;
}
