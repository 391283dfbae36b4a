// Narcos: the active player's timeline, the danger level, networks, cities and traffickers.
import { Backs, Flash, Hot, SeatMark } from "../ui.jsx";

const COLOUR_NL = { red: "rood", blue: "blauw", green: "groen", yellow: "geel" };
const colourName = (c, t) => (t.lang === "nl" ? COLOUR_NL[c] || c : c);
const M = (n) => `$${n}M`;

export const words = {
  en: {
    "nc.do.flip": "Flip a Narcos card", "nc.do.stop": "Stop flipping", "nc.do.hire": "Convert a worker into a sicario ($2M)",
    "nc.do.produce": "Produce in the Laboratory", "nc.do.transport": "Transport goods to storage", "nc.do.worker_action": "Spend a worker for an action",
    "nc.do.end_actions": "End actions", "nc.do.pass": "Pass", "nc.do.invest_nothing": "Invest nothing", "nc.do.crop": "Plant a crop",
    "nc.do.keep_goods": "Keep the goods", "nc.do.round2": "Start round 2", "nc.do.keep_worker": "Keep the worker",
    "nc.dec.start": "Start the turn: flip the first card (or play a Cartel card)", "nc.dec.flip": "Flip another card, or stop",
    "nc.dec.remove": "Send a sicario to remove the card just flipped?", "nc.dec.pay": "Pay the police or military: from the lab or storage",
    "nc.dec.peek": "The sapo shows you the top card: place it or decline", "nc.dec.order": "Chivatazo: put the cards back in an order",
    "nc.dec.bonus": "Four guns: take a sicario or two Cartel cards", "nc.dec.pressure": "Pressure: answer or pass",
    "nc.dec.manage": "Network management: produce, transport, sell, or end", "nc.dec.raid": "A raid: answer with a Cartel card or pass",
    "nc.dec.sell": "Sell the goods, or keep them", "nc.dec.worker": "Send a worker to a city, or keep it",
    "nc.dec.leftover": "Sell the leftovers, or pass", "nc.dec.invest": "Improvements: buy a card, plant a crop, or invest nothing",
    "nc.dec.purchase": "Buy a card, or pass",
    "nc.deck": "Narcos deck", "nc.round": "round {n}", "nc.turn": "turn {n}", "nc.danger": "danger", "nc.guns": "guns",
    "nc.actions": "actions: {done} taken, {left} left", "nc.timeline": "Timeline of {who}", "nc.pending": "just flipped", "nc.unpaid": "unpaid",
    "nc.used": "used", "nc.permanent": "permanent trafficker", "nc.dea": "DEA", "nc.deaAction": "action agent", "nc.deaMoney": "money agent",
    "nc.cartelDeck": "Cartel deck", "nc.plantation": "Plantation", "nc.lab": "Laboratory", "nc.transport": "Transport", "nc.storage": "Storage",
    "nc.workers": "workers", "nc.sicarios": "sicarios", "nc.cartel": "Cartel", "nc.faceDown": "face down", "nc.money": "money",
    "nc.goods": "goods", "nc.capacity": "capacity {n}", "nc.yourCartel": "Your Cartel cards", "nc.yourFaceDown": "played face down",
    "nc.cities": "Cities", "nc.warehouse": "police warehouse: {goods} goods, {money}", "nc.top": "known on top", "nc.looking": "Chivatazo",
    "nc.discards": "discards", "nc.removed": "removed", "nc.richest": "the most money", "nc.contact": "contact",
    "nc.shared": "a tie for the most money: the win is shared", "nc.ended": "{n} turns, ended in round {round} ({mode} game)", "nc.ended.one": "{n} turn, ended in round {round} ({mode} game)",
  },
  nl: {
    "nc.do.flip": "Draai een Narcos-kaart om", "nc.do.stop": "Stoppen", "nc.do.hire": "Maak van een werknemer een sicario ($2M)",
    "nc.do.produce": "Produceer in het laboratorium", "nc.do.transport": "Vervoer goederen naar de opslag", "nc.do.worker_action": "Zet een werknemer in voor een actie",
    "nc.do.end_actions": "Acties beëindigen", "nc.do.pass": "Passen", "nc.do.invest_nothing": "Niets investeren", "nc.do.crop": "Plant een gewas",
    "nc.do.keep_goods": "Houd de goederen", "nc.do.round2": "Begin ronde 2", "nc.do.keep_worker": "Houd de werknemer",
    "nc.dec.start": "Begin de beurt: draai de eerste kaart om (of speel een Cartel-kaart)", "nc.dec.flip": "Draai nog een kaart om, of stop",
    "nc.dec.remove": "Een sicario op de zojuist omgedraaide kaart zetten?", "nc.dec.pay": "Betaal politie of leger: uit het laboratorium of de opslag",
    "nc.dec.peek": "De sapo toont de bovenste kaart: leg hem neer of weiger", "nc.dec.order": "Chivatazo: leg de kaarten in een volgorde terug",
    "nc.dec.bonus": "Vier pistolen: neem een sicario of twee Cartel-kaarten", "nc.dec.pressure": "Presión: reageer of pas",
    "nc.dec.manage": "Netwerkbeheer: produceer, vervoer, verkoop, of stop", "nc.dec.raid": "Een overval: reageer met een Cartel-kaart of pas",
    "nc.dec.sell": "Verkoop de goederen, of houd ze", "nc.dec.worker": "Stuur een werknemer naar een stad, of houd hem",
    "nc.dec.leftover": "Verkoop de restjes, of pas", "nc.dec.invest": "Verbeteringen: koop een kaart, plant een gewas, of investeer niets",
    "nc.dec.purchase": "Koop een kaart, of pas",
    "nc.deck": "Narcos-stapel", "nc.round": "ronde {n}", "nc.turn": "beurt {n}", "nc.danger": "gevaar", "nc.guns": "pistolen",
    "nc.actions": "acties: {done} gedaan, {left} over", "nc.timeline": "Tijdlijn van {who}", "nc.pending": "net omgedraaid", "nc.unpaid": "onbetaald",
    "nc.used": "gebruikt", "nc.permanent": "vaste handelaar", "nc.dea": "DEA", "nc.deaAction": "actie-agent", "nc.deaMoney": "geld-agent",
    "nc.cartelDeck": "Cartel-stapel", "nc.plantation": "Plantage", "nc.lab": "Laboratorium", "nc.transport": "Transport", "nc.storage": "Opslag",
    "nc.workers": "werknemers", "nc.sicarios": "sicarios", "nc.cartel": "Cartel", "nc.faceDown": "gedekt", "nc.money": "geld",
    "nc.goods": "goederen", "nc.capacity": "capaciteit {n}", "nc.yourCartel": "Jouw Cartel-kaarten", "nc.yourFaceDown": "gedekt gespeeld",
    "nc.cities": "Steden", "nc.warehouse": "politiepakhuis: {goods} goederen, {money}", "nc.top": "bekend bovenop", "nc.looking": "Chivatazo",
    "nc.discards": "aflegstapel", "nc.removed": "verwijderd", "nc.richest": "het meeste geld", "nc.contact": "contact",
    "nc.shared": "gelijk aan geld: de winst wordt gedeeld", "nc.ended": "{n} beurten, afgelopen in ronde {round} ({mode})", "nc.ended.one": "{n} beurt, afgelopen in ronde {round} ({mode})",
  },
};

