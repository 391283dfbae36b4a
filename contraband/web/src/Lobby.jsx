// The lobby: choose a game, its players, options and seats; create it; share the seat links.
import { useEffect, useMemo, useState } from "preact/hooks";
import { api } from "./api.js";
import { useT } from "./i18n.js";
import { remember } from "./mine.js";
import { Created } from "./links.jsx";
import { MyGames, OpenTables, PublicGames } from "./lobby-lists.jsx";
import { KeyButton } from "./keys.jsx";
import { SeatChoices, TableMode, VariantChoices } from "./lobby-form.jsx";
import { DEFAULT_PRESET } from "./clocks.js";
import { useTurnTitle } from "./turns.js";
// the registry as it was when this page was built (vite.config.js): the cards show at once
import BUILT_REGISTRY from "virtual:registry";
import { url } from "./root.js";
import { refusal } from "./refusals.js";

// the five games of the box; those the server does not host yet show as greyed cards
const PLANNED = ["tony-tino", "al-cabohne", "nacho-incident", "counterfeiters", "narcos"];
const rank = (id) => (PLANNED.includes(id) ? PLANNED.indexOf(id) : PLANNED.length);
const BASE_TITLE = "contraband — underworld board games";
const sortKinds = (list) => [...(list || [])].sort((a, b) => rank(a.id) - rank(b.id));

/** Seat names from the catalog (Tony and Tino, colours), else "Seat n". */
function seatNames(catalog, players) {
  if (!catalog) return [];
  if (catalog.seats && catalog.seats.items) return catalog.seats.items.map((s) => s.name);
  const colours = (catalog.players && catalog.players.colours) || (catalog.seats && catalog.seats.colours);
  return colours ? colours.slice(0, players) : [];
}

function defaultOption(option, players) {
  const per = option.per_players || {};
  if (per[players] !== undefined) return per[players];
  if (per[String(players)] !== undefined) return per[String(players)];
  return option.default;
}

function OptionInput({ option, value, onChange, t }) {
  const id = `option-${option.name}`;
  const help = t(`option.${option.name}.help`, { fallback: option.help });
  const label = t(`option.${option.name}`, { fallback: option.name.replace(/_/g, " ") });
  let input;
  if (option.type === "bool") {
    input = <input id={id} type="checkbox" checked={!!value} onChange={(e) => onChange(e.currentTarget.checked)} data-testid={id} />;
  } else if (option.choices) {
    input = (
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={id}>
        {option.choices.map((c) => (
          <option key={c} value={c}>{t(`option.${option.name}.${c}`, { fallback: c })}</option>
        ))}
      </select>
    );
  } else if (option.type === "int") {
    input = (
      <input id={id} type="number" min={option.minimum ?? undefined} max={option.maximum ?? undefined} value={value}
        onInput={(e) => onChange(Number(e.currentTarget.value))} data-testid={id} />
    );
  } else {
    input = <input id={id} value={value} onInput={(e) => onChange(e.currentTarget.value)} data-testid={id} />;
  }
  return (
    <div class="option">
      <label for={id}>{label}</label> {input}
      <div class="hint">{help}</div>
    </div>
  );
}

