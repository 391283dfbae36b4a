"""Player keys in the browser (issue 43): one player's games carried to a fresh browser by the
key's link, without an account. The link is shown once with its warning; the browser's seats
are kept under it, and so is every new seat afterwards; /me#key=… on another device brings them
all into its "My games", where one is opened and played. On a server that sends no e-mail the
key's e-mail parts are not offered. The dialog and the /me page on a phone too.
"""

from __future__ import annotations

import random
import re

from tests.web.table import Played, step, version

SEAT = "s => document.querySelector('.table-page')?.dataset.seat === s"
LINK = re.compile(r"^http://127\.0\.0\.1:\d+/me#key=([A-Za-z0-9_-]{20,})$")
STORED = "() => JSON.parse(localStorage.getItem('contraband.key.v1') || 'null')"


def create(page, base: str, game: str, seats: list[str], mode: str = "live") -> str:
    """A game made in the lobby by clicking; its id."""
    page.goto(f"{base}/")
    page.get_by_test_id(f"pick-{game}").click()
    page.get_by_test_id("players").select_option(str(len(seats)))
    page.get_by_test_id("mode").select_option(mode)
    for seat, spec in enumerate(seats):
        page.get_by_test_id(f"seat-{seat}").select_option(spec)
    page.get_by_test_id("create").click()
    page.get_by_test_id("created").wait_for()
    link = page.get_by_test_id("seat-link-0").input_value()
    return link.split("/table/")[1].split("#")[0]


def open_dialog(page):
    page.get_by_test_id("key-button").click()
    dialog = page.get_by_test_id("key-dialog")
    dialog.wait_for()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=key-dialog]').dataset.mail !== 'unknown'"
    )
    return dialog


def make_key(page) -> str:
    """The key's link, made in the open dialog."""
    page.get_by_test_id("key-make").click()
    link = page.get_by_test_id("key-link")
    link.wait_for()
    page.get_by_test_id("key-kept").wait_for()
    return link.input_value()


def fits(page, width: int) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    wide = page.evaluate(
        """(w) => [...document.querySelectorAll('body *')].filter((e) => {
          const r = e.getBoundingClientRect(); return r.width && r.right > w + 1; })
          .map((e) => e.tagName + '.' + e.className)""",
        width,
    )
    assert wide == [], wide


