"""Turn-based play over days with friends, in the browser (issue 43): two players' browsers
(two contexts) meet at a turn-based table through the lobby's open tables, see each other's
names and clocks, play a few decisions while the tab of the player to move says "(1) ...", let
bots finish, and both ask for the rematch; and the lobby's lists on a phone.
"""

from __future__ import annotations

import random
import re

import httpx
import pytest

from tests.web.table import Played, api_create, shot, step

#: the long tier (make test-slow): turn-based tables played over several browsers
pytestmark = pytest.mark.slow

TURN = "() => document.title.startsWith('(1) ')"
NO_TURN = "() => !document.title.startsWith('(')"
BADGE = "() => document.querySelector('link[rel=icon]').href.startsWith('data:image/png')"
PLAIN = "() => document.querySelector('link[rel=icon]').href.startsWith('data:image/svg')"
SEAT = "s => document.querySelector('.table-page')?.dataset.seat === s"
READY = """() => { const p = document.querySelector('.table-page');
  return p && p.dataset.busy === 'false' && p.dataset.checked === p.dataset.version; }"""


def mover(pages) -> int | None:
    """The index of the page whose seat decides now (None: the game is over)."""
    while True:
        for index, page in enumerate(pages):
            if page.locator("[data-testid=end-screen]").count():
                return None
            if (
                page.locator(".status-bar.mine").count()
                and not page.locator(".table-page[data-busy=true]").count()
            ):
                return index
        pages[0].wait_for_timeout(30)


def game_id_of(link: str) -> str:
    return link.split("/table/")[1].split("#")[0]


def overflowing(page, selector: str) -> list[str]:
    """The elements in ``selector`` reaching past the window's right edge."""
    return page.evaluate(
        """(selector) => [...document.querySelectorAll(selector + ' *')]
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
          .map((e) => e.tagName + ': ' + (e.textContent || e.value || '').trim().slice(0, 40))""",
        selector,
    )


