// Narcos: the active player's timeline, the danger level, networks, cities and traffickers.
import { Backs, Flash, Hot, SeatMark, Tip } from "../ui.jsx";
import { colourName, LOG_NL, ncName, words } from "./nc-words.js";
import * as H from "./nc-help.js";
import { PlayerTag } from "../players.jsx";

const M = (n) => `$${n}M`;
const TOKEN_NL = { boat: "boot", plane: "vliegtuig" };
const tokenName = (token, t) => (t.lang === "nl" && TOKEN_NL[token]) || token;

export function seats(view, t) {
  return view.players.map((p) => ({ name: colourName(p.colour, t), colour: p.colour }));
}

/** Each choice in words; the parts a label names (card, city, buyer) in the table's language. */
export function describe(info, t) {
  const card = ncName(info.card, t);
  switch (info.kind) {
    case "bonus":
      return t(`nc.do.bonus.${info.choice === "sicario" ? "sicario" : "cards"}`);
    case "peek":
      return t(info.choice ? "nc.do.peek.yes" : "nc.do.peek.no");
    case "remove":
      return t(info.remove ? "nc.do.remove.yes" : "nc.do.remove.no", { card });
    case "pay": {
      const money = (/(\d+) million/.exec(info.label || "") || [])[1];
      return t.has(`nc.do.pay.${info.how}`) ? t(`nc.do.pay.${info.how}`, { money }) : info.label;
    }
    case "cartel":
      if (info.target != null) {
        const target = (/ on (\w+)$/.exec(info.label || "") || [])[1]; // the label names the seat's colour
        return t("nc.do.cartelOn", { card, target: colourName(target, t) });
      }
      if (info.city) return t("nc.do.cartelFor", { card, city: info.city });
      return t("nc.do.cartel", { card });
    case "sell":
      return t(info.early ? "nc.do.sellEarly" : "nc.do.sell", { buyer: ncName(info.buyer, t) });
    default: {
      const key = `nc.do.${info.kind}`;
      return t.has(key) ? t(key, { card, city: info.city }) : info.label;
    }
  }
}

/** What the mover is doing, for everyone else (the status bar). */
export function waiting(view, t, payload, who) {
  const key = `nc.wait.${view.phase}`;
  return t.has(key) ? t(key, { who }) : null;
}

/** The DEA agents' whereabouts ("held by red") in the table's language. */
function deaText(text, t) {
  const held = /^held by (\w+)$/.exec(text || "");
  if (held) return t("nc.dea.held", { who: colourName(held[1], t) });
  const key = { "watching beside the deck": "watching", "on the timeline": "timeline", "not yet seen": "unseen" }[text];
  return key ? t(`nc.dea.${key}`) : text;
}

const OBJECTLESS = new Set(["stop", "end_actions", "pass", "invest_nothing", "keep_goods", "round2", "keep_worker", "bonus", "peek", "flip"]);
export const objectless = (info) =>
  OBJECTLESS.has(info.kind) || (info.kind === "pay" && info.how !== "lab" && info.how !== "storage");

/** Phases whose usual sentence names answers the seat may not have now ("answer with a Cartel
 * card" while no card in hand answers a raid): their prompt lists the choices there are. */
const LISTED = new Set(["raid", "pressure"]);

export function decision(view, legal, t) {
  const choices = [...new Set((legal || []).map((m) => describe(m, t)))];
  if (LISTED.has(view.phase) && choices.length && choices.length <= 4) {
    const lower = choices.map((c) => c.charAt(0).toLowerCase() + c.slice(1));
    const list = lower.length === 1 ? lower[0] : `${lower.slice(0, -1).join(", ")} ${t("nc.or")} ${lower[lower.length - 1]}`;
    return t(`nc.dec.${view.phase}.choices`, { choices: list });
  }
  return t(`nc.dec.${view.phase}`, { fallback: view.phase });
}

