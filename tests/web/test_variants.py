"""The lobby's "Rule variant": the host changes a number of the game, the table is created with
it, and the table says which numbers differ from the rulebook; a value the form cannot read, or
one the server refuses, is said so."""

from __future__ import annotations

import re

import httpx
import pytest

from tests.web.table import api_create, shot


def _open_variant(page, base: str) -> None:
    page.goto(f"{base}/")
    page.get_by_test_id("pick-narcos").click()
    page.get_by_test_id("players").select_option("2")
    page.get_by_test_id("seat-0").select_option("human")
    page.get_by_test_id("seat-1").select_option("easy")
    page.locator("[data-testid=variant] summary").click()
    page.locator("[data-testid=variant-key] option[value='start.money']").wait_for(state="attached")


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_a_host_plays_a_variant_and_the_table_names_it(server, context, artifacts, size):
    page = context(viewport={"width": size[0], "height": size[1]}).new_page()
    _open_variant(page, server.url)
    page.get_by_test_id("variant-key").select_option("start.money")
    assert page.get_by_test_id("variant-value").input_value() == "3"
    assert "an integer in 0..100" in page.get_by_test_id("variant-allowed").inner_text()
    page.get_by_test_id("variant-value").fill("9")
    page.get_by_test_id("variant-add").click()
    assert "start.money = 9" in page.get_by_test_id("variant-list").inner_text()
    page.get_by_test_id("variant").scroll_into_view_if_needed()
    shot(page, artifacts / f"variant-lobby-{size[0]}.png", full_page=False)
    page.get_by_test_id("create").click()
    page.get_by_test_id("created").wait_for()
    link = page.get_by_test_id("seat-link-0").input_value()
    table = context(viewport={"width": size[0], "height": size[1]}).new_page()
    table.goto(link)
    line = table.get_by_test_id("variant-line")
    line.wait_for()
    assert re.search(r"start\.money 3 → 9", line.inner_text())
    shot(table, artifacts / f"variant-table-{size[0]}.png", full_page=False)


def test_a_value_the_form_cannot_read_or_the_server_refuses_is_said(server, context):
    page = context().new_page()
    _open_variant(page, server.url)
    page.get_by_test_id("variant-key").select_option("start.money")
    page.get_by_test_id("variant-value").fill("lots")
    page.get_by_test_id("variant-add").click()
    assert "Write a number" in page.locator("[data-testid=variant] [role=alert]").inner_text()
    page.get_by_test_id("variant-value").fill("500")
    page.get_by_test_id("variant-add").click()
    page.get_by_test_id("create").click()
    alert = page.locator(".lobby > .message.error")
    alert.wait_for()
    assert "start.money must be an integer in 0..100, got 500" in alert.inner_text()


def test_a_table_of_the_published_rules_shows_no_variant_line(server, context):
    page = context().new_page()
    page.goto(f"{server.url}/")
    page.get_by_test_id("pick-narcos").click()
    page.get_by_test_id("players").select_option("2")
    page.get_by_test_id("seat-0").select_option("human")
    page.get_by_test_id("seat-1").select_option("easy")
    page.get_by_test_id("create").click()
    page.get_by_test_id("created").wait_for()
    table = context().new_page()
    table.goto(page.get_by_test_id("seat-link-0").input_value())
    table.get_by_test_id("status-bar").wait_for()
    assert table.get_by_test_id("variant-line").count() == 0


def test_the_lobby_and_the_replay_name_a_variant_table(server, context, artifacts):
    """A player browsing the open tables sees the variant before joining; the player's own list
    marks it; the replay of a finished variant game names it too."""
    rich = {"game": "narcos", "public": True, "variant": {"start.money": 9}}
    waiting = api_create(server, {**rich, "seats": ["human", "open"], "mode": "turn"})
    finished = api_create(server, {**rich, "seats": ["random", "random"]})
    page = context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(server.url + waiting["seats"][0]["link"])  # the game joins this browser's own
    page.get_by_test_id("waiting").wait_for()
    page.goto(f"{server.url}/")
    row = page.get_by_test_id(f"open-table-{waiting['id']}")
    row.wait_for()
    assert re.search(r"start\.money 3 → 9", row.get_by_test_id("variant-line").inner_text())
    mine = page.get_by_test_id(f"my-game-{waiting['id']}")
    mine.wait_for()
    tag = mine.get_by_test_id("variant-tag")
    assert tag.inner_text() == "Rule variant" and "start.money 3 → 9" in tag.get_attribute("title")
    row.scroll_into_view_if_needed()
    shot(page, artifacts / "variant-open-tables-390.png", full_page=False)
    replay = context(viewport={"width": 1280, "height": 800}).new_page()
    for _ in range(600):  # random bots finish a Narcos game in a few seconds
        if httpx.get(f"{server.url}/api/games/{finished['id']}", timeout=30).json()["over"]:
            break
        replay.wait_for_timeout(100)
    replay.goto(f"{server.url}/replay/{finished['id']}")
    line = replay.get_by_test_id("variant-line")
    line.wait_for()
    assert re.search(r"start\.money 3 → 9", line.inner_text())
    shot(replay, artifacts / "variant-replay-1280.png", full_page=False)


def test_what_is_allowed_is_said_in_dutch(server, context):
    """The server says what a number allows in English; the Dutch table says it in Dutch."""
    ctx = context()
    ctx.add_init_script("localStorage.setItem('contraband.lang', 'nl')")
    page = ctx.new_page()
    _open_variant(page, server.url)
    page.get_by_test_id("variant-key").select_option("start.money")
    allowed = page.get_by_test_id("variant-allowed")
    expected = "Regelboek: 3. Toegestaan: een geheel getal van 0 tot en met 100."
    assert allowed.inner_text() == expected
    page.get_by_test_id("variant-key").select_option("plantation.prices")
    assert re.fullmatch(
        r"Regelboek: \[.*\]\. Toegestaan: een lijst van \d+ gehele getallen, elk van 0 tot en met "
        r"\d+\.",
        allowed.inner_text(),
    )
