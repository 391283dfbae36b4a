"""The AI coach at the table, in every game: the "Hint" button's three best choices with their
win chances (where the table allows hints), and the post-game review (in test_games, which plays
every game to its end)."""

from __future__ import annotations

import re

import pytest

from tests.web import learn
from tests.web.table import READY, create_from_lobby, shot
from tests.web.test_games import GAMES, seat_zero

PERCENT = re.compile(r"^\d{1,3}%$")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_hint_lists_the_best_legal_choices_with_win_chances(game, server, context, artifacts):
    page, errors = seat_zero(game, server, context)
    assert page.wait_for_function(READY).json_value() in ("mine", "fallback")
    assert page.get_by_test_id("hints-flag").get_attribute("data-hints") == "on"
    legal = set(
        page.locator("[data-testid=choice-list] [data-action]").evaluate_all(
            "items => items.map(i => i.dataset.action)"
        )
    )
    page.get_by_test_id("hint-button").click()
    page.locator("[data-testid=hint-choice]").first.wait_for()
    choices = page.locator("[data-testid=hint-choice]")
    assert 1 <= choices.count() <= min(3, len(legal))
    for item in choices.all():
        assert item.get_attribute("data-label") in legal
        assert PERCENT.match(item.locator(".hint-win").inner_text().strip())
        assert item.locator(".hint-move").inner_text().strip()
    shot(page, artifacts / f"{game}-hint.png", full_page=False)
    learn.click_and_wait(page, choices.first.locator("button"))  # "Play this" plays it
    assert not errors, errors


def test_a_table_of_two_humans_has_no_hints(server, context):
    page = context().new_page()
    links = create_from_lobby(page, server.url, "tony-tino", ["human", "human"], players=2)
    page.goto(links[0])
    page.get_by_test_id("status-bar").wait_for()
    assert page.get_by_test_id("hints-flag").get_attribute("data-hints") == "off"
    assert page.get_by_test_id("hint-button").count() == 0
