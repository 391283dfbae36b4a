// The post-game review of one seat: its estimated win chance after each of its decisions (from
// what it knew then) and every decision the coach calls costly (worse than its best move by more
// than the analysis's own noise), computed on the server in the background. The chart marks
// exactly the decisions the list names. The review lays over the page's side (a sheet at the
// bottom on a phone) and can be folded away, so the board stays in view.
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { describeMove } from "./panels.jsx";
import { percent } from "./hints.jsx";
import "./review.css";
import { refusal } from "./refusals.js";

/** The seat's review: asks for it (start: true begins the computation), polls while running. */
export function useReview(id, token, seat, start) {
  const [state, setState] = useState(null);
  useEffect(() => {
    if (!start || !token) return undefined;
    let live = true;
    let timer = null;
    // each answer is shown; while the review waits or runs, it is asked again a second later
    const take = (asked) =>
      asked.then(
        (r) => {
          if (!live) return;
          setState(r);
          if (r.status === "running" || r.status === "queued") timer = setTimeout(() => take(api.review(id, token, seat)), 1000);
        },
        (e) => live && setState({ status: "failed", error: e }),
      );
    take(api.startReview(id, token, seat));
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id, token, seat, start]);
  return state;
}

/** A stored review, read without starting one (the replay page). */
export function useStoredReview(id, token, seat) {
  const [state, setState] = useState(null);
  useEffect(() => {
    if (!token || seat == null) return;
    api.review(id, token, seat).then(setState, () => setState(null));
  }, [id, token, seat]);
  return state;
}

/** Each point's verdict; a review stored before verdicts existed marks its costliest ones. */
export function verdicts(r) {
  const costly = r.costly || r.costliest || [];
  const named = new Set(costly.map((c) => c.index));
  return r.points.map((p) => p.verdict || (named.has(p.index) ? "costly" : "best"));
}

/** A move in words, whole: a move made in steps is told with the steps that lead to it
 * ("Exchange your figure on C3 …") and, for the move chosen, the steps it went on with ("… with
 * the opponent's on D5"), which the review sends along (``context``, ``after``). */
export function wholeMove(game, info, context, after, t) {
  const lead = /…\s*$/;
  const follow = /^\s*…\s*/;
  let text = describeMove(game, info, t);
  const before = [...(context || [])];
  while (follow.test(text) && before.length) {
    const prev = describeMove(game, before.pop(), t);
    if (!lead.test(prev)) break;
    text = `${prev.replace(lead, "")} ${text.replace(follow, "")}`;
  }
  for (const next of after || []) {
    const more = describeMove(game, next, t);
    if (!lead.test(text) || !follow.test(more)) break;
    text = `${text.replace(lead, "")} ${more.replace(follow, "")}`;
  }
  return text.replace(lead, "");
}

const MARK = { costly: "#C0392B", taught: "#8E44AD" };

