// /me#key=KEY: a player key opened on a device brings its games here. The seats it holds are
// merged into this browser's list (mine.js), the key is kept (every new seat here is added to
// it, and so are this browser's own games), and the key leaves the address bar.
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { useT } from "./i18n.js";
import { keepSeats, keyReplaced, playerKey, remember, seatsHeld, storeKey } from "./mine.js";
import { url } from "./root.js";
import { gameName, refresh } from "./turns.js";
import { LostKey, useMailOffered } from "./keys.jsx";
import { refusal } from "./refusals.js";

/** The key of this page's fragment (#key=…), else the one this browser holds. */
function keyOfPage() {
  const given = new URLSearchParams(location.hash.replace(/^#/, "")).get("key");
  const held = playerKey();
  return { given, key: given || (held && !held.replaced ? held.key : null) };
}

function hideKey() {
  // (the secret is not left for a screenshot or a shoulder: this browser holds it now)
  if (location.hash) history.replaceState(null, "", url("/me"));
}

export function MePage({ langButton }) {
  const t = useT();
  const [state, setState] = useState({ phase: "loading" });
  const [mail, noMail] = useMailOffered();
  useEffect(() => {
    document.title = `${t("me.title")} · contraband`;
    let asked = 0; // (the answer to a key no longer shown is dropped)
    const look = () => {
      const { given, key } = keyOfPage();
      const mine = ++asked;
      if (!key) return setState({ phase: "none" });
      setState({ phase: "loading" });
      api.keyGames(key).then(
        async (games) => {
          if (mine !== asked) return;
          // the player's turns come first: remembered last, they are on top
          for (const g of [...games].reverse()) {
            remember({ id: g.id, game: g.game, seat: g.seat, link: g.link }, { keep: false });
          }
          storeKey(key);
          hideKey();
          const own = seatsHeld(new Set(games.map((g) => g.id)));
          if (own.length) await keepSeats(key, own).catch(() => 0);
          refresh();
          setState({ phase: "found", games, own: own.length });
        },
        (e) => {
          if (mine !== asked) return;
          if (e.status === 403) {
            keyReplaced(key);
            if (given) hideKey();
            setState({ phase: "replaced" });
          } else setState({ phase: "failed", why: refusal(e, t) });
        },
      );
    };
    look();
    // a key's link pasted into this tab changes only the fragment
    const pasted = () => keyOfPage().given && look();
    window.addEventListener("hashchange", pasted);
    return () => window.removeEventListener("hashchange", pasted);
  }, []);
  const row = (g) => {
    const name = (g.names && g.names[g.seat]) || t("lobby.seat", { n: g.seat + 1 });
    return (
      <li key={g.id} data-testid={`me-game-${g.id}`} class={g.your_turn ? "your-turn" : ""}>
        <a href={url(g.link)}>{gameName(g.game, t)}</a>{" "}
        <span class="muted">· {name} · {t(`mode.short.${g.mode || "live"}`)}</span>{" "}
        {g.your_turn && <span class="tag turn">{t("lobby.yourTurn")}</span>}
        {["over", "abandoned", "expired"].includes(g.status) && (
          <span class="tag">{t(g.status === "over" ? "lobby.over" : `lobby.${g.status}`)}</span>
        )}
      </li>
    );
  };
  return (
    <div class="page me-page">
      <header class="lobby-head">
        <div>
          <h1>{t("me.title")}</h1>
          <p class="tagline">{t("key.title")}</p>
        </div>
        {langButton}
      </header>
      <section class="panel" data-testid="me" data-phase={state.phase} data-mail={mail == null ? "unknown" : mail ? "on" : "off"}>
        {state.phase === "loading" && <p class="muted">{t("me.loading")}</p>}
        {state.phase === "found" && (
          <>
            <p class="headline" data-testid="me-found">
              {state.games.length ? t("me.found", { n: state.games.length }) : t("me.none")}
            </p>
            {state.games.length > 0 && <ul class="me-games">{state.games.map(row)}</ul>}
            <p class="muted small">{t("me.alsoHere")}</p>
          </>
        )}
        {state.phase === "replaced" && <p class="key-warning" role="alert" data-testid="me-replaced">{t("me.replaced")}</p>}
        {state.phase === "failed" && <p class="said warn" role="alert" data-testid="me-failed">{t("me.failed", { why: state.why })}</p>}
        {state.phase === "none" && <p data-testid="me-none">{t("me.noKey")}</p>}
        {state.phase !== "loading" && (
          <p>
            <a class="button primary" href={url("/")} data-testid="me-lobby">{t("me.lobby")}</a>
          </p>
        )}
        {(state.phase === "replaced" || state.phase === "none") && mail && <LostKey t={t} onNoMail={noMail} />}
      </section>
    </div>
  );
}
