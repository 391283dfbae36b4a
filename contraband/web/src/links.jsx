// Links to share: a copy box (with the phone's share sheet), and the links of a new game.
import { useEffect, useRef, useState } from "preact/hooks";
import { url } from "./root.js";

/** A link shown whole, with Copy (and Share where the browser has it). */
export function CopyLink({ href, t, testid }) {
  const [copied, setCopied] = useState(false);
  const full = new URL(url(href), location.href).href;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(full);
    } catch (_) {
      const area = document.createElement("textarea");
      area.value = full;
      document.body.appendChild(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <span class="copy-link">
      <input readOnly value={full} aria-label="link" onFocus={(e) => e.currentTarget.select()} data-testid={testid} />
      <button type="button" onClick={copy}>{copied ? t("lobby.copied") : t("lobby.copy")}</button>
      {navigator.share && (
        <button type="button" onClick={() => navigator.share({ url: full }).catch(() => {})}>{t("lobby.share")}</button>
      )}
    </span>
  );
}

/** The new game's links: each human seat's secret link, the open seats, spectators, host. */
export function Created({ made, t }) {
  const opened = made.seats.some((s) => s.kind === "open");
  // below the form, on a phone they are out of sight: the links come into view, and their
  // heading takes the focus (a screen reader says it: the game is made)
  const head = useRef(null);
  useEffect(() => {
    const el = head.current;
    if (!el) return;
    el.closest("section").scrollIntoView({ block: "start" });
    el.focus({ preventScroll: true });
  }, [made.id]);
  return (
    <section class="panel created" data-testid="created" aria-labelledby="created-head">
      <h2 id="created-head" ref={head} tabIndex={-1}>{t("lobby.created")}</h2>
      <p>{t("lobby.links")}</p>
      <ul class="links">
        {made.seats.map((s) => (
          <li key={s.seat}>
            <strong>{t("lobby.seat", { n: s.seat + 1 })}</strong>{" "}
            {s.link ? (
              <>
                <CopyLink href={s.link} t={t} testid={`seat-link-${s.seat}`} />{" "}
                <a class="button primary" href={url(s.link)} data-testid={`open-seat-${s.seat}`}>{t("lobby.open")}</a>
              </>
            ) : s.kind === "open" ? (
              <span class="muted" data-testid={`seat-open-${s.seat}`}>{t("lobby.openWaits")}</span>
            ) : (
              <span class="muted">{t("lobby.bot", { level: t(`level.${s.kind}`, { fallback: s.kind }) })}</span>
            )}
          </li>
        ))}
        {opened && (
          <li>
            <strong>{t("lobby.tableLink")}</strong> <CopyLink href={`/table/${made.id}`} t={t} testid="table-link" />
          </li>
        )}
        <li>
          <strong>{t("lobby.spectator")}</strong> <CopyLink href={made.spectator_link} t={t} testid="spectator-link" />
        </li>
        <li>
          <strong>{t("lobby.host")}</strong> <CopyLink href={made.host_link} t={t} testid="host-link" />
        </li>
      </ul>
    </section>
  );
}