def test_two_friends_meet_in_the_lobby_play_turn_based_and_ask_for_a_rematch(
    server, context, artifacts
):
    anna = context(viewport={"width": 1280, "height": 800}).new_page()
    bert = context(viewport={"width": 1280, "height": 800}).new_page()
    for page in (anna, bert):
        page.on("dialog", lambda dialog: dialog.accept())  # "Let a bot play my seat?"
    # Anna creates a turn-based Tony & Tino with one open seat, naming herself
    anna.goto(f"{server.url}/")
    anna.get_by_test_id("pick-tony-tino").click()
    anna.get_by_test_id("mode").select_option("turn")
    assert anna.get_by_test_id("clock").input_value() == "normal"  # the turn-based default
    clocks = anna.get_by_test_id("clock").locator("option").all_inner_texts()
    assert "Fast: 1 day, +4 hours a decision" in clocks, clocks
    assert "Slow: 7 days, +2 days a decision" in clocks, clocks
    anna.get_by_test_id("clock").select_option("fast")
    anna.get_by_test_id("seat-1").select_option("open")
    # open seats need a public table: the form switches it on and says why
    assert anna.get_by_test_id("public").is_checked()
    assert anna.get_by_test_id("public").is_disabled()
    assert "open seats is public" in anna.get_by_test_id("open-needs-public").inner_text()
    assert anna.get_by_test_id("name-1").count() == 0  # whoever joins names themselves
    anna.get_by_test_id("name-0").fill("Anna")
    shot(anna, artifacts / "turn-based-create-1280.png")
    anna.get_by_test_id("create").click()
    anna.get_by_test_id("created").wait_for()
    assert "waits for a player" in anna.get_by_test_id("seat-open-1").inner_text()
    table = anna.get_by_test_id("table-link").input_value()
    game = game_id_of(table)
    assert table.endswith(f"/table/{game}")
    anna.get_by_test_id("open-seat-0").click()
    # the table waits for players: the count of open seats and the link to share
    anna.get_by_test_id("waiting").wait_for()
    assert anna.get_by_test_id("open-count").inner_text() == "Open seats: 1"
    assert anna.get_by_test_id("share-table").input_value() == table
    assert anna.get_by_test_id("start-now").count() == 1  # the creator holds the host link
    assert "Waiting for players: 1 open seat" in anna.get_by_test_id("status-text").inner_text()
    mode = anna.get_by_test_id("table-mode").inner_text()
    assert mode == "turn-based · 1 day + 4 hours a decision", mode
    assert anna.get_by_test_id("player-name-0").inner_text() == "Anna"
    assert anna.get_by_test_id("my-clock").count() == 0  # no clock runs before it begins
    shot(anna, artifacts / "turn-based-waiting-1280.png")

    # Bert finds it among the tables looking for players and joins with his name
    bert.goto(f"{server.url}/")
    row = bert.get_by_test_id(f"open-table-{game}")
    row.wait_for()
    text = row.inner_text()
    for words in ("Tony & Tino", "turn-based", "1 of 2 seats taken", "with Anna", "first player"):
        assert words in text, (words, text)
    bert.get_by_test_id(f"join-{game}").click()
    bert.get_by_test_id(f"join-name-{game}").fill("Bert")
    bert.get_by_test_id(f"join-go-{game}").click()
    bert.wait_for_function(SEAT, arg="1")
    assert re.search(rf"/table/{game}#token=", bert.url)
    # both see each other's names; the waiting is over at Anna's table without a reload
    anna.get_by_test_id("waiting").wait_for(state="detached")
    anna.wait_for_function(
        "() => document.querySelector('[data-testid=player-name-1]')?.textContent === 'Bert'"
    )
    assert bert.get_by_test_id("player-name-0").inner_text() == "Anna"
    assert bert.get_by_test_id("player-name-1").inner_text() == "Bert"
    assert bert.get_by_test_id("player-tag-0").inner_text() == "Anna"  # in the seat panel
    assert "Anna" in bert.get_by_test_id("log-panel").inner_text()
    # Tony (Anna) begins: her clock runs, her tab says so; Bert's clock waits
    anna.wait_for_function(TURN)
    anna.wait_for_function(BADGE)
    bert.wait_for_function(NO_TURN)
    assert bert.evaluate(PLAIN)
    assert "Anna (Tony)" in bert.get_by_test_id("status-text").inner_text()
    assert bert.get_by_test_id("clock-0").get_attribute("data-running") == "true"
    assert bert.get_by_test_id("clock-1").get_attribute("data-running") == "false"
    assert re.match(
        r"Your time: (23 h \d+ min|1 d)$", anna.get_by_test_id("my-clock").inner_text().strip()
    )
    first = int(bert.get_by_test_id("clock-0").get_attribute("data-left"))
    bert.wait_for_function(
        "v => Number(document.querySelector('[data-testid=clock-0]').dataset.left) < v",
        arg=first,
    )  # counting down between the server's updates
    anna.screenshot(path=artifacts / "turn-based-table-1280.png")

    # a few decisions, alternately: the tab of the player to move starts with "(1) ", and so
    # does Bert's lobby in another tab of his browser while it is his turn
    pages, rng, played, turns = [anna, bert], random.Random(4), Played(), []
    lobby = None
    while len(turns) < 6:
        index = mover(pages)
        assert index is not None, "the game ended too soon"
        if not turns or turns[-1] != index:
            turns.append(index)
        pages[index].wait_for_function(TURN)
        pages[1 - index].wait_for_function(NO_TURN)
        assert pages[index].get_by_test_id("my-clock").count() == 1
        assert pages[1 - index].get_by_test_id("my-clock").count() == 0
        if index == 1 and lobby is None:
            lobby = bert.context.new_page()
            lobby.goto(f"{server.url}/")
            lobby.get_by_test_id(f"my-turn-{game}").wait_for()
            lobby.wait_for_function(TURN)
            lobby.wait_for_function(BADGE)
            left = lobby.get_by_test_id(f"my-left-{game}").inner_text().strip()
            assert re.match(r"(23 h \d+ min|1 d) left$", left), left
            row = lobby.get_by_test_id(f"my-game-{game}").inner_text()
            assert "with Anna" in row and "turn-based" in row, row
            shot(lobby, artifacts / "turn-based-lobby-1280.png")
        if lobby is not None and index == 0:  # Bert moved in his table's tab: the lobby knows
            lobby.wait_for_function(NO_TURN, timeout=10_000)
            lobby.get_by_test_id(f"my-turn-{game}").wait_for(state="detached")
        step(pages[index], rng, played)
    assert turns[:2] == [0, 1], turns
    assert lobby is not None
    bert.screenshot(path=artifacts / "turn-based-bert-1280.png")

    # to the end quickly: each hands their seat to a bot from their own seat (Anna takes hers
    # back once on the way)
    anna.wait_for_function(READY)
    anna.get_by_test_id("let-bot-play").click()
    anna.get_by_test_id("take-back").wait_for()
    assert "medium" in anna.get_by_test_id("player-bot-0").inner_text()
    anna.get_by_test_id("take-back").click()
    anna.get_by_test_id("take-back").wait_for(state="detached")
    assert anna.get_by_test_id("player-bot-0").count() == 0
    anna.get_by_test_id("let-bot-play").click()
    bert.get_by_test_id("let-bot-play").click()
    for page in (anna, bert):
        page.get_by_test_id("end-screen").wait_for(timeout=120_000)
        page.wait_for_function(NO_TURN)
    assert "Anna (Tony)" in anna.get_by_test_id("scores").inner_text()
    assert "Bert (Tino)" in anna.get_by_test_id("scores").inner_text()

    # the rematch: Anna asks, Bert is offered to join; seats move on by one (Bert begins)
    anna.get_by_test_id("rematch").click()
    anna.wait_for_function(SEAT, arg="1")
    rematch = game_id_of(anna.url)
    assert rematch != game
    anna.get_by_test_id("waiting").wait_for()
    assert (
        "The rematch begins once everyone has taken their seat"
        in anna.get_by_test_id("waiting").inner_text()
    )
    assert anna.get_by_test_id("start-now").count() == 1  # the old host link hosts it too
    offer = bert.get_by_test_id("rematch-offer")
    offer.wait_for()
    assert "Your friends want a rematch" in offer.inner_text()
    bert.get_by_test_id("rematch").click()
    bert.wait_for_function(SEAT, arg="0")
    assert game_id_of(bert.url) == rematch
    anna.get_by_test_id("waiting").wait_for(state="detached")
    for page in (anna, bert):
        page.wait_for_function(
            "() => document.querySelector('[data-testid=player-name-0]')?.textContent === 'Bert'"
        )
        assert page.get_by_test_id("player-name-1").inner_text() == "Anna"
    bert.wait_for_function(TURN)  # Tony's seat is Bert's now: he begins
    anna.wait_for_function(NO_TURN)
    assert bert.get_by_test_id("table-mode").inner_text() == mode  # same mode and clock
    # the old table's bare address opens Anna's seat there, which leads on to the rematch
    anna.goto(f"{server.url}/table/{game}")
    anna.wait_for_function(SEAT, arg="0")
    anna.get_by_test_id("open-rematch").wait_for()
    assert rematch in anna.get_by_test_id("open-rematch").get_attribute("href")

    # Anna's lobby: the rematch first (Bert's turn there), the old game among the finished
    anna.goto(f"{server.url}/")
    running = anna.get_by_test_id("my-running").get_by_test_id(f"my-game-{rematch}")
    running.wait_for()
    assert "with Bert" in running.inner_text()
    assert "Bert to move" in running.inner_text()
    anna.get_by_test_id("my-finished").get_by_test_id(f"my-game-{game}").wait_for()
    # Bert's lobby says it is his turn at the rematch, and so does its title
    lobby.reload()
    lobby.get_by_test_id(f"my-turn-{rematch}").wait_for()
    lobby.wait_for_function(TURN)
    assert lobby.get_by_test_id(f"open-table-{rematch}").count() == 0  # kept for its players


