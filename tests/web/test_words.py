"""The table's words (issue 36): every game walked in Dutch shows none of its own English terms;
counts agree with their nouns in both languages; and whoever is not deciding reads what the
mover does, not the mover's own instructions ("red hires a smuggler", never "your hand").

Each walk makes a number of seat 0's decisions by clicking, checking the whole table's text
(status bar, board, "All choices", log) before each; then the seat is handed to a bot, which
plays to the end, and the end screen and the whole log are checked too.
"""

from __future__ import annotations

import random
import re

import httpx
import pytest

from tests.web.table import Played, api_create, step

#: the long tier (make test-slow): every game's words checked over browser games
pytestmark = pytest.mark.slow

WALK = 30  # decisions of seat 0 made by clicking, per game and language

GAMES = {
    # game: (seats, options)
    "tony-tino": (["human", "random"], {}),
    "al-cabohne": (["human", "random"], {"deck_passes": 1}),
    "nacho-incident": (["human", "random", "random"], {}),
    "counterfeiters": (["human", "random", "random"], {}),
    "narcos": (["human", "random"], {"mode": "advanced"}),
}

COMMON = [
    "Your turn", "is deciding", "is thinking", "All choices", "Play my forced moves", "spectator",
    "Final result", "wins", "Seat", "Replay this game", "red", "blue", "green", "yellow",
]  # fmt: skip

#: each game's own English terms (the engine's and the English table's words), which a Dutch
#: table must never show; words Dutch shares with English (printer, diner, offshore, Transport,
#: sicario, cantina, mountie) are left out
ENGLISH = {
    "tony-tino": [
        "Shift", "Corruption", "Professional", "Flying Switch", "Exchange", "New Value", "Police",
        "hitman", "commander", "spy", "son", "discards", "face up", "stack", "deck", "row",
        "column", "street", "token", "protection money", "plays", "places", "turns up",
        "shuffles", "figure", "disc", "open point",
    ],
    "al-cabohne": [
        "Blue", "Kidney", "Fire", "Puff", "Broad", "French", "Runner", "field", "coin", "coins",
        "harvest", "bean", "beans", "player", "mafia", "tribute", "plants", "deck", "Face-up",
        "hand card", "discard pile", "boss",
    ],
    "nacho-incident": [
        "smuggler", "smugglers", "warehouse", "gold", "gem", "grain", "beans", "pepper", "olive",
        "onion", "sour cream", "hires", "mountie up", "turn", "round", "bag", "cargo", "province",
        "face down", "Mexican market",
    ],
    "counterfeiters": [
        "paper", "ink", "lottery ticket", "private jet", "henchman", "henchmen", "cash",
        "fake notes", "Black market", "market", "supermarket", "fence", "flight", "police",
        "Great Lawyer", "Bad Lawyer", "trash", "round", "places", "passes", "END", "screen",
    ],
    "narcos": [
        "Plantation", "Laboratory", "Storage", "storage", "workers", "worker", "goods", "money",
        "Timeline", "danger", "guns", "flip", "flips", "actions", "police", "military", "press",
        "trafficker", "truck", "boat", "plane", "basic lab", "not yet seen", "turn", "round",
        "million",
    ],
}  # fmt: skip

#: "1 coins", "1 muntjes": a count of one with a plural noun, in either language
PLURAL_AFTER_ONE = re.compile(
    r"(?<![\d.,$])\b1 (coins|actions|cards|turns|workers|notes|crops|smugglers|units|guns|"
    r"sicarios|muntjes|kaarten|beurten|acties|biljetten|goudstukken|handkaarten|werknemers|"
    r"gewassen|smokkelaars|eenheden|pistolen)\b"
)
#: the mover's instructions addressed to someone else
SECOND_PERSON = {
    "en": re.compile(r"\b(you|your)\b", re.I),
    "nl": re.compile(r"\b(je|jij|jouw)\b", re.I),
}

TEXT = "() => document.querySelector('.table-page').textContent"
STATUS = "() => document.querySelector('[data-testid=status-text]').textContent"


def english_in(text: str, game: str) -> list[str]:
    """Each English term found, with the text around it."""
    found = []
    for word in COMMON + ENGLISH[game]:
        hit = re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.I)
        if hit:
            found.append(f"{word}: ...{text[max(0, hit.start() - 50) : hit.end() + 50]}...")
    return found


def create(server, game: str) -> dict:
    seats, options = GAMES[game]
    return api_create(server, {"game": game, "seats": seats, "options": options, "seed": 5})


def open_in(context, server, link: str, lang: str):
    ctx = context()
    ctx.add_init_script(f"localStorage.setItem('contraband.lang', '{lang}')")
    page = ctx.new_page()
    page.goto(server.url + link)
    page.get_by_test_id("status-bar").wait_for()
    return page


def check(page, game: str, lang: str, where: str) -> None:
    text = page.evaluate(TEXT)
    if lang == "nl":
        found = english_in(text, game)
        assert not found, f"{game} {where}: English {found} in the Dutch table"
    bad = PLURAL_AFTER_ONE.findall(text)
    assert not bad, f"{game} {where}: '1 {bad[0]}'"
    mine = page.locator(".status-bar.mine").count()
    status = page.evaluate(STATUS)
    if not mine and not page.locator("[data-testid=end-screen]").count():
        assert not SECOND_PERSON[lang].search(status), f"{game} {where}: {status!r} to a watcher"


@pytest.mark.parametrize("lang", ["nl", "en"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_walk_through_a_game_shows_its_words_in_the_tables_language(game, lang, server, context):
    made = create(server, game)
    page = open_in(context, server, made["seats"][0]["link"], lang)
    watcher = open_in(context, server, made["spectator_link"], lang)
    rng = random.Random(7)
    played = Played()
    for decision in range(WALK):
        page.wait_for_function(
            "() => document.querySelector('.status-bar.mine, [data-testid=end-screen]')"
        )
        check(page, game, lang, f"before decision {decision}")
        check(watcher, game, lang, f"watching, before decision {decision}")
        if step(page, rng, played) == "over":
            break
    # the rest by a bot: the end screen and the whole log
    answer = httpx.post(
        f"{server.url}/api/games/{made['id']}/seats/0/bot",
        json={"agent": "random"},
        headers={"Authorization": f"Bearer {made['seats'][0]['token']}"},  # by its own player
        timeout=30,
    )
    assert answer.status_code < 300, answer.text
    for each in (page, watcher):
        each.get_by_test_id("end-screen").wait_for(timeout=120_000)
        check(each, game, lang, "at the end")
    if game == "narcos":  # the board's turn is the last one played, as the end screen says
        board = page.get_by_test_id("nc-turn").inner_text()
        ended = page.get_by_test_id("nc-result").inner_text()
        assert re.search(r"(\d+)$", board)[1] == re.match(r"\d+", ended)[0], (board, ended)
