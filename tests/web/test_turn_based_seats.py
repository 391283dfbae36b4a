"""Turn-based tables, seat by seat (issue 43): naming oneself at the table, the notification of
a new turn in a background tab, a seat out of time that another player hands to a bot, tables
that ended without a result, and the creation form in Dutch.

A seat runs out of time only after hours or days on the server's clocks, so those tests show
the page a table as the server would send it (its answers rewritten on the way, the live
socket held silent) and check what the page makes of it and what it asks the server.
"""

from __future__ import annotations

import contextlib
import json
import random
import time

import httpx
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.table import Played, step
from tests.web.table import api_create as create

SEAT = "s => document.querySelector('.table-page')?.dataset.seat === s"
#: a page that records its desktop notifications instead of showing them, and whose
#: document.hidden the test sets (window.__hidden)
FAKE_NOTIFICATIONS = """
window.__notes = [];
window.__hidden = false;
Object.defineProperty(Document.prototype, 'hidden', {
  get() { return window.__hidden; }, configurable: true,
});
class FakeNotification {
  constructor(title, options) {
    window.__notes.push({ title, body: options && options.body, tag: options && options.tag });
  }
  close() {}
}
FakeNotification.permission = localStorage.getItem('fake.permission') || 'default';
FakeNotification.requestPermission = (done) => {
  FakeNotification.permission = 'granted';
  localStorage.setItem('fake.permission', 'granted');  // the browser remembers it
  if (done) done('granted');
  return Promise.resolve('granted');
};
window.Notification = FakeNotification;
"""


def test_a_player_names_themselves_or_not_and_a_name_is_unique_at_the_table(server, context):
    made = create(server, {"game": "tony-tino", "seats": ["human", "human"], "mode": "turn"})
    anna = context().new_page()
    bert = context().new_page()
    bert.goto(server.url + made["seats"][1]["link"])
    # his seat has no name: the page asks, and he may say "not now" (remembered)
    bert.get_by_test_id("name-form").wait_for()
    assert "Your name at this table" in bert.get_by_test_id("name-form").inner_text()
    bert.get_by_test_id("name-skip").click()
    bert.get_by_test_id("name-form").wait_for(state="detached")
    bert.reload()
    bert.get_by_test_id("players").wait_for()
    assert bert.get_by_test_id("name-form").count() == 0
    # ... and name himself later from his own seat
    bert.get_by_test_id("rename").click()
    bert.get_by_test_id("name-input").fill("Bert")
    bert.get_by_test_id("name-save").click()
    bert.wait_for_function(
        "() => document.querySelector('[data-testid=player-name-1]')?.textContent === 'Bert'"
    )
    # the table's own update may arrive before the answer to the save: wait for the form to close
    bert.get_by_test_id("name-form").wait_for(state="detached")
    # Anna is asked too; the same name (in other letters' case) is refused with the reason
    anna.goto(server.url + made["seats"][0]["link"])
    anna.get_by_test_id("name-form").wait_for()
    anna.get_by_test_id("name-input").fill("bert")
    anna.get_by_test_id("name-save").click()
    anna.get_by_test_id("name-error").wait_for()
    assert "taken" in anna.get_by_test_id("name-error").inner_text()
    anna.get_by_test_id("name-input").fill("Anna")
    anna.get_by_test_id("name-save").click()
    anna.get_by_test_id("name-form").wait_for(state="detached")
    # Bert sees her name at once: strip, seat panel, the status line
    bert.wait_for_function(
        "() => document.querySelector('[data-testid=player-name-0]')?.textContent === 'Anna'"
    )
    assert bert.get_by_test_id("player-tag-0").inner_text() == "Anna"
    assert "Anna (Tony)" in bert.get_by_test_id("status-text").inner_text()
    # a name chosen once is offered at the next table
    bert.goto(f"{server.url}/")
    other = create(
        server,
        {"game": "tony-tino", "seats": ["human", "open"], "public": True, "mode": "turn"},
    )
    bert.get_by_test_id(f"join-{other['id']}").click()
    assert bert.get_by_test_id(f"join-name-{other['id']}").input_value() == "Bert"


def test_a_background_tab_notifies_a_new_turn_once_allowed(server, context):
    made = create(
        server,
        {"game": "tony-tino", "seats": ["human", "human"], "mode": "turn",
         "names": ["Anna", "Bert"]},
    )  # fmt: skip
    anna = context().new_page()
    ctx = context()
    ctx.add_init_script(FAKE_NOTIFICATIONS)
    bert = ctx.new_page()
    # nothing is asked on load: the permission waits for the button
    bert.goto(f"{server.url}/")
    bert.get_by_test_id("notify-me").click()
    bert.get_by_test_id("notify-on").wait_for()
    bert.goto(server.url + made["seats"][1]["link"])
    bert.get_by_test_id("notify-on").wait_for()  # at the table too
    bert.wait_for_function("() => !document.title.startsWith('(')")
    bert.wait_for_timeout(500)  # the tab's first look at the player's games
    bert.evaluate("window.__hidden = true")  # Bert looks at another tab
    anna.goto(server.url + made["seats"][0]["link"])
    rng, played = random.Random(2), Played()
    deadline = time.monotonic() + 120
    while not bert.evaluate("document.title.startsWith('(1) ')"):
        assert time.monotonic() < deadline, "Bert's tab never showed his turn"
        # Anna's last move hands the turn over before Bert's tab shows it: look again
        with contextlib.suppress(PlaywrightTimeout):
            step(anna, rng, played, timeout=2)
    bert.wait_for_function("() => window.__notes.length > 0")
    notes = bert.evaluate("window.__notes")
    assert notes[0]["title"] == "Your turn"
    assert notes[0]["body"] == "Tony & Tino: it is your turn."
    assert anna.evaluate("() => !document.title.startsWith('(')")