export function seats(view) {
  return view.players.map((p) => ({ name: p.colour, colour: p.colour }));
}

export function describe(info, t) {
  const key = `nc.do.${info.kind}`;
  return t.has(key) ? t(key) : info.label;
}

const OBJECTLESS = new Set(["stop", "end_actions", "pass", "invest_nothing", "keep_goods", "round2", "keep_worker", "bonus", "peek", "flip"]);
export const objectless = (info) =>
  OBJECTLESS.has(info.kind) || (info.kind === "pay" && info.how !== "lab" && info.how !== "storage");

export function decision(view, legal, t) {
  return t(`nc.dec.${view.phase}`, { fallback: view.phase });
}

function Side({ side }) {
  return side === "siren" ? (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-label="siren"><path d="M3 11V7a4 4 0 0 1 8 0v4z" fill="#d32f2f" /><rect x="1" y="11" width="12" height="2" fill="#333" /></svg>
  ) : (
    <svg width="16" height="12" viewBox="0 0 16 12" aria-label="gun"><path d="M1 2h13v3H7l-1 6H3l1-6H1z" fill="#333" /></svg>
  );
}

function NarcoCard({ card, side, flags = [], labels = [], testid, t, title }) {
  return (
    <Hot labels={labels} testid={testid} class={`nc-card side-${side || "none"} ${flags.join(" ")}`} title={title || card} menuTitle={card} sig={[card, flags]}>
      {side && <Side side={side} />}
      <span class="nc-card-name">{card}</span>
      {flags.map((f) => (
        <span key={f} class="tag">{t(`nc.${f}`)}</span>
      ))}
    </Hot>
  );
}

