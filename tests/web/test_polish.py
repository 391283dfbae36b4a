"""What a new user trips over at the web table (issue 36): links pasted into an open tab, what
is on screen at laptop and phone sizes, the lobby's first paint, words and counters."""

from __future__ import annotations

import httpx


def create(server, game: str, seats: list[str], seed: int = 1, **extra) -> dict:
    """A game made through the API (the lobby's own clicks are tested elsewhere)."""
    body = {"game": game, "seats": seats, "seed": seed, **extra}
    answer = httpx.post(f"{server.url}/api/games", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    return answer.json()


def seat_of(page) -> str:
    return page.locator(".table-page").get_attribute("data-seat")


def test_a_link_pasted_into_an_open_tab_switches_the_table_to_it(server, context):
    made = create(server, "tony-tino", ["human", "human"], public=True)
    page = context().new_page()
    page.goto(f"{server.url}/table/{made['id']}")  # a public game: watched without a link
    page.get_by_test_id("tt-hand-backs-0").wait_for()
    assert seat_of(page) == ""
    assert page.get_by_text("You are watching as a spectator").count() == 1
    assert page.locator(".host-panel").count() == 0
    page.evaluate("window.sameDocument = true")  # gone if the page were loaded again

    page.goto(server.url + made["host_link"])  # only the fragment changes: no page load
    page.locator(".host-panel").wait_for()
    assert page.locator(".host-panel li").count() == 2  # a line per seat

    seat = made["seats"][1]
    page.goto(server.url + seat["link"])
    page.wait_for_function("() => document.querySelector('.table-page')?.dataset.seat === '1'")
    page.locator("[data-testid^=tt-hand-1-]").first.wait_for()
    assert page.get_by_text("You are watching as a spectator").count() == 0
    assert page.locator(".host-panel").count() == 0
    assert page.get_by_test_id("tt-hand-backs-0").count() == 1  # the other seat: backs only

    page.evaluate("location.hash = ''")  # the fragment emptied: a spectator again
    page.wait_for_function("() => document.querySelector('.table-page')?.dataset.seat === ''")
    assert page.locator("[data-testid^=tt-hand-1-]").count() == 0
    assert page.get_by_text("You are watching as a spectator").count() == 1
    assert page.evaluate("window.sameDocument") is True


def test_the_lobby_shows_the_games_before_the_server_answers_for_them(server, context):
    """The games are static: the built page carries them, so a slow /api/registry on a fresh
    server no longer leaves the lobby blank (its answer still replaces them)."""
    page = context().new_page()
    held = []
    page.route("**/api/registry", lambda route: held.append(route))  # answered at the end
    page.goto(f"{server.url}/")
    for game in ("tony-tino", "al-cabohne", "nacho-incident", "counterfeiters", "narcos"):
        page.get_by_test_id(f"pick-{game}").wait_for(timeout=5_000)
    assert page.get_by_test_id("lobby-loading").count() == 0
    assert held, "the lobby did not ask the server for its games"
    page.get_by_test_id("pick-al-cabohne").click()
    page.get_by_test_id("setup").wait_for()
    assert page.get_by_test_id("option-deck_passes").input_value() == "3"  # two players
    for route in held:
        route.continue_()
    page.get_by_test_id("players").select_option("1")
    assert page.get_by_test_id("option-deck_passes").input_value() == "1"  # solo
