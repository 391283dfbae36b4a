"""Learning Al Cabohne at the table (the solo game): a refused click says why with a link to its
rule, the bosses, hand cards and piles explain themselves on hover (printed values from the
catalog), the prompt's "How does this work?" opens the decision's section, and the guided first
game plays through its script from the lobby's "Learn to play"."""

from __future__ import annotations

import pytest

from contraband.games import tutorial
from tests.web.table import READY, create_from_lobby, shot, version

VIEWPORTS = [{"width": 1280, "height": 800}, {"width": 390, "height": 844}]
MOVED = "v => +document.querySelector('.table-page').dataset.version > v"


def solo(context, server, viewport, lang="en"):
    """The solo game on seed 41 (the guided game's deal): the first decision plants a Blue,
    with a Puff behind it; Al Cabohne collects Blue, Don Corlebohne Puff, Joe Bohnano Kidney."""
    ctx = context(viewport=viewport)
    ctx.add_init_script(f"localStorage.setItem('contraband.lang', '{lang}')")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    links = create_from_lobby(page, server.url, "al-cabohne", ["human"], players=1, seed=41)
    page.goto(links[0])
    assert page.wait_for_function(READY).json_value() == "mine"
    return page, errors


def hover_help(page, testid: str, text: str) -> str:
    """The help bubble of ``testid`` once it says ``text`` (the last one may still be fading)."""
    page.mouse.move(0, 0)
    page.get_by_test_id(testid).hover()
    tip = page.get_by_test_id("tip").filter(has_text=text)
    tip.wait_for()
    return tip.inner_text()


def why_message(page, text: str) -> str:
    """The "why not?" message once it says ``text`` (an earlier answer may still be shown)."""
    message = page.locator("[data-testid=message][data-why=true]", has_text=text)
    message.wait_for()
    return message.inner_text()


def open_rule(page, button: str, section: str) -> None:
    """``button`` opens the rules panel beside the table at ``section``, marked as the focus."""
    page.get_by_test_id(button).click()
    panel = page.get_by_test_id("rules-panel")
    panel.locator(f"[id='rule-{section}'].focus").wait_for()
    page.get_by_test_id("rules-close").click()


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["1280", "390"])
def test_why_not_help_and_the_rules_of_a_decision(context, server, viewport, artifacts):
    page, errors = solo(context, server, viewport)
    width = viewport["width"]
    # hover help with the catalog's numbers: a boss's selling threshold, a bean's beanometer
    al = hover_help(page, "ac-boss-al-cabohne", "Al Cabohne")
    assert "worth 3 coins" in al and "He collects Blue" in al
    assert "solo game only" in hover_help(page, "ac-boss-joe-bohnano", "Joe")
    front = hover_help(page, "ac-hand-0-1", "Hand card 1")
    assert "Hand card 1: Blue" in front and "must be planted" in front
    assert "20 cards in the game" in front and "4→1, 6→2, 8→3, 10→4" in front
    assert "pass 1 of 1" in hover_help(page, "ac-deck", "The deck")
    assert "count ×2" in hover_help(page, "ac-mafia-coins", "mafia's coins")
    shot(page, artifacts / f"ac-learn-help-{width}.png", full_page=False)
    # "why not?": only the front card is planted
    page.mouse.move(0, 0)
    page.get_by_test_id("ac-hand-0-2").click()
    text = why_message(page, "Only the front card")
    assert "Only the front card of your hand is planted, and it is a Blue bean." in text
    shot(page, artifacts / f"ac-learn-why-{width}.png", full_page=False)
    open_rule(page, "message-rule", "planting")
    # the prompt's link: planting is explained in phase 3's section
    open_rule(page, "how-link", "planting")
    # empty fields are alike: a new bean goes on the first empty one (decision A6)
    page.get_by_test_id("ac-field-0-3").click()
    assert "a new bean goes on the first empty one" in why_message(page, "Use field 1")
    open_rule(page, "message-rule", "decisions")
    # after the front Blue is planted, the Puff behind it is the front card
    before = version(page)
    page.get_by_test_id("ac-hand-0-1").click()
    page.wait_for_function(MOVED, arg=before)
    assert page.wait_for_function(READY).json_value() == "mine"
    page.get_by_test_id("ac-hand-0-2").click()  # a Blue again
    assert "it is a Puff bean" in why_message(page, "a Puff bean")
    # the legend of field 1's beanometer chips
    legend = hover_help(page, "ac-meter", "beanometer")
    assert "4→1 means a field of 4 cards sells for 1 coin" in legend
    assert not errors, errors


def test_dutch_help_and_why_not(context, server):
    page, errors = solo(context, server, VIEWPORTS[0], lang="nl")
    assert "verkoopt zijn veld zodra het 3 muntjes waard is" in hover_help(
        page, "ac-boss-al-cabohne", "Al Cabohne"
    )
    assert "Bonometer" in hover_help(page, "ac-hand-0-1", "Handkaart 1")
    page.mouse.move(0, 0)
    page.get_by_test_id("ac-hand-0-2").click()
    text = why_message(page, "Alleen de voorste kaart")
    assert "Alleen de voorste kaart van je hand wordt geplant, en dat is een blauwe boon." in text
    assert not errors, errors


def test_the_guided_first_game_from_the_lobby(context, server, artifacts):
    script = tutorial.load("al-cabohne")
    assert script.players == 1 and script.bots == [] and len(script.steps) >= 8
    for viewport in VIEWPORTS:
        page = context(viewport=viewport).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
        page.goto(f"{server.url}/")
        page.get_by_test_id("learn-al-cabohne").click()
        for number, step in enumerate(script.steps):
            coach = page.locator(f"[data-testid=coach][data-step='{number}']")
            coach.wait_for()
            assert page.wait_for_function(READY).json_value() == "mine"
            assert step.en[:40] in coach.inner_text()
            highlighted = page.locator(f"[data-testid='{step.highlight}'].coach-target")
            highlighted.wait_for()
            if step.highlight == "status-bar":  # End planting, Done trading: the prompt's buttons
                target = page.locator(f".status-buttons [data-action='{step.expect}']")
            else:
                target = highlighted
            if number in (0, 4):
                shot(page, artifacts / f"ac-learn-coach-{number}-{viewport['width']}.png", False)
            if number == 0:
                # another choice than the step's is refused, saying what to try
                page.get_by_test_id("ac-hand-0-2").click()
                page.locator("[data-testid=message]").wait_for()
                assert coach.count() == 1
            before = version(page)
            if target.get_attribute("data-action") == step.expect:
                target.click()
            else:  # a component that stands for several choices: pick the step's in its menu
                assert step.expect in target.get_attribute("data-labels").split("\n")
                target.click()
                page.locator(f"[data-testid=action-menu] [data-action='{step.expect}']").click()
            page.wait_for_function(MOVED, arg=before)
        page.locator("[data-testid=coach][data-step='done']").wait_for()
        shot(page, artifacts / f"ac-learn-coach-done-{viewport['width']}.png", full_page=False)
        assert not errors, errors
