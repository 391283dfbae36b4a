"""The server's refusals in the page's language: a Dutch player who joins with a name already
taken, or too late, and a Dutch host who hands a seat to a bot too soon, read Dutch, with seats
numbered as the page numbers them; the English page words the same refusal in English."""

from __future__ import annotations

import httpx

from tests.web.table import api_create


def dutch(context, **options):
    ctx = context(**options)
    ctx.add_init_script("localStorage.setItem('contraband.lang', 'nl')")
    return ctx.new_page()


def test_a_dutch_player_joining_reads_why_not_in_dutch(server, context, artifacts):
    made = api_create(
        server,
        {"game": "tony-tino", "seats": ["human", "open"], "public": True, "mode": "turn",
         "names": ["Anna"]},
    )  # fmt: skip
    page = dutch(context, viewport={"width": 390, "height": 844})
    page.goto(f"{server.url}/")
    page.get_by_test_id(f"join-{made['id']}").click()
    page.get_by_test_id(f"join-name-{made['id']}").fill("anna")
    page.get_by_test_id(f"join-go-{made['id']}").click()
    form = page.get_by_test_id(f"join-form-{made['id']}")
    form.get_by_role("alert").wait_for()
    assert form.get_by_role("alert").inner_text() == (
        "“anna” is al bezet aan deze tafel: kies een andere naam."
    )
    # someone else takes the seat meanwhile: the table begins and looks for nobody
    taken = httpx.post(f"{server.url}/api/games/{made['id']}/join", json={"name": "Cor"})
    assert taken.status_code == 200, taken.text
    page.get_by_test_id(f"join-name-{made['id']}").fill("Bert")
    page.get_by_test_id(f"join-go-{made['id']}").click()
    page.wait_for_function(
        "() => document.querySelector('[role=alert]')?.textContent.startsWith('Deze tafel')"
    )
    assert form.get_by_role("alert").inner_text() == "Deze tafel zoekt geen spelers."
    form.screenshot(path=artifacts / "refusal-join-nl-390.png")


def test_a_host_handing_a_seat_too_soon_reads_why_in_the_page_language(server, context):
    made = api_create(server, {"game": "tony-tino", "seats": ["human", "human"], "mode": "turn"})
    expected = {
        "nl": "De speler van plaats 2 heeft nog tijd: een plaats gaat naar een bot als de tijd "
        "van de speler op is, of vanaf de eigen plaats van de speler.",
        "en": "Seat 2's player still has time: a seat goes to a bot once its player has run out "
        "of time on the table's clock, or from the player's own seat.",
    }
    for lang, words in expected.items():
        page = dutch(context) if lang == "nl" else context().new_page()
        page.goto(server.url + made["host_link"])
        page.get_by_test_id("hand-to-bot-1").click()
        refused = page.get_by_test_id("hand-refused-1")
        refused.wait_for()
        assert refused.inner_text().strip() == words
