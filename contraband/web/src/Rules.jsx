// A game's rules: the page /rules/<game>#<section> and the panel beside the table. The text is
// the game's own rules source (GET /api/registry/<game>/rules, the same text as `contraband
// rules`); each section shows the table's own drawings of the components it names. The rules are
// for players; the page /rules/<game>/design shows the game's design notes (GET
// /api/registry/<game>/design: our decisions with their reasons, designed numbers, simulation
// figures), linked at the end of the rules.
import { useEffect, useRef, useState } from "preact/hooks";
import "./rules.css";
import { addWords, useT } from "./i18n.js";
import { Card as TtCard } from "./games/tt.jsx";
import { Board as TtBoard, Disc, Figure } from "./games/tt-board.jsx";
import { Bean } from "./games/ac.jsx";
import { Cube, Smuggler, Mountie } from "./games/ni.jsx";
import { CardChip, Henchman } from "./games/cf.jsx";
import { CartelCard, City, NarcoCard, StartNetwork } from "./games/nc.jsx";
import { route, url } from "./root.js";

addWords({
  en: {
    "rules.title": "Rules",
    "rules.of": "Rules of {game}",
    "rules.contents": "Contents",
    "design.title": "Design notes",
    "design.of": "Design notes of {game}",
    "design.more": "Why the rules read as they do — our decisions where the rulebook is silent, the numbers we designed, simulation figures:",
    "design.link": "Design notes",
    "design.back": "Back to the rules of {game}",
    "rules.loading": "Loading the rules…",
    "rules.english": "These rules are not translated yet; here they are in English.",
    "rules.close": "Close the rules",
    "rules.page": "Open as a page",
    "rules.link": "Link to this section",
    "rules.drawings": "As drawn on the table",
    "rules.back": "Back to the lobby",
  },
  nl: {
    "rules.title": "Spelregels",
    "rules.of": "Spelregels van {game}",
    "rules.contents": "Inhoud",
    "design.title": "Ontwerpnotities",
    "design.of": "Ontwerpnotities van {game}",
    "design.more": "Waarom de regels zo luiden — onze beslissingen waar de spelregels zwijgen, de getallen die we ontwierpen, cijfers uit simulaties:",
    "design.link": "Ontwerpnotities",
    "design.back": "Terug naar de spelregels van {game}",
    "rules.loading": "De spelregels worden geladen…",
    "rules.english": "Deze spelregels zijn nog niet vertaald; hier staan ze in het Engels.",
    "rules.close": "Spelregels sluiten",
    "rules.page": "Als pagina openen",
    "rules.link": "Link naar dit deel",
    "rules.drawings": "Zoals op tafel getekend",
    "rules.back": "Terug naar de lobby",
  },
});

const svg = (child, size = 48) => (
  <svg width={size} height={size} viewBox={`${-size / 2} ${-size / 2} ${size} ${size}`}>
    {child}
  </svg>
);

/** A fixed example deal of Tony & Tino's board from the catalog (discs, the hitmen that replace
 * the coloured discs, the money tokens), for the table's own board drawing. */
function exampleBoard(catalog) {
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const shuffle = (list) => {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [list[i], list[j]] = [list[j], list[i]];
    }
    return list;
  };
  const things = catalog.discs.numbered.flatMap((d) => Array(d.count).fill({ disc: d.number }));
  for (const seat of [0, 1]) things.push(...Array(catalog.figures.placed_at_setup.count).fill({ figure: { seat, value: 1 } }));
  shuffle(things);
  const board = catalog.board.points.map((p, i) => ({ point: p.label, disc: things[i].disc ?? null, figure: things[i].figure || null, open: false }));
  const lowest = Math.min(...board.filter((p) => p.disc != null).map((p) => p.disc));
  for (const p of board) p.open = p.disc === lowest;
  const tokens = shuffle(catalog.money.tokens.flatMap((m) => Array(m.count).fill(m.amount)));
  const names = [...catalog.board.rows.map((r) => `row ${r}`), ...catalog.board.columns.map((c) => `column ${c}`)];
  return {
    seats: catalog.seats.items.map((s) => ({ colour: s.colour })),
    seat_names: catalog.seats.items.map((s) => s.name),
    board,
    open_points: board.filter((p) => p.open).map((p) => p.point),
    streets: names.map((street, i) => ({ street, token: tokens[i], collected_by: null, status: "on the board" })),
    phase: "card",
  };
}