function Side({ side, t }) {
  return side === "siren" ? (
    <svg width="14" height="14" viewBox="0 0 14 14" role="img" aria-label={t("nc.side.siren")}><path d="M3 11V7a4 4 0 0 1 8 0v4z" fill="#d32f2f" /><rect x="1" y="11" width="12" height="2" fill="#333" /></svg>
  ) : (
    <svg width="16" height="12" viewBox="0 0 16 12" role="img" aria-label={t("nc.side.gun")}><path d="M1 2h13v3H7l-1 6H3l1-6H1z" fill="#333" /></svg>
  );
}

export function NarcoCard({ card, side, flags = [], labels = [], would, help, catalog, testid, t, title }) {
  const text = help || (catalog ? () => H.cardHelp(card, catalog, t, flags) : undefined);
  return (
    <Hot labels={labels} would={would} help={text} testid={testid} class={`nc-card side-${side || "none"} ${flags.join(" ")}`} title={title || ncName(card, t)} menuTitle={ncName(card, t)} sig={[card, flags]}>
      {side && <Side side={side} t={t} />}
      <span class="nc-card-name">{ncName(card, t)}</span>
      {flags.map((f) => (
        <span key={f} class="tag">{t(`nc.${f}`)}</span>
      ))}
    </Hot>
  );
}

/** A Cartel card as the hand shows it (the table's and the rules page's drawing). */
export function CartelCard({ card, labels = [], would, testid, catalog, t }) {
  return (
    <Hot labels={labels} would={would} help={() => H.cartelHelp(card, catalog, t)} testid={testid} class="nc-cartel card" title={card} menuTitle={card}>
      <b>{card}</b>
    </Hot>
  );
}

/** A city of the advanced game with its event token and the workers there. */
export function City({ city: c, view, labels = [], would, catalog, t }) {
  return (
    <Hot labels={labels} would={would} help={() => H.cityHelp(c, catalog, view, t)} testid={`nc-city-${c.name.toLowerCase().replace(/\s+/g, "-")}`} class="nc-city" title={`${c.name} (${tokenName(c.token, t)})`} menuTitle={c.name}>
      <b>{c.name}</b>
      <span class="tag">{tokenName(c.token, t)}</span>
      <span class="nc-city-workers">
        {c.workers.map((n, s) => n > 0 && (
          <span key={s}>
            <SeatMark colour={view.players[s].colour} size={12} />×{n}
          </span>
        ))}
      </span>
    </Hot>
  );
}

/** A player's starting network as the table draws it, from the catalog (the rules page's setup). */
export function StartNetwork({ colour, catalog, t }) {
  const start = (catalog && catalog.numbers && catalog.numbers.start) || { money: 3, workers: 5, sicarios: 2, crops: 1, lab_goods: 1 };
  const first = (catalog && catalog.narcos_cards ? catalog.narcos_cards.types : []).filter((type) => type.starting);
  const named = (kind, fallback) => (first.find((type) => type.kind === kind) || { name: fallback }).name;
  const storage = first.find((type) => type.kind === "storage") || { name: "storage 6", capacity: 6 };
  const transport = first.find((type) => type.kind === "transport") || { name: "truck", capacity: 3 };
  const lab = first.find((type) => type.kind === "lab") || { produce: [1, 2, 3] };
  const player = {
    colour, money: start.money, workers: start.workers, sicarios: start.sicarios, crops: start.crops,
    lab: { card: named("lab", "basic lab"), goods: start.lab_goods }, output: lab.produce[0],
    transport: { card: transport.name, capacity: transport.capacity },
    storage: { card: storage.name, goods: 0, capacity: storage.capacity },
    cartel_cards: start.cartel_cards || 1, face_down: 0, cities: [0, 0, 0, 0], workers_spent: 0,
  };
  const view = { players: [player], active: null, phase: "start", hand: null };
  return <Network view={view} s={0} legal={[]} t={t} mine={false} catalog={catalog} />;
}

