// The player key in the lobby's "My games": one's games on every device without an account. A
// key is a secret link (/me#key=…) shown once; this browser's seats are kept under it, and so is
// every new seat it gets (mine.js). Optionally an e-mail address for the key (confirmed by a
// link), the key mailed there, and a lost key replaced from there.
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "./api.js";
import { CopyLink } from "./links.jsx";
import { keepSeats, keyReplaced, playerKey, seatsHeld, storeKey } from "./mine.js";
import "./keys.css";
import { refusal } from "./refusals.js";

let probe = null;

/** Whether this server sends e-mail (GET /api/server), asked once. */
export function mailOffered() {
  if (!probe) probe = api.server().then((s) => !!s.mail, () => false);
  return probe;
}

/** [whether the e-mail parts show (null: not known yet), hide them (a 409 said no e-mail)] */
export function useMailOffered() {
  const [on, setOn] = useState(null);
  useEffect(() => {
    let gone = false;
    mailOffered().then((v) => gone || setOn(v));
    return () => { gone = true; };
  }, []);
  return [on, () => { probe = Promise.resolve(false); setOn(false); }];
}

/** An e-mail address and a button; ``send(address)`` is the request. Its answer is passed to
 * ``onDone``; ``done`` is said after it. A 409 (no e-mail on this server) calls ``onNoMail``;
 * any other refusal is shown in the server's words. */
export function AddressForm({ t, testid, label, hint, go, send, done, onDone, onNoMail }) {
  const [address, setAddress] = useState("");
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState(null);
  const submit = async (event) => {
    event.preventDefault();
    setBusy(true);
    setSaid(null);
    try {
      const answer = await send(address.trim());
      if (done) setSaid({ ok: true, text: done });
      if (onDone) onDone(answer);
    } catch (e) {
      if (e.status === 409 && onNoMail) onNoMail();
      else setSaid({ ok: false, text: refusal(e, t) });
    } finally {
      setBusy(false);
    }
  };
  // (noValidate: a wrong address is refused in the server's words, the same in every browser)
  return (
    <form class="address-form" onSubmit={submit} noValidate data-testid={testid}>
      <label for={`${testid}-input`}>{label}</label>
      {hint && <p class="hint">{hint}</p>}
      <span class="address-row">
        <input id={`${testid}-input`} type="email" maxLength={254} autocomplete="email" value={address}
          onInput={(e) => setAddress(e.currentTarget.value)} data-testid={`${testid}-input`} />
        <button type="submit" class="primary" disabled={busy || !address.trim()} data-testid={`${testid}-go`}>{go}</button>
      </span>
      {said && (
        <p class={said.ok ? "said ok" : "said warn"} role={said.ok ? "status" : "alert"} data-testid={`${testid}-said`}>{said.text}</p>
      )}
    </form>
  );
}

/** "Lost your key?": a link to replace it is mailed to its confirmed address. */
export function LostKey({ t, onNoMail }) {
  return (
    <details class="lost-key" data-testid="lost-key">
      <summary>{t("key.lost")}</summary>
      <AddressForm t={t} testid="lost-form" label={t("mail.address")} hint={t("key.lostHint")} go={t("key.lostGo")}
        send={(address) => api.lostKey(address)} done={t("key.lostSent")} onNoMail={onNoMail} />
    </details>
  );
}

/** The control in "My games": opens the key's dialog. */
export function KeyButton({ t }) {
  const [open, setOpen] = useState(false);
  const [held, setHeld] = useState(playerKey);
  const on = held && !held.replaced;
  return (
    <>
      <button class="link key-button" data-testid="key-button" data-key={held ? (on ? "on" : "replaced") : "none"} onClick={() => setOpen(true)}>
        <KeyIcon /> {t("key.button")}
        {on && <span class="tag key-on">{t("key.on")}</span>}
        {held && !on && <span class="tag warn">!</span>}
      </button>
      {open && <KeyDialog t={t} onClose={() => { setOpen(false); setHeld(playerKey()); }} />}
    </>
  );
}