def test_the_lobby_lists_on_a_phone(server, context, artifacts):
    """Tables looking for players and my games at 390 px: nothing sticks out sideways."""
    carla = {
        "game": "nacho-incident", "players": 3, "seats": ["human", "open", "open"],
        "public": True, "mode": "turn", "clock": "slow", "names": ["Carla Longname", None, None],
    }  # fmt: skip
    first = api_create(server, carla)
    second = api_create(server, {**carla, "names": ["Dirk", None, None]})
    phone = context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = phone.new_page()
    # a turn-based game against a bot where it is my turn, created in this browser's lobby
    page.goto(f"{server.url}/")
    page.get_by_test_id("pick-tony-tino").click()
    page.get_by_test_id("mode").select_option("turn")
    page.get_by_test_id("seat-1").select_option("easy")
    page.get_by_test_id("name-0").fill("Eve")
    page.get_by_test_id("create").click()
    page.get_by_test_id("created").wait_for()
    mine = game_id_of(page.get_by_test_id("seat-link-0").input_value())
    # one decision there (Tony's turn has two: the server's /mine reads a table's mover from
    # its last move, so a table nobody has moved at yet does not say "your turn" there)
    page.get_by_test_id("open-seat-0").click()
    step(page, random.Random(1), Played())
    page.wait_for_function(TURN)
    page.goto(f"{server.url}/")
    # join Carla's table (one seat stays open), and see Dirk's with its Join button
    page.get_by_test_id(f"join-{first['id']}").click()
    page.get_by_test_id(f"join-name-{first['id']}").fill("Eve")
    page.get_by_test_id(f"join-go-{first['id']}").click()
    page.wait_for_function(SEAT, arg="1")
    page.goto(f"{server.url}/")
    page.get_by_test_id(f"my-turn-{mine}").wait_for()
    page.get_by_test_id(f"open-table-{second['id']}").wait_for()
    page.wait_for_function(TURN)
    joined = page.get_by_test_id(f"open-table-{first['id']}")
    assert "you have a seat here" in joined.inner_text()
    assert "2 of 3 seats taken" in joined.inner_text()
    assert "with Carla Longname and Eve" in joined.inner_text()
    # my games: where it is my turn first, with the time left; the waiting table after it
    rows = page.get_by_test_id("my-running").locator("li")
    assert rows.first.get_attribute("data-testid") == f"my-game-{mine}"
    assert "waiting for players" in page.get_by_test_id(f"my-game-{first['id']}").inner_text()
    assert re.match(
        r"(2 d 23 h|3 d) left", page.get_by_test_id(f"my-left-{mine}").inner_text().strip()
    )
    page.get_by_test_id(f"join-{second['id']}").click()  # the name form, open
    page.get_by_test_id(f"join-name-{second['id']}").wait_for()
    page.get_by_test_id("my-running").scroll_into_view_if_needed()
    shot(page, artifacts / "turn-based-lobby-390.png")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    for part in ("[data-testid=open-tables]", "[data-testid=my-running]"):
        assert overflowing(page, part) == [], part
    # the waiting table on the phone: its link to share fits too
    page.goto(f"{server.url}/table/{first['id']}")
    page.get_by_test_id("waiting").wait_for()
    shot(page, artifacts / "turn-based-waiting-390.png")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390


