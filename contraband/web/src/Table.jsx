// One game's table: the status bar, the game's own board, the log, undo, the end screen.
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { api, connect } from "./api.js";
import { useFragment } from "./fragment.js";
import { useT } from "./i18n.js";
import { logText } from "./logtext.js";
import { entryFor, hostToken, remember } from "./mine.js";
import { gameModule } from "./games/index.js";
import "./layout.css";
import { Play, SeatMark } from "./ui.jsx";
import { describeMove, EndScreen, HostPanel, LogPanel, Menu, statusLine } from "./panels.jsx";
import { RulesPanel } from "./Rules.jsx";
import { promptSection, useBarHeight, useExplain, useRuleKinds } from "./help.jsx";
import { TipBubble } from "./tips.jsx";
import { bringIntoView, CoachBox, currentStep, offScript, useTutorial } from "./coach.jsx";
import { HintButton, HintPanel, useHint } from "./hints.jsx";
import { ReviewBox } from "./review.jsx";
import { url } from "./root.js";
import { SubBar, toggleChoices } from "./subbar.jsx";
import { MyClock, Players, SeatInfo, useArrival, wantsPlayers, withNames } from "./players.jsx";
import { Finale, WaitingPanel } from "./waiting.jsx";
import { gameName, useTurnTitle } from "./turns.js";
import { tableClock } from "./clocks.js";
import { Announcer } from "./announcer.jsx";
import { refusal } from "./refusals.js";

/** What the keyboard focuses comes wholly into view, its focus ring too: the browser leaves a
 * component half out of the window, or a button half out of the phone's sideways-scrolling row,
 * as it is. Not what is tapped or clicked (not :focus-visible), which must not move under the
 * finger. */
function wholly(event) {
  const el = event.target;
  if (el.matches && el.matches(":focus-visible") && el.scrollIntoView) el.scrollIntoView({ block: "nearest", inline: "nearest" });
}