/** Per game, per drawing kind: the table's own component for "kind:arg:arg". */
const DRAW = {
  "tony-tino": {
    board: (args, c, t) => <TtBoard view={exampleBoard(c)} t={t} legal={[]} />,
    card: ([id], c, t) => <TtCard id={id} catalog={c} t={t} small />,
    figure: ([colour, value]) => svg(<Figure seatColour={colour} value={Number(value)} />),
    disc: ([value]) => svg(<Disc value={Number(value)} />),
  },
  "al-cabohne": { bean: ([bean, count]) => <Bean bean={bean} count={count == null ? null : Number(count)} label={bean} /> },
  "nacho-incident": {
    cube: ([food]) => <Cube food={food} />,
    smuggler: ([name], c, t) => <Smuggler name={name} catalog={c} t={t} />,
    mountie: ([name], c, t) => <Mountie name={name} catalog={c} t={t} />,
  },
  counterfeiters: {
    card: ([name], c, t) => <CardChip name={name} t={t} />,
    henchman: ([colour]) => <Henchman seatColour={colour} size={32} />,
    track: (args, c, t) => <PoliceTrack track={c.police_track} t={t} />,
  },
  narcos: {
    card: ([name, side], c, t) => <NarcoCard card={name} side={side} catalog={c} t={t} />,
    cartel: ([name], c, t) => <CartelCard card={name} catalog={c} t={t} />,
    city: ([name, token], c, t) => <City city={{ name, token, workers: [] }} view={{ players: [] }} catalog={c} t={t} />,
    network: ([colour], c, t) => <StartNetwork colour={colour} catalog={c} t={t} />,
  },
};

/** Counterfeiters' police track with its special spaces, drawn as the table draws it (cf.jsx's
 * track: the same classes), from the catalog instead of a game's view. */
function PoliceTrack({ track, t }) {
  const marks = (space) => {
    const out = [];
    if (track.godfather.includes(space)) out.push("GF");
    for (const i of track.investigations) if (i.space === space) out.push(i.quality);
    if (track.strike === space) out.push("✈✗");
    if (track.end === space) out.push(t("cf.endMark"));
    return out;
  };
  return (
    <ol class="cf-track">
      {Array.from({ length: track.length }, (_, i) => i + 1).map((space) => (
        <li key={space} class={marks(space).length ? "marked" : ""}>
          <span class="n">{space}</span>
          <span class="m">{marks(space).join(" ")}</span>
        </li>
      ))}
    </ol>
  );
}

function Drawing({ game, spec, catalog, t }) {
  const [kind, ...args] = spec.split(":");
  const draw = DRAW[game] && DRAW[game][kind];
  return (
    <span class={`rules-drawing kind-${kind}`} data-illustration={spec}>
      {draw ? draw(args, catalog, t) : spec}
    </span>
  );
}

/** "rules" or "design" (the design notes): the book a page or panel shows. */
const PAGE = { rules: "", design: "/design" };

function useRules(game, lang, part) {
  const [data, setData] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    let live = true;
    setData(null);
    setError(null);
    const get = (path) => fetch(url(path)).then((r) => r.json().then((body) => (r.ok ? body : Promise.reject(new Error(body.error || r.statusText)))));
    Promise.all([get(`/api/registry/${game}/${part}?lang=${lang}`), get(`/api/registry/${game}/catalog`)]).then(
      ([rules, catalog]) => live && setData({ rules, catalog }),
      (e) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [game, lang, part]);
  return { data, error };
}

/** The rules themselves (or, with part="design", the design notes); `prefix` keeps the panel's
 * ids apart from the page's. */
