"""Tony & Tino in the browser: a game against a bot played by clicking to its end."""

from __future__ import annotations

import random

from tests.web.table import create_from_lobby, play_to_end


def test_against_a_bot_to_the_end(server, context, artifacts):
    page = context().new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    links = create_from_lobby(page, server.url, "tony-tino", ["human", "random"], seed=11)
    page.goto(links[0])
    page.get_by_test_id("status-bar").wait_for()
    page.screenshot(path=artifacts / "tony-tino-start.png", full_page=True)
    played = play_to_end(page, random.Random(3))
    assert played.fallback_clicks == 0, played
    assert played.table_clicks >= 10
    end = page.get_by_test_id("end-screen")
    end.wait_for()
    assert page.get_by_test_id("winner").inner_text().strip()
    assert page.get_by_test_id("tt-result-streets").locator("tbody tr").count() == 12
    page.screenshot(path=artifacts / "tony-tino-end.png", full_page=True)
    assert not errors, errors
