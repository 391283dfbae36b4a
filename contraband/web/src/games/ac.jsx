// Al Cabohne: the hand in its fixed order, bean fields, the bean mafia's bosses and the piles.
import { joinList } from "../i18n.js";
import { Backs, Flash, Hot, SeatMark, Tip, usePlay } from "../ui.jsx";
import {
  backsHelp,
  bossHelp,
  bossWould,
  buyHelp,
  coinsHelp,
  deckHelp,
  discardHelp,
  discardWould,
  faceupHelp,
  faceupWould,
  fieldHelp,
  fieldWould,
  handHelp,
  handWould,
  mafiaHelp,
  meterHelp,
  owedHelp,
} from "./ac-help.js";
import { BEANS, beanName, LOG_NL, words } from "./ac-words.js";
import { PlayerTag } from "../players.jsx";

const COLOURS = ["blue", "red"];

/** "player 2" / "the player" (the engine's names) in the table's language. */
function playerName(name, t) {
  if (!t) return name;
  const numbered = /^player (\d+)$/.exec(name);
  if (numbered) return t("ac.player", { n: numbered[1] });
  return name === "the player" ? t("ac.thePlayer") : name;
}

export function seats(view, t) {
  return view.players.map((p, i) => ({ name: playerName(p.name, t), colour: COLOURS[i] }));
}

/** What the mover is doing, for everyone else (the status bar). */
export function waiting(view, t, payload, who) {
  const key = `ac.wait.${view.phase}`;
  return t.has(key) ? t(key, { who }) : null;
}

export function describe(info, t) {
  const key = `ac.do.${info.kind}`;
  if (!t.has(key)) return info.label;
  return t(key, { ...info, bean: info.bean && beanName(info.bean, t) });
}

export const objectless = (info) => info.kind === "end_planting" || info.kind === "done_trading";

export function decision(view, legal, t) {
  if (view.phase === "planting" && view.planted > 0) return t("ac.dec.planting2");
  return t(`ac.dec.${view.phase}`, { fallback: view.phase_text || view.phase });
}

export function Bean({ bean, count, small, label }) {
  const b = BEANS[bean] || { code: "?", hex: "#ccc", ink: "#111" };
  return (
    <span class={`ac-bean ${small ? "small" : ""}`} style={{ background: b.hex, color: b.ink }} aria-label={label}>
      <svg viewBox="0 0 20 14" width={small ? 16 : 26} height={small ? 11 : 18} aria-hidden="true">
        <path d="M3 7c0-4 5-6 8-4 2 1 3 0 5-1 3 2 2 9-3 10-4 1-10 0-10-5z" fill="rgba(255,255,255,0.45)" stroke="rgba(0,0,0,0.35)" />
      </svg>
      <span class="ac-code">{b.code}</span>{" "}
      {count != null && <span class="ac-count">×{count}</span>}
    </span>
  );
}

function Meter({ bean, count, catalog, t }) {
  const item = catalog && catalog.beans ? catalog.beans.items.find((b) => b.name === bean) : null;
  if (!item) return null;
  return (
    <Tip class="ac-meter" aria-hidden="true" data-testid="ac-meter" help={() => meterHelp(bean, catalog, t)}>
      {item.coins_at.map((c) => (
        <span key={c.cards} class={count >= c.cards ? "reached" : ""}>{c.cards}→{c.coins} </span>
      ))}
    </Tip>
  );
}

function Field({ f, owner, legal, t, catalog, mine, view, who }) {
  const labels = legal.filter((m) => m.field === f.number && m.kind !== "buy_field").map((m) => m.label);
  const name = f.bean ? `${t("ac.field", { n: f.number })}: ${beanName(f.bean, t)} ×${f.count}` : t("ac.emptyField", { n: f.number });
  const me = view.players[owner];
  return (
    <Hot
      labels={labels}
      would={mine ? fieldWould(view, f, me) : undefined}
      help={() => fieldHelp(f, who, mine, catalog, t)}
      testid={`ac-field-${owner}-${f.number}`}
      class={`ac-field ${f.bean ? "" : "empty"}`}
      title={name}
      menuTitle={name}
      sig={[f.bean, f.count]}
    >
      <span class="muted small-caps">{t("ac.field", { n: f.number })}</span>{" "}
      {f.bean ? <Bean bean={f.bean} count={f.count} label={name} /> : <span class="ac-empty">—</span>}{" "}
      {f.bean && (
        <span class="small">
          {t("ac.worth", { n: f.worth })}{" "}
        </span>
      )}
      {f.bean && <Meter bean={f.bean} count={f.count} catalog={catalog} t={t} />}
    </Hot>
  );
}

