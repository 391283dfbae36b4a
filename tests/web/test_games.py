"""Every game in the browser: created in the lobby against bots, played by clicking to its end.

Each decision is made by clicking a highlighted thing on the table (a disc, a card, a space, a
button in the status bar); the "All choices" list is the fallback and must not be needed.
"""

from __future__ import annotations

import random
import re

import pytest

import contraband
from tests.web.table import Played, create_from_lobby, play_to_end, shot, step, version

#: the long tier (make test-slow): whole games of every game in the browser
pytestmark = pytest.mark.slow

#: a fixed deal (the bots' choices follow from it): a failure can be replayed
SEED = 11
GAMES = {
    # game: (seats, options, decisions to avoid when there is another choice)
    "tony-tino": (["human", "random"], {}, None),
    "al-cabohne": (["human", "random"], {"deck_passes": 1}, re.compile(r"^harvest")),
    "nacho-incident": (["human", "random", "random"], {}, None),
    "counterfeiters": (["human", "random"], {}, re.compile(r"^move \$0$")),
    "narcos": (["human", "random"], {}, None),
}


def registered(game: str) -> bool:
    return game in contraband.game_ids()


def seat_zero(game, server, context):
    """Seat 0's table of a game made in the lobby against bots on the fixed deal, and the list
    the page's script errors go to."""
    if not registered(game):
        pytest.skip(f"{game} is not registered yet")
    seats, options, _avoid = GAMES[game]
    page = context().new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    links = create_from_lobby(
        page, server.url, game, seats, players=len(seats), options=options, seed=SEED
    )
    page.goto(links[0])
    page.get_by_test_id("status-bar").wait_for()
    return page, errors


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_against_bots_to_the_end(game, server, context, artifacts):
    page, errors = seat_zero(game, server, context)
    seats, _options, avoid = GAMES[game]
    rng = random.Random(7)
    played = play_to_end(page, rng, avoid)
    assert played.fallback_clicks == 0, played.fallback_labels
    assert not played.uncovered, f"choices no component of the table carries: {played.uncovered}"
    assert played.table_clicks >= 5
    page.get_by_test_id("end-screen").wait_for()
    assert page.get_by_test_id("winner").inner_text().strip()
    assert page.get_by_test_id("scores").locator("tr").count() == len(seats)
    # the header says who won, with the scores; the end screen has come into view
    header = page.get_by_test_id("status-text").inner_text()
    winners = page.get_by_test_id("winner").inner_text().strip().splitlines()[-1].strip()
    assert winners in header, (winners, header)
    for row in page.get_by_test_id("scores").locator("td.num").all_inner_texts():
        assert row.strip() in header, (row, header)
    page.wait_for_function(IN_VIEW, arg="[data-testid=end-screen]")
    shot(page, artifacts / f"{game}-end.png")
    # the seat's post-game review: progress, then a chart per decision and its costliest ones
    page.get_by_test_id("review-button").click()
    page.get_by_test_id("review").wait_for(timeout=240_000)
    points = page.locator("[data-testid=review-chart] circle").count()
    assert points >= 1
    costly = page.locator("[data-testid=review-costly] li").all_inner_texts()
    assert all("Decision" in line for line in costly)
    # the chart marks exactly the decisions listed as costly (issue 44)
    assert page.locator("[data-testid=review-mark-costly]").count() == len(costly)
    shot(page, artifacts / f"{game}-review.png")
    # the log beside the table holds every entry of the seat's log, in order
    server_log = page.evaluate(SERVER_LOG)
    shown = page.locator(".log-list li").evaluate_all("items => items.map(i => i.dataset.testid)")
    assert shown == [f"log-{entry['index']}" for entry in server_log]
    # the replay viewer steps through the finished game
    page.get_by_test_id("open-replay").click()
    page.get_by_test_id("replay").wait_for()
    total = page.get_by_test_id("replay-step").inner_text()
    page.get_by_test_id("replay-step-back").click()
    page.wait_for_function(
        "t => document.querySelector('[data-testid=replay-step]').innerText !== t", arg=total
    )
    page.get_by_test_id("replay-start").click()
    page.wait_for_function(AT_STEP, arg=0)
    page.get_by_test_id("replay-step-forward").click()
    page.wait_for_function(AT_STEP, arg=1)
    page.get_by_test_id("review").wait_for()  # the replay shows the stored review
    assert page.locator("[data-testid=review-chart] circle").count() == points
    page.screenshot(path=artifacts / f"{game}-replay.png")
    assert not errors, errors


IN_VIEW = """s => { const r = document.querySelector(s).getBoundingClientRect();
  return r.top < window.innerHeight && r.bottom > 0; }"""


def test_a_game_midway_looks_right(server, context, artifacts):
    """A screenshot of each table in the middle of a game (for people to look at)."""
    for game, (seats, _options, avoid) in GAMES.items():
        if not registered(game):
            continue
        page = context(reduced_motion="no-preference").new_page()
        links = create_from_lobby(page, server.url, game, seats, players=len(seats), seed=5)
        page.goto(links[0])
        page.get_by_test_id("status-bar").wait_for()
        rng = random.Random(1)
        played = Played()
        for _ in range(6):
            if step(page, rng, played, avoid) == "over":
                break
        page.wait_for_function(READY_AGAIN)
        shot(page, artifacts / f"{game}-table.png")
        assert version(page) > 0
        page.close()


SERVER_LOG = """async () => {
  const token = new URLSearchParams(location.hash.slice(1)).get('token');
  const path = location.pathname.replace('/table/', '/api/games/') + '/log';
  const answer = await fetch(path, { headers: { Authorization: 'Bearer ' + token } });
  return await answer.json();
}"""
AT_STEP = """n => new RegExp(`^(Step|Stap) ${n} `).test(
    document.querySelector('[data-testid=replay-step]').innerText)"""
READY_AGAIN = """() => document.querySelector('.status-bar.mine') ||
    document.querySelector('[data-testid=end-screen]')"""
