"""Counts agree with their nouns in both languages (issue 36): the translator's counted forms
and the Dutch log templates, run in Node on the front end's own word modules (no browser)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "contraband" / "web"

SCRIPT = """
import { addWords, translator } from "./src/i18n.js";
import { logText } from "./src/logtext.js";
import * as ac from "./src/games/ac-words.js";
import * as cf from "./src/games/cf-words.js";
import * as nc from "./src/games/nc-words.js";
for (const m of [ac, cf, nc]) addWords(m.words);
const out = {};
for (const lang of ["en", "nl"]) {
  const t = translator(lang);
  out[lang] = {
    coins: [0, 1, 2].map((n) => t.n("ac.coinsN", n)),
    sell: [1, 3].map((n) => t.n("cf.do.sell", n, { stars: "★" })),
    turns: [1, 36].map((n) => t.n("nc.ended", n, { round: 2, mode: "basic" })),
  };
}
const nl = translator("nl");
const seats = [{ name: "rood", colour: "red" }, { name: "groen", colour: "green" }];
const game = (module, extra) => ({ logNL: module.LOG_NL, ...extra });
const acGame = game(ac, { term: (k, v, t) => (k === "bean" ? ac.beanName(v, t) : v) });
const ncGame = game(nc, { term: (k, v, t) => nc.ncName(v, t) });
out.log = [1, 2].flatMap((n) => [
  logText(acGame, { kind: "harvest", seat: 0, field: 1, count: 4, bean: "Blue", coins: n },
    nl, seats),
  logText(ncGame, { kind: "produce", seat: 1, amount: 2, lab: 2, actions: n }, nl, seats),
  logText(ncGame, { kind: "worker_action", seat: 0, workers: n, actions: 2 }, nl, seats),
]);
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def words() -> dict:
    node = shutil.which("node")
    if node is None or not (WEB / "node_modules").is_dir():
        pytest.skip("needs Node and the web table's node_modules (npm ci --prefix contraband/web)")
    done = subprocess.run(
        [node, "--input-type=module", "-e", SCRIPT],
        cwd=WEB,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def test_one_takes_the_singular_and_other_counts_the_plural(words):
    assert words["en"]["coins"] == ["0 coins", "1 coin", "2 coins"]
    assert words["nl"]["coins"] == ["0 muntjes", "1 muntje", "2 muntjes"]
    assert words["en"]["sell"] == ["Sell 1 ★ note", "Sell 3 ★ notes"]
    assert words["nl"]["sell"] == ["Verkoop 1 biljet ★", "Verkoop 3 biljetten ★"]
    assert words["en"]["turns"][0].startswith("1 turn,")
    assert words["en"]["turns"][1].startswith("36 turns,")
    assert words["nl"]["turns"][0].startswith("1 beurt,")


def test_the_dutch_log_counts_in_words(words):
    one, two = words["log"][:3], words["log"][3:]
    assert one == [
        "rood doekt veld 1 op (4× blauwe boon) voor 1 muntje",
        "groen produceert 2 goederenblokjes (2 in het laboratorium; nog 1 actie)",
        "rood zet een werknemer in voor een actie (nog 1 werknemer; 2 te besteden)",
    ]
    assert two[0].endswith("voor 2 muntjes")
    assert two[1].endswith("nog 2 acties)")
    assert "nog 2 werknemers" in two[2]