function Network({ view, s, legal, t, mine, catalog }) {
  const p = view.players[s];
  const pick = (pred) => legal.filter(pred).map((m) => m.label);
  return (
    <Flash sig={[p.money, p.crops, p.lab.goods, p.storage.goods, p.workers, p.sicarios, p.cartel_cards]} class={`panel seat-panel nc-seat ${mine ? "tray" : ""} ${view.active === s ? "on-move" : ""}`} data-testid={`seat-panel-${s}`}>
      <div class="panel-head">
        <SeatMark colour={p.colour} label={colourName(p.colour, t)} />
        <PlayerTag seat={s} />
        <Tip class="money" data-testid={`nc-money-${s}`} help={() => t("nc.help.money", { n: p.money })}>{M(p.money)}</Tip>
      </div>
      <div class="nc-network">
        <Hot labels={pick((m) => m.kind === "crop")} would={mine ? ["plant a crop"] : undefined} help={() => H.plantationHelp(p, catalog, t)} testid={`nc-network-${s}-plantation`} class="nc-net" title={t("nc.plantation")}>
          <b>{t("nc.plantation")}</b>
          <span class="nc-crops">
            {[0, 1, 2].map((i) => (
              <span key={i} data-testid={`nc-crop-${s}-${i + 1}`} class={`nc-crop ${i < p.crops ? "on" : ""}`} />
            ))}
          </span>
        </Hot>
        <Hot labels={pick((m) => m.kind === "produce" || (m.kind === "pay" && m.how === "lab"))} would={mine ? [view.phase === "pay" ? "pay from the lab" : "produce"] : undefined} help={() => H.labHelp(p, catalog, t)} testid={`nc-network-${s}-lab`} class="nc-net" title={`${t("nc.lab")}: ${ncName(p.lab.card, t)}`} menuTitle={t("nc.lab")}>
          <b>{t("nc.lab")}</b>
          <span class="small">{ncName(p.lab.card, t)}</span>
          <span class="nc-goods">{"▪".repeat(Math.min(p.lab.goods, 12))} {p.lab.goods}</span>
        </Hot>
        <Hot labels={pick((m) => m.kind === "transport")} would={mine ? ["transport"] : undefined} help={() => H.transportHelp(p, catalog, t)} testid={`nc-network-${s}-transport`} class="nc-net" title={`${t("nc.transport")}: ${ncName(p.transport.card, t)}`}>
          <b>{t("nc.transport")}</b>
          <span class="small">{ncName(p.transport.card, t)} · {t("nc.capacity", { n: p.transport.capacity })}</span>
        </Hot>
        <Hot labels={pick((m) => m.kind === "pay" && m.how === "storage")} would={mine && view.phase === "pay" ? ["pay from storage"] : undefined} help={() => H.storageHelp(p, catalog, t)} testid={`nc-network-${s}-storage`} class="nc-net" title={`${t("nc.storage")}: ${ncName(p.storage.card, t)}`}>
          <b>{t("nc.storage")}</b>
          <span class="small">{ncName(p.storage.card, t)}</span>
          <span class="nc-goods">{p.storage.goods} / {p.storage.capacity}</span>
        </Hot>
      </div>
      <div class="nc-row">
        <Hot as="span" labels={pick((m) => m.kind === "hire" || m.kind === "worker_action")} would={mine ? (view.phase === "manage" ? ["spend a worker", "hire a sicario"] : ["hire a sicario"]) : undefined} help={() => H.workersHelp(p, catalog, t)} class="nc-people" title={t("nc.workers")} testid={`nc-workers-${s}`}>
          ♟×{p.workers} {t("nc.workers")}
        </Hot>
        <Tip class="nc-people" data-testid={`nc-sicario-${s}`} help={() => H.sicariosHelp(p, catalog, t)}>✚×{p.sicarios} {t("nc.sicarios")}</Tip>
        {!mine && (
          <Tip help={() => t("nc.help.hand", { n: p.cartel_cards })}>
            <Backs n={p.cartel_cards} label={t("nc.cartel")} small testid={`nc-cartel-backs-${s}`} />
          </Tip>
        )}
        {p.face_down > 0 && <Tip class="small muted" help={() => t("nc.help.faceDown")}>{t("nc.faceDown")}: {p.face_down}</Tip>}
      </div>
      {mine && view.hand && (
        <div>
          <div class="muted small">{t("nc.yourCartel")}</div>
          <div class="nc-hand">
            {view.hand.map((card, i) => (
              <CartelCard key={`${card}-${i}`} card={card} labels={legal.filter((m) => (m.kind === "cartel" || m.kind === "back" || (m.kind === "bribe" && card === "Soborno")) && (m.card === card || m.kind === "bribe")).map((m) => m.label)} would={H.cartelWould(card, view, s)} testid={`nc-cartel-${s}-${i + 1}`} catalog={catalog} t={t} />
            ))}
          </div>
          {view.face_down && view.face_down.length > 0 && (
            <div class="small muted">{t("nc.yourFaceDown")}: {view.face_down.join(", ")}</div>
          )}
        </div>
      )}
    </Flash>
  );
}