function Network({ view, s, legal, t, mine }) {
  const p = view.players[s];
  const pick = (pred) => legal.filter(pred).map((m) => m.label);
  return (
    <Flash sig={[p.money, p.crops, p.lab.goods, p.storage.goods, p.workers, p.sicarios, p.cartel_cards]} class={`panel seat-panel nc-seat ${mine ? "tray" : ""} ${view.active === s ? "on-move" : ""}`} data-testid={`seat-panel-${s}`}>
      <div class="panel-head">
        <SeatMark colour={p.colour} label={colourName(p.colour, t)} />
        <span class="money" data-testid={`nc-money-${s}`}>{M(p.money)}</span>
      </div>
      <div class="nc-network">
        <Hot labels={pick((m) => m.kind === "crop")} testid={`nc-network-${s}-plantation`} class="nc-net" title={t("nc.plantation")}>
          <b>{t("nc.plantation")}</b>
          <span class="nc-crops">
            {[0, 1, 2].map((i) => (
              <span key={i} data-testid={`nc-crop-${s}-${i + 1}`} class={`nc-crop ${i < p.crops ? "on" : ""}`} />
            ))}
          </span>
        </Hot>
        <Hot labels={pick((m) => m.kind === "produce" || (m.kind === "pay" && m.how === "lab"))} testid={`nc-network-${s}-lab`} class="nc-net" title={`${t("nc.lab")}: ${p.lab.card}`} menuTitle={t("nc.lab")}>
          <b>{t("nc.lab")}</b>
          <span class="small">{p.lab.card}</span>
          <span class="nc-goods">{"▪".repeat(Math.min(p.lab.goods, 12))} {p.lab.goods}</span>
        </Hot>
        <Hot labels={pick((m) => m.kind === "transport")} testid={`nc-network-${s}-transport`} class="nc-net" title={`${t("nc.transport")}: ${p.transport.card}`}>
          <b>{t("nc.transport")}</b>
          <span class="small">{p.transport.card} · {t("nc.capacity", { n: p.transport.capacity })}</span>
        </Hot>
        <Hot labels={pick((m) => m.kind === "pay" && m.how === "storage")} testid={`nc-network-${s}-storage`} class="nc-net" title={`${t("nc.storage")}: ${p.storage.card}`}>
          <b>{t("nc.storage")}</b>
          <span class="small">{p.storage.card}</span>
          <span class="nc-goods">{p.storage.goods} / {p.storage.capacity}</span>
        </Hot>
      </div>
      <div class="nc-row">
        <Hot as="span" labels={pick((m) => m.kind === "hire" || m.kind === "worker_action")} class="nc-people" title={t("nc.workers")} testid={`nc-workers-${s}`}>
          ♟×{p.workers} {t("nc.workers")}
        </Hot>
        <span class="nc-people" data-testid={`nc-sicario-${s}`}>✚×{p.sicarios} {t("nc.sicarios")}</span>
        {!mine && <Backs n={p.cartel_cards} label={t("nc.cartel")} small testid={`nc-cartel-backs-${s}`} />}
        {p.face_down > 0 && <span class="small muted">{t("nc.faceDown")}: {p.face_down}</span>}
      </div>
      {mine && view.hand && (
        <div>
          <div class="muted small">{t("nc.yourCartel")}</div>
          <div class="nc-hand">
            {view.hand.map((card, i) => (
              <Hot key={`${card}-${i}`} labels={legal.filter((m) => (m.kind === "cartel" || m.kind === "back") && m.card === card).map((m) => m.label)} testid={`nc-cartel-${s}-${i + 1}`} class="nc-cartel card" title={card} menuTitle={card}>
                <b>{card}</b>
              </Hot>
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

export function Table({ view, t, legal, seat, payload }) {
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
        <Hot labels={legal.filter((m) => m.kind === "flip").map((m) => m.label)} testid="nc-deck" class="nc-deck" title={t("nc.deck")}>
          <Backs n={view.deck} label={t("nc.deck")} />
        </Hot>
        <span data-testid="nc-turn">{t("nc.round", { n: view.round })} · {t("nc.turn", { n: turn })}</span>
        <span class="nc-danger" data-testid="nc-danger" title={t("nc.danger")}>
          {t("nc.danger")}: {[0, 1, 2].map((i) => <span key={i} class={`nc-bell ${i < view.danger ? "on" : ""}`} />)}
        </span>
        <span>{t("nc.guns")}: {view.guns}</span>
        {view.actions + view.actions_done > 0 && (
          <span data-testid="nc-actions">{t("nc.actions", { done: view.actions_done, left: view.actions })}</span>
        )}
        <Hot as="span" labels={legal.filter((m) => m.kind === "sell" && m.outlet).map((m) => m.label)} class="nc-permanent" title={t("nc.permanent")} testid="nc-permanent">
          {t("nc.permanent")}: {view.permanent || "—"}
        </Hot>
        <span class="small">{t("nc.dea")}: {t("nc.deaAction")} — {view.dea.action}; {t("nc.deaMoney")} — {view.dea.money}</span>
        <Backs n={view.cartel.deck} label={t("nc.cartelDeck")} small />
        {view.top && view.top.some((c) => c) && (
          <span class="small">{t("nc.top")}: {view.top.map((c) => c || "▯").join(", ")}</span>
        )}
      </Flash>
      {others.map((s) => (
        <Network key={s} view={view} s={s} legal={[]} t={t} mine={false} />
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
                <NarcoCard card={c.card} side={c.side} flags={flags} labels={labelsFor(c.card)} t={t} />
              </li>
            );
          })}
        </ol>
        {looking.length > 0 && (
          <div class="nc-row">
            <b>{t("nc.looking")}:</b>
            {looking.map((card, i) => (
              <NarcoCard key={`${card}-${i}`} card={card} labels={legal.filter((m) => m.kind === "order" && m.card === card).map((m) => m.label)} t={t} />
            ))}
          </div>
        )}
        {view.traffickers && view.traffickers.length > 0 && (
          <div class="small muted">{view.traffickers.join(", ")}</div>
        )}
      </section>
      {view.cities && (
        <section class="panel nc-cities">
          <strong>{t("nc.cities")}</strong>
          <div class="nc-city-row">
            {view.cities.map((c) => (
              <Hot key={c.name} labels={legal.filter((m) => (m.kind === "send" || (m.kind === "sell" && m.outlet)) && m.city === c.name).map((m) => m.label)} testid={`nc-city-${c.name.toLowerCase().replace(/\s+/g, "-")}`} class="nc-city" title={`${c.name} (${c.token})`} menuTitle={c.name}>
                <b>{c.name}</b>
                <span class="tag">{c.token}</span>
                <span class="nc-city-workers">
                  {c.workers.map((n, s) => n > 0 && (
                    <span key={s}>
                      <SeatMark colour={view.players[s].colour} size={12} />×{n}
                    </span>
                  ))}
                </span>
              </Hot>
            ))}
          </div>
          {view.warehouse && <span class="small">{t("nc.warehouse", { goods: view.warehouse.goods, money: M(view.warehouse.money) })}</span>}
        </section>
      )}
      {me != null && <Network view={view} s={me} legal={legal} t={t} mine />}
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

export default {
  id: "narcos",
  prefix: "nc",
  words,
  seats,
  describe,
  decision,
  objectless,
  Table,
  winnerReason,
  formatScore: (v) => M(v),
  ResultDetail,
};
