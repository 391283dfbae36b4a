// Rule variants at the web table (issue 46): the lobby's "Rule variant" part of the creation
// form, where the host changes numbers of the game's data file (the server checks each against
// the file's own types and bounds and the game's invariants), and the table's line saying which
// numbers differ from the rulebook, shown to every seat alike.
import { useEffect, useState } from "preact/hooks";
import { addWords } from "./i18n.js";
import { url } from "./root.js";
import "./variant-form.css";

addWords({
  en: {
    "variant.title": "Rule variant",
    "variant.hint": "For trying out a rule: change numbers of the game (prices, sizes, limits, counts). Every player sees what differs from the rulebook. Leave it empty to play the published rules.",
    "variant.key": "Number",
    "variant.choose": "Choose a number…",
    "variant.loading": "Loading the numbers…",
    "variant.value": "New value",
    "variant.add": "Change it",
    "variant.remove": "Undo",
    "variant.published": "Rulebook: {value}. Allowed: {allowed}.",
    "variant.pickKey": "Choose a number to change first.",
    "variant.badValue": "Write a number (3 or 1.5), true/false, or a list such as [3, 6].",
    "variant.line": "Rule variant — differs from the rulebook:",
    "variant.tag": "Rule variant",
    "variant.allow.bool": "true or false",
    "variant.allow.int": "an integer in {low}..{high}",
    "variant.allow.num": "a number in {low}..{high}",
    "variant.allow.boolList": "a list of {length} true/false values",
    "variant.allow.intList": "a list of {length} integers, each in {low}..{high}",
    "variant.allow.numList": "a list of {length} numbers, each in {low}..{high}",
    "variant.allow.lengths": "{shortest} to {longest}",
  },
  nl: {
    "variant.title": "Regelvariant",
    "variant.hint": "Om een regel uit te proberen: verander getallen van het spel (prijzen, groottes, limieten, aantallen). Iedere speler ziet wat afwijkt van het regelboek. Laat leeg om met de gepubliceerde regels te spelen.",
    "variant.key": "Getal",
    "variant.choose": "Kies een getal…",
    "variant.loading": "De getallen laden…",
    "variant.value": "Nieuwe waarde",
    "variant.add": "Verander",
    "variant.remove": "Ongedaan maken",
    "variant.published": "Regelboek: {value}. Toegestaan: {allowed}.",
    "variant.pickKey": "Kies eerst een getal om te veranderen.",
    "variant.badValue": "Schrijf een getal (3 of 1.5), true/false, of een lijst zoals [3, 6].",
    "variant.line": "Regelvariant — wijkt af van het regelboek:",
    "variant.tag": "Regelvariant",
    "variant.allow.bool": "waar of onwaar",
    "variant.allow.int": "een geheel getal van {low} tot en met {high}",
    "variant.allow.num": "een getal van {low} tot en met {high}",
    "variant.allow.boolList": "een lijst van {length} waarden waar/onwaar",
    "variant.allow.intList": "een lijst van {length} gehele getallen, elk van {low} tot en met {high}",
    "variant.allow.numList": "een lijst van {length} getallen, elk van {low} tot en met {high}",
    "variant.allow.lengths": "{shortest} tot {longest}",
  },
});

const plain = (v) => typeof v === "number" || typeof v === "boolean";

/** What the host typed as a value: a number, true/false or a list such as [3, 6]; undefined
 * when it is none of these. */
export function parseValue(text) {
  try {
    const value = JSON.parse(String(text).trim());
    return plain(value) || (Array.isArray(value) && value.every(plain)) ? value : undefined;
  } catch (_) {
    return undefined;
  }
}

const shown = (value) => JSON.stringify(value).replace(/,/g, ", ");

