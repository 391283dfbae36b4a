"""Learning Tony & Tino at the table: "why not?" on an illegal click with its rule, hover help
with the printed values, the prompt's "how does this work?" link, and the guided first game
played through its script from the lobby's "Learn to play"."""

from __future__ import annotations

import pytest

from contraband.games import tutorial
from tests.web import learn


def table(context, server, seats, seed, viewport=None, seat=0):
    """``seat``'s page at a Tony & Tino table; Tony (seat 0) decides first."""
    return learn.seat_from_lobby(
        context, server, "tony-tino", seats, viewport=viewport, seat=seat, mine=seat == 0, seed=seed
    )


@pytest.mark.parametrize("viewport", learn.VIEWPORTS, ids=["laptop", "phone"])
def test_police_in_your_own_turn_says_why_and_opens_its_rule(context, server, viewport, artifacts):
    # seed 5: Tony holds Professional, New Value and Police
    page, errors = table(context, server, ["human", "random"], 5, viewport)
    card = page.get_by_test_id("tt-hand-0-police-1")
    assert "inert" in card.get_attribute("class")  # not playable: a click asks why
    text = learn.why_of(page, card)
    assert "Police can only be played when Tino plays a card." in text
    assert page.get_by_test_id("tt-discard-0-police-1").get_attribute("data-action") == (
        "discard police"
    )
    page.screenshot(path=str(artifacts / f"tt-why-{viewport['width']}.png"))
    learn.open_rule(page, "message-rule", "police")
    assert not errors, errors


def test_not_your_turn_says_what_tony_is_deciding(context, server):
    page, errors = table(context, server, ["human", "human"], 5, seat=1)
    assert "Not your turn: Tony is choosing a card." in learn.why_of(page, "tt-point-c3")
    assert not errors, errors


def test_hover_help_explains_the_yellow_rings_and_the_printed_values(context, server, artifacts):
    page, errors = table(context, server, ["human", "random"], 5)
    ring = page.locator("[data-testid^=tt-point-]:has(.tt-disc.open)").first
    text = learn.hover_help(page, ring, "Yellow ring")
    assert "Yellow ring" in text and "lowest number" in text
    page.screenshot(path=str(artifacts / "tt-help-disc-1280.png"))
    text = learn.hover_help(page, "tt-hand-0-police-1", "Police:")
    assert "Police: 1 in each player's deck of 13." in text
    text = learn.hover_help(page, "tt-token-row-1", "row 1")
    assert "Protection money of row 1" in text and "4 × $10,000" in text, text
    learn.hover_help(page, "tt-legend-open", "Yellow")
    assert not errors, errors


def test_the_prompts_how_link_opens_the_card_step(context, server):
    page, errors = table(context, server, ["human", "random"], 5)
    learn.open_rule(page, "how-link", "cards")
    assert not errors, errors


def any_card(page):
    """The last step ("any"): a card step, each card a Play/Discard menu; the first
    card's first choice."""
    page.locator("[data-testid^=tt-hand-0-][data-select]").first.click()
    item = page.locator("[data-testid=action-menu] [data-action]").first
    item.wait_for()
    return item


@pytest.mark.parametrize("viewport", learn.viewports_in_tiers("laptop", "phone"))
def test_the_guided_first_game_plays_through_its_script(context, server, viewport, artifacts):
    page, errors = learn.open_page(context, viewport)
    for number, step, _ in learn.guided_game(page, server.url, "tony-tino"):
        if number in (0, 3):
            page.screenshot(path=str(artifacts / f"tt-coach-{number}-{viewport['width']}.png"))
        # the highlighted component (a menu when it stands for several choices); Police, the
        # answer to Tino's card, is the card in the hand itself (not the "In play" panel)
        police = step.expect == "police"
        learn.click_and_wait(
            page,
            any_card(page)
            if step.expect == tutorial.ANY
            else learn.step_target(page, step, direct=police),
        )
    page.screenshot(path=str(artifacts / f"tt-coach-done-{viewport['width']}.png"))
    assert page.get_by_test_id("tt-money-0").inner_text() == "$20,000"
    assert not errors, errors