export function Lobby({ langButton }) {
  const t = useT();
  useTurnTitle(BASE_TITLE, null, t); // "(1) …" while it is my turn in one of my games
  const [kinds, setKinds] = useState(() => sortKinds(BUILT_REGISTRY));
  const [choice, setChoice] = useState(null);
  const [players, setPlayers] = useState(2);
  const [options, setOptions] = useState({});
  const [seats, setSeats] = useState([]);
  const [seed, setSeed] = useState("");
  const [listed, setListed] = useState(false);
  const [mode, setMode] = useState("live");
  const [clock, setClock] = useState(DEFAULT_PRESET.live);
  const [playerNames, setPlayerNames] = useState([]);
  const [hintsChoice, setHintsChoice] = useState(null); // null: the default for the seats chosen
  const [variant, setVariant] = useState({}); // the rule variant: data path -> value
  const [made, setMade] = useState(null);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const [catalog, setCatalog] = useState(null);
  // the levels' ratings per game and player count (GET /api/ratings, docs/strength.md)
  const [ratings, setRatings] = useState({});
  useEffect(() => {
    fetch(url("/api/ratings")).then((r) => (r.ok ? r.json() : {})).then(setRatings, () => setRatings({}));
  }, []);
  const rated = (level) => {
    const r = ((ratings[choice] || {})[players] || {})[level];
    return r ? ` ≈ ${r.rating.toLocaleString(t.lang)} ± ${r.interval}` : "";
  };
  useEffect(() => {
    api.registry().then((list) => setKinds(sortKinds(list)), (e) => setError(refusal(e, t)));
  }, []);
  useEffect(() => {
    setCatalog(null);
    if (choice) api.catalog(choice).then(setCatalog, () => setCatalog(null));
  }, [choice]);
  const names = seatNames(catalog, players);
  // hints are on by default where at most one seat is human (the server's rule too; an open
  // seat is for a person)
  const humans = seats.slice(0, players).filter((s) => s === "human" || s === "open").length;
  const opened = seats.slice(0, players).includes("open");
  const isPublic = listed || opened; // open seats are listed in the lobby: the table is public
  const hintsOn = hintsChoice == null ? humans <= 1 : hintsChoice;
  const kind = useMemo(() => kinds.find((k) => k.id === choice), [kinds, choice]);
  const pick = (k, count) => {
    const n = count || k.default_players;
    if (k.id !== choice) setVariant({});
    setChoice(k.id);
    setPlayers(n);
    setOptions(Object.fromEntries(k.options.map((o) => [o.name, defaultOption(o, n)])));
    setSeats((old) => Array.from({ length: n }, (_, i) => old[i] || (i === 0 ? "human" : "easy")));
    setMade(null);
    setTimeout(() => {
      const form = document.querySelector("[data-testid=setup]");
      if (!form || !form.scrollIntoView) return;
      const still = window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches;
      form.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "start" });
      // a game chosen on its card: the focus follows the form into view (its heading, which a
      // screen reader says), so the next Tab is the form's first field, not the next card
      if (!count) form.querySelector("#setup-head").focus({ preventScroll: true });
    }, 50);
  };
  const create = async (event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = { game: kind.id, players, options, seats: seats.slice(0, players) };
      if (seed !== "") body.seed = Number(seed);
      if (isPublic) body.public = true;
      body.hints = hintsOn;
      body.mode = mode;
      body.clock = clock;
      const chosen = body.seats.map((spec, i) => (spec === "human" && (playerNames[i] || "").trim()) || null);
      if (chosen.some((n) => n)) body.names = chosen;
      if (Object.keys(variant).length) body.variant = variant;
      const answer = await api.create(body);
      // the first human seat last: on top, it is the creator's (kept under a player key)
      for (const s of [...answer.seats].reverse()) if (s.link) remember({ id: answer.id, game: kind.id, seat: s.seat, link: s.link });
      // the host link too: its holder may start a table that waits for players
      remember({ id: answer.id, game: kind.id, seat: "host", link: answer.host_link });
      setMade(answer);
    } catch (e) {
      setError(refusal(e, t));
    } finally {
      setBusy(false);
    }
  };
  // "Learn to play": the game's guided first game, on its fixed deal against its bots
  const learn = async (k) => {
    setBusy(true);
    setError(null);
    try {
      const script = await api.tutorial(k.id);
      const answer = await api.create({ game: k.id, players: script.players, options: script.options, seats: script.seats, seed: script.seed });
      const mine = answer.seats.find((s) => s.link);
      const link = `${mine.link}&learn=1`;
      remember({ id: answer.id, game: k.id, seat: mine.seat, link });
      location.assign(url(link));
    } catch (e) {
      setError(refusal(e, t));
      setBusy(false);
    }
  };
  return (
    <div class="lobby page">
      <header class="lobby-head">
        <div>
          <h1>{t("app.title")}</h1>
          <p class="tagline">{t("app.tagline")}</p>
        </div>
        {langButton}
      </header>
      {error && <p class="message error" role="alert">{error}</p>}
      <h2>{t("lobby.games")}</h2>
      {kinds.length === 0 && !error && <p class="muted" data-testid="lobby-loading">{t("lobby.loading")}</p>}
      <div class="game-cards" role="list">
        {kinds.map((k) => (
          <div key={k.id} role="listitem" class="game-card-wrap">
          <button
            class={`game-card ${choice === k.id ? "chosen" : ""}`}
            aria-pressed={choice === k.id}
            onClick={() => pick(k)}
            data-testid={`pick-${k.id}`}
          >
            <span class={`game-badge badge-${k.id}`} aria-hidden="true" />
            <strong>{t(`game.${k.id}.title`, { fallback: k.title })}</strong>
            <span class="muted">
              {k.min_players === k.max_players
                ? t(k.min_players === 1 ? "lobby.player" : "lobby.exactly", { min: k.min_players })
                : t("lobby.players", { min: k.min_players, max: k.max_players })}
            </span>
            <span class="blurb">{t(`game.${k.id}.summary`, { fallback: k.summary })}</span>
          </button>
          <span class="card-links">
            <a class="rules-link" href={url(`/rules/${k.id}`)} data-testid={`rules-${k.id}`}>{t("rules.title")}</a>
            <button class="link learn-link" disabled={busy} onClick={() => learn(k)} data-testid={`learn-${k.id}`}>{t("lobby.learn")}</button>
          </span>
          </div>
        ))}
        {kinds.length > 0 &&
          PLANNED.filter((id) => !kinds.some((k) => k.id === id)).map((id) => (
            <div key={id} role="listitem" class="game-card planned" aria-disabled="true" data-testid={`planned-${id}`}>
              <span class={`game-badge badge-${id}`} aria-hidden="true" />
              <strong>{t(`game.${id}.title`, { fallback: id })}</strong>
              <span class="tag">{t("lobby.planned")}</span>
              <span class="blurb">{t(`game.${id}.summary`, { fallback: "" })}</span>
            </div>
          ))}
      </div>
      {kind && (
        <form class="panel setup" onSubmit={create} data-testid="setup" aria-labelledby="setup-head">
          <h2 id="setup-head" tabIndex={-1}>{t(`game.${kind.id}.title`, { fallback: kind.title })}</h2>
          <div class="option">
            <label for="players">{t("lobby.playerCount")}</label>{" "}
            <select id="players" data-testid="players" value={players} onChange={(e) => pick(kind, Number(e.currentTarget.value))}>
              {Array.from({ length: kind.max_players - kind.min_players + 1 }, (_, i) => kind.min_players + i).map((n) => (
                <option key={n} value={n}>{n}</option>
              ))}
            </select>
          </div>
          {kind.options.length > 0 && (
            <fieldset>
              <legend>{t("lobby.options")}</legend>
              {kind.options.map((o) => (
                <OptionInput key={o.name} option={o} value={options[o.name]} t={t} onChange={(v) => setOptions({ ...options, [o.name]: v })} />
              ))}
            </fieldset>
          )}
          <TableMode mode={mode} setMode={setMode} clock={clock} setClock={setClock} t={t} />
          <SeatChoices seats={seats} setSeats={setSeats} players={players} names={names} playerNames={playerNames}
            setPlayerNames={setPlayerNames} rated={rated} t={t} />
          <VariantChoices game={kind.id} variant={variant} setVariant={setVariant} t={t} />
          <div class="option">
            <label for="seed">{t("lobby.seed")}</label>{" "}
            <input id="seed" data-testid="seed" type="number" min="0" value={seed} onInput={(e) => setSeed(e.currentTarget.value)} />
            <div class="hint">{t("lobby.seedHint")}</div>
          </div>
          <div class="option">
            <label for="hints">{t("lobby.hints")}</label>{" "}
            <input id="hints" data-testid="option-hints" type="checkbox" checked={hintsOn} onChange={(e) => setHintsChoice(e.currentTarget.checked)} />
          </div>
          <div class="option">
            <label for="public">{t("lobby.public")}</label>{" "}
            <input id="public" data-testid="public" type="checkbox" checked={isPublic} disabled={opened} onChange={(e) => setListed(e.currentTarget.checked)} />
            <div class="hint">{opened ? t("lobby.openNeedsPublic") : t("lobby.publicHint")}</div>
          </div>
          <button type="submit" class="primary big" disabled={busy} data-testid="create">
            {busy ? t("lobby.creating") : t("lobby.create")}
          </button>
        </form>
      )}
      {made && <Created made={made} t={t} />}
      <MyGames kinds={kinds} t={t} key={made ? made.id : "none"} tools={<KeyButton t={t} />} />
      <OpenTables kinds={kinds} t={t} />
      <PublicGames kinds={kinds} t={t} />
    </div>
  );
}
