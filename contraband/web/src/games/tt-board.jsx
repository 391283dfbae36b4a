// Tony & Tino's board: Chicago's 6x6 street grid, the discs on its control points, the figures
// and the protection-money tokens, as one SVG scaled to its box.
import { money } from "../i18n.js";
import { colour, Hot, Shape, Tip, usePlay } from "../ui.jsx";
import { pointHelp, pointWould, tokenHelp, tokenWould } from "./tt-help.js";

const COLS = ["A", "B", "C", "D", "E", "F"];
const STEP = 64;
const X0 = 44;
const Y0 = 60;
const LEGEND_H = 84;
const px = (c) => X0 + c * STEP;
const py = (r) => Y0 + r * STEP;

export const streetName = (street, t) =>
  t.lang === "nl" ? street.replace("row", "rij").replace("column", "kolom") : street;

export function Disc({ value, shifted, open }) {
  return (
    <g>
      <circle r="21" class={`tt-disc ${open ? "open" : ""}`} />
      <text y="6.5" text-anchor="middle" class="tt-disc-n">
        {value}
      </text>
      {shifted && (
        <g>
          <line x1="-9" y1="-1" x2="9" y2="-1" stroke="#b00" stroke-width="2.4" />
          <rect x="8" y="-25" width="20" height="14" rx="4" fill="#b00" />
          <text x="18" y="-14.5" text-anchor="middle" font-size="10.5" fill="#fff" font-weight="700">
            −1
          </text>
        </g>
      )}
    </g>
  );
}

export function Figure({ seatColour, value, r = 21 }) {
  const c = colour(seatColour);
  return (
    <g class="tt-figure">
      <Shape name={seatColour} r={r} stroke="#111" strokeWidth={1.6} />
      <text y={r * 0.32} text-anchor="middle" font-size={r * 0.95} font-weight="800" fill={c.ink}>
        {value}
      </text>
      {value === 0 && (
        <g transform={`translate(${r * 0.62},${-r * 0.62})`} aria-hidden="true">
          <circle r={r * 0.36} fill="#fff" stroke="#111" stroke-width="1" />
          <ellipse rx={r * 0.26} ry={r * 0.15} fill="none" stroke="#111" stroke-width="1.2" />
          <circle r={r * 0.08} fill="#111" />
        </g>
      )}
      {value === 3 && (
        <g transform={`translate(${r * 0.62},${-r * 0.62})`} aria-hidden="true">
          <circle r={r * 0.36} fill="#f2c14e" stroke="#111" stroke-width="1" />
          <polygon points={`${-r * 0.22},${r * 0.12} ${-r * 0.22},${-r * 0.12} ${-r * 0.1},0 0,${-r * 0.16} ${r * 0.1},0 ${r * 0.22},${-r * 0.12} ${r * 0.22},${r * 0.12}`} fill="#111" />
        </g>
      )}
    </g>
  );
}