function Chart({ points, marks, t }) {
  const w = 320;
  const h = 120;
  const pad = 18;
  const n = Math.max(1, points.length - 1);
  const x = (i) => pad + ((w - 2 * pad) * i) / n;
  const y = (v) => h - pad - (h - 2 * pad) * v;
  const line = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.win).toFixed(1)}`).join(" ");
  return (
    <svg class="review-chart" data-testid="review-chart" viewBox={`0 0 ${w} ${h}`} role="img" aria-label={t("review.chart")}>
      {[0, 0.5, 1].map((v) => (
        <g key={v}>
          <line x1={pad} x2={w - pad} y1={y(v)} y2={y(v)} stroke="#9a9a9a" stroke-dasharray={v === 0.5 ? "3 3" : ""} />
          <text x={2} y={y(v) + 4} font-size="9" fill="#444">{percent(v)}</text>
        </g>
      ))}
      <path d={line} fill="none" stroke="#0b5f96" stroke-width="2" />
      {points.map((p, i) => {
        const mark = MARK[marks[i]];
        return (
          <circle key={i} cx={x(i)} cy={y(p.win)} r={mark ? 4 : 2} fill={mark || "#0b5f96"}
            data-testid={mark ? `review-mark-${marks[i]}` : undefined} data-decision={p.decision + 1}>
            <title>{`${t("review.decision", { n: p.decision + 1 })}: ${percent(p.win)}${mark ? ` · ${t(`review.verdict.${marks[i]}`)}` : ""}`}</title>
          </circle>
        );
      })}
    </svg>
  );
}

function Entry({ game, c, t }) {
  const chose = wholeMove(game, c.label_text || { label: c.label }, c.context, c.after, t);
  const best = wholeMove(game, c.best_text || { label: c.best }, c.context, [], t);
  const key = c.verdict === "taught" ? "review.taught" : "review.costly";
  return (
    <li data-decision={c.decision + 1} data-verdict={c.verdict || "costly"}>
      {t(key, { n: c.decision + 1, chose, best, cost: percent(c.cost) })}
    </li>
  );
}

export function ReviewPanel({ game, review, t }) {
  const [open, setOpen] = useState(true);
  if (!review) return null;
  if (review.status === "failed") return <p class="warn" data-testid="review-failed">{refusal(review.error, t) || t("review.failed")}</p>;
  if (review.status !== "done" || !review.review) {
    const done = Math.round((review.progress || 0) * 100);
    if (review.status === "queued")
      return (
        <div class="review-progress" data-testid="review-queued">
          {review.ahead ? t("review.queued", { n: review.ahead }) : t("review.starting")}
        </div>
      );
    return (
      <div class="review-progress" data-testid="review-progress">
        {t("review.working")} <progress max="100" value={done} /> {done}%
      </div>
    );
  }
  const r = review.review;
  const marks = verdicts(r);
  const costly = r.costly || r.costliest || [];
  const taught = r.taught || [];
  const even = marks.filter((v) => v === "even").length;
  if (!open)
    return (
      <button class="review-reopen" data-testid="review-reopen" onClick={() => setOpen(true)}>
        {t("review.show")}
      </button>
    );
  return (
    <section class="review review-float" data-testid="review" aria-label={t("review.title")}>
      <div class="review-head">
        <h3>{t("review.title")}</h3>
        <button class="link" data-testid="review-hide" onClick={() => setOpen(false)} aria-label={t("review.hide")}>
          {t("review.hide")}
        </button>
      </div>
      {r.points.length ? <Chart points={r.points} marks={marks} t={t} /> : <p>{t("review.noChoices")}</p>}
      <p class="small">{t("review.explain", { n: r.decisions })}</p>
      {r.lesson && <p class="small" data-testid="review-lesson">{t("review.lesson")}</p>}
      {costly.length > 0 && (
        <ol class="review-costly" data-testid="review-costly">
          {costly.map((c) => <Entry key={c.index} game={game} c={c} t={t} />)}
        </ol>
      )}
      {taught.length > 0 && (
        <ol class="review-costly review-taught" data-testid="review-taught">
          {taught.map((c) => <Entry key={c.index} game={game} c={c} t={t} />)}
        </ol>
      )}
      {costly.length === 0 && r.points.length > 0 && <p data-testid="review-clean">{t("review.clean")}</p>}
      {r.points.length > 0 && <p class="small" data-testid="review-even">{t("review.even", { n: even })}</p>}
    </section>
  );
}

/** A seat's end of the game at the table: the button that starts its review, then the review. */
export function ReviewBox({ game, id, token, seat, t }) {
  const [asked, setAsked] = useState(false);
  const review = useReview(id, token, seat, asked);
  if (seat == null || !token) return null;
  return (
    <div class="panel review-box">
      {!asked && (
        <button class="primary" data-testid="review-button" onClick={() => setAsked(true)}>
          {t("review.button")}
        </button>
      )}
      <ReviewPanel game={game} review={review} t={t} />
    </div>
  );
}
