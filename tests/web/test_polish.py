"""What a new user trips over at the web table (issue 36): links pasted into an open tab, what
is on screen at laptop and phone sizes, the lobby's first paint, words and counters."""

from __future__ import annotations

import random
import re

import pytest

from tests.web.table import Played, api_create, step


def create(server, game: str, seats: list[str], seed: int = 1, **extra) -> dict:
    """A game made through the API (the lobby's own clicks are tested elsewhere)."""
    body = {"game": game, "seats": seats, **extra}
    if seed is not None:  # a seed only with at most one human seat (the server's policy)
        body["seed"] = seed
    return api_create(server, body)


def seat_of(page) -> str:
    return page.locator(".table-page").get_attribute("data-seat")


def test_a_link_pasted_into_an_open_tab_switches_the_table_to_it(server, context):
    made = create(server, "tony-tino", ["human", "human"], seed=None)
    page = context().new_page()
    page.goto(server.url + made["spectator_link"])
    page.get_by_test_id("tt-hand-backs-0").wait_for()
    assert seat_of(page) == ""
    assert page.get_by_text("You are watching as a spectator").count() == 1
    assert page.locator(".host-panel").count() == 0
    page.evaluate("window.sameDocument = true")  # gone if the page were loaded again

    page.goto(server.url + made["host_link"])  # only the fragment changes: no page load
    page.locator(".host-panel").wait_for()
    assert page.locator(".host-panel li").count() == 2  # a line per seat

    seat = made["seats"][1]
    page.goto(server.url + seat["link"])
    page.wait_for_function("() => document.querySelector('.table-page')?.dataset.seat === '1'")
    page.locator("[data-testid^=tt-hand-1-]").first.wait_for()
    assert page.get_by_text("You are watching as a spectator").count() == 0
    assert page.locator(".host-panel").count() == 0
    assert page.get_by_test_id("tt-hand-backs-0").count() == 1  # the other seat: backs only
    assert page.evaluate("window.sameDocument") is True

    # back to the spectator's link (a page load only if that link has no fragment)
    page.goto(server.url + made["spectator_link"])
    page.wait_for_function("() => document.querySelector('.table-page')?.dataset.seat === ''")
    assert page.locator("[data-testid^=tt-hand-1-]").count() == 0
    assert page.get_by_text("You are watching as a spectator").count() == 1
    if "#" in made["spectator_link"]:
        assert page.evaluate("window.sameDocument") is True


def test_the_lobby_shows_the_games_before_the_server_answers_for_them(server, context):
    """The games are static: the built page carries them, so a slow /api/registry on a fresh
    server no longer leaves the lobby blank (its answer still replaces them)."""
    page = context().new_page()
    held = []
    page.route("**/api/registry", lambda route: held.append(route))  # answered at the end
    page.goto(f"{server.url}/")
    for game in ("tony-tino", "al-cabohne", "nacho-incident", "counterfeiters", "narcos"):
        page.get_by_test_id(f"pick-{game}").wait_for(timeout=5_000)
    assert page.get_by_test_id("lobby-loading").count() == 0
    assert held, "the lobby did not ask the server for its games"
    page.get_by_test_id("pick-al-cabohne").click()
    page.get_by_test_id("setup").wait_for()
    assert page.get_by_test_id("option-deck_passes").input_value() == "3"  # two players
    for route in held:
        route.continue_()
    page.get_by_test_id("players").select_option("1")
    assert page.get_by_test_id("option-deck_passes").input_value() == "1"  # solo


INSIDE = """(selector) => [...document.querySelectorAll(selector)].map((e) => {
  const r = e.getBoundingClientRect();
  return { what: e.dataset.testid || e.dataset.action || e.className.baseVal || e.className,
    inside: r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight
      && r.right <= innerWidth };
})"""


def outside(page, selector: str) -> list[str]:
    """The elements matching ``selector`` not wholly inside the window (none found: an error)."""
    found = page.evaluate(INSIDE, selector)
    assert found, f"nothing matches {selector}"
    return [f["what"] for f in found if not f["inside"]]


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768)])
def test_the_prompt_and_what_it_asks_for_are_on_one_laptop_screen(server, context, size):
    """Tony & Tino without scrolling: the status bar with your hand in the card step, the
    card's menu, then the selected figure's message with the open points to place it on."""
    made = create(server, "tony-tino", ["human", "random"], seed=3)
    page = context(viewport={"width": size[0], "height": size[1]}).new_page()
    page.goto(server.url + made["seats"][0]["link"])
    page.wait_for_function("() => document.querySelector('.status-bar.mine')")
    assert outside(page, "[data-testid=status-text]") == []
    assert outside(page, "[data-testid^=tt-hand-0-]") == []
    assert outside(page, "[data-testid^=tt-faceup-0-]") == []
    page.locator("[data-testid^=tt-hand-0-]").first.click()  # Play / Discard
    assert outside(page, "[data-testid=action-menu] [data-action]") == []
    page.locator("[data-testid=action-menu] [data-action^=discard]").click()
    page.wait_for_function("() => document.querySelector('.status-bar.mine [data-testid]')")
    figure = page.locator("[data-testid^=tt-faceup-0-][data-select]").first
    figure.wait_for()
    figure.click()  # Tony's two face-up figures differ: first choose one
    page.get_by_test_id("message").wait_for()
    assert "Now choose where" in page.get_by_test_id("message").inner_text()
    assert outside(page, "[data-testid=message]") == []
    assert outside(page, "#board [data-action^='place ']") == []
    assert page.evaluate("scrollY") == 0


