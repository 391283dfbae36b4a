"""E-mail in the browser (issue 43), on a `contraband serve` of its own that sends through a
real SMTP server (aiosmtpd) started here: "E-mail me when it is my turn" at a turn-based table
(a refused address in the page's words, the verification message read from the SMTP server,
its link opened, the table reporting the address confirmed, then forgotten), and a player key's
address: confirmed, the key mailed to it, a lost key replaced from it in another browser (the
old key then says it was replaced).
"""

from __future__ import annotations

import re
import time

import pytest

from tests.server.processes import Server
from tests.server.test_mail import smtp_server
from tests.web.test_keys import LINK, create, fits, open_dialog

STATE = "s => document.querySelector('[data-testid=mail-me]')?.dataset.state === s"
PHASE = "s => document.querySelector('[data-testid=me]')?.dataset.phase === s"


@pytest.fixture(scope="module")
def mailing(built, tmp_path_factory):
    """A server that sends e-mail, and the SMTP server's inbox."""
    controller, inbox = smtp_server()
    db = tmp_path_factory.mktemp("mail-ui") / "games.db"
    srv = Server(f"sqlite:///{db}", bots=1, policy={"CONTRABAND_TRUSTED_SEEDS": "1"})
    srv.policy.update(
        CONTRABAND_SMTP_URL=f"smtp://127.0.0.1:{controller.port}",
        CONTRABAND_MAIL_FROM="games@example.org",
        CONTRABAND_PUBLIC_URL=srv.url,
    )
    try:
        srv.start()
        yield srv, inbox
    finally:
        srv.stop()
        controller.stop()


def mail(inbox, address: str, count: int, timeout: float = 30.0):
    """The ``count``-th message to ``address``, once the server sent it."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = inbox.to(address)
        if len(got) >= count:
            return got[count - 1]
        time.sleep(0.1)
    raise AssertionError(
        f"no message {count} to {address}: {[m['Subject'] for m in inbox.messages]}"
    )


def link_in(message, base: str, path: str) -> str:
    """The link of ``path`` (a regular expression) in the message's text."""
    found = re.search(rf"{re.escape(base)}{path}", message.get_content())
    assert found, message.get_content()
    return found.group(0)


def test_your_turn_email_is_asked_for_confirmed_and_forgotten_at_the_table(
    mailing, context, artifacts
):
    server, inbox = mailing
    page = context(viewport={"width": 1280, "height": 800}).new_page()
    game = create(page, server.url, "tony-tino", ["human", "easy"], mode="turn")
    page.get_by_test_id("open-seat-0").click()
    page.wait_for_function(STATE, arg="none")
    button = page.get_by_test_id("mail-me")
    assert button.inner_text().strip() == "E-mail me when it is my turn"
    button.click()
    panel = page.get_by_test_id("mail-panel")
    assert "nobody else at the table sees it" in panel.inner_text()
    # a wrong address: refused, in the page's words for the server's refusal
    page.get_by_test_id("mail-form-input").fill("ann at example")
    page.get_by_test_id("mail-form-go").click()
    said = page.get_by_test_id("mail-form-said")
    said.wait_for()
    assert said.inner_text() == "Give one e-mail address, such as ann@example.org."
    page.get_by_test_id("mail-form-input").fill("ann@example.org")
    page.get_by_test_id("mail-form-go").click()
    page.wait_for_function(STATE, arg="pending")
    status = page.get_by_test_id("mail-status").inner_text()
    assert status == "Check your inbox (a•••@example.org): follow the link to confirm.", status
    assert "ann@" not in page.content()  # only masked, even to its own seat
    page.screenshot(path=artifacts / "mail-pending-1280.png")

    # the verification message, its link opened in another tab: the table hears of it
    message = mail(inbox, "ann@example.org", 1)
    verify = link_in(message, server.url, r"/mail/verify/[A-Za-z0-9_-]+")
    other = page.context.new_page()
    other.goto(verify)
    assert "Your address is confirmed" in other.locator("main").inner_text()
    other.close()
    page.wait_for_function(STATE, arg="on", timeout=15_000)
    assert page.get_by_test_id("mail-me").inner_text().strip() == "E-mail on"
    status = page.get_by_test_id("mail-status").inner_text()
    assert status == "You get an e-mail at a•••@example.org when it is your turn.", status
    page.screenshot(path=artifacts / "mail-on-1280.png")

    # the same seat on a phone (in Dutch): confirmed there too, and the panel fits
    phone = context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    small = phone.new_page()
    small.goto(page.url)
    small.wait_for_function(STATE, arg="on")
    small.get_by_test_id("lang-switch").click()
    small.get_by_test_id("mail-me").click()
    assert (
        "Je krijgt een e-mail op a•••@example.org"
        in small.get_by_test_id("mail-status").inner_text()
    )
    fits(small, 390)
    small.get_by_test_id("mail-panel").scroll_into_view_if_needed()
    small.screenshot(path=artifacts / "mail-on-390.png")

    # forgotten: nothing more is sent, and the form is offered again
    page.get_by_test_id("mail-forget").click()
    page.wait_for_function(STATE, arg="none")
    assert "Your address is forgotten" in page.get_by_test_id("mail-said").inner_text()
    page.get_by_test_id("mail-form-input").wait_for()
    # a live table has no e-mail
    live = create(page, server.url, "tony-tino", ["human", "easy"])
    page.get_by_test_id("open-seat-0").click()
    page.wait_for_function(f"() => location.pathname.endsWith('/table/{live}')")
    page.get_by_test_id("status-bar").wait_for()
    assert page.get_by_test_id("mail-me").count() == 0
    assert game != live


