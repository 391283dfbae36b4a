"""E-mail at turn-based tables, through a real SMTP server (aiosmtpd) started by the fixture:
verification first, one message per turn (none to a player at the table), the reminder at a
quarter of the clock, the result at the end, one-click unsubscribe; messages kept and sent once
across a kill -9 while the mail server is down; no message carries what its seat may not see.
"""

from __future__ import annotations

import email
import random
import re
import time
from dataclasses import replace
from email import policy as email_policy
from types import SimpleNamespace

import httpx
import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient

import contraband
from contraband.server import notices
from contraband.server.app import create_app
from contraband.server.clock import DAY, HOUR
from contraband.server.mailer import MailSettings
from tests.server.conftest import TEST_POLICY, auth, wait_until
from tests.server.processes import Server, free_port
from tests.server.test_turn_based import Clock, play, table

PUBLIC = "https://play.example.org"
POLICY = replace(TEST_POLICY, trusted_seeds=False)


class Inbox:
    """aiosmtpd's handler: every message received, parsed."""

    def __init__(self) -> None:
        self.messages: list[email.message.EmailMessage] = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
        parsed = email.message_from_bytes(envelope.content, policy=email_policy.default)
        self.messages.append(parsed)
        return "250 OK"

    def to(self, address: str) -> list[email.message.EmailMessage]:
        return [m for m in self.messages if m["To"] == address]


def smtp_server(port: int | None = None) -> tuple[Controller, Inbox]:
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port or free_port())
    controller.start()
    return controller, inbox


@pytest.fixture
def mailbox():
    controller, inbox = smtp_server()
    yield controller, inbox
    controller.stop()


@pytest.fixture
def mailing(db_url, mailbox):
    controller, inbox = mailbox
    settings = MailSettings(
        "127.0.0.1", controller.port, "plain", None, None, "games@example.org", PUBLIC, 1.0
    )
    clock = Clock()
    app = create_app(db_url, bot_threads=1, bot_pace=0, policy=POLICY, now=clock, mail=settings)
    with TestClient(app) as client:
        # the test sweeps and sends itself (tick): the server's own threads would race it
        app.state.sweeper.stop()
        app.state.mailer.stop()
        client.clock, client.app_state = clock, app.state
        client.inbox, client.settings = inbox, settings
        yield client


def body(message) -> str:
    return message.get_content()


def link_in(message, kind: str) -> str:
    return re.search(rf"{PUBLIC}(/mail/{kind}/[A-Za-z0-9_-]+)", body(message)).group(1)


def tick(client) -> None:
    """One sweep of the notices and the outbox sent, as the server's threads do."""
    notices.sweep(client.app_state.tables, client.settings)
    client.app_state.mailer.send_due()


