"""Learning Narcos at the table: a refused click says why with a link to its rule, the table's
components explain themselves on hover (printed values from the catalog), the prompt's "How does
this work?" opens the decision's section, and the guided first game plays through its script
from the lobby's "Learn to play"."""

from __future__ import annotations

import httpx
import pytest

from tests.web import learn

#: a deal where red (seat 0) starts with Horas extra in hand; two greedy bots
DEAL = {"game": "narcos", "seats": ["human", "greedy", "greedy"], "seed": 16}


def table(context, server, viewport, lang: str = "en"):
    made = httpx.post(f"{server.url}/api/games", json={**DEAL, "options": {"mode": "basic"}})
    assert made.status_code == 201, made.text
    page, errors = learn.open_page(context, viewport, lang)
    page.goto(server.url + made.json()["seats"][0]["link"])
    learn.wait_mine(page)
    return page, errors


@pytest.mark.parametrize("viewport", learn.viewports_in_tiers())
def test_why_not_help_and_the_rules_of_a_decision(context, server, viewport, artifacts):
    page, errors = table(context, server, viewport)
    width = viewport["width"]
    # hover help with the catalog's printed values: the basic lab's table, the truck, a card
    lab = learn.hover_help(page, "nc-network-0-lab")
    assert "basic lab" in lab and "1 / 2 / 3" in lab
    assert "up to 3 goods" in learn.hover_help(page, "nc-network-0-transport")
    assert "2 million, the 3rd 4 million" in learn.hover_help(page, "nc-network-0-plantation")
    horas = learn.hover_help(page, "nc-cartel-0-1")
    assert "Horas extra: two more actions." in horas and "1 million" in horas
    assert "three sirens" in learn.hover_help(page, "nc-deck")
    page.screenshot(path=artifacts / f"nc-learn-help-{width}.png")
    # "why not?": producing waits for phase 2; Horas extra is a phase-2 card
    lab = learn.why_of(page, "nc-network-0-lab")
    assert "come in phase 2, once you stop flipping" in lab
    learn.open_rule(page, "message-rule", "network-management")
    text = learn.why_of(page, "nc-cartel-0-1")
    assert "Horas extra is played during your own network management" in text
    page.locator("[data-testid=message]").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"nc-learn-why-{width}.png")
    learn.open_rule(page, "message-rule", "cartel-cards")
    # the prompt's link: the first flip is explained in "Flipping"
    learn.open_rule(page, "how-link", "flipping")
    # a card on the timeline: its printed values, and buying it waits for phase 3
    learn.act(page, "nc-deck")
    card = page.locator("[data-testid=nc-timeline-1] .nc-card")
    tip = learn.hover_help(page, card)
    assert "storage 8" in tip and "holds 8" in tip
    assert "Investments come in phase 3" in learn.why_of(page, card)
    learn.open_rule(page, "message-rule", "improvements")
    assert not errors, errors


def test_dutch_help_and_why_not(context, server):
    page, errors = table(context, server, learn.VIEWPORTS[0], "nl")
    assert "eenvoudig laboratorium" in learn.hover_help(page, "nc-network-0-lab")
    text = learn.why_of(page, "nc-cartel-0-1")
    assert "Horas extra speel je tijdens je eigen netwerkbeheer (fase 2)." in text
    assert not errors, errors


# the long tier (make test-slow): Narcos' guided game is the longest; the other games' stay
# in the main tier
@pytest.mark.slow
def test_the_guided_first_game_from_the_lobby(context, server, artifacts):
    for viewport in learn.VIEWPORTS:
        page, errors = learn.open_page(context, viewport)
        for number, step, coach in learn.guided_game(page, server.url, "narcos"):
            if number == 0:
                page.screenshot(path=artifacts / f"nc-learn-coach-{viewport['width']}.png")
                # another choice than the step's is refused, with what to try
                learn.refused(page, coach, "nc-workers-0")
            if number == 5 and viewport["width"] == 1280:  # a sicario removes the press
                page.screenshot(path=artifacts / "nc-learn-coach-remove-1280.png")
            # the highlighted component, a choice inside it, or the choice in the menu it opens
            # (after the last step the bots may play on before red decides again)
            learn.click_and_wait(page, learn.step_target(page, step))
        page.screenshot(path=artifacts / f"nc-learn-coach-done-{viewport['width']}.png")
        assert not errors, errors


def test_a_bubble_opened_before_the_catalog_arrives_gains_its_printed_values(context, server):
    """The catalog (printed values) comes in its own request: a bubble shown before it arrives
    shows what is known, and the values as soon as they come, without another hover."""
    made = httpx.post(f"{server.url}/api/games", json={**DEAL, "options": {"mode": "basic"}})
    assert made.status_code == 201, made.text
    page, errors = learn.open_page(context)
    held = []

    def hold(route):  # answered only when released
        held.append(route)

    page.route("**/api/registry/narcos/catalog", hold)
    page.goto(server.url + made.json()["seats"][0]["link"])
    learn.wait_mine(page)
    for _ in range(400):  # the table may ask for the catalog after its first drawing
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the table asked for the catalog"
    early = learn.hover_help(page, "nc-network-0-lab")
    assert "basic lab" in early and "1 / 2 / 3" not in early
    held[0].continue_()
    page.get_by_test_id("tip").filter(has_text="1 / 2 / 3").wait_for()
    assert errors == []
