"""Learning Al Cabohne at the table (the solo game): a refused click says why with a link to its
rule, the bosses, hand cards and piles explain themselves on hover (printed values from the
catalog), the prompt's "How does this work?" opens the decision's section, and the guided first
game plays through its script from the lobby's "Learn to play"."""

from __future__ import annotations

import pytest

from contraband.games import tutorial
from tests.web import learn
from tests.web.table import shot


def solo(context, server, viewport, lang="en"):
    """The solo game on seed 41 (the guided game's deal): the first decision plants a Blue,
    with a Puff behind it; Al Cabohne collects Blue, Don Corlebohne Puff, Joe Bohnano Kidney."""
    return learn.seat_from_lobby(
        context, server, "al-cabohne", ["human"], viewport=viewport, lang=lang, players=1, seed=41
    )


@pytest.mark.parametrize("viewport", learn.viewports_in_tiers())
def test_why_not_help_and_the_rules_of_a_decision(context, server, viewport, artifacts):
    page, errors = solo(context, server, viewport)
    width = viewport["width"]
    # hover help with the catalog's numbers: a boss's selling threshold, a bean's beanometer
    al = learn.hover_help(page, "ac-boss-al-cabohne", "Al Cabohne")
    assert "worth 3 coins" in al and "He collects Blue" in al
    assert "solo game only" in learn.hover_help(page, "ac-boss-joe-bohnano", "Joe")
    front = learn.hover_help(page, "ac-hand-0-1", "Hand card 1")
    assert "Hand card 1: Blue" in front and "must be planted" in front
    assert "20 cards in the game" in front and "4→1, 6→2, 8→3, 10→4" in front
    assert "pass 1 of 1" in learn.hover_help(page, "ac-deck", "The deck")
    assert "count ×2" in learn.hover_help(page, "ac-mafia-coins", "mafia's coins")
    shot(page, artifacts / f"ac-learn-help-{width}.png", full_page=False)
    # "why not?": only the front card is planted
    text = learn.why_of(page, "ac-hand-0-2", "Only the front card")
    assert "Only the front card of your hand is planted, and it is a Blue bean." in text
    shot(page, artifacts / f"ac-learn-why-{width}.png", full_page=False)
    learn.open_rule(page, "message-rule", "planting")
    # the prompt's link: planting is explained in phase 3's section
    learn.open_rule(page, "how-link", "planting")
    # empty fields are alike: a new bean goes on the first empty one (the prompts section)
    assert "a new bean goes on the first empty one" in learn.why_of(
        page, "ac-field-0-3", "Use field 1"
    )
    learn.open_rule(page, "message-rule", "prompts")
    # after the front Blue is planted, the Puff behind it is the front card
    learn.act(page, "ac-hand-0-1")
    assert "it is a Puff bean" in learn.why_of(page, "ac-hand-0-2", "a Puff bean")  # a Blue again
    # the legend of field 1's beanometer chips
    legend = learn.hover_help(page, "ac-meter", "beanometer")
    assert "4→1 means a field of 4 cards sells for 1 coin" in legend
    assert not errors, errors


def test_dutch_help_and_why_not(context, server):
    page, errors = solo(context, server, learn.VIEWPORTS[0], lang="nl")
    assert "verkoopt zijn veld zodra het 3 muntjes waard is" in learn.hover_help(
        page, "ac-boss-al-cabohne", "Al Cabohne"
    )
    assert "Bonometer" in learn.hover_help(page, "ac-hand-0-1", "Handkaart 1")
    text = learn.why_of(page, "ac-hand-0-2", "Alleen de voorste kaart")
    assert "Alleen de voorste kaart van je hand wordt geplant, en dat is een blauwe boon." in text
    assert not errors, errors


def test_the_guided_first_game_from_the_lobby(context, server, artifacts):
    script = tutorial.load("al-cabohne")
    assert script.players == 1 and script.bots == [] and len(script.steps) >= 8
    for viewport in learn.VIEWPORTS:
        width = viewport["width"]
        page, errors = learn.open_page(context, viewport)
        for number, step, coach in learn.guided_game(page, server.url, "al-cabohne"):
            if number in (0, 4):
                shot(page, artifacts / f"ac-learn-coach-{number}-{width}.png", False)
            if number == 0:  # another choice than the step's is refused, saying what to try
                learn.refused(page, coach, "ac-hand-0-2")
            # End planting, Done trading: the status bar's buttons; a component that stands
            # for several choices: the step's in its menu
            learn.click_and_wait(page, learn.step_target(page, step))
        shot(page, artifacts / f"ac-learn-coach-done-{width}.png", full_page=False)
        assert not errors, errors
