"""Learning Narcos at the table: a refused click says why with a link to its rule, the table's
components explain themselves on hover (printed values from the catalog), the prompt's "How does
this work?" opens the decision's section, and the guided first game plays through its script
from the lobby's "Learn to play"."""

from __future__ import annotations

import tomllib

import httpx
import pytest

from contraband.games import tutorial
from tests.web.table import READY, version

VIEWPORTS = [{"width": 1280, "height": 800}, {"width": 390, "height": 844}]
#: the guided game's deal: red (seat 0) starts with Horas extra in hand; two greedy bots
DEAL = {"game": "narcos", "seats": ["human", "greedy", "greedy"], "seed": 16}


def table(context, server, viewport, lang: str = "en"):
    made = httpx.post(f"{server.url}/api/games", json={**DEAL, "options": {"mode": "basic"}})
    assert made.status_code == 201, made.text
    ctx = context(viewport=viewport)
    ctx.add_init_script(f"localStorage.setItem('contraband.lang', '{lang}')")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url + made.json()["seats"][0]["link"])
    assert page.wait_for_function(READY).json_value() == "mine"
    return page, errors


def hover_help(page, testid: str) -> str:
    page.mouse.move(0, 0)
    page.get_by_test_id(testid).hover()
    tip = page.get_by_test_id("tip")
    tip.wait_for()
    return tip.inner_text()


def why_message(page) -> str:
    message = page.locator("[data-testid=message][data-why=true]")
    message.wait_for()
    return message.inner_text()


def why_of(page, target) -> str:
    """Click ``target`` (not a legal choice now) and read the "why not?" it brings."""
    page.mouse.move(0, 0)
    close = page.locator("[data-testid=message] button[aria-label=close]")
    if close.count():
        close.click()
    target.click()
    return why_message(page)


def open_rule(page, button: str, section: str) -> None:
    """``button`` opens the rules panel beside the table at ``section``, marked as the focus."""
    page.get_by_test_id(button).click()
    panel = page.get_by_test_id("rules-panel")
    panel.locator(f"[id='rule-{section}'].focus").wait_for()
    page.get_by_test_id("rules-close").click()


def act(page, target) -> None:
    before = version(page)
    # (a lifted hover under a pointer left at a card's edge flickers: click from afar)
    page.mouse.move(0, 0)
    target.click()
    page.wait_for_function(
        f"() => +document.querySelector('.table-page').dataset.version > {before}"
    )
    assert page.wait_for_function(READY).json_value() == "mine"


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["1280", "390"])
def test_why_not_help_and_the_rules_of_a_decision(context, server, viewport, artifacts):
    page, errors = table(context, server, viewport)
    width = viewport["width"]
    # hover help with the catalog's printed values: the basic lab's table, the truck, a card
    lab = hover_help(page, "nc-network-0-lab")
    assert "basic lab" in lab and "1 / 2 / 3" in lab
    assert "up to 3 goods" in hover_help(page, "nc-network-0-transport")
    assert "2 million, the 3rd 4 million" in hover_help(page, "nc-network-0-plantation")
    horas = hover_help(page, "nc-cartel-0-1")
    assert "Horas extra: two more actions." in horas and "1 million" in horas
    assert "three sirens" in hover_help(page, "nc-deck")
    page.screenshot(path=artifacts / f"nc-learn-help-{width}.png")
    # "why not?": producing waits for phase 2; Horas extra is a phase-2 card
    lab = why_of(page, page.get_by_test_id("nc-network-0-lab"))
    assert "come in phase 2, once you stop flipping" in lab
    open_rule(page, "message-rule", "network-management")
    text = why_of(page, page.get_by_test_id("nc-cartel-0-1"))
    assert "Horas extra is played during your own network management" in text
    page.locator("[data-testid=message]").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"nc-learn-why-{width}.png")
    open_rule(page, "message-rule", "cartel-cards")
    # the prompt's link: the first flip is explained in "Flipping"
    open_rule(page, "how-link", "flipping")
    # a card on the timeline: its printed values, and buying it waits for phase 3
    act(page, page.get_by_test_id("nc-deck"))
    card = page.locator("[data-testid=nc-timeline-1] .nc-card")
    page.mouse.move(0, 0)
    card.hover()
    tip = page.get_by_test_id("tip")
    tip.wait_for()
    assert "storage 8" in tip.inner_text() and "holds 8" in tip.inner_text()
    assert "Investments come in phase 3" in why_of(page, card)
    open_rule(page, "message-rule", "improvements")
    assert not errors, errors


def test_dutch_help_and_why_not(context, server):
    page, errors = table(context, server, VIEWPORTS[0], "nl")
    assert "eenvoudig laboratorium" in hover_help(page, "nc-network-0-lab")
    text = why_of(page, page.get_by_test_id("nc-cartel-0-1"))
    assert "Horas extra speel je tijdens je eigen netwerkbeheer (fase 2)." in text
    assert not errors, errors


def target_of(page, step):
    """What to click for a step: the highlighted component, a choice inside it, or the choice
    in the menu it opens."""
    target = page.locator(f"[data-testid='{step.highlight}'].coach-target")
    target.wait_for()
    if target.get_attribute("data-action") == step.expect:
        return target
    inside = target.locator(f"[data-action='{step.expect}']")
    if inside.count():
        return inside.first
    target.click()
    item = page.locator(f"[data-testid=action-menu] [data-action='{step.expect}']")
    item.wait_for()
    return item


def test_the_guided_first_game_from_the_lobby(context, server, artifacts):
    script = tutorial.load("narcos")
    with tutorial.path_of("narcos").open("rb") as handle:
        assert len(tomllib.load(handle)["steps"]) == len(script.steps) >= 8
    for viewport in VIEWPORTS:
        page = context(viewport=viewport).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
        page.goto(f"{server.url}/")
        page.get_by_test_id("learn-narcos").click()
        for number, step in enumerate(script.steps):
            coach = page.locator(f"[data-testid=coach][data-step='{number}']")
            coach.wait_for()
            assert page.wait_for_function(READY).json_value() == "mine"
            assert step.en[:30] in coach.inner_text()
            if number == 0:
                page.screenshot(path=artifacts / f"nc-learn-coach-{viewport['width']}.png")
                # another choice than the step's is refused, with what to try
                page.get_by_test_id("nc-workers-0").click()
                page.locator("[data-testid=message]").wait_for()
                assert coach.count() == 1
            if number == 4 and viewport["width"] == 1280:
                page.screenshot(path=artifacts / "nc-learn-coach-remove-1280.png")
            page.mouse.move(0, 0)
            if number + 1 < len(script.steps):
                act(page, target_of(page, step))
            else:  # after the last step the bots may play on before red decides again
                before = version(page)
                target_of(page, step).click()
                page.wait_for_function(
                    f"() => +document.querySelector('.table-page').dataset.version > {before}"
                )
        page.locator("[data-testid=coach][data-step='done']").wait_for(timeout=120_000)
        page.screenshot(path=artifacts / f"nc-learn-coach-done-{viewport['width']}.png")
        assert not errors, errors
