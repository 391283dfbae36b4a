"""The table's words that issue 44 found wrong, checked on the front end's own modules under
Node (``tests.web.jsmod``) with states the engine really reaches: a Narcos raid prompt names
the choices there are, Al Cabohne's solo end line gives the mafia's score beside the player's,
players are counted from 1 wherever a person reads a seat, and the Dutch texts carry no English
word that they translate elsewhere and no count without its noun's agreement ("1 goederen")."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import contraband
from tests.web.jsmod import run_js

SRC = Path(__file__).resolve().parents[2] / "contraband" / "web" / "src"
GAME_DIR = SRC.parents[1] / "games"
GAMES = ["tony-tino", "al-cabohne", "nacho-incident", "counterfeiters", "narcos"]
MODULES = """import { gameModule } from "src/games/index.js";
import { translator, WORDS } from "src/i18n.js";
import { outcome } from "src/panels.jsx";"""


def _js_string(value) -> str:
    """``value`` as a JavaScript string literal of its JSON (for ``JSON.parse``)."""
    return json.dumps(json.dumps(value))


def _raids() -> list[tuple[dict, list[dict]]]:
    """Narcos raid decisions from random games: (view, legal moves), one of each set of kinds."""
    game = contraband.load("narcos")
    found: dict[tuple[str, ...], tuple[dict, list[dict]]] = {}
    for seed in range(30):
        state, rng = game.new(players=2, seed=seed), random.Random(seed)
        for _ in range(200):
            if state.is_terminal():
                break
            view = state.view(state.current_player)
            if view.get("phase") == "raid":
                legal = state.legal_moves()
                found.setdefault(tuple(sorted({m["kind"] for m in legal})), (view, legal))
                break
            state = state.apply(rng.choice(state.legal_actions()))
    return list(found.values())


def test_a_narcos_raid_prompt_names_only_the_choices_there_are():
    raids = _raids()
    kinds = [{m["kind"] for m in legal} for _, legal in raids]
    assert {"hire", "pass"} in kinds and any("cartel" in k for k in kinds), kinds
    for lang in ("en", "nl"):
        said = run_js(
            MODULES,
            f"const nc = gameModule('narcos'); const t = translator('{lang}');"
            f"return JSON.parse({_js_string(raids)}).map(([view, legal]) => ({{"
            "prompt: nc.decision(view, legal, t), choices: legal.map((m) => nc.describe(m, t))}));",
        )
        for (_, legal), answer in zip(raids, said, strict=True):
            prompt = answer["prompt"]
            for choice in answer["choices"]:
                assert choice[0].lower() + choice[1:] in prompt, (prompt, choice)
            if not any(m["kind"] == "cartel" for m in legal):
                assert "Cartel" not in prompt, prompt


def test_the_solo_end_line_gives_the_mafias_score_and_the_players():
    game = contraband.load("al-cabohne")
    state, rng = game.new(players=1, seed=3), random.Random(3)
    while not state.is_terminal():
        state = state.apply(rng.choice(state.legal_actions()))
    result = state.result()
    payload = {"result": result, "view": state.view(0), "seats": [{"name": None}]}
    line = run_js(
        MODULES,
        "const ac = gameModule('al-cabohne');"
        f"return outcome(ac, JSON.parse({_js_string(payload)}), translator('en')).line;",
    )
    mafia, player = result["mafia_total"], result["scores"][0]
    assert f"the bean mafia {mafia} coin" in line, line
    assert f"the player {player} coin" in line, line


def test_players_are_counted_from_one_wherever_a_seat_is_read():
    # the lobby shows each option's help and choices in the table's language (the engine's
    # own text where the table has none): no "seat 0" in either language
    options = [
        {"name": o.name, "help": o.help, "choices": list(o.choices or [])}
        for info in (contraband.load(g).info for g in GAMES)
        for o in info.options
    ]
    shown = run_js(
        MODULES,
        f"const options = JSON.parse({_js_string(options)}); const out = [];"
        "for (const lang of ['en', 'nl']) { const t = translator(lang); for (const o of options) {"
        " out.push(t(`option.${o.name}.help`, { fallback: o.help }));"
        " for (const c of o.choices) out.push(t(`option.${o.name}.${c}`, { fallback: c })); } }"
        "return out.concat(Object.values(WORDS.en), Object.values(WORDS.nl));",
    )
    zero = [text for text in shown if re.search(r"\b(seat|plaats) 0\b", text, re.IGNORECASE)]
    assert not zero, zero
    assert "Tony (seat 1)" in shown and "Tony (plaats 1)" in shown


#: English words Dutch uses too, in these texts: "hand", "over" (sla over), "start", "print"
#: (imperative of printen), the Shift key, and the languages' own names
SHARED = {"hand", "over", "start", "print", "shift", "english", "nederlands"}


def _texts() -> tuple[dict, dict, dict]:
    return tuple(
        run_js(
            MODULES,
            "const logs = {};"
            f"for (const id of {GAMES!r}) {{"
            " for (const [k, v] of Object.entries(gameModule(id).logNL || {}))"
            " if (typeof v === 'string') logs[`${id}:${k}`] = v; }"
            "return [WORDS.en, WORDS.nl, logs];",
        )
    )


def test_the_dutch_texts_have_no_english_word_they_translate_elsewhere():
    en, nl, logs = _texts()
    # an English word is "translated" where a key's whole English text is that word and its
    # Dutch text differs ("gun" -> "pistool", "goods" -> "goederen")
    translated = {
        v.strip().lower()
        for k, v in en.items()
        if k in nl and re.fullmatch(r"[A-Za-z]{3,}", v.strip())
        and nl[k].strip().lower() != v.strip().lower()
    }  # fmt: skip
    assert {"gun", "goods", "deck", "red"} <= translated
    # the engine's "why not?" answers in Dutch too
    why = {
        f"{path.parent.name}/why.toml:{n}": text
        for path in GAME_DIR.glob("*/why.toml")
        for n, text in enumerate(re.findall(r'^nl\s*=\s*"(.*)"', path.read_text(), re.M))
    }
    assert len(why) > 50
    left = [
        (key, word)
        for key, text in {**nl, **logs, **why}.items()
        for word in re.findall(r"[A-Za-z]+", re.sub(r"\{[^}]*\}", " ", text))
        if word.lower() in translated - SHARED
    ]
    assert not left, left
    # and no English name of a component written into the games' markup
    literal = re.compile(r"""(aria-label|title)="[A-Za-z][^"]*\"""")
    found = [
        f"{path.name}: {m.group(0)}"
        for path in [*SRC.glob("games/*.jsx"), SRC / "Table.jsx", SRC / "panels.jsx"]
        for m in literal.finditer(path.read_text())
    ]
    assert not found, found


def test_a_dutch_count_agrees_with_its_noun():
    _, nl, logs = _texts()
    texts = {k: v for k, v in {**nl, **logs}.items() if not k.endswith(".one")}
    # the plural nouns the texts count elsewhere with "{n|one|many}", and "goederen"
    plurals = {"goederen"} | {
        m.group(1).split()[-1].lower()
        for text in texts.values()
        for m in re.finditer(r"\{\w+\|[^|}]*\|([^}]+)\}", text)
    }
    assert {"kaarten", "muntjes"} <= plurals
    # a bare "{n} kaarten" reads "1 kaarten"; keys with a ".one" twin say the one apart
    bare = [
        (key, m.group(0))
        for key, text in texts.items()
        if f"{key}.one" not in nl
        for m in re.finditer(r"\{\w+\} ([A-Za-z-]+)", text)
        if m.group(1).lower() in plurals - {"worden", "gaan", "waren"}
    ]
    assert not bare, bare