export function RulesBody({ game, prefix = "", headingLevel = 2, focus = null, part = "rules" }) {
  const t = useT();
  const { data, error } = useRules(game, t.lang, part);
  const root = useRef(null);
  useEffect(() => {
    if (!data || prefix) return;
    const name = t(`game.${game}.title`, { fallback: data.catalog.title || game });
    document.title = `${t(part === "design" ? "design.of" : "rules.of", { game: name })} · contraband`;
  }, [data, t]);
  useEffect(() => {
    if (!data || prefix || !location.hash) return;
    const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
  }, [data]);
  useEffect(() => {
    // the panel opened at a section ("how does this work?", a "why not?" answer's rule)
    if (!data || !prefix || !focus || !root.current) return;
    const target = root.current.querySelector(`[id="${prefix}${focus}"]`);
    if (!target) return;
    for (const old of root.current.querySelectorAll(".rules-section.focus")) old.classList.remove("focus");
    target.classList.add("focus");
    // scroll the panel only: scrolling the page too would slide the panel's own head (its close
    // button) under the table's sticky status bar
    const box = root.current.closest(".rules-panel");
    if (!box) return target.scrollIntoView({ block: "start" });
    const head = box.querySelector(".rules-panel-head");
    const offset = target.getBoundingClientRect().top - box.getBoundingClientRect().top;
    box.scrollTop += offset - (head ? head.offsetHeight : 0) - 8;
  }, [data, focus]);
  if (error) return <p class="message error" role="alert">{error}</p>;
  if (!data) return <p class="muted" data-testid="rules-loading">{t("rules.loading")}</p>;
  const { rules, catalog } = data;
  const jump = (event, id) => {
    if (!prefix) return;
    event.preventDefault();
    const target = root.current && root.current.querySelector(`[id="${prefix}${id}"]`);
    if (target) target.scrollIntoView({ block: "start" });
  };
  const title = t(`game.${game}.title`, { fallback: catalog.title || game });
  const design = part === "design";
  const here = `/rules/${game}${PAGE[part]}`;
  return (
    <div class={`rules-body part-${part}`} ref={root} data-testid="rules-body" data-lang={rules.lang} data-part={part}>
      {!prefix && <h1 class="rules-game">{t(design ? "design.of" : "rules.of", { game: title })}</h1>}
      {design && (
        <p class="design-about" data-testid="design-about">
          <a href={url(`/rules/${game}`)} data-testid="rules-link">◂ {t("design.back", { game: title })}</a>
        </p>
      )}
      {rules.lang !== rules.requested && <p class="message" data-testid="rules-english">{t("rules.english")}</p>}
      <div class="rules-intro" dangerouslySetInnerHTML={{ __html: rules.intro }} />
      <nav class="rules-toc" aria-label={t("rules.contents")}>
        <strong>{t("rules.contents")}</strong>
        <ul>
          {rules.sections.map((s) => (
            <li key={s.id} class={`level-${s.level}`}>
              <a href={`#${prefix}${s.id}`} data-testid={`toc-${s.id}`} onClick={(e) => jump(e, s.id)}>
                {s.title.replace(/`/g, "")}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {rules.sections.map((s) => {
        const H = `h${Math.min(6, headingLevel + s.level - 2)}`;
        return (
          <section key={s.id} id={`${prefix}${s.id}`} class={`rules-section level-${s.level}`} data-testid={`section-${s.id}`} data-section={s.id}>
            <H>
              {s.title.replace(/`/g, "")}{" "}
              <a class="rules-anchor" href={url(`${here}#${s.id}`)} target={prefix ? "_blank" : undefined} rel={prefix ? "noopener" : undefined} aria-label={t("rules.link")} title={t("rules.link")}>#</a>
            </H>
            {s.illustrations.length > 0 && (
              <figure class="rules-art" data-testid={`art-${s.id}`}>
                {s.illustrations.map((spec) => (
                  <Drawing key={spec} game={game} spec={spec} catalog={catalog} t={t} />
                ))}
                <figcaption class="sr-only">{t("rules.drawings")}</figcaption>
              </figure>
            )}
            <div class="rules-text" dangerouslySetInnerHTML={{ __html: s.html }} />
          </section>
        );
      })}
      {!design && (
        <p class="rules-design" data-testid="design-link-box">
          {t("design.more")}{" "}
          <a href={url(`/rules/${game}/design`)} data-testid="design-link" target={prefix ? "_blank" : undefined} rel={prefix ? "noopener" : undefined}>
            {t("design.link")}
          </a>
        </p>
      )}
    </div>
  );
}

/** The page /rules/<game>, or /rules/<game>/design (the design notes). */
export function RulesPage({ game, langButton }) {
  const t = useT();
  const part = /^\/rules\/[\w-]+\/design\/?$/.test(route()) ? "design" : "rules";
  return (
    <div class="rules-page">
      <header class="status-bar rules-bar">
        <a class="home" href={url("/")} aria-label={t("rules.back")}>◂ <span class="home-word">{t("rules.back")}</span></a>
        <span class="rules-heading">{t(part === "design" ? "design.title" : "rules.title")}</span>
        <div class="status-buttons">{langButton}</div>
      </header>
      <main class="rules-main">
        <RulesBody game={game} part={part} key={part} />
      </main>
    </div>
  );
}

/** The panel beside the table. */
export function RulesPanel({ game, section, onClose }) {
  const t = useT();
  return (
    <section class="panel rules-panel" data-testid="rules-panel" aria-label={t("rules.title")}>
      <div class="rules-panel-head">
        <strong>{t("rules.title")}</strong>
        <a href={url(`/rules/${game}`)} target="_blank" rel="noopener">{t("rules.page")}</a>
        <button class="link" onClick={onClose} aria-label={t("rules.close")} data-testid="rules-close">×</button>
      </div>
      <RulesBody game={game} prefix="rule-" headingLevel={3} focus={section} />
    </section>
  );
}
