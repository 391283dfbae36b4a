"""Learning Counterfeiters at the table: a refused click says why with a link to its rule, the
board's components and the police track's symbols explain themselves on hover (printed values
from the catalog), the prompt's "How does this work?" opens the decision's section, and the
guided first game plays through its script from the lobby's "Learn to play"."""

from __future__ import annotations

import pytest

from tests.web import learn

SEATS = ["human", "random", "random"]


def table(context, server, viewport, lang="en"):
    """Red's seat at a three-player table on seed 0: red has $20 and decides first."""
    return learn.seat_from_lobby(
        context, server, "counterfeiters", SEATS, viewport=viewport, lang=lang, players=3, seed=0
    )


@pytest.mark.parametrize("viewport", learn.viewports_in_tiers())
def test_why_not_help_and_the_rules_of_a_decision(context, server, viewport, artifacts):
    page, errors = table(context, server, viewport)
    width = viewport["width"]
    # hover help: a black-market slot with its price and card, the police track and its legend
    assert "$50" in learn.hover_help(page, "cf-market-3")
    godfather = learn.hover_help(page, "cf-track-10")
    assert "space 10" in godfather and "half of their cash" in godfather
    assert "air-traffic strike" in learn.hover_help(page, "cf-track-15")
    assert "END" in page.get_by_test_id("cf-legend").inner_text()
    assert "Godfather" in learn.hover_help(page, "cf-legend-0")
    fence = learn.hover_help(page, "cf-space-fence-1")
    assert "8 fake notes" in fence and "★ $20" in fence and "Police cap" in fence
    page.screenshot(path=artifacts / f"cf-learn-help-{width}.png")
    # "why not?": red has $20; the card on black market 3 costs $50
    text = learn.why_of(page, "cf-market-3")
    assert "costs $50" in text and "$20 in cash" in text
    page.locator("[data-testid=message]").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"cf-learn-why-{width}.png")
    learn.open_rule(page, "message-rule", "actions")
    # the prompt's link: placing a henchman is explained in "The actions"
    learn.open_rule(page, "how-link", "actions")
    # a space taken this round: red prints on Print 2, then asks for it again
    learn.act(page, "cf-space-print-2")
    assert "Print 2 is taken: your own henchman" in learn.why_of(page, "cf-space-print-2")
    learn.open_rule(page, "message-rule", "a-round")
    assert not errors, errors


def test_dutch_help_and_why_not(context, server):
    page, errors = table(context, server, learn.VIEWPORTS[0], lang="nl")
    assert "Legenda" in page.get_by_test_id("cf-legend").inner_text()
    assert "staking luchtverkeersleiders" in learn.hover_help(page, "cf-track-15")
    text = learn.why_of(page, "cf-space-commercial-flight")
    assert "De lijnvlucht kost $30 en je hebt $20 contant." in text
    assert not errors, errors


def test_the_guided_first_game_from_the_lobby(context, server, artifacts):
    page, errors = learn.open_page(context, learn.VIEWPORTS[0])
    for number, step, coach in learn.guided_game(page, server.url, "counterfeiters"):
        if number == 0:
            page.screenshot(path=artifacts / "cf-learn-coach-1280.png")
            # another choice than the step's is refused, with what to try
            learn.refused(page, coach, "cf-space-tax-fraud-1")
        learn.click_and_wait(page, learn.step_target(page, step, direct=True))
    page.screenshot(path=artifacts / "cf-learn-coach-done-1280.png")
    assert not errors, errors