function Player({ view, s, legal, t, catalog, mine }) {
  const p = view.players[s];
  const buy = legal.filter((m) => m.kind === "buy_field").map((m) => m.label);
  const who = playerName(p.name, t);
  return (
    <Flash sig={[p.coins, p.cards_in_hand, p.fields_owned]} class={`panel seat-panel ${mine ? "tray" : ""} ${view.current_player === s ? "on-move" : ""}`} data-testid={`seat-panel-${s}`}>
      <div class="panel-head">
        <SeatMark colour={COLOURS[s]} label={playerName(p.name, t)} />
        <PlayerTag seat={s} />
        <Tip class="money" data-testid={`ac-coins-${s}`} help={() => coinsHelp(p, who, t)}>
          {t.n("ac.coinsN", p.coins)}
        </Tip>
      </div>
      <div class="ac-fields">
        {p.fields.map((f) => (
          <Field key={f.number} f={f} owner={s} legal={mine ? legal : []} t={t} catalog={catalog} mine={mine} view={view} who={who} />
        ))}
        {p.fields_owned < 3 && (
          <Hot labels={buy} would={mine ? ["buy third field"] : undefined} help={() => buyHelp(catalog, t)} testid={`ac-buy-field-${s}`} class="ac-field buy" title={t("ac.buy")}>
            {t("ac.buy")}
          </Hot>
        )}
        {!mine && (
          <Tip help={() => backsHelp(p, who, t)}>
            <Backs n={p.cards_in_hand} label={t("table.hand")} testid={`ac-hand-backs-${s}`} />
          </Tip>
        )}
      </div>
      {mine && view.hand && (
        <div>
          <div class="muted small">{t("ac.hand")}</div>
          <ol class="ac-hand">
            {view.hand.map((bean, i) => {
              const labels = legal.filter((m) => m.position === i + 1).map((m) => m.label);
              return (
                <li key={`${i}-${bean}`} class={i === 0 ? "front" : ""}>
                  <Hot
                    labels={labels}
                    would={handWould(view, p, bean, i + 1)}
                    help={() => handHelp(bean, i + 1, catalog, t)}
                    testid={`ac-hand-${s}-${i + 1}`}
                    class="ac-card"
                    title={`${i + 1}: ${beanName(bean, t)}`}
                    menuTitle={`${i + 1}: ${beanName(bean, t)}`}
                  >
                    <span class="ac-pos">{i + 1}</span>{" "}
                    <Bean bean={bean} />{" "}
                    <span class="ac-card-name">{beanName(bean, t)}</span>
                  </Hot>
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </Flash>
  );
}

export function Table({ view, t, legal, catalog, seat }) {
  const me = seat == null ? null : seat;
  const others = view.players.map((_, i) => i).filter((i) => i !== me);
  const mine = me == null ? null : view.players[me];
  const faceupLabels = (bean) =>
    legal.filter((m) => m.bean === bean && ["plant_faceup", "plant_leftover", "discard_leftover", "give_faceup"].includes(m.kind)).map((m) => m.label);
  return (
    <div class="ac-table">
      {others.map((s) => (
        <Player key={s} view={view} s={s} legal={[]} t={t} catalog={catalog} mine={false} />
      ))}
      <section class="panel ac-mafia" data-testid="ac-mafia">
        <div class="panel-head">
          <strong>{t("ac.mafia")}</strong>
          <Tip class="money" data-testid="ac-mafia-coins" help={() => mafiaHelp(view, catalog, t)}>
            {t.n("ac.coinsN", view.mafia_coins)}
            {view.mafia_factor > 1 ? ` ×${view.mafia_factor} = ${view.mafia_total}` : ""}
          </Tip>
        </div>
        <div class="ac-bosses">
          {view.bosses.map((b) => {
            const labels = legal.filter((m) => m.boss === b.name).map((m) => m.label);
            const id = b.name.toLowerCase().replace(/\s+/g, "-");
            return (
              <Hot
                key={b.name}
                labels={labels}
                would={mine ? bossWould(view, mine, b) : undefined}
                help={() => bossHelp(b, view, catalog, t)}
                testid={`ac-boss-${id}`}
                class="ac-boss"
                title={b.name}
                menuTitle={b.name}
                sig={[b.bean, b.count]}
              >
                <svg viewBox="0 0 40 22" width="40" height="22" aria-hidden="true">
                  <path d="M4 18h32M10 18l3-12h14l3 12" fill="#222" stroke="#222" stroke-width="2" />
                  <rect x="12" y="13" width="16" height="3" fill="#b71c1c" />
                </svg>
                <strong>{b.name}</strong>
                <span class="small muted">{t("ac.sellsAt", { n: b.harvests_at })}</span>
                {b.bean ? <Bean bean={b.bean} count={b.count} /> : <span class="ac-empty">—</span>}
                {b.gift_due && (
                  <Tip class="tag warn" help={() => owedHelp(t)}>
                    {t("ac.owed")}
                  </Tip>
                )}
              </Hot>
            );
          })}
        </div>
      </section>
      <section class="panel ac-middle">
        <Tip as="div" class="ac-pile" data-testid="ac-deck" help={() => deckHelp(view, catalog, t)}>
          <Backs n={view.deck_size} label={t("ac.deck")} />
          <span class="small muted">{t("ac.pass", { n: view.deck_pass, of: view.deck_passes })}</span>
          {view.last_turn && <span class="tag warn">{t("ac.lastTurn")}</span>}
        </Tip>
        <div class="ac-faceup" data-testid="ac-faceup">
          <span class="muted">{t("ac.faceup")}</span>
          {view.faceup.map((bean, i) => (
            <Hot
              key={`${i}-${bean}`}
              labels={faceupLabels(bean)}
              would={mine ? faceupWould(view, mine, bean) : undefined}
              help={() => faceupHelp(bean, view, catalog, t)}
              testid={`ac-faceup-${i + 1}`}
              class="ac-card"
              title={beanName(bean, t)}
              menuTitle={beanName(bean, t)}
              sig={bean}
            >
              <Bean bean={bean} />
              <span class="ac-card-name">{beanName(bean, t)}</span>
            </Hot>
          ))}
        </div>
        <Hot
          labels={legal.filter((m) => m.kind === "discard_leftover").map((m) => m.label)}
          would={mine ? discardWould(view) : undefined}
          help={() => discardHelp(view, t)}
          testid="ac-discard"
          class="ac-pile"
          title={t("ac.discard")}
          sig={view.discard.length}
        >
          <span class="muted">{t("ac.discard")} ({view.discard.length})</span>
          {view.discard_top ? <Bean bean={view.discard_top} /> : <span class="ac-empty">—</span>}
        </Hot>
      </section>
      {me != null && <Player view={view} s={me} legal={legal} t={t} catalog={catalog} mine />}
    </div>
  );
}

/** The bean mafia's score beside the players' in the end line ("the bean mafia 12 coins"). */
export function otherScores(result, t) {
  return result.mafia_total == null ? [] : [{ name: t("ac.theMafia"), score: result.mafia_total }];
}

export function headline(result, view, t) {
  return result.mafia_wins ? t("ac.mafiaWins") : null;
}

export function winnerReason(result, view, t) {
  const b = result.breakdown;
  if (t.lang === "en" || !b) return (b && b.why) || result.note || null;
  // the engine's sentence in English; in Dutch it is rebuilt from the same numbers
  const seatNames = seats(view, t).map((s) => s.name);
  const mafia = b.mafia.total;
  if (b.mafia_wins) return t(mafia === b.best_player ? "ac.why.mafiaTie" : "ac.why.mafia", { mafia, best: b.best_player });
  const names = b.winners.map((w) => seatNames[w]);
  return t(names.length > 1 ? "ac.why.shared" : "ac.why.player", { who: joinList(names, t), best: b.best_player, mafia });
}

export function ResultDetail({ result, view, t }) {
  const b = result.breakdown || {};
  const m = b.mafia || {};
  return (
    <div data-testid="ac-result">
      <p>
        <strong>{t("ac.mafia")}</strong>: {t.n("ac.coinsN", m.coins)}
        {m.doubled ? ` ×${m.factor} = ${m.total} (${t("ac.doubled")})` : ""}
      </p>
      {b.tie_goes_to_mafia && <p class="muted">{t("ac.ties")}</p>}
    </div>
  );
}


export default {
  id: "al-cabohne",
  logNL: LOG_NL,
  term: (key, value, t) => (key === "bean" || key === "cards" || key === "beans" ? beanName(value, t) : value),
  prefix: "ac",
  words,
  seats,
  describe,
  decision,
  waiting,
  objectless,
  Table,
  ResultDetail,
  winnerReason,
  headline,
  otherScores,
  unitWord: (unit, t) => t("ac.coins"),
  formatScore: (v, t) => t.n("ac.coinsN", v),
};
