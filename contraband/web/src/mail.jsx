// "E-mail me when it is my turn" at a turn-based table whose server sends e-mail (the payload's
// "mail"): the seat's address (shown masked, to this seat only), confirmed by a link before
// anything else is sent; changed or forgotten from here.
import { useCallback, useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { AddressForm } from "./keys.jsx";
import { refusal } from "./refusals.js";

// while an address waits for its link to be followed, it is asked about again this often (for
// ten minutes; after that when the page is looked at again)
const AGAIN = 4000;
const TIMES = 150;

function stateOf(info) {
  if (!info || !info.address) return "none";
  if (!info.verified) return "pending";
  return info.subscribed ? "on" : "off";
}

/** The sub-bar's button and, opened, its panel (a row of its own). */
export function MailMe({ id, token, payload, t }) {
  const wanted = !!(payload.mail && token && payload.seat != null && !payload.over);
  const [info, setInfo] = useState(null);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [said, setSaid] = useState(null);
  const load = useCallback(() => api.seatMail(id, token).then(setInfo, () => {}), [id, token]);
  useEffect(() => {
    setInfo(null);
    if (wanted) load();
  }, [wanted, load]);
  const state = stateOf(info);
  // the link is followed in another tab or on the phone: this table hears of it by itself
  useEffect(() => {
    if (state !== "pending") return;
    let asked = 0;
    const timer = setInterval(() => (++asked > TIMES ? clearInterval(timer) : load()), AGAIN);
    const back = () => document.hidden || load();
    document.addEventListener("visibilitychange", back);
    window.addEventListener("focus", back);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", back);
      window.removeEventListener("focus", back);
    };
  }, [state, load]);
  if (!wanted || !info || info.mail === false) return null;
  const noMail = () => setInfo({ ...info, mail: false });
  const forget = async () => {
    setSaid(null);
    try {
      setInfo(await api.setSeatMail(id, token, null, t.lang));
      setEditing(false);
      setSaid({ ok: true, text: t("mail.forgotten") });
    } catch (e) {
      if (e.status === 409) noMail();
      else setSaid({ ok: false, text: refusal(e, t) });
    }
  };
  const label = { none: "mail.button", pending: "mail.pendingButton", on: "mail.onButton", off: "mail.offButton" }[state];
  const asking = state === "none" || editing;
  return (
    <>
      <button class={`link mail-me ${state}`} data-testid="mail-me" data-state={state} aria-expanded={open}
        onClick={() => setOpen((o) => !o)}>
        <MailIcon /> {t(label)}
      </button>
      {open && (
        <div class="mail-panel" data-testid="mail-panel" data-state={state}>
          <strong>{t("mail.title")}</strong>
          {state !== "none" && (
            <p class={state === "pending" ? "said pending" : "said"} role="status" data-testid="mail-status">
              {t(`mail.${state}`, { address: info.address })}
            </p>
          )}
          {said && <p class={said.ok ? "said ok" : "said warn"} role="status" data-testid="mail-said">{said.text}</p>}
          {asking && (
            <AddressForm t={t} testid="mail-form" label={t("mail.address")} hint={t("mail.hint")} go={t("mail.go")}
              send={(address) => api.setSeatMail(id, token, address, t.lang)}
              onDone={(answer) => { setInfo(answer); setEditing(false); setSaid(null); }} onNoMail={noMail} />
          )}
          {state !== "none" && (
            <p class="mail-actions">
              {!editing && <button class="link" onClick={() => { setEditing(true); setSaid(null); }} data-testid="mail-change">{t("mail.change")}</button>}
              <button class="link" onClick={forget} data-testid="mail-forget">{t("mail.forget")}</button>
            </p>
          )}
        </div>
      )}
    </>
  );
}

function MailIcon() {
  return (
    <svg class="mail-icon" width="15" height="12" viewBox="0 0 16 12" aria-hidden="true">
      <rect x="1" y="1" width="14" height="10" rx="1.5" fill="none" stroke="currentColor" stroke-width="1.6" />
      <path d="M1.6 1.8 8 7l6.4-5.2" fill="none" stroke="currentColor" stroke-width="1.6" />
    </svg>
  );
}