def test_a_keys_address_mails_the_key_and_replaces_a_lost_one(mailing, context, artifacts):
    server, inbox = mailing
    anna = context(viewport={"width": 1280, "height": 800}).new_page()
    game = create(anna, server.url, "tony-tino", ["human", "easy"], mode="turn")
    anna.goto(f"{server.url}/")
    dialog = open_dialog(anna)
    assert dialog.get_attribute("data-mail") == "on"
    anna.get_by_test_id("lost-key").wait_for()  # "Lost your key?" where e-mail is sent
    anna.get_by_test_id("key-make").click()
    old = LINK.match(anna.get_by_test_id("key-link").input_value()).group(1)
    anna.get_by_test_id("key-address-input").fill("kim@example.org")
    anna.get_by_test_id("key-address-go").click()
    said = anna.get_by_test_id("key-address-said")
    said.wait_for()
    assert said.inner_text() == "Check your inbox: follow the link to confirm."
    anna.screenshot(path=artifacts / "key-dialog-mail-1280.png")
    anna.get_by_test_id("key-done").click()
    # the key's mail before the address is confirmed: it has none yet
    open_dialog(anna)
    anna.get_by_test_id("key-send").click()
    assert "no confirmed address yet" in anna.get_by_test_id("key-note").inner_text()
    verify = link_in(mail(inbox, "kim@example.org", 1), server.url, r"/mail/key/[A-Za-z0-9_-]+")
    other = anna.context.new_page()
    other.goto(verify)
    assert "player key is confirmed" in other.locator("main").inner_text()
    other.close()
    anna.get_by_test_id("key-send").click()
    anna.wait_for_function(
        "() => document.querySelector('[data-testid=key-note]')?.textContent.startsWith('Sent')"
    )
    sent = link_in(mail(inbox, "kim@example.org", 2), server.url, r"/me#key=[A-Za-z0-9_-]+")
    assert sent == f"{server.url}/me#key={old}"
    anna.keyboard.press("Escape")

    # another browser, without the key: "Lost your key?" with the address
    bert = context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    ).new_page()
    bert.goto(f"{server.url}/")
    open_dialog(bert)
    bert.get_by_test_id("lost-key").locator("summary").click()
    bert.get_by_test_id("lost-form-input").fill("kim@example.org")
    bert.get_by_test_id("lost-form-go").click()
    said = bert.get_by_test_id("lost-form-said")
    said.wait_for()
    assert said.inner_text() == "If a key is verified at this address, a link was sent to it."
    fits(bert, 390)
    bert.screenshot(path=artifacts / "key-lost-390.png")
    replace = link_in(
        mail(inbox, "kim@example.org", 3), server.url, r"/mail/replace/[A-Za-z0-9_-]+"
    )
    bert.goto(replace)
    bert.locator("button[type=submit]").click()
    bert.locator("main a").click()  # the new key's link: /me#key=…
    bert.wait_for_function(PHASE, arg="found")
    bert.get_by_test_id(f"me-game-{game}").wait_for()
    new = bert.evaluate("() => JSON.parse(localStorage.getItem('contraband.key.v1')).key")
    assert new != old

    # the old key no longer works: its link says so, and Anna's lobby marks her key
    anna.goto(f"{server.url}/me#key={old}")
    anna.wait_for_function(PHASE, arg="replaced")
    assert "no longer works" in anna.get_by_test_id("me-replaced").inner_text()
    anna.get_by_test_id("lost-key").wait_for()
    anna.screenshot(path=artifacts / "key-me-replaced-1280.png")
    anna.get_by_test_id("me-lobby").click()
    assert anna.get_by_test_id("key-button").get_attribute("data-key") == "replaced"
    open_dialog(anna)
    assert "was replaced by a new one" in anna.get_by_test_id("key-replaced").inner_text()
    # opening the new key's link there brings her game back under it
    anna.goto(f"{server.url}/me#key={new}")
    anna.wait_for_function(PHASE, arg="found")
    anna.get_by_test_id(f"me-game-{game}").wait_for()
