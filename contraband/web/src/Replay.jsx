// The replay viewer: a finished game stepped through action by action, as any seat saw it.
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { api, fragment } from "./api.js";
import { useT } from "./i18n.js";
import { gameModule } from "./games/index.js";
import { EndScreen, LogPanel } from "./panels.jsx";
import { Play, SeatMark } from "./ui.jsx";
import { ReviewPanel, useStoredReview } from "./review.jsx";
import { url } from "./root.js";
import { SeatInfo, withNames } from "./players.jsx";
import { VariantLine } from "./variant-form.jsx";
import { refusal } from "./refusals.js";

const STILL = { legal: new Map(), interactive: false, act() {}, choose() {}, explain() {}, describe: (l) => l, selection: null, select() {} };

export function ReplayPage({ id, langButton }) {
  const t = useT();
  const query = new URLSearchParams(location.search);
  const [seat, setSeat] = useState(query.get("seat") === null ? null : Number(query.get("seat")));
  const [step, setStep] = useState(null);
  const [frame, setFrame] = useState(null);
  const [catalog, setCatalog] = useState(null);
  const [error, setError] = useState(null);
  const wanted = useRef(null);
  // the seat's post-game review, when one was made (it is stored with the game)
  const review = useStoredReview(id, fragment().access, seat);
  // the players' names (a replay frame carries none): from the table itself
  const [names, setNames] = useState([]);
  useEffect(() => {
    api.game(id, fragment().access).then((p) => setNames(p.seats.map((s) => s.name)), () => {});
  }, [id]);

  const load = useCallback(
    (n, who) => {
      wanted.current = `${n}:${who}`;
      api.replay(id, n, who, fragment().access).then(
        (f) => {
          if (wanted.current !== `${n}:${who}`) return;
          setFrame(f);
          setStep(f.step);
          setError(null);
        },
        (e) => setError(e.status === 409 ? t("replay.notOver") : refusal(e, t)),
      );
    },
    [id],
  );
  useEffect(() => load(100000, seat), []);
  useEffect(() => {
    if (frame && !catalog) api.catalog(frame.game).then(setCatalog, () => setCatalog({}));
  }, [frame]);

  const go = (n) => {
    if (!frame) return;
    const target = Math.max(0, Math.min(frame.steps, n));
    setStep(target);
    load(target, seat);
  };
  useEffect(() => {
    const onKey = (event) => {
      if (event.target && /^(INPUT|SELECT)$/.test(event.target.tagName)) return;
      if (!frame) return;
      if (event.key === "ArrowLeft") go(step - 1);
      else if (event.key === "ArrowRight") go(step + 1);
      else if (event.key === "Home") go(0);
      else if (event.key === "End") go(frame.steps);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  if (error && !frame) {
    return (
      <main class="page">
        <p data-testid="replay-error">{error}</p>
        <a href={url("/")}>{t("table.back")}</a>
      </main>
    );
  }
  if (!frame) return <main class="page"><p>{t("table.loading")}</p></main>;
  const game = gameModule(frame.game);
  const plain = game.seats(frame.view, t);
  const seats = withNames(plain, names.map((name) => ({ name })));
  const last = frame.action;
  const payload = { ...frame, seats: plain.map((_, i) => ({ seat: i, bot: null, name: names[i] || null })), legal: [], version: frame.step };
  return (
    <Play.Provider value={{ ...STILL, version: frame.step }}><SeatInfo.Provider value={{ seats: payload.seats }}>
      <div class={`table-page replay game-${game.prefix}`} data-testid="replay">
        <header class="status-bar" data-testid="status-bar">
          <a class="home" href={url("/")} aria-label={t("table.back")}>◂ <span class="home-word">{t("table.back")}</span></a>
          <div class="status-main">
            <strong>{t("replay.title")}</strong>
            <span data-testid="replay-step">{t("table.step", { n: frame.step, total: frame.steps })}</span>
            <span class="muted" data-testid="status-text">
              {last ? (
                <>
                  <SeatMark colour={seats[last.seat].colour} label={seats[last.seat].name} />: {last.label}
                </>
              ) : (
                t("replay.setup")
              )}
            </span>
          </div>
          <div class="status-buttons">{langButton}</div>
        </header>
        <div class="sub-bar replay-controls">
          <button onClick={() => go(0)} aria-label={t("replay.start")} data-testid="replay-start">|◀</button>
          <button onClick={() => go(step - 1)} aria-label={t("replay.back")} data-testid="replay-step-back">◀</button>
          <input type="range" min="0" max={frame.steps} value={step} aria-label={t("table.step", { n: step, total: frame.steps })}
            onInput={(e) => go(Number(e.currentTarget.value))} data-testid="replay-scrub" />
          <button onClick={() => go(step + 1)} aria-label={t("replay.forward")} data-testid="replay-step-forward">▶</button>
          <button onClick={() => go(frame.steps)} aria-label={t("replay.end")} data-testid="replay-end">▶|</button>
          <label>
            {t("replay.viewAs")}{" "}
            <select value={seat == null ? "" : seat} data-testid="replay-seat"
              onChange={(e) => { const v = e.currentTarget.value === "" ? null : Number(e.currentTarget.value); setSeat(v); load(step, v); }}>
              <option value="">{t("replay.spectator")}</option>
              {seats.map((s, i) => (
                <option key={i} value={i}>{s.name}</option>
              ))}
            </select>
          </label>
          <a href={url(`/table/${id}`)}>{t("replay.table")}</a>
          <VariantLine variant={frame.variant} t={t} />
        </div>
        <div class="table-grid">
          <main class="board-area" id="board">
            {frame.over && frame.result && <EndScreen game={game} payload={payload} t={t} />}
            {review && review.status === "done" && <ReviewPanel game={game} review={review} t={t} />}
            <game.Table view={frame.view} t={t} legal={[]} catalog={catalog} seat={frame.seat} payload={payload} />
          </main>
          <aside class="side">
            <LogPanel game={game} entries={frame.log} seats={plain} names={names} lastAction={frame.step - 1} t={t} />
          </aside>
        </div>
      </div>
    </SeatInfo.Provider></Play.Provider>
  );
}
