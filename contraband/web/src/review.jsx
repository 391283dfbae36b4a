// The post-game review of one seat: its estimated win chance after each of its decisions (from
// what it knew then) and its three costliest decisions, computed on the server in the background.
import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import { describeMove } from "./panels.jsx";
import { percent } from "./hints.jsx";

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
        (e) => live && setState({ status: "failed", error: e.message }),
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

function Chart({ points, t }) {
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
          <line x1={pad} x2={w - pad} y1={y(v)} y2={y(v)} stroke="#ccc" stroke-dasharray={v === 0.5 ? "3 3" : ""} />
          <text x={2} y={y(v) + 4} font-size="9" fill="#666">{percent(v)}</text>
        </g>
      ))}
      <path d={line} fill="none" stroke="#0072B2" stroke-width="2" />
      {points.map((p, i) => (
        <circle key={i} cx={x(i)} cy={y(p.win)} r={p.cost > 0.05 ? 3.5 : 2} fill={p.cost > 0.05 ? "#D55E00" : "#0072B2"}>
          <title>{`${t("review.decision", { n: i + 1 })}: ${percent(p.win)}`}</title>
        </circle>
      ))}
    </svg>
  );
}

export function ReviewPanel({ game, review, t }) {
  if (!review) return null;
  if (review.status === "failed") return <p class="warn" data-testid="review-failed">{review.error || t("review.failed")}</p>;
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
  return (
    <section class="review" data-testid="review">
      <h3>{t("review.title")}</h3>
      {r.points.length ? <Chart points={r.points} t={t} /> : <p class="muted">{t("review.noChoices")}</p>}
      <p class="muted small">{t("review.explain", { n: r.decisions })}</p>
      {r.costliest.length > 0 && (
        <ol class="review-costly" data-testid="review-costly">
          {r.costliest.map((c) => (
            <li key={c.index}>
              {t("review.costly", {
                n: c.decision + 1,
                chose: describeMove(game, c.label_text || { label: c.label }, t),
                best: describeMove(game, c.best_text || { label: c.best }, t),
                cost: percent(c.cost),
              })}
            </li>
          ))}
        </ol>
      )}
      {r.costliest.length === 0 && r.points.length > 0 && <p data-testid="review-clean">{t("review.clean")}</p>}
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
