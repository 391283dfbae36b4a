"""Learning Counterfeiters at the table: a refused click says why with a link to its rule, the
board's components and the police track's symbols explain themselves on hover (printed values
from the catalog), the prompt's "How does this work?" opens the decision's section, and the
guided first game plays through its script from the lobby's "Learn to play"."""

from __future__ import annotations

import tomllib

import pytest

from contraband.games import tutorial
from tests.web.table import READY, create_from_lobby, version

SEATS = ["human", "random", "random"]
VIEWPORTS = [{"width": 1280, "height": 800}, {"width": 390, "height": 844}]


def table(context, server, viewport):
    page = context(viewport=viewport).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    links = create_from_lobby(page, server.url, "counterfeiters", SEATS, players=3, seed=0)
    page.goto(links[0])
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


def open_rule(page, button: str, section: str) -> None:
    """``button`` opens the rules panel beside the table at ``section``, marked as the focus."""
    page.get_by_test_id(button).click()
    panel = page.get_by_test_id("rules-panel")
    panel.locator(f"[id='rule-{section}'].focus").wait_for()
    page.get_by_test_id("rules-close").click()


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["1280", "390"])
def test_why_not_help_and_the_rules_of_a_decision(context, server, viewport, artifacts):
    page, errors = table(context, server, viewport)
    width = viewport["width"]
    # hover help: a black-market slot with its price and card, the police track and its legend
    assert "$50" in hover_help(page, "cf-market-3")
    godfather = hover_help(page, "cf-track-10")
    assert "space 10" in godfather and "half of their cash" in godfather
    assert "air-traffic strike" in hover_help(page, "cf-track-15")
    assert "END" in page.get_by_test_id("cf-legend").inner_text()
    assert "Godfather" in hover_help(page, "cf-legend-0")
    fence = hover_help(page, "cf-space-fence-1")
    assert "8 fake notes" in fence and "★ $20" in fence and "Police cap" in fence
    page.screenshot(path=artifacts / f"cf-learn-help-{width}.png")
    # "why not?": red has $20; the card on black market 3 costs $50
    page.mouse.move(0, 0)
    page.get_by_test_id("cf-market-3").click()
    text = why_message(page)
    assert "costs $50" in text and "$20 in cash" in text
    page.locator("[data-testid=message]").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"cf-learn-why-{width}.png")
    open_rule(page, "message-rule", "actions")
    # the prompt's link: placing a henchman is explained in "The actions"
    open_rule(page, "how-link", "actions")
    # a space taken this round: red prints on Print 2, then asks for it again
    before = version(page)
    page.get_by_test_id("cf-space-print-2").click()
    page.wait_for_function(
        f"() => +document.querySelector('.table-page').dataset.version > {before}"
    )
    assert page.wait_for_function(READY).json_value() == "mine"
    page.get_by_test_id("cf-space-print-2").click()
    assert "Print 2 is taken: your own henchman" in why_message(page)
    open_rule(page, "message-rule", "a-round")
    assert not errors, errors


def test_dutch_help_and_why_not(context, server):
    ctx = context(viewport=VIEWPORTS[0])
    ctx.add_init_script("localStorage.setItem('contraband.lang', 'nl')")
    page = ctx.new_page()
    links = create_from_lobby(page, server.url, "counterfeiters", SEATS, players=3, seed=0)
    page.goto(links[0])
    assert page.wait_for_function(READY).json_value() == "mine"
    assert "Legenda" in page.get_by_test_id("cf-legend").inner_text()
    assert "staking luchtverkeersleiders" in hover_help(page, "cf-track-15")
    page.mouse.move(0, 0)
    page.get_by_test_id("cf-space-commercial-flight").click()
    assert "De lijnvlucht kost $30 en je hebt $20 contant." in why_message(page)


def test_the_guided_first_game_from_the_lobby(context, server, artifacts):
    script = tutorial.load("counterfeiters")
    with tutorial.path_of("counterfeiters").open("rb") as handle:
        assert len(tomllib.load(handle)["steps"]) == len(script.steps) >= 8
    page = context(viewport=VIEWPORTS[0]).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.url}/")
    page.get_by_test_id("learn-counterfeiters").click()
    for number, step in enumerate(script.steps):
        coach = page.locator(f"[data-testid=coach][data-step='{number}']")
        coach.wait_for()
        assert page.wait_for_function(READY).json_value() == "mine"
        assert step.en.split(":")[0][:30] in coach.inner_text()
        target = page.locator(f"[data-testid='{step.highlight}'].coach-target")
        target.wait_for()
        assert target.get_attribute("data-action") == step.expect
        if number == 0:
            page.screenshot(path=artifacts / "cf-learn-coach-1280.png")
            # another choice than the step's is refused, with what to try
            page.get_by_test_id("cf-space-tax-fraud-1").click()
            page.locator("[data-testid=message]").wait_for()
            assert coach.count() == 1
        before = version(page)
        target.click()
        page.wait_for_function(
            f"() => +document.querySelector('.table-page').dataset.version > {before}"
        )
    page.locator("[data-testid=coach][data-step='done']").wait_for()
    page.screenshot(path=artifacts / "cf-learn-coach-done-1280.png")
    assert not errors, errors