function KeyIcon() {
  return (
    <svg class="key-icon" width="15" height="15" viewBox="0 0 16 16" aria-hidden="true">
      <circle cx="5" cy="8" r="3.2" fill="none" stroke="currentColor" stroke-width="1.8" />
      <path d="M8.2 8H15M12.5 8v2.6M14.6 8v2" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" />
    </svg>
  );
}

/** The key's dialog: make one (its link shown this once, with the warning), or the key held. */
function KeyDialog({ t, onClose }) {
  const ref = useRef(null);
  const [held, setHeld] = useState(playerKey);
  const [fresh, setFresh] = useState(null); // {link, kept}: the new key, shown this once
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const [note, setNote] = useState(null);
  const [mail, noMail] = useMailOffered();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      if (dialog.showModal) dialog.showModal();
      else dialog.setAttribute("open", "");
    }
  }, []);
  const make = async () => {
    setBusy(true);
    setError(null);
    try {
      const made = await api.makeKey();
      storeKey(made.key);
      setHeld(playerKey());
      setFresh({ link: made.link, kept: null });
      const kept = await keepSeats(made.key, seatsHeld());
      setFresh({ link: made.link, kept });
    } catch (e) {
      setError(refusal(e, t));
    } finally {
      setBusy(false);
    }
  };
  const send = async () => {
    setNote(null);
    try {
      await api.sendKey(held.key);
      setNote({ ok: true, text: t("key.sent") });
    } catch (e) {
      if (e.status === 403) {
        keyReplaced(held.key);
        setHeld(playerKey());
      } else setNote({ ok: false, text: e.status === 409 ? t("key.noAddress") : refusal(e, t) });
    }
  };
  const forget = () => {
    if (!window.confirm(t("key.forgetAsk"))) return;
    storeKey(null);
    setHeld(null);
    setNote(null);
  };
  const on = held && !held.replaced;
  const addressForm = on && mail && (
    <AddressForm t={t} testid="key-address" label={t("key.address")} hint={t("key.addressHint")} go={t("key.addressGo")}
      send={(address) => api.keyAddress(held.key, address, t.lang)} done={t("key.checkInbox")} onNoMail={noMail} />
  );
  return (
    <dialog ref={ref} class="key-dialog" aria-labelledby="key-title" data-testid="key-dialog"
      data-mail={mail == null ? "unknown" : mail ? "on" : "off"} onClose={onClose}>
      <div class="dialog-head">
        <h2 id="key-title">{t("key.title")}</h2>
        <button type="button" class="link" onClick={() => ref.current.close()} aria-label={t("key.close")} data-testid="key-close">×</button>
      </div>
      {fresh ? (
        <section data-testid="key-fresh">
          <p><strong>{t("key.yours")}</strong></p>
          <CopyLink href={fresh.link} t={t} testid="key-link" />
          <p class="key-warning" role="alert" data-testid="key-warning">
            <strong>{t("key.warning")}</strong> {t("key.once")}
          </p>
          {fresh.kept != null && <p data-testid="key-kept">{t("key.kept", { n: fresh.kept })}</p>}
          {addressForm}
        </section>
      ) : on ? (
        <section data-testid="key-held">
          <p>{t("key.held")}</p>
          {mail && <p><button type="button" onClick={send} data-testid="key-send">{t("key.send")}</button></p>}
          {note && <p class={note.ok ? "said ok" : "said warn"} role="status" data-testid="key-note">{note.text}</p>}
          {addressForm}
          <p><button type="button" class="link" onClick={forget} data-testid="key-forget">{t("key.forget")}</button></p>
        </section>
      ) : (
        <section data-testid="key-none">
          {held && held.replaced && <p class="key-warning" role="alert" data-testid="key-replaced">{t("key.replaced")}</p>}
          <p>{t("key.intro")}</p>
          <button type="button" class="primary big" onClick={make} disabled={busy} data-testid="key-make">
            {busy ? t("key.making") : t("key.make")}
          </button>
          {mail && <LostKey t={t} onNoMail={noMail} />}
        </section>
      )}
      {error && <p class="said warn" role="alert">{error}</p>}
      <div class="dialog-foot">
        <button type="button" class={fresh ? "primary" : ""} onClick={() => ref.current.close()} data-testid="key-done">
          {fresh ? t("key.done") : t("key.close")}
        </button>
      </div>
    </dialog>
  );
}