export function Table({ view, t, legal, seat, payload, catalog }) {
  const me = seat;
  // the view counts the turn being played; once over, the last one played (as the result)
  const turn = payload && payload.over && payload.result ? payload.result.turns : view.turn;
  const active = view.active;
  const activeColour = active != null && view.players[active] ? view.players[active].colour : null;
  const looking = Array.isArray(view.looking) ? view.looking : [];
  const labelsFor = (card) =>
    legal
      .filter(
        (m) =>
          (m.card === card && (m.kind === "remove" || m.kind === "buy")) ||
          (m.kind === "sell" && !m.outlet && m.city && card === `${m.city} trafficker`),
      )
      .map((m) => m.label);
  const others = view.players.map((_, i) => i).filter((i) => i !== me);
  return (
    <div class="nc-table">
      <Flash sig={[view.round, view.deck, view.danger, view.guns]} class="panel nc-info">
        <Hot labels={legal.filter((m) => m.kind === "flip").map((m) => m.label)} would={["flip"]} help={() => `${t("nc.help.deck", { n: view.deck })}\n${t("nc.help.round", { round: view.round, reserve: view.reserve })}`} testid="nc-deck" class="nc-deck" title={t("nc.deck")}>
          <Backs n={view.deck} label={t("nc.deck")} />
        </Hot>
        <Tip data-testid="nc-turn" help={() => t("nc.help.round", { round: view.round, reserve: view.reserve })}>{t("nc.round", { n: view.round })} · {t("nc.turn", { n: turn })}</Tip>
        <Tip class="nc-danger" data-testid="nc-danger" help={() => H.dangerHelp(view, catalog, t)}>
          {t("nc.danger")}: {[0, 1, 2].map((i) => <span key={i} class={`nc-bell ${i < view.danger ? "on" : ""}`} />)}
        </Tip>
        <Tip data-testid="nc-guns" help={() => H.gunsHelp(view, catalog, t)}>{t("nc.guns")}: {view.guns}</Tip>
        {view.actions + view.actions_done > 0 && (
          <Tip data-testid="nc-actions" help={() => t("nc.help.actions", { done: view.actions_done, left: view.actions })}>{t("nc.actions", { done: view.actions_done, left: view.actions })}</Tip>
        )}
        {view.permanent && (
          <Hot as="span" labels={legal.filter((m) => m.kind === "sell" && m.outlet).map((m) => m.label)} would={[view.phase === "manage" ? "sell early to the permanent trafficker" : "sell to the permanent trafficker"]} help={() => t("nc.help.permanent", { card: ncName(view.permanent, t) })} class="nc-permanent" title={t("nc.permanent")} testid="nc-permanent">
            {t("nc.permanent")}: {ncName(view.permanent, t)}
          </Hot>
        )}
        <Tip class="small" data-testid="nc-dea" help={() => t("nc.help.dea")}>{t("nc.dea")}: {t("nc.deaAction")} — {deaText(view.dea.action, t)}; {t("nc.deaMoney")} — {deaText(view.dea.money, t)}</Tip>
        <Tip data-testid="nc-cartel-deck" help={() => t("nc.help.cartelDeck", { n: view.cartel.deck })}>
          <Backs n={view.cartel.deck} label={t("nc.cartelDeck")} small />
        </Tip>
        {view.top && view.top.some((c) => c) && (
          <Tip class="small" help={() => t("nc.help.top")}>{t("nc.top")}: {view.top.map((c) => ncName(c, t) || "▯").join(", ")}</Tip>
        )}
      </Flash>
      {others.map((s) => (
        <Network key={s} view={view} s={s} legal={[]} t={t} mine={false} catalog={catalog} />
      ))}
      <section class="panel nc-timeline-panel">
        <div class="panel-head">
          <strong>
            {activeColour ? t("nc.timeline", { who: colourName(activeColour, t) }) : ""}{" "}
            {activeColour && <SeatMark colour={activeColour} />}
          </strong>
        </div>
        <ol class="nc-timeline" data-testid="nc-timeline">
          {Array.from({ length: 7 }, (_, i) => {
            const c = view.timeline[i];
            if (!c) return <li key={i} class="nc-slot empty" data-testid={`nc-timeline-${i + 1}`} />;
            const flags = [c.unpaid && "unpaid", c.used && "used", view.pending === c.card && i === view.timeline.length - 1 && "pending"].filter(Boolean);
            return (
              <li key={i} class="nc-slot" data-testid={`nc-timeline-${i + 1}`}>
                <NarcoCard card={c.card} side={c.side} flags={flags} labels={labelsFor(c.card)} would={H.timelineWould(c.card, view, catalog)} catalog={catalog} t={t} />
              </li>
            );
          })}
        </ol>
        {looking.length > 0 && (
          <div class="nc-row">
            <b>{t("nc.looking")}:</b>
            {looking.map((card, i) => (
              <NarcoCard key={`${card}-${i}`} card={card} labels={legal.filter((m) => m.kind === "order" && m.card === card).map((m) => m.label)} would={[`put ${card} next`]} catalog={catalog} t={t} />
            ))}
          </div>
        )}
        {view.traffickers && view.traffickers.length > 0 && (
          <Tip as="div" class="small muted" help={() => t("nc.help.traffickers")}>{view.traffickers.map((c) => ncName(c, t)).join(", ")}</Tip>
        )}
      </section>
      {view.cities && (
        <section class="panel nc-cities">
          <strong>{t("nc.cities")}</strong>
          <div class="nc-city-row">
            {view.cities.map((c) => (
              <City key={c.name} city={c} view={view} labels={legal.filter((m) => (m.kind === "send" || (m.kind === "sell" && m.outlet)) && m.city === c.name).map((m) => m.label)} would={[c.token === "-2" && view.phase !== "worker" ? `sell${view.phase === "manage" ? " early" : ""} in ${c.name} at -2` : `send a worker to ${c.name}`]} catalog={catalog} t={t} />
            ))}
          </div>
          {view.warehouse && <Tip class="small" data-testid="nc-warehouse" help={() => t("nc.help.warehouse")}>{t("nc.warehouse", { goods: view.warehouse.goods, money: M(view.warehouse.money) })}</Tip>}
        </section>
      )}
      {me != null && <Network view={view} s={me} legal={legal} t={t} mine catalog={catalog} />}
    </div>
  );
}

export function winnerReason(result, view, t) {
  return result.winners && result.winners.length > 1 ? t("nc.shared") : t("nc.richest");
}

export function ResultDetail({ result, t }) {
  return (
    <p class="muted" data-testid="nc-result">
      {t.n("nc.ended", result.turns, { round: result.round, mode: result.mode })}
    </p>
  );
}

const NAMED = ["card", "cards", "agents", "buyer", "place", "side", "what", "old"];

export default {
  id: "narcos",
  prefix: "nc",
  words,
  logNL: LOG_NL,
  seatFields: ["seat", "victim", "giver", "target", "to", "first", "starter"],
  seatWord: (seat, t) => colourName(seat.colour, t),
  term: (key, value, t) => (NAMED.includes(key) ? ncName(value, t) : value),
  seats,
  describe,
  decision,
  waiting,
  objectless,
  Table,
  winnerReason,
  formatScore: (v) => M(v),
  ResultDetail,
};