export function TablePage({ id, langButton }) {
  const t = useT();
  // a link pasted into this tab changes only the fragment: follow it (seat, host, spectator)
  const frag = useFragment();
  const { token, host, watch, access, learn } = frag;
  const fragKey = JSON.stringify(frag);
  const [payload, setPayload] = useState(null);
  const [log, setLog] = useState([]);
  const [catalog, setCatalog] = useState(null);
  const [conn, setConn] = useState("connecting");
  const [message, setMessage] = useState(null);
  const [menu, setMenu] = useState(null);
  const [selection, setSelection] = useState(null);
  const [help, setHelp] = useState(false);
  const [rules, setRules] = useState(null); // null, or the panel's {section} (null: the top)
  const [tip, setTip] = useState(null);
  const [now, setNow] = useState(Date.now());
  const [busy, setBusy] = useState(false);
  const current = useRef(null);
  const logRef = useRef(null);
  const liveRef = useRef(null);
  const since = useRef({ key: null, at: Date.now() });
  const loadedFor = useRef(null); // the fragment the shown payload was loaded for

  const accept = useCallback((p) => {
    const old = current.current;
    if (old && p.version < old.version) return;
    if (old && p.version === old.version && p.type === "update") return;
    current.current = p;
    setPayload(p);
    setLog((entries) => {
      let merged;
      if (p.type === "update" && old) {
        const seen = new Set(entries.map((e) => e.index));
        const fresh = p.log.filter((e) => !seen.has(e.index));
        const next = entries.length ? entries[entries.length - 1].index + 1 : 0;
        if (fresh.length && fresh[0].index > next && liveRef.current) liveRef.current.resync();
        // secret choices were revealed: entries this page holds masked are read again
        const revealed = p.revealed || 0;
        if (revealed > (old.revealed || 0) && entries.some((e) => e.masked && e.index < revealed) && liveRef.current) {
          liveRef.current.resync();
        }
        merged = entries.concat(fresh);
      } else merged = p.log;
      const last = p.view && p.view.last_move;
      if (last && last.events && last.events.length && merged.length) {
        const newest = Math.max(...last.events.map((e) => e.index));
        if (merged[merged.length - 1].index > newest && liveRef.current) {
          // entries past the last move: a move was taken back; ask for the whole state
          liveRef.current.resync();
        }
      }
      return merged;
    });
    if (!old || old.version !== p.version) {
      setSelection(null);
      setMenu(null);
    }
  }, []);

  // the table's bare address (shared for joining) in a browser that holds a link of it: that link
  useEffect(() => {
    const held = access ? null : entryFor(id);
    if (held && held.link.includes("#")) location.replace(url(held.link));
  }, [id, access]);

  useEffect(() => {
    let live = null;
    let gone = false; // answers for a fragment no longer shown are dropped
    const take = (p) => gone || accept(p);
    current.current = null; // another seat's (or a spectator's) table: start afresh
    loadedFor.current = fragKey;
    setPayload(null);
    setLog([]);
    setMessage(null);
    api
      .game(id, access)
      .then((p) => {
        if (gone) return;
        accept({ ...p, type: "state" });
        if (token && p.seat != null) {
          remember({ id, game: p.game, seat: p.seat, link: `/table/${id}#token=${token}` });
        } else if (host) {
          remember({ id, game: p.game, seat: "host", link: `/table/${id}#host=${host}` });
        } else if (watch) {
          remember({ id, game: p.game, seat: "spectator", link: `/table/${id}#watch=${watch}` });
        }
        api.catalog(p.game).then(setCatalog, () => setCatalog({}));
      })
      .catch((error) => gone || setConn(error.status === 404 ? "missing" : error.status === 403 ? "refused" : "offline"));
    live = connect(id, access, { onPayload: take, onStatus: (s) => gone || setConn(s) });
    liveRef.current = live;
    return () => {
      gone = true;
      if (live) live.close();
    };
  }, [id, fragKey]);

  useBarHeight(payload != null);
  // "(1) Tony & Tino · contraband" while this seat (or another game of this browser) decides
  const myTurn = !!payload && payload.status === "running" && !payload.over && payload.seat != null &&
    payload.to_move === payload.seat && !(payload.seats[payload.seat] || {}).bot;
  useTurnTitle(payload ? `${gameName(payload.game, t)} · contraband` : "contraband", payload ? { id, mine: myTurn } : null, t);
  const arrived = useArrival(payload); // the seats' clocks count down from here

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  // every legal choice must be reachable on the table: a label that no component carries
  // (a gap in a game's table) gets a button in the status bar
  const [uncovered, setUncovered] = useState([]);
  const [checked, setChecked] = useState(-1);
  useEffect(() => {
    // judged on the payload this render drew (a newer one may already wait in current), and
    // the page reports the version checked only once its fallback buttons match that payload
    const p = payload;
    if (!p) return;
    const missing = [];
    if (!(p.seat == null || p.over || p.to_move !== p.seat || (p.seats[p.seat] || {}).bot || busy || selection)) {
      const covered = new Set();
      for (const el of document.querySelectorAll("#board [data-action], .status-buttons [data-action]:not(.uncovered)")) {
        covered.add(el.getAttribute("data-action"));
      }
      for (const el of document.querySelectorAll("#board [data-labels]")) {
        for (const label of el.getAttribute("data-labels").split("\n")) covered.add(label);
      }
      for (const m of p.legal) if (!covered.has(m.label)) missing.push(m.label);
    }
    if (missing.join("|") !== uncovered.join("|")) setUncovered(missing);
    else if (checked !== p.version && !busy) setChecked(p.version);
  });
  const game = payload ? gameModule(payload.game) : null;
  const ruleKinds = useRuleKinds(payload && payload.game);
  const script = useTutorial(payload && payload.game, learn);
  const lesson = useRef(null);
  const hints = useHint(id, token, payload);
  useEffect(() => {
    // the hinted choices glow on the table too
    for (const el of document.querySelectorAll(".hinted")) el.classList.remove("hinted");
    const h = hints.hint;
    if (!h || !h.choices) return;
    for (const c of h.choices) {
      for (const el of document.querySelectorAll(`#board [data-action="${CSS.escape(c.label)}"]`)) el.classList.add("hinted");
    }
  });
  lesson.current = script;
  // when the game ends, its end screen comes into view (once: a reload of an ended game too)
  const shownEnd = useRef(false);
  useEffect(() => {
    if (!payload || !payload.over || shownEnd.current) return;
    shownEnd.current = true;
    const end = document.querySelector("[data-testid=end-screen]");
    if (end) end.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [payload && payload.over]);
  const howSection = payload ? promptSection(payload.legal, ruleKinds) : null;
  // (a seat a bot plays for its player has nothing to choose: the bot decides)
  const legal = payload && payload.seat != null && !payload.over && !(payload.seats[payload.seat] || {}).bot ? payload.legal : [];
  const legalMap = useMemo(() => new Map(legal.map((m) => [m.label, m])), [payload]);
  const describe = useCallback((label) => describeMove(game, legalMap.get(label) || { label }, t), [game, legalMap, t]);

  const act = useCallback(
    async (label) => {
      const p = current.current;
      if (!p || busy) return;
      const step = currentStep(lesson.current, p);
      if (offScript(step, label)) {
        setMenu(null);
        // the answer lays over the table's top: the lesson's component comes out from under it
        requestAnimationFrame(() => requestAnimationFrame(() => {
          const target = document.querySelector(".coach-target");
          if (target) bringIntoView(target);
        }));
        return setMessage({ kind: "info", text: t("coach.try", { what: describeMove(game, legalMap.get(step.expect) || { label: step.expect }, t) }) });
      }
      setMenu(null);
      setSelection(null);
      setMessage(null);
      setBusy(true);
      try {
        // the answer carries only the log entries this action added
        const answer = await api.act(id, token, label, p.version);
        accept({ ...answer, type: "update" });
      } catch (error) {
        if (error.status === 409) {
          setMessage({ kind: "warn", text: t("table.stale") });
          liveRef.current && liveRef.current.resync();
          api.game(id, access).then((q) => accept({ ...q, type: "state" }));
        } else setMessage({ kind: "error", text: t("table.refusedMove", { why: refusal(error, t) }) });
      } finally {
        setBusy(false);
      }
    },
    [id, token, access, busy, game, legalMap, t],
  );

  const undo = useCallback(async () => {
    const p = current.current;
    if (!p || !p.undoable) return;
    try {
      const answer = await api.undo(id, token, p.version);
      accept({ ...answer, type: "state" });
    } catch (error) {
      setMessage({ kind: "error", text: t("table.refusedMove", { why: refusal(error, t) }) });
    }
  }, [id, token]);

  // a click on something the seat may not choose: the engine says why, in the game's words
  const explain = useExplain({ current, id, token, game, t, setMessage });

  const choose = useCallback((labels, title, anchor) => {
    let style = {};
    if (anchor && anchor.getBoundingClientRect && window.innerWidth > 640) {
      const r = anchor.getBoundingClientRect();
      style = { left: `${Math.min(Math.max(8, r.left), window.innerWidth - 300)}px`, top: `${Math.min(r.bottom + 6, window.innerHeight - 60 * (labels.length + 1))}px` };
    }
    setMenu({ labels, title, style });
  }, []);

  const select = useCallback(
    (sel) => {
      setSelection(sel);
      if (sel) setMessage({ kind: "info", text: t("table.selected", { what: sel.what }) });
      else setMessage(null);
    },
    [t],
  );

  // keys: Esc, 1-9, A, L, U, ?
  useEffect(() => {
    const onKey = (event) => {
      if (event.target && /^(INPUT|SELECT|TEXTAREA)$/.test(event.target.tagName)) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === "Escape") {
        setMenu(null);
        setSelection(null);
        setHelp(false);
      } else if (/^[1-9]$/.test(event.key) && !menu) {
        const move = legal[Number(event.key) - 1];
        if (move) act(move.label);
      } else if (event.key === "a" || event.key === "A") {
        event.preventDefault();
        toggleChoices();
      } else if (event.key === "l" || event.key === "L") {
        logRef.current && logRef.current.focus();
      } else if (event.key === "u" || event.key === "U") {
        undo();
      } else if (event.key === "?") {
        setHelp((h) => !h);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [legal, menu, act, undo]);

  if (!payload || loadedFor.current !== fragKey) {
    const refused = access ? t("table.refused") : t("table.private");
    const text = conn === "missing" ? t("table.missing") : conn === "refused" ? refused : t("table.loading");
    return (
      <main class="page">
        <p data-testid="table-status">{text}</p>
        <a href={url("/")}>{t("table.back")}</a>
      </main>
    );
  }

  const view = payload.view;
  const seats = game.seats(view, t);
  const key = `${payload.to_move}:${payload.over}`;
  if (since.current.key !== key) since.current = { key, at: Date.now() };
  const status = statusLine(game, payload, t, now, since.current.at);
  const buttons = legal.filter((m) => game.objectless && game.objectless(m, view));
  const lastAction = view.last_move ? view.last_move.index : null;
  const mySeat = payload.seat;
  const play = {
    legal: legalMap,
    interactive: legal.length > 0 && payload.to_move === mySeat && !busy,
    act,
    choose,
    explain,
    tip: setTip,
    describe,
    selection,
    select,
    version: payload.version,
  };
  const lastLine = log.length ? logText(game, log[log.length - 1], t, seats) || log[log.length - 1].text : "";
  return (
    <Play.Provider value={play}><SeatInfo.Provider value={{ seats: payload.seats }}>
      <div class={`table-page game-${game.prefix}${learn ? " learning" : ""}`} data-version={payload.version} data-over={payload.over ? "true" : "false"} data-seat={mySeat == null ? "" : mySeat} data-busy={busy ? "true" : "false"} data-checked={checked} onFocusIn={wholly}>
        <header class={`status-bar ${status.mine ? "mine" : ""} ${payload.over ? "over" : ""}`} data-testid="status-bar">
          <a class="home" href={url("/")} aria-label={t("table.back")}>◂ <span class="home-word">{t("table.back")}</span></a>
          <div class="status-main">
            {status.who != null && <SeatMark colour={seats[status.who].colour} size={20} />}
            <span data-testid="status-text" class={status.bot ? "pulse" : ""}>{status.text}</span>
            <MyClock payload={payload} at={arrived} now={now} t={t} />
            {(payload.mode === "turn" || payload.clock) && <span class="tag mode-tag" data-testid="table-mode">{tableClock(payload.mode, payload.clock, t)}</span>}
            {status.mine && howSection && (
              <button class="link how" data-testid="how-link" onClick={() => setRules({ section: howSection })}>
                {t("table.how")}
              </button>
            )}
          </div>
          <div class="status-buttons">
            {buttons.map((m) => (
              <button key={m.label} data-action={m.label} class="primary" onClick={() => act(m.label)}>
                {describeMove(game, m, t)}
              </button>
            ))}
            {uncovered.map((label) => (
              <button key={label} data-action={label} class="uncovered" onClick={() => act(label)}>
                {describe(label)}
              </button>
            ))}
            <HintButton payload={payload} hint={hints.hint} ask={hints.ask} t={t} />
            {payload.undoable && !payload.over && (
              <button data-testid="undo" onClick={undo} title={t("table.undoHint")}>↶ {t("table.undo")}</button>
            )}
            <button class="secondary" data-testid="rules-button" onClick={() => setRules((r) => (r ? null : { section: null }))} aria-expanded={!!rules}>{t("rules.title")}</button>
            <button class="secondary" onClick={() => setHelp((h) => !h)} aria-expanded={help}>?</button>
            {langButton}
          </div>
          {/* in the sticky bar: an answer to a click is seen where the click was */}
          {message && (
            <p class={`message ${message.kind}`} data-testid="message" data-why={message.why ? "true" : undefined} role="status">
              {message.text}
              {message.rule && (
                <button class="link" data-testid="message-rule" onClick={() => setRules({ section: message.rule })}>
                  {t("table.readRule")}
                </button>
              )}
              <button class="link" data-testid="message-close" onClick={() => setMessage(null)} aria-label={t("coach.close")}>×</button>
            </p>
          )}
        </header>
        <SubBar id={id} token={token} payload={payload} game={game} legal={legal} act={act} accept={accept} setMessage={setMessage} conn={conn} t={t} />
        {help && <p class="panel help" data-testid="keys-help">{t("table.keysHelp")}</p>}
        <Announcer version={payload.version} status={status} lastLine={lastLine} />
        <div class="table-grid">
          <main class="board-area" id="board" data-testid="board">
            {payload.status === "open" && (
              <WaitingPanel id={id} payload={payload} host={host || hostToken(id)} access={access} accept={accept} setMessage={setMessage} t={t} />
            )}
            {wantsPlayers(payload) && !payload.over && (
              <Players id={id} token={token} payload={payload} seats={seats} at={arrived} now={now} accept={accept} setMessage={setMessage} t={t} />
            )}
            <HintPanel game={game} hint={hints.hint} act={act} close={hints.close} t={t} />
            {payload.over && payload.result && (
              <EndScreen game={game} payload={payload} t={t} replayHref={url(`/replay/${id}${mySeat != null ? `?seat=${mySeat}` : ""}${location.hash}`)} />
            )}
            {payload.over && <Finale id={id} token={token} payload={payload} t={t} />}
            {payload.over && payload.result && <ReviewBox game={game} id={id} token={token} seat={mySeat} t={t} />}
            <game.Table view={view} t={t} legal={legal} catalog={catalog} seat={mySeat} payload={payload} />
          </main>
          <aside class="side">
            {/* the lesson stays in view: at the top of the pinned side column on a wide screen,
                pinned to the bottom of the window on a narrow one (layout.css) */}
            {learn && <CoachBox script={script} payload={payload} t={t} />}
            {rules && <RulesPanel game={game.id} section={rules.section} onClose={() => setRules(null)} />}
            <LogPanel game={game} entries={log} seats={seats} names={payload.seats.map((s) => s.name)} lastAction={lastAction} t={t} logRef={logRef} />
            {host && <HostPanel id={id} host={host} payload={payload} seats={withNames(seats, payload.seats)} t={t} />}
          </aside>
        </div>
        <TipBubble tip={tip} close={() => setTip(null)} />
        {menu && <Menu menu={menu} describe={describe} act={act} close={() => setMenu(null)} t={t} />}
      </div>
    </SeatInfo.Provider></Play.Provider>
  );
}

