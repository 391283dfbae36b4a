// Tony & Tino's hover help: what each component on the table is, what it does and its printed
// values (from the game's catalog), and the labels a click on it would stand for ("why not?").
import { money } from "../i18n.js";

const streetName = (street, t) =>
  t.lang === "nl" ? street.replace("row", "rij").replace("column", "kolom") : street;
const cardName = (id, t) => t(`tt.card.${id}`, { fallback: id });
const figureName = (v, t) => `${t(`tt.figure.${v}`)} (${v})`;
const lines = (...parts) => parts.filter(Boolean).join("\n");

function cardItem(catalog, id) {
  return catalog && catalog.cards ? catalog.cards.items.find((c) => c.name === id) : null;
}

/** A card: its name, copies per deck, effect and whether Police can cancel it. */
export function cardHelp(id, catalog, t, effectNL) {
  const item = cardItem(catalog, id);
  const effect = t.lang === "nl" ? effectNL[id] : item && item.effect;
  const total = catalog && catalog.cards ? catalog.cards.per_player : 13;
  return lines(
    t("tt.help.card", { name: cardName(id, t), count: item ? item.count : "?", total }),
    effect,
    id === "police" ? t("tt.help.policeWhen") : item && t(item.cancellable ? "tt.help.cancellable" : "tt.help.uncancellable"),
  );
}

function streetToken(view, name, t) {
  const s = view.streets.find((x) => x.street === name);
  if (!s) return streetName(name, t);
  const worth = s.status === "out of the game" ? t("tt.out") : money(s.token, t);
  return `${streetName(name, t)} (${worth})`;
}

/** A control point: its disc (open or not, shifted) or the figure on it, and its two streets. */
export function pointHelp(view, p, t) {
  const col = `column ${p.point[0]}`;
  const row = `row ${p.point.slice(1)}`;
  const streets = t("tt.help.streets", { row: streetToken(view, row, t), col: streetToken(view, col, t) });
  const first = view.first_target === p.point ? t("tt.help.first") : null;
  if (p.figure) {
    const who = view.seat_names[p.figure.seat];
    const v = p.figure.value;
    return lines(
      t("tt.help.figure", { who, figure: figureName(v, t), point: p.point }),
      v === 0 && t("tt.help.spy"),
      v === 3 && t("tt.help.son"),
      streets,
      first,
    );
  }
  if (p.disc == null) return t("tt.point", { point: p.point, what: t("tt.empty") });
  const shifted = view.shifted === p.point;
  const open = (view.open_points || []).includes(p.point);
  const low = lowest(view);
  return lines(
    t("tt.help.disc", { n: p.disc, point: p.point }),
    shifted && t("tt.help.shifted", { n: p.disc - 1 }),
    open ? t("tt.help.open", { n: low }) : low != null && t("tt.help.closed", { n: low }),
    streets,
    first,
  );
}

/** The lowest number on the board now (a shifted disc counting one lower). */
function lowest(view) {
  const first = (view.open_points || [])[0];
  const cell = first && view.board.find((p) => p.point === first);
  if (!cell || cell.disc == null) return null;
  return view.shifted === first ? cell.disc - 1 : cell.disc;
}

/** A street's protection-money token: what it is worth, how it is won, the sums there now. */
export function tokenHelp(view, name, t, catalog) {
  const s = view.streets.find((x) => x.street === name);
  const street = streetName(name, t);
  const sums = (s.sums || [0, 0]).map((n, i) => `${view.seat_names[i]} ${n}`).join(", ");
  const printed = catalog && catalog.money
    ? t("tt.help.tokens", { list: catalog.money.tokens.map((x) => `${x.count} × ${money(x.amount, t)}`).join(", ") })
    : null;
  if (s.status === "out of the game") return lines(t("tt.help.tokenOut", { street }), printed);
  if (s.collected_by != null) {
    return lines(t("tt.help.tokenTaken", { street, amount: money(s.token, t), who: view.seat_names[s.collected_by] }), printed);
  }
  return lines(t("tt.help.token", { street, amount: money(s.token, t) }), t("tt.help.sums", { sums }), printed);
}

/** A face-up figure in a seat's panel, with the figures every player has (printed counts). */
export function faceupHelp(view, s, v, t, catalog) {
  const per = catalog && catalog.figures ? catalog.figures.per_player : [];
  const list = per.map((f) => `${figureName(f.value, t)} × ${f.count}`).join(", ");
  return lines(
    t("tt.help.faceup", { who: view.seat_names[s], figure: figureName(v, t) }),
    v === 0 && t("tt.help.spy"),
    v === 3 && t("tt.help.son"),
    list && t("tt.help.figures", { list }),
  );
}

/** Labels a click on point `p` would stand for now, legal or not (the engine says why not). */
export function pointWould(view, point, seat, selected) {
  const faceup = seat == null ? [] : view.seats[seat].face_up_figures;
  const figure = selected != null ? selected : faceup.length ? faceup[0] : 1;
  const place = `place ${figure} on ${point}`;
  if (view.phase !== "target" || !view.card_in_play) return [place];
  const first = view.first_target;
  const verbs = {
    shift: ["shift", null],
    corruption: ["swap", "with"],
    "flying-switch": ["spy", "with"],
    exchange: ["mine", "theirs"],
  }[view.card_in_play];
  if (!verbs) return [place];
  const verb = first && verbs[1] ? verbs[1] : verbs[0];
  return [`${verb} ${point}`];
}

/** Labels a click on a street's token would stand for now. */
export function tokenWould(view, street) {
  const second = view.phase === "target" && view.card_in_play === "new-value" && view.first_target;
  return [`${second ? "with" : "money"} ${street}`];
}