def test_on_a_phone_your_hand_shows_below_the_prompt(server, context):
    # your panel scrolls with the table (pinned, it covered the board and the other player:
    # issue 44); scrolled to, the whole hand shows below the pinned prompt
    made = create(server, "tony-tino", ["human", "random"], seed=3)
    page = context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(server.url + made["seats"][0]["link"])
    page.wait_for_function("() => document.querySelector('.status-bar.mine')")
    page.locator("[data-testid^=tt-hand-0-]").last.scroll_into_view_if_needed()
    assert outside(page, "[data-testid=status-text]") == []
    assert outside(page, "[data-testid^=tt-hand-0-]") == []


FITS = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
  .map((e) => e.textContent.trim().slice(0, 40))"""
CARDS = ".tt-card, .tt-card-name, .cf-card, .cf-space, .ac-card, .ni-smuggler, .nc-card"
CARDS += ", .seat-panel"
#: words a narrow card broke in two ("Profession-al"): a word drawn on more than one line
BROKEN = """(selector) => [...document.querySelectorAll(selector)].flatMap((e) => {
  const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  const broken = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (tops.size > 1) broken.push(m[0]);
    }
  }
  return broken;
})"""
NAMES = ".tt-card-name, .cf-card, .ni-name, .ac-card-name, .nc-card-name"


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("width", [390, 1280])
def test_card_names_fit_their_cards(server, context, width, lang):
    """Professional (Profspeler, Een mooie politiezet) in a hand of Tony & Tino and a lottery
    ticket and a private jet on Counterfeiters' black market: no name cut off or spilling out."""
    deals = (
        ("tony-tino", ["human", "random"], 5),  # Tony holds Professional, New Value, Police
        ("counterfeiters", ["human", "random", "random"], 1),
    )
    for game, seats, seed in deals:
        made = create(server, game, seats, seed=seed)
        ctx = context(viewport={"width": width, "height": 844})
        ctx.add_init_script(f"localStorage.setItem('contraband.lang', '{lang}')")
        page = ctx.new_page()
        page.goto(server.url + made["seats"][0]["link"])
        page.wait_for_function("() => document.querySelector('.status-bar.mine')")
        assert page.evaluate(FITS, CARDS) == [], game
        assert page.evaluate(BROKEN, NAMES) == [], game
        if game == "counterfeiters":
            names = page.locator("[data-testid^=cf-market-] .cf-card").all_inner_texts()
            assert any("(A9)" in name for name in names), names  # the lottery ticket, whole


def test_the_police_button_names_the_card_it_cancels(server, context):
    """Tino holds a Police; whenever Tony plays a card against which it may be used, the
    button (and its line in All choices) says which card: "Police! Cancel the Shift"."""
    made = create(server, "tony-tino", ["random", "human"], seed=9)  # Tino's hand has Police
    page = context().new_page()
    page.goto(server.url + made["seats"][1]["link"])
    rng = random.Random(3)
    played = Played()
    for _ in range(60):
        page.wait_for_function(
            "() => document.querySelector('.status-bar.mine, [data-testid=end-screen]')"
        )
        police = page.locator(".status-buttons [data-action=police]")
        if police.count():
            card = page.get_by_test_id("tt-in-play").locator(".tt-card-name").inner_text()
            assert police.inner_text() == f"Police! Cancel the {card}"
            listed = page.locator("[data-testid=choice-list] [data-action=police]").text_content()
            assert listed.strip().endswith(f"Police! Cancel the {card}")
            return
        if step(page, rng, played, avoid=re.compile(r"^police$")) == "over":
            break
    pytest.fail("Tony never played a card Tino's Police could cancel")


def test_the_dutch_setup_form_names_seats_and_choices_in_dutch(server, context):
    ctx = context()
    ctx.add_init_script("localStorage.setItem('contraband.lang', 'nl')")
    page = ctx.new_page()
    page.goto(f"{server.url}/")
    page.get_by_test_id("pick-nacho-incident").click()
    page.get_by_test_id("players").select_option("4")
    labels = page.locator("[data-testid=setup] label[for^=seat-]").all_inner_texts()
    assert labels == ["Plaats 1 (rood)", "Plaats 2 (blauw)", "Plaats 3 (groen)", "Plaats 4 (geel)"]
    page.get_by_test_id("pick-narcos").click()
    modes = page.get_by_test_id("option-mode").locator("option").all_inner_texts()
    assert modes == ["basisspel", "gevorderd"]
    page.get_by_test_id("pick-tony-tino").click()
    firsts = page.get_by_test_id("option-first_player").locator("option").all_inner_texts()
    assert firsts == ["Tony (plaats 1)", "Tino (plaats 2)", "willekeurig"]
