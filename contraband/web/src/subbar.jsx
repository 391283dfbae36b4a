// The bar below a table's status bar: every choice as a list, who is watching, the table's
// hints, the rule variant it plays, playing one's forced moves, letting a bot play one's seat,
// "your turn" e-mail, the connection.
import { api } from "./api.js";
import { describeMove } from "./panels.jsx";
import { NotifyButton } from "./players.jsx";
import { MailMe } from "./mail.jsx";
import { VariantLine } from "./variant-form.jsx";
import { refusal } from "./refusals.js";

/**
 * The A key (issue 44): opens the "All choices" list with the focus on its first choice, or
 * closes it again with the focus back on its summary.
 */
export function toggleChoices() {
  const list = document.querySelector("[data-testid=choice-list]");
  if (!list) return;
  list.open = !list.open;
  const first = list.open && list.querySelector("ol button");
  (first || list.querySelector("summary")).focus();
}

/** Up/Down (and Left/Right, Home/End) move between the list's choices; Tab reaches them all too. */
function arrowKeys(event) {
  const buttons = [...event.currentTarget.querySelectorAll("button")];
  const at = buttons.indexOf(document.activeElement);
  const to = { ArrowDown: at + 1, ArrowRight: at + 1, ArrowUp: at - 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
  if (to === undefined || !buttons.length) return;
  event.preventDefault();
  buttons[(to + buttons.length) % buttons.length].focus();
}

export function SubBar({ id, token, payload, game, legal, act, accept, setMessage, conn, t }) {
  const mySeat = payload.seat;
  const mine = mySeat != null ? payload.seats[mySeat] : null;
  const playing = !payload.over && payload.status !== "open";
  const letBot = () =>
    window.confirm(t("table.letBotPlay") + "?") &&
    api.handToBot(id, token, mySeat, "medium").then((p) => accept({ ...p, type: "state" }), (e) => setMessage({ kind: "error", text: refusal(e, t) }));
  return (
    <div class="sub-bar">
      <details class="choices" data-testid="choice-list" open={false}>
        <summary aria-keyshortcuts="a" data-testid="choice-summary">
          {legal.length ? t("table.choices", { n: legal.length }) : t("table.noChoices")} <kbd aria-hidden="true">A</kbd>
        </summary>
        <ol onKeyDown={arrowKeys}>
          {legal.map((m, i) => (
            <li key={m.label}>
              <button data-testid={`choice-${i + 1}`} data-action={m.label} onClick={() => act(m.label)}>
                {i < 9 && <kbd>{i + 1}</kbd>} {describeMove(game, m, t)}
              </button>
            </li>
          ))}
        </ol>
      </details>
      {mySeat == null && <span class="muted">{t("table.spectator")}</span>}
      {payload.hints != null && (
        <span class="muted small" data-testid="hints-flag" data-hints={payload.hints ? "on" : "off"}>
          {t(payload.hints ? "hint.on" : "hint.off")}
        </span>
      )}
      <VariantLine variant={payload.variant} t={t} />
      {mySeat != null && playing && (
        <label class="autoplay">
          <input
            type="checkbox"
            checked={mine && mine.autoplay}
            onChange={(e) => api.autoplay(id, token, e.currentTarget.checked).then((p) => accept({ ...p, type: "state" }))}
          />{" "}
          {t("table.autoplay")}
        </label>
      )}
      {mySeat != null && playing && mine && !mine.bot && (
        <button class="link" data-testid="let-bot-play" onClick={letBot}>
          {t("table.letBotPlay")}
        </button>
      )}
      {mySeat != null && playing && payload.mode === "turn" && <NotifyButton t={t} />}
      <MailMe id={id} token={token} payload={payload} t={t} />
      {conn === "offline" && <span class="warn" data-testid="offline">{t("table.offline")}</span>}
    </div>
  );
}