def test_a_rematch_from_both_sides(server, context, artifacts):
    """Anna's table with an open seat and a bot; Bert opens its bare address (shared by Anna)
    and joins there; bots finish; both ask for the rematch: each sits one seat on, the bot
    keeps its level, the names come along."""
    made = api_create(
        server,
        {"game": "nacho-incident", "players": 3, "seats": ["human", "open", "random"],
         "public": True, "mode": "turn", "clock": "fast", "names": ["Anna", None, None]},
    )  # fmt: skip
    anna = context().new_page()
    bert = context().new_page()
    anna.goto(server.url + made["seats"][0]["link"])
    anna.get_by_test_id("waiting").wait_for()
    bert.goto(f"{server.url}/table/{made['id']}")  # a spectator until he joins
    bert.get_by_test_id("waiting").wait_for()
    assert bert.locator(".table-page").get_attribute("data-seat") == ""
    assert bert.get_by_test_id("start-now").count() == 0
    bert.get_by_test_id(f"table-join-name-{made['id']}").fill("Bert")
    bert.get_by_test_id(f"table-join-go-{made['id']}").click()
    bert.wait_for_function(SEAT, arg="1")
    anna.get_by_test_id("waiting").wait_for(state="detached")
    bert.get_by_test_id("waiting").wait_for(state="detached")
    assert bert.get_by_test_id("player-name-0").inner_text() == "Anna"
    assert "random" in bert.get_by_test_id("player-bot-2").inner_text()
    # both let bots play to the end (through the API: the buttons are tested above)
    tokens = {0: made["seats"][0]["token"], 1: bert.url.split("#token=")[1]}
    for seat, token in tokens.items():
        answer = httpx.post(
            f"{server.url}/api/games/{made['id']}/seats/{seat}/bot",
            json={"agent": "random"},
            headers={"Authorization": f"Bearer {token}"},
            timeout=30,
        )
        assert answer.status_code == 200, answer.text
    for page in (anna, bert):
        page.get_by_test_id("end-screen").wait_for(timeout=120_000)
    assert "Anna (" in anna.get_by_test_id("scores").inner_text()
    assert anna.get_by_test_id("rematch-offer").count() == 0
    anna.get_by_test_id("rematch").click()
    anna.wait_for_function(SEAT, arg="2")  # seat 0 moves on to the last seat
    rematch = game_id_of(anna.url)
    anna.get_by_test_id("waiting").wait_for()
    assert anna.get_by_test_id("open-count").inner_text() == "Open seats: 1"  # kept for Bert
    offer = bert.get_by_test_id("rematch-offer")
    offer.wait_for()
    shot(bert, artifacts / "turn-based-rematch-offer-1280.png")
    offer.get_by_test_id("rematch").click()
    bert.wait_for_function(SEAT, arg="0")
    assert game_id_of(bert.url) == rematch
    anna.get_by_test_id("waiting").wait_for(state="detached")
    for page in (anna, bert):
        page.wait_for_function(
            "() => document.querySelector('[data-testid=player-name-0]')?.textContent === 'Bert'"
        )
        assert page.get_by_test_id("player-name-2").inner_text() == "Anna"
        assert "random" in page.get_by_test_id("player-bot-1").inner_text()
    anna.screenshot(path=artifacts / "turn-based-rematch-1280.png")
