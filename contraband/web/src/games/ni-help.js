// The Nacho Incident's help texts: what a component is, what it does and its printed values,
// built from the catalog and the view in the table's language (words in ni-words.js).
import { joinList } from "../i18n.js";

export const FOODS = {
  grain: { code: "Gr", hex: "#f0d64a", ink: "#111", nl: "graan" },
  beans: { code: "Be", hex: "#7b4a26", ink: "#fff", nl: "bonen" },
  pepper: { code: "Pe", hex: "#27794b", ink: "#fff", nl: "peper" },
  olive: { code: "Ol", hex: "#222", ink: "#fff", nl: "olijf" },
  tortillas: { code: "To", hex: "#3a6bbd", ink: "#fff", nl: "tortillas" },
  onion: { code: "On", hex: "#8e5bb5", ink: "#fff", nl: "ui" },
  "sour cream": { code: "SC", hex: "#f7f5ea", ink: "#111", nl: "zure room" },
  salsa: { code: "Sa", hex: "#c62828", ink: "#fff", nl: "salsa" },
};
export const COLOUR_NL = { red: "rood", blue: "blauw", green: "groen", yellow: "geel" };

export const foodName = (food, t) => (t.lang === "nl" && FOODS[food] ? FOODS[food].nl : food);
export const colourName = (c, t) => (t.lang === "nl" ? COLOUR_NL[c] || c : c);

export function lookup(catalog, section, name) {
  return catalog && catalog[section] ? catalog[section].items.find((i) => i.name === name) : null;
}

export const lines = (...parts) => parts.filter(Boolean).join("\n");

/** A smuggler's printed values: flag, rank, cost and reach (from the catalog). */
export function smugglerHelp(name, catalog, t, extra) {
  const s = lookup(catalog, "smugglers", name);
  if (!s) return name;
  return lines(
    t("ni.help.smuggler", { name, flag: s.flag }),
    t("ni.help.smugglerRank", { rank: s.rank }),
    t("ni.help.smugglerCost", { cost: s.cost }),
    t("ni.help.smugglerReach", { list: joinList(s.reach, t) }),
    extra,
  );
}

/** A mountie's printed values: flag and penalty, and what a mountie does. */
export function mountieHelp(name, catalog, t, extra) {
  const m = lookup(catalog, "mounties", name);
  if (!m) return name;
  return lines(t("ni.help.mountie", { name, flag: m.flag, penalty: m.penalty }), extra, t("ni.help.mountieDoes"), t("ni.help.mountieFine"));
}

export function provinceHelp(p, catalog, t) {
  const asks = p.slots.map((s) => `${foodName(s.food, t)} ${s.price}${s.filled ? " ✓" : ""}`);
  const flags = catalog && catalog.smugglers ? [...new Set(catalog.smugglers.items.filter((s) => s.reach.includes(p.name)).map((s) => s.flag))] : [];
  return lines(
    t("ni.help.province", { name: p.name, card: p.card_name }),
    t("ni.help.provinceAsks", { list: asks.join(", ") }),
    t("ni.help.provinceBonus", { bonus: p.bonus }),
    flags.length > 0 && t("ni.help.provinceReach", { list: joinList(flags, t) }),
    t("ni.help.provinceDeck", { n: p.cards_never_seen }),
  );
}

export function cubeHelp(food, view, catalog, t, steal) {
  const f = lookup(catalog, "foods", food);
  const wanted = view.provinces.flatMap((p) => p.slots.filter((s) => s.food === food && !s.filled).map((s) => `${p.name} ${s.price}`));
  const price = catalog && catalog.start ? catalog.start.market_price : 1;
  return lines(
    t("ni.help.cube", { food: foodName(food, t), colour: f ? t(`ni.colour.${f.colour}`, { fallback: f.colour }) : "" }),
    wanted.length ? t("ni.help.cubeWanted", { list: joinList(wanted, t) }) : t("ni.help.cubeNotWanted", { food: foodName(food, t) }),
    t("ni.help.cubeMarket", { price }),
    steal && t("ni.help.cubeSteal"),
  );
}

export function cantinaHelp(colourWord, province, c, bonus, catalog, t) {
  const holders = c.holders.map((h) => `${h} (${t("ni.rank")} ${(lookup(catalog, "smugglers", h) || {}).rank})`);
  const mounties = c.mounties.map((m) => `${m} (−${(lookup(catalog, "mounties", m) || {}).penalty})`);
  return lines(
    t("ni.help.cantina", { colour: colourWord, province }),
    holders.length > 0 && t("ni.help.cantinaHolders", { list: joinList(holders, t) }),
    mounties.length > 0 && t("ni.help.cantinaMounties", { list: joinList(mounties, t) }),
    !holders.length && !mounties.length && t("ni.help.cantinaEmpty"),
    t("ni.help.cantinaRule", { bonus }),
  );
}