/** The creation form's "Rule variant": the changes chosen so far and a line to add one. */
export function VariantChoices({ game, variant, setVariant, t }) {
  const [keys, setKeys] = useState(null); // [{key, value, allowed}], fetched when first opened
  const [opened, setOpened] = useState(false);
  const [key, setKey] = useState("");
  const [text, setText] = useState("");
  const [wrong, setWrong] = useState(null);
  useEffect(() => {
    setKeys(null);
    setKey("");
    setText("");
    setWrong(null);
  }, [game]);
  useEffect(() => {
    if (!opened || keys) return;
    fetch(url(`/api/registry/${encodeURIComponent(game)}/variants`))
      .then((r) => (r.ok ? r.json() : []))
      .then(setKeys, () => setKeys([]));
  }, [opened, game, keys]);
  const entry = keys && keys.find((k) => k.key === key);
  const choose = (k) => {
    setKey(k);
    setWrong(null);
    const found = keys && keys.find((x) => x.key === k);
    setText(found ? shown(k in variant ? variant[k] : found.value) : "");
  };
  const add = () => {
    const value = parseValue(text);
    if (!entry) return setWrong(t("variant.pickKey"));
    if (value === undefined) return setWrong(t("variant.badValue"));
    setWrong(null);
    const next = { ...variant };
    if (JSON.stringify(value) === JSON.stringify(entry.value)) delete next[key];
    else next[key] = value;
    setVariant(next);
  };
  const remove = (k) => {
    const next = { ...variant };
    delete next[k];
    setVariant(next);
  };
  const changed = Object.keys(variant);
  return (
    <details class="variant-choices" data-testid="variant" onToggle={(e) => setOpened(e.currentTarget.open)}>
      <summary>
        {t("variant.title")}
        {changed.length > 0 && <span class="variant-count"> ({changed.length})</span>}
      </summary>
      <div class="hint">{t("variant.hint")}</div>
      {changed.length > 0 && (
        <ul class="variant-list" data-testid="variant-list">
          {changed.map((k) => (
            <li key={k}>
              <code>{k}</code> = <code>{shown(variant[k])}</code>{" "}
              <button type="button" class="link" onClick={() => remove(k)} data-testid={`variant-remove-${k}`}>
                {t("variant.remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="option variant-add">
        <label for="variant-key">{t("variant.key")}</label>{" "}
        <select id="variant-key" data-testid="variant-key" value={key} onChange={(e) => choose(e.currentTarget.value)}>
          <option value="">{keys ? t("variant.choose") : t("variant.loading")}</option>
          {(keys || []).map((k) => (
            <option key={k.key} value={k.key}>{k.key}</option>
          ))}
        </select>{" "}
        <input id="variant-value" data-testid="variant-value" value={text} size={10} placeholder="[3, 6]"
          aria-label={t("variant.value")} onInput={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => { if (e.key === "Enter") { e.preventDefault(); add(); } }} />{" "}
        <button type="button" data-testid="variant-add" onClick={add}>{t("variant.add")}</button>
        {entry && <div class="hint" data-testid="variant-allowed">{t("variant.published", { value: shown(entry.value), allowed: allowedWords(entry.allowed, t) })}</div>}
        {wrong && <div class="message error" role="alert">{wrong}</div>}
      </div>
    </details>
  );
}

/** The table's line: each number the table's variant changes, rulebook → variant (nothing for
 * the published rules). ``variant``: the table's ``variant`` ([{key, published, value}]). */
export function VariantLine({ variant, t }) {
  if (!variant || variant.length === 0) return null;
  return (
    <span class="variant-line" data-testid="variant-line">
      <strong>{t("variant.line")}</strong> {changes(variant)}
    </span>
  );
}

/** The server's "what is allowed" (core/variant_schema.py's Leaf.allowed, in English) in the
 * table's language; a text of another shape as it came. */
export function allowedWords(text, t) {
  const span = String.raw`(-?[\d.]+)\.\.(-?[\d.]+)`;
  const length = (found) => {
    const range = /^(\d+) to (\d+)$/.exec(found);
    return range ? t("variant.allow.lengths", { shortest: range[1], longest: range[2] }) : found;
  };
  if (text === "true or false") return t("variant.allow.bool");
  let m = new RegExp(`^an? (integer|number) in ${span}$`).exec(text);
  if (m) return t(m[1] === "integer" ? "variant.allow.int" : "variant.allow.num", { low: m[2], high: m[3] });
  m = /^a list of (\d+(?: to \d+)?) true\/false values$/.exec(text);
  if (m) return t("variant.allow.boolList", { length: length(m[1]) });
  m = new RegExp(`^a list of (\\d+(?: to \\d+)?) (integers|numbers), each in ${span}$`).exec(text);
  if (m) return t(m[2] === "integers" ? "variant.allow.intList" : "variant.allow.numList", { length: length(m[1]), low: m[3], high: m[4] });
  return text;
}

/** A lobby list's short mark of a table playing a variant, its changes in the tooltip. */
export function VariantTag({ variant, t }) {
  if (!variant || variant.length === 0) return null;
  return (
    <span class="tag variant-tag" title={changes(variant)} data-testid="variant-tag">{t("variant.tag")}</span>
  );
}

const changes = (variant) => variant.map((c) => `${c.key} ${shown(c.published)} → ${shown(c.value)}`).join("; ");