def test_verify_then_one_message_a_turn_a_reminder_the_end_and_unsubscribe(mailing):
    inbox = mailing.inbox
    made = mailing.post(
        "/api/games",
        json={"game": "tony-tino", "seats": ["human", "human"], "mode": "turn", "clock": "fast"},
    ).json()
    tokens = [s["token"] for s in made["seats"]]
    addresses = ["ann@example.org", "bo@example.org"]
    for token, address in zip(tokens, addresses, strict=True):
        asked = mailing.post(
            f"/api/games/{made['id']}/email", json={"address": address}, headers=auth(token)
        )
        assert (
            asked.status_code == 202 and asked.json()["address"] == address[0] + "•••@example.org"
        )
    mailing.app_state.mailer.send_due()
    assert [len(inbox.to(a)) for a in addresses] == [1, 1]
    verify = inbox.to(addresses[0])[0]
    assert "Confirm" in verify["Subject"] and tokens[0] not in body(verify)
    mailing.clock.advance(HOUR)  # everybody away
    tick(mailing)
    assert [len(inbox.to(a)) for a in addresses] == [1, 1]  # nothing before verification
    for address in addresses:
        assert mailing.get(link_in(inbox.to(address)[0], "verify")).status_code == 200
    tick(mailing)
    mover = table(mailing, made)["to_move"]
    turn = inbox.to(addresses[mover])[-1]
    assert turn["Subject"] == "Your turn: Tony & Tino"
    assert f"{PUBLIC}/table/{made['id']}#token={tokens[mover]}" in body(turn)
    assert "Time left on your clock: 23 h" in body(turn)
    assert turn["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    tick(mailing)
    assert len(inbox.to(addresses[mover])) == 2  # once a turn, however many sweeps
    # the mover's whole turn (however many decisions) makes the other one message
    after = play(mailing, made, mover)
    while after["to_move"] == mover:
        after = play(mailing, made, mover)
    other = after["to_move"]
    mailing.clock.advance(HOUR)
    tick(mailing)
    assert len(inbox.to(addresses[other])) == 2
    assert "The last move was" in body(inbox.to(addresses[other])[-1])
    # the other plays its turn at once and the first is at the table: no message for it
    after = play(mailing, made, other)
    while after["to_move"] == other:
        after = play(mailing, made, other)
    table(mailing, made, tokens[mover])  # the first player looks at the table now
    tick(mailing)
    assert len(inbox.to(addresses[mover])) == 2
    mailing.clock.advance(HOUR)  # ... and leaves: now it is written to
    tick(mailing)
    assert len(inbox.to(addresses[mover])) == 3
    # a quarter of the clock left: one reminder
    mailing.clock.advance(18 * HOUR)
    tick(mailing)
    tick(mailing)
    reminders = [m for m in inbox.to(addresses[mover]) if "quarter" in m["Subject"]]
    assert len(reminders) == 1
    # one click stops them (a mail program's POST)
    stop = re.search(
        r"<https://play\.example\.org(/mail/unsubscribe/[^>]+)>", turn["List-Unsubscribe"]
    )
    assert mailing.post(stop.group(1)).status_code == 200
    assert "Stop" in mailing.get(stop.group(1)).text
    # the game ends (both hand their seats to bots): the result to the one still subscribed
    for seat, token in enumerate(tokens):
        mailing.post(
            f"/api/games/{made['id']}/seats/{seat}/bot",
            json={"agent": "random"},
            headers=auth(token),
        )
    wait_until(lambda: table(mailing, made)["over"], timeout=60)
    before = [len(inbox.to(a)) for a in addresses]
    tick(mailing)
    tick(mailing)
    ended = [len(inbox.to(a)) - b for a, b in zip(addresses, before, strict=True)]
    assert ended[mover] == 0 and ended[other] == 1
    last = inbox.to(addresses[other])[-1]
    assert last["Subject"] == "Game over: Tony & Tino" and "Won" in body(last)


def test_addresses_are_checked_and_only_for_turn_based_tables(mailing):
    live = mailing.post(
        "/api/games", json={"game": "tony-tino", "seats": ["human", "random"]}
    ).json()
    url = f"/api/games/{live['id']}/email"
    token = auth(live["seats"][0]["token"])
    assert mailing.post(url, json={"address": "a@example.org"}, headers=token).status_code == 409
    turn = mailing.post(
        "/api/games", json={"game": "tony-tino", "seats": ["human", "random"], "mode": "turn"}
    ).json()
    url, token = f"/api/games/{turn['id']}/email", auth(turn["seats"][0]["token"])
    for bad in (
        "nobody",
        "a@b",
        "a b@example.org",
        "x@example.org\r\nBcc: y@example.org",
        "<a@example.org>",
    ):
        assert mailing.post(url, json={"address": bad}, headers=token).status_code == 422, bad
    assert (
        mailing.post(
            url, json={"address": "a@example.org"}, headers=auth(turn["host_token"])
        ).status_code
        == 403
    )
    assert mailing.get(url, headers=auth(turn["spectator_token"])).status_code == 403
    assert mailing.get(url, headers=token).json()["address"] is None
    assert mailing.get("/mail/verify/" + "x" * 43).status_code == 404


def test_a_message_is_the_same_for_every_deal_the_public_allows():
    """Built from what a spectator sees: a determinization for any seat (another deal of what
    the seat does not know) gives the very same text, so no message carries a hidden card."""
    for info in contraband.games():
        game = contraband.load(info.id)
        players = max(2, info.min_players)
        state = game.new(players, seed=11)
        rng = random.Random(5)
        for step in range(60):
            if state.is_terminal():
                break
            if step % 7 == 3:
                seat = state.current_player
                row = SimpleNamespace(
                    game=info.id,
                    status="running",
                    seats=[
                        {"seat": s, "name": f"P{s}", "bank": DAY, "turn_since": 0.0}
                        for s in range(players)
                    ],
                )
                expected = notices.your_turn(state, row, seat, HOUR, "en", reminder=False)
                for other in range(players):
                    guess = state.determinize(other, rng.randrange(2**32))
                    assert (
                        notices.your_turn(guess, row, seat, HOUR, "en", reminder=False) == expected
                    )
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.slow
def test_messages_are_kept_and_sent_once_across_a_kill_while_the_mail_server_is_down(tmp_path):
    port = free_port()
    env = {
        "CONTRABAND_SMTP_URL": f"smtp://127.0.0.1:{port}",
        "CONTRABAND_MAIL_FROM": "games@example.org",
        "CONTRABAND_PUBLIC_URL": PUBLIC,
        "CONTRABAND_MAIL_RETRY": "0.5",
    }
    db = f"sqlite:///{tmp_path / 'mail.db'}"
    server = Server(db, policy=env).start()
    made = httpx.post(
        f"{server.url}/api/games",
        json={"game": "tony-tino", "seats": ["human", "random"], "mode": "turn"},
    ).json()
    token = made["seats"][0]["token"]
    asked = httpx.post(
        f"{server.url}/api/games/{made['id']}/email",
        json={"address": "ann@example.org"},
        headers=auth(token),
    )
    assert asked.status_code == 202
    time.sleep(3)  # the sender tries and fails: nobody listens on the mail port
    server.kill()
    assert "failed" in server.log()
    controller, inbox = smtp_server(port)
    try:
        again = Server(db, policy=env).start()
        try:
            wait_until(lambda: inbox.to("ann@example.org"), timeout=30)
            time.sleep(3)  # more sweeps and sends: still one
            assert len(inbox.to("ann@example.org")) == 1
        finally:
            again.stop()
    finally:
        controller.stop()