def test_a_player_key_carries_ones_games_to_a_fresh_browser(server, context, artifacts):
    anna = context(viewport={"width": 1280, "height": 800}).new_page()
    tony = create(anna, server.url, "tony-tino", ["human", "easy"], mode="turn")
    fakes = create(anna, server.url, "counterfeiters", ["human", "easy"])
    anna.goto(f"{server.url}/")
    assert anna.get_by_test_id("key-button").get_attribute("data-key") == "none"
    dialog = open_dialog(anna)
    text = dialog.inner_text()
    assert "No account needed" in text and "secret link" in text, text
    # this server sends no e-mail (its 409): no address, no "Lost your key?"
    assert dialog.get_attribute("data-mail") == "off"
    assert anna.get_by_test_id("lost-key").count() == 0
    link = make_key(anna)
    key = LINK.match(link).group(1)
    assert link.startswith(server.url)
    warning = anna.get_by_test_id("key-warning").inner_text()
    assert "Whoever has this link can play your seats" in warning, warning
    assert "shown only now" in warning, warning
    assert (
        anna.get_by_test_id("key-kept").inner_text()
        == "2 games of this browser kept under the key."
    )
    assert anna.get_by_test_id("key-address").count() == 0
    assert anna.evaluate(STORED) == {"key": key, "replaced": False}
    anna.screenshot(path=artifacts / "key-dialog-1280.png")
    anna.get_by_test_id("key-done").click()
    dialog.wait_for(state="detached")
    # shown once: opened again, the dialog says the key is held, and shows no link
    assert anna.get_by_test_id("key-button").get_attribute("data-key") == "on"
    open_dialog(anna)
    anna.get_by_test_id("key-held").wait_for()
    assert anna.get_by_test_id("key-link").count() == 0
    assert key not in anna.get_by_test_id("key-dialog").inner_text()
    anna.keyboard.press("Escape")
    anna.get_by_test_id("key-dialog").wait_for(state="detached")

    # another device: the link alone brings both games into its lobby
    bert = context(viewport={"width": 1280, "height": 800}).new_page()
    bert.goto(link)
    me = bert.get_by_test_id("me")
    bert.wait_for_function(
        "() => document.querySelector('[data-testid=me]')?.dataset.phase === 'found'"
    )
    assert bert.get_by_test_id("me-found").inner_text().startswith("2 games found")
    for game in (tony, fakes):
        bert.get_by_test_id(f"me-game-{game}").wait_for()
    assert "Tony & Tino" in bert.get_by_test_id(f"me-game-{tony}").inner_text()
    assert "turn-based" in bert.get_by_test_id(f"me-game-{tony}").inner_text()
    assert bert.url == f"{server.url}/me"  # the secret left the address bar; the browser holds it
    assert bert.evaluate(STORED) == {"key": key, "replaced": False}
    assert me.get_attribute("data-mail") == "off"
    bert.screenshot(path=artifacts / "key-me-1280.png")
    bert.get_by_test_id("me-lobby").click()
    running = bert.get_by_test_id("my-running")
    for game in (tony, fakes):
        running.get_by_test_id(f"my-game-{game}").wait_for()
    assert bert.get_by_test_id("key-button").get_attribute("data-key") == "on"
    # Bert plays Anna's seat of Tony & Tino: the seat's link came with the key
    running.get_by_test_id(f"my-game-{tony}").locator("a").first.click()
    bert.wait_for_function(SEAT, arg="0")
    before = version(bert)
    assert step(bert, random.Random(3), Played()) == "acted"
    assert version(bert) > before

    # every new seat of Anna's browser is kept under the key by itself
    solo = create(anna, server.url, "al-cabohne", ["human"])
    bert.goto(f"{server.url}/me")  # the key this browser holds, without a link
    bert.get_by_test_id(f"me-game-{solo}").wait_for()
    assert bert.get_by_test_id("me-found").inner_text().startswith("3 games found")

    # on a phone: a key of its own, shown once, then Anna's link opened there
    phone = context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    carla = phone.new_page()
    own = create(carla, server.url, "tony-tino", ["human", "easy"], mode="turn")
    carla.goto(f"{server.url}/")
    open_dialog(carla)
    fits(carla, 390)
    carla.screenshot(path=artifacts / "key-dialog-start-390.png")
    make_key(carla)
    assert (
        carla.get_by_test_id("key-kept").inner_text()
        == "1 game of this browser kept under the key."
    )
    fits(carla, 390)
    carla.screenshot(path=artifacts / "key-dialog-390.png")
    carla.get_by_test_id("key-done").click()
    carla.goto(link)
    carla.wait_for_function(
        "() => document.querySelector('[data-testid=me]')?.dataset.phase === 'found'"
    )
    for game in (tony, fakes, solo):
        carla.get_by_test_id(f"me-game-{game}").wait_for()
    fits(carla, 390)
    carla.screenshot(path=artifacts / "key-me-390.png", full_page=True)
    # the phone's own game is kept under Anna's key now too
    bert.goto(f"{server.url}/me")
    bert.get_by_test_id(f"me-game-{own}").wait_for()
    assert bert.get_by_test_id("me-found").inner_text().startswith("4 games found")


def test_the_me_page_without_a_key_and_with_a_key_nobody_gave(server, context, artifacts):
    page = context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{server.url}/me")
    page.get_by_test_id("me-none").wait_for()
    assert "Open your player key's link here" in page.get_by_test_id("me-none").inner_text()
    page.goto(f"{server.url}/me#key={'A' * 43}")
    page.get_by_test_id("me-replaced").wait_for()
    assert "no longer works" in page.get_by_test_id("me-replaced").inner_text()
    assert page.url == f"{server.url}/me"
    # in Dutch
    page.get_by_test_id("lang-switch").click()
    assert "werkt niet meer" in page.get_by_test_id("me-replaced").inner_text()
    page.get_by_test_id("me-lobby").click()
    page.get_by_test_id("key-button").wait_for()
    assert "Mijn spellen op elk apparaat" in page.get_by_test_id("key-button").inner_text()
    page.get_by_test_id("lang-switch").click()
