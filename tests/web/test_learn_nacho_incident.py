"""Learning The Nacho Incident at the table: a refused click says why with a link to its rule,
the smugglers, provinces and mounties explain themselves on hover (printed values from the
catalog), the prompt's "How does this work?" opens the decision's section, and the guided first
game plays through its script from the lobby's "Learn to play"."""

from __future__ import annotations

import pytest

from tests.web import learn
from tests.web.table import shot

GAME = "nacho-incident"
SEATS = ["human", "random", "random"]
#: red holds the gem and hires first; Tina (Ontario 9, cost 4) is in hand; Fraser is up
SEED = 3


def table(context, server, viewport, lang="en"):
    return learn.seat_from_lobby(
        context, server, GAME, SEATS, viewport=viewport, lang=lang, players=3, seed=SEED
    )


@pytest.mark.parametrize("viewport", learn.viewports_in_tiers())
def test_why_not_help_and_the_rules_of_a_decision(context, server, viewport, artifacts):
    page, errors = table(context, server, viewport)
    # hover help: a smuggler's printed rank, cost and reach; a province card's prices; a mountie
    tina = learn.hover_help(page, "ni-hand-tina")
    assert "Smuggler Tina, Ontario flag" in tina and "Rank 9" in tina
    assert "Hiring cost: 4 gold" in tina and "Can go to Saskatchewan, Ontario and Quebec" in tina
    alberta = learn.hover_help(page, "ni-province-alberta")
    assert "Asks for: salsa 9, sour cream 3, pepper 5, beans 7" in alberta
    assert "Cantina bonus +5 gold" in alberta
    assert "Mountie Fraser, Alberta flag, penalty 4 gold" in learn.hover_help(page, "ni-mountie-up")
    assert "holder chooses first" in learn.hover_help(page, "ni-gem")
    assert "$n: price of an empty slot" in page.get_by_test_id("ni-legend").inner_text()
    shot(page, artifacts / f"ni-learn-help-{viewport['width']}.png", full_page=False)
    # "why not?" while hiring: a province is not what this step asks for
    learn.why_of(
        page, "ni-province-quebec", "Now everyone hires a smuggler: choose one from your hand."
    )
    learn.open_rule(page, "message-rule", "hire")
    learn.open_rule(page, "how-link", "hire")
    # Tina goes first (red holds the gem and wins ties) and ships beans
    learn.act(page, "ni-hand-tina")
    learn.act(page, "ni-warehouse-0-beans-1")
    text = learn.why_of(
        page, "ni-province-alberta", "Tina flies the Ontario flag and can only go to"
    )
    assert "Saskatchewan, Ontario and Quebec, not to Alberta" in text
    # the answer shows in the sticky status bar, where the player looks after a click
    page.screenshot(path=artifacts / f"ni-learn-why-{viewport['width']}.png")
    learn.open_rule(page, "message-rule", "smuggle")
    learn.why_of(page, "ni-province-ontario", "The card in Ontario does not ask for beans")
    learn.open_rule(page, "how-link", "smuggle")
    assert not errors, errors


def test_dutch_help_and_why_not(context, server):
    page, errors = table(context, server, learn.VIEWPORTS[0], lang="nl")
    tina = learn.hover_help(page, "ni-hand-tina")
    assert "Rang 9" in tina and "Huurprijs: 4 goud" in tina
    assert "prijs van een lege plek" in page.get_by_test_id("ni-legend").inner_text()
    learn.why_of(page, "ni-province-quebec", "Nu huurt iedereen een smokkelaar in")
    assert not errors, errors


@pytest.mark.parametrize("viewport", learn.viewports_in_tiers())
def test_the_guided_first_game_from_the_lobby(context, server, viewport, artifacts):
    width = viewport["width"]
    page, errors = learn.open_page(context, viewport)
    for number, step, coach in learn.guided_game(page, server.url, GAME):
        if number == 0:
            shot(page, artifacts / f"ni-learn-coach-{width}.png", full_page=False)
            # another choice than the step's is refused, with what to try
            learn.refused(page, coach, "ni-hand-tina", "Hire Pam")
        # a choice without a component: its button in the status bar; "any": the first
        # smuggler of the highlighted hand
        learn.click_and_wait(page, learn.step_target(page, step, direct=True))
    shot(page, artifacts / f"ni-learn-coach-done-{width}.png", full_page=False)
    assert not errors, errors
