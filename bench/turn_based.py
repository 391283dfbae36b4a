"""Turn-based play over simulated days: each game played to its end by two scripted humans (and
bots in any other seat) on the server's own code, with an injected clock and a real SMTP
server (aiosmtpd) receiving the "your turn" e-mail.

    python bench/turn_based.py [--clock normal] [--seed 1] [--mean-hours 8] [--games ID ...]

Each human answers a random time after its turn began (exponential, mean --mean-hours; a
reply sometimes comes after the clock ran out, and then the other player hands the seat to a
bot, and its owner takes it back at their next visit), plays a random legal decision and
leaves. Prints per game: decisions by the humans, simulated days, e-mails received per player
(your turn / reminders / end), the least time left on a clock, timeouts and hand-offs. Then
the e-mail queue with the mail server stopped for a while: messages queued meanwhile, tries,
and what arrives once it is back.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from fastapi.testclient import TestClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from contraband.server import notices  # noqa: E402
from contraband.server.app import create_app  # noqa: E402
from contraband.server.clock import HOUR  # noqa: E402
from contraband.server.mailer import MailSettings  # noqa: E402
from contraband.server.policy import Policy  # noqa: E402
from contraband.server.timeouts import sweep  # noqa: E402
from tests.server.test_mail import smtp_server  # noqa: E402

GAMES = ["tony-tino", "al-cabohne", "nacho-incident", "counterfeiters", "narcos"]
PUBLIC = "https://play.example.org"


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def play_one(client, app, clock, game: str, preset: str, rng: random.Random, mean: float):
    players = 2
    seats = ["human", "human"]
    made = client.post(
        "/api/games",
        json={"game": game, "players": players, "seats": seats, "mode": "turn", "clock": preset},
    ).json()
    tokens = [s["token"] for s in made["seats"]]
    addresses = [f"p{seat}-{made['id']}@example.org" for seat in range(players)]
    for token, address in zip(tokens, addresses, strict=True):
        client.post(
            f"/api/games/{made['id']}/email", json={"address": address}, headers=auth(token)
        )
    app.state.mailer.send_due()
    inbox = app.state.bench_inbox
    for address in addresses:
        link = notices_link(inbox.to(address)[-1])
        client.get(link)
    start = clock.now
    figures = Counter()
    least = float("inf")
    while True:
        table = client.get(f"/api/games/{made['id']}", headers=auth(tokens[0])).json()
        if table["over"]:
            break
        mover = table["to_move"]
        if table["seats"][mover]["bot"] is not None:  # a bot's turn: the server plays it
            time.sleep(0.01)
            continue
        wait = rng.expovariate(1 / (mean * HOUR))
        clock.now += wait
        tick(app)
        seat = client.get(f"/api/games/{made['id']}", headers=auth(tokens[mover])).json()
        info = seat["seats"][mover]
        if info["clock"] is not None:
            least = min(least, info["clock"]["left"])
        if info["clock"] is not None and info["clock"]["out_of_time"]:
            figures["timeouts"] += 1
            other = 1 - mover
            handed = client.post(
                f"/api/games/{made['id']}/seats/{mover}/bot",
                json={"agent": "random"},
                headers=auth(tokens[other]),
            )
            figures["hand-offs"] += handed.status_code == 200
            while (
                client.get(f"/api/games/{made['id']}", headers=auth(tokens[0])).json()["to_move"]
                == mover
                and not client.get(f"/api/games/{made['id']}", headers=auth(tokens[0])).json()[
                    "over"
                ]
            ):
                time.sleep(0.01)
            back = client.post(
                f"/api/games/{made['id']}/seats/{mover}/back", headers=auth(tokens[mover])
            )
            figures["taken back"] += back.status_code == 200
            continue
        legal = seat["legal"]
        answer = client.post(
            f"/api/games/{made['id']}/actions",
            json={"label": rng.choice(legal)["label"], "version": seat["version"]},
            headers=auth(tokens[mover]),
        )
        figures["decisions"] += answer.status_code == 200
        clock.now += 60  # the player leaves the table
    clock.now += HOUR
    tick(app)
    tick(app)
    mails = [Counter(kind(m) for m in inbox.to(address)) for address in addresses]
    return {
        "game": game,
        "days": (clock.now - start) / 86400,
        "figures": figures,
        "mails": mails,
        "least": least,
    }


def notices_link(message) -> str:
    """The verification link of a message, as a path of this server."""
    text = message.get_content()
    return re.search(rf"{re.escape(PUBLIC)}(/mail/verify/\S+)", text).group(1)


def kind(message) -> str:
    subject = message["Subject"]
    for word, name in (("Confirm", "verify"), ("quarter", "reminder"), ("over", "end")):
        if word in subject:
            return name
    return "turn"


def tick(app) -> None:
    sweep(app.state.tables)
    notices.sweep(app.state.tables, app.state.mail)
    app.state.mailer.send_due()


def queue_while_down(client, app, clock) -> None:
    """The mail server away: what is queued, tried, and delivered once it is back."""
    controller = app.state.bench_controller
    controller.stop()
    made = client.post(
        "/api/games",
        json={"game": "tony-tino", "seats": ["human", "human"], "mode": "turn", "clock": "fast"},
    ).json()
    for seat, token in enumerate(s["token"] for s in made["seats"]):
        client.post(
            f"/api/games/{made['id']}/email",
            json={"address": f"down{seat}@example.org"},
            headers=auth(token),
        )
    tries = 0
    for _ in range(5):
        app.state.mailer.send_due()
        tries += 1
        time.sleep(0.6)
    from contraband.server import mail_store

    with app.state.tables.store.engine.connect() as db:
        state = mail_store.queue_state(db)
    print(
        f"mail server down: {len(state['failing'])} messages failing after {tries} sends, "
        f"tries {[m['attempts'] for m in state['failing']]}, errors kept: "
        f"{all(m['error'] for m in state['failing'])}"
    )
    restarted, inbox = smtp_server(controller.port)
    try:
        end = time.monotonic() + 30
        while time.monotonic() < end and len(inbox.messages) < len(state["failing"]):
            app.state.mailer.send_due()
            time.sleep(0.5)
        for _ in range(3):
            app.state.mailer.send_due()
        unique = len({m["Message-ID"] for m in inbox.messages})
        print(
            f"mail server back: {len(inbox.messages)} delivered of {len(state['failing'])} "
            f"queued, duplicates: {len(inbox.messages) - unique}"
        )
    finally:
        restarted.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clock", default="normal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mean-hours", type=float, default=8.0)
    parser.add_argument("--games", nargs="*", default=GAMES)
    args = parser.parse_args()
    controller, inbox = smtp_server()
    settings = MailSettings(
        "127.0.0.1", controller.port, "plain", None, None, "games@example.org", PUBLIC, 0.5
    )
    clock = Clock()
    folder = tempfile.mkdtemp(prefix="contraband-turns-")
    policy = Policy(create_burst=10_000)
    app = create_app(
        f"sqlite:///{folder}/t.db", bot_threads=1, bot_pace=0, policy=policy, now=clock,
        mail=settings,
    )  # fmt: skip
    app.state.bench_inbox, app.state.bench_controller = inbox, controller
    rng = random.Random(args.seed)
    with TestClient(app) as client:
        app.state.sweeper.stop()
        app.state.mailer.stop()
        for game in args.games:
            row = play_one(client, app, clock, game, args.clock, rng, args.mean_hours)
            mails = "; ".join(
                f"p{seat}: " + ", ".join(f"{k} {v}" for k, v in sorted(m.items()))
                for seat, m in enumerate(row["mails"])
            )
            figures = ", ".join(f"{k} {v}" for k, v in sorted(row["figures"].items()))
            print(
                f"{row['game']}: {figures}; {row['days']:.1f} days; least left "
                f"{row['least'] / HOUR:.1f} h; mail {mails}"
            )
        queue_while_down(client, app, clock)


if __name__ == "__main__":
    main()