def rewrite(page, game_id: str, change) -> None:
    """The page sees the table changed by ``change`` (a function of its payload), and its
    live socket stays silent."""

    def table(route):
        answer = route.fetch()
        route.fulfill(response=answer, json=change(answer.json()))

    page.route(f"**/api/games/{game_id}", table)
    page.route_web_socket("**/live*", lambda ws: None)


def out_of_time(payload: dict) -> dict:
    payload["mode"], payload["clock"] = "turn", {"bank": 86400.0, "credit": 14400.0}
    for seat in payload["seats"]:
        seat["clock"] = {"left": 50000.0, "running": False, "out_of_time": False}
    payload["seats"][1].update(
        gone=True, name="Bert", clock={"left": 0.0, "running": True, "out_of_time": True}
    )
    payload["seats"][0]["name"] = "Anna"
    return payload


def test_another_player_hands_an_out_of_time_seat_to_a_bot(server, context):
    made = create(server, {"game": "tony-tino", "seats": ["human", "human"]})
    page = context().new_page()
    rewrite(page, made["id"], out_of_time)
    asked = []

    def hand(route):
        asked.append((route.request.headers.get("authorization"), route.request.post_data_json))
        payload = out_of_time(json.loads(httpx.get(
            f"{server.url}/api/games/{made['id']}",
            headers={"Authorization": f"Bearer {made['seats'][0]['token']}"}, timeout=30,
        ).text))  # fmt: skip
        payload["seats"][1].update(bot="medium", gone=False, clock=None)
        route.fulfill(json=payload)

    page.route(f"**/api/games/{made['id']}/seats/1/bot", hand)
    page.goto(server.url + made["seats"][0]["link"])
    page.get_by_test_id("clock-1").wait_for()
    assert page.get_by_test_id("clock-1").inner_text().strip() == "out of time"
    player = page.get_by_test_id("player-1")
    assert "Out of time: any player may hand this seat to a bot." in player.inner_text()
    assert page.get_by_test_id("hand-gone-0").count() == 0  # never one's own seat
    page.get_by_test_id("hand-gone-1").click()
    page.get_by_test_id("player-bot-1").wait_for()
    assert asked == [(f"Bearer {made['seats'][0]['token']}", {"agent": "medium"})]
    assert page.get_by_test_id("hand-gone-1").count() == 0


def test_tables_that_ended_without_a_result_say_why(server, context):
    made = create(server, {"game": "tony-tino", "seats": ["human", "human"], "mode": "turn"})
    for status, why, rematch in (
        ("abandoned", "Abandoned: the player on move ran out of time and nobody replaced them.", 1),
        ("expired", "Expired: nobody joined in time.", 0),
    ):
        page = context().new_page()

        def ended(payload, status=status):
            payload.update(status=status, over=True, result=None, legal=[])
            return payload

        rewrite(page, made["id"], ended)
        page.goto(server.url + made["seats"][0]["link"])
        page.get_by_test_id("ended-why").wait_for()
        assert page.get_by_test_id("ended-why").inner_text() == why
        assert page.get_by_test_id("status-text").inner_text() == why
        assert page.get_by_test_id("rematch").count() == rematch
        assert page.get_by_test_id("players").count() == 0


def test_the_dutch_form_offers_the_clocks_in_dutch(server, context):
    ctx = context()
    ctx.add_init_script("localStorage.setItem('contraband.lang', 'nl')")
    page = ctx.new_page()
    page.goto(f"{server.url}/")
    page.get_by_test_id("pick-tony-tino").click()
    modes = page.get_by_test_id("mode").locator("option").all_inner_texts()
    assert modes == ["Live: iedereen tegelijk aan tafel", "Per beurt: spelen over dagen"]
    live = page.get_by_test_id("clock").locator("option").all_inner_texts()
    assert live[0] == "Geen klok"
    assert "Bliksem: 5 minuten, +10 seconden per beslissing" in live
    page.get_by_test_id("mode").select_option("turn")
    turn = page.get_by_test_id("clock").locator("option").all_inner_texts()
    assert turn == [
        "Snel: 1 dag, +4 uur per beslissing",
        "Normaal: 3 dagen, +1 dag per beslissing",
        "Langzaam: 7 dagen, +2 dagen per beslissing",
        "Geen klok",
    ]
    page.get_by_test_id("seat-1").select_option("open")
    assert "open plaatsen is openbaar" in page.get_by_test_id("open-needs-public").inner_text()