export function Board({ view, t, legal, catalog, seat }) {
  const play = usePlay();
  const colours = view.seats.map((s) => s.colour);
  const byPoint = new Map();
  const byStreet = new Map();
  for (const m of legal) {
    if (m.point) byPoint.set(m.point, [...(byPoint.get(m.point) || []), m]);
    if (m.street) byStreet.set(m.street, [...(byStreet.get(m.street) || []), m]);
  }
  const sel = play.selection && play.selection.figure;
  const open = new Set(view.open_points || []);
  const streets = new Map(view.streets.map((s) => [s.street, s]));
  const W = px(5) + 96;
  const H = py(5) + 74 + LEGEND_H;
  const token = (name, x, y) => {
    const s = streets.get(name);
    const labels = (byStreet.get(name) || []).map((m) => m.label);
    const out = s.status === "out of the game";
    const by = s.collected_by;
    const first = view.first_target === name;
    return (
      <Hot
        as="g"
        key={name}
        labels={labels}
        would={tokenWould(view, name)}
        help={() => tokenHelp(view, name, t, catalog)}
        testid={`tt-token-${name.replace(" ", "-")}`}
        title={`${streetName(name, t)}: ${out ? t("tt.out") : money(s.token, t)}`}
        sig={[s.token, s.collected_by, s.status]}
        transform={`translate(${x},${y})`}
      >
        <rect x="-30" y="-14" width="60" height="28" rx="14" class={`tt-token ${out ? "out" : ""} ${by != null ? "taken" : ""}`} />
        {by != null && <Shape name={colours[by]} x={-22} y={0} r={6} />}
        <text y="5" text-anchor="middle" class="tt-token-text">
          {out ? "—" : `$${s.token / 1000}k`}
        </text>
        {first && <Badge n="1" x={26} y={-14} />}
      </Hot>
    );
  };
  return (
    <svg class="tt-board" viewBox={`0 0 ${W} ${H}`} role="group" aria-label={t("tt.boardName")}>
      <rect x="4" y="4" width={W - 8} height={H - 8} rx="14" class="tt-city" />
      {COLS.map((col, c) => {
        const s = streets.get(`column ${col}`);
        const by = s.collected_by;
        return (
          <g key={col}>
            <line x1={px(c)} y1={py(0) - 24} x2={px(c)} y2={py(5) + 24} class="tt-street" stroke={by != null ? colour(colours[by]).hex : undefined} />
            <text x={px(c)} y={24} text-anchor="middle" class="tt-coord">{col}</text>
          </g>
        );
      })}
      {[0, 1, 2, 3, 4, 5].map((r) => {
        const s = streets.get(`row ${r + 1}`);
        const by = s.collected_by;
        return (
          <g key={r}>
            <line x1={px(0) - 24} y1={py(r)} x2={px(5) + 24} y2={py(r)} class="tt-street" stroke={by != null ? colour(colours[by]).hex : undefined} />
            <text x={14} y={py(r) + 5} text-anchor="middle" class="tt-coord">{r + 1}</text>
          </g>
        );
      })}
      <Legend view={view} t={t} y={py(5) + 88} />
      {[0, 1, 2, 3, 4, 5].map((r) => token(`row ${r + 1}`, px(5) + 62, py(r)))}
      {COLS.map((col, c) => token(`column ${col}`, px(c), py(5) + 46))}
      {view.board.map((p) => {
        const c = COLS.indexOf(p.point[0]);
        const r = Number(p.point.slice(1)) - 1;
        let moves = byPoint.get(p.point) || [];
        if (sel !== undefined && sel !== null) moves = moves.filter((m) => m.kind !== "place" || m.figure === sel);
        const isOpen = p.open || open.has(p.point);
        const shifted = view.shifted === p.point;
        const what = p.figure
          ? `${view.seat_names[p.figure.seat]} ${p.figure.value} (${t(`tt.figure.${p.figure.value}`)})`
          : p.disc != null
            ? `${t("tt.disc", { n: p.disc })}${isOpen ? `, ${t("tt.open")}` : ""}`
            : t("tt.empty");
        const placing = view.phase === "place" && play.interactive && play.legal.size && !p.figure;
        return (
          <Hot
            as="g"
            key={p.point}
            labels={moves.map((m) => m.label)}
            would={pointWould(view, p.point, seat, sel)}
            help={() => pointHelp(view, p, t)}
            testid={`tt-point-${p.point.toLowerCase()}`}
            title={p.point}
            aria-label={t("tt.point", { point: p.point, what })}
            menuTitle={p.point}
            sig={[p.disc, p.figure, shifted]}
            why={placing ? t("tt.notOpen", { point: p.point, points: (view.open_points || []).join(", ") }) : undefined}
            transform={`translate(${px(c)},${py(r)})`}
          >
            <circle r="31" class="tt-hit" />
            {p.figure ? (
              <g data-testid={`tt-figure-${p.point.toLowerCase()}`}>
                <Figure seatColour={colours[p.figure.seat]} value={p.figure.value} />
              </g>
            ) : p.disc != null ? (
              <g data-testid={`tt-disc-${p.point.toLowerCase()}`}>
                <Disc value={p.disc} shifted={shifted} open={isOpen} />
              </g>
            ) : (
              <circle r="6" fill="#777" />
            )}
            {view.first_target === p.point && <Badge n="1" x={18} y={-18} />}
          </Hot>
        );
      })}
    </svg>
  );
}

function Badge({ n, x, y }) {
  return (
    <g transform={`translate(${x},${y})`} class="badge">
      <circle r="10" fill="#111" stroke="#f2c14e" stroke-width="2" />
      <text y="4" text-anchor="middle" font-size="12" font-weight="800" fill="#f2c14e">
        {n}
      </text>
    </g>
  );
}

/** The board's symbols in words, under the grid: each item explains itself on hover too. */
function Legend({ view, t, y }) {
  const colours = view.seats.map((s) => s.colour);
  const item = (key, help, icon, x, dy) => (
    <Tip as="g" key={key} help={help} data-testid={`tt-legend-${key}`} transform={`translate(${x},${y + dy})`}>
      <rect x="-14" y="-13" width="200" height="26" fill="transparent" />
      <g transform="scale(0.55)">{icon}</g>
      <text x="18" y="4.5" class="tt-legend-text" fill="#d6dde5" font-size="12">{t(`tt.legend.${key}`)}</text>
    </Tip>
  );
  return (
    <g class="tt-legend" data-testid="tt-legend">
      {item("open", t("tt.help.open", { n: "1" }), <Disc value="1" open />, 28, 0)}
      {item("shifted", t("tt.help.shifted", { n: "4" }), <Disc value="5" shifted />, 238, 0)}
      {item("taken", t("tt.help.legendTaken"), <rect x="-22" y="-11" width="44" height="22" rx="11" class="tt-token taken" />, 28, 52)}
      {item("spy", t("tt.help.spy"), <Figure seatColour={colours[0]} value={0} />, 28, 26)}
      {item("son", t("tt.help.son"), <Figure seatColour={colours[1]} value={3} />, 238, 26)}
      {item("out", t("tt.help.legendOut"), <rect x="-22" y="-11" width="44" height="22" rx="11" class="tt-token out" />, 238, 52)}
    </g>
  );
}
