"""What the e-mail of a turn-based table says, and when: "your turn", a reminder when a quarter
of the clock is left, the result at the end; each only to a verified, subscribed address.

One message per turn, not per decision: a turn is the run of decisions a seat takes in a row,
named by the number of the game's actions before its first one. A player at the table (heard
from within ``PRESENT`` seconds, a live connection included) is not written to; if they leave
with the turn still theirs, the next sweep writes.

Every text is built from what a spectator may see (the game's title, the seats' names, who
moved last, the clock, the result once the game is over) and never from a seat's own view, so
no message can carry hidden information; ``tests/server/test_mail.py`` checks that a message
is the same for every deal consistent with what is public.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select

import contraband
from contraband.core.state import State
from contraband.server import clock, mail_store, sealing
from contraband.server.mail_store import contacts
from contraband.server.mailer import MailSettings
from contraband.server.schema import games, seats

#: a player heard from this recently is at the table: no "your turn" message
PRESENT = 45.0

WORDS = {
    "en": {
        "verify.subject": "Confirm your address for {title}",
        "verify.body": "Someone, hopefully you, asked to be told by e-mail when it is {seat}'s "
        "turn in a game of {title} at {site}.\n\nConfirm with this link:\n{link}\n\nIf it was "
        "not you, ignore this message: nothing more will be sent to this address.",
        "turn.subject": "Your turn: {title}",
        "turn.body": "It is your turn in {title} ({seat}).\n{last}\n{left}\nYour seat: {link}",
        "remind.subject": "A quarter of your time is left: {title}",
        "remind.body": "A quarter of your clock is left in {title} ({seat}), and it is still "
        "your turn.\n{left}\nYour seat: {link}",
        "end.subject": "Game over: {title}",
        "end.body": "The game of {title} is over.\n{result}\nThe table: {link}",
        "abandoned": "The table ended as abandoned: the player on move ran out of time and "
        "nobody replaced them.",
        "last": "The last move was {name}'s.",
        "first": "The game has begun.",
        "left": "Time left on your clock: {time}.",
        "nolimit": "This table has no clock.",
        "won": "Won: {names}.",
        "score": "{name}: {score}",
        "footer": "\n\nStop these messages: {link}",
        "days": "{n} d",
        "hours": "{n} h",
        "key.verify.subject": "Confirm your address for your contraband player key",
        "key.verify.body": "Someone, hopefully you, gave this address to a player key at {site}, "
        "so that the key can be sent here and replaced from here if it is lost.\n\nConfirm "
        "with this link:\n{link}\n\nIf it was not you, ignore this message.",
        "key.send.subject": "Your contraband player key",
        "key.send.body": "Your player key: open this link on any device to find your games "
        "there.\n{link}\n\nKeep it to yourself: whoever has it can play your seats.",
        "key.replace.subject": "Replace your contraband player key",
        "key.replace.body": "Someone, hopefully you, asked to replace the player key of this "
        "address. This link makes a new key; the old one and the seat links it gave out stop "
        "working. It works for 24 hours.\n{link}\n\nIf it was not you, ignore this message: "
        "nothing changes.",
        "minutes": "{n} min",
    },
    "nl": {
        "verify.subject": "Bevestig je adres voor {title}",
        "verify.body": "Iemand, hopelijk jij, wil per e-mail horen wanneer {seat} aan de beurt "
        "is in een spel {title} op {site}.\n\nBevestig met deze link:\n{link}\n\nWas jij het "
        "niet, negeer dit bericht dan: er wordt niets meer naar dit adres gestuurd.",
        "turn.subject": "Je bent aan de beurt: {title}",
        "turn.body": "Je bent aan de beurt in {title} ({seat}).\n{last}\n{left}\nJe plaats: {link}",
        "remind.subject": "Nog een kwart van je tijd: {title}",
        "remind.body": "Je hebt nog een kwart van je klok in {title} ({seat}), en je bent nog "
        "steeds aan de beurt.\n{left}\nJe plaats: {link}",
        "end.subject": "Afgelopen: {title}",
        "end.body": "Het spel {title} is afgelopen.\n{result}\nDe tafel: {link}",
        "abandoned": "De tafel is opgegeven: wie aan de beurt was, had geen tijd meer en "
        "niemand nam het over.",
        "last": "De laatste zet was van {name}.",
        "first": "Het spel is begonnen.",
        "left": "Tijd op je klok: {time}.",
        "nolimit": "Deze tafel heeft geen klok.",
        "won": "Gewonnen: {names}.",
        "score": "{name}: {score}",
        "footer": "\n\nGeen berichten meer: {link}",
        "days": "{n} d",
        "hours": "{n} u",
        "key.verify.subject": "Bevestig je adres voor je contraband-spelerssleutel",
        "key.verify.body": "Iemand, hopelijk jij, gaf dit adres op voor een spelerssleutel op "
        "{site}, zodat de sleutel hierheen gestuurd en vanaf hier vervangen kan worden.\n\n"
        "Bevestig met deze link:\n{link}\n\nWas jij het niet, negeer dit bericht dan.",
        "key.send.subject": "Je contraband-spelerssleutel",
        "key.send.body": "Je spelerssleutel: open deze link op elk apparaat om je spellen daar "
        "te vinden.\n{link}\n\nHoud hem voor jezelf: wie hem heeft, kan op jouw plaatsen "
        "spelen.",
        "key.replace.subject": "Vervang je contraband-spelerssleutel",
        "key.replace.body": "Iemand, hopelijk jij, vroeg de spelerssleutel van dit adres te "
        "vervangen. Deze link maakt een nieuwe sleutel; de oude en de plaatslinks die hij gaf "
        "werken dan niet meer. Hij werkt 24 uur.\n{link}\n\nWas jij het niet, negeer dit "
        "bericht dan: er verandert niets.",
        "minutes": "{n} min",
    },
}


def say(lang: str, key: str, **values: Any) -> str:
    return WORDS.get(lang, WORDS["en"])[key].format(**values)


def duration(seconds: float, lang: str) -> str:
    """``2 d 4 h``, ``5 h 12 min``, ``7 min``."""
    minutes = max(0, int(seconds // 60))
    days, hours, mins = minutes // 1440, minutes // 60 % 24, minutes % 60
    parts = []
    if days:
        parts.append(say(lang, "days", n=days))
    if hours:
        parts.append(say(lang, "hours", n=hours))
    if mins and not days:
        parts.append(say(lang, "minutes", n=mins))
    return " ".join(parts) or say(lang, "minutes", n=0)


def seat_label(public: dict[str, Any], row: Any, seat: int) -> str:
    """A seat as everyone calls it: the player's name with the game's name for the seat."""
    game_names = public.get("seat_names") or []
    base = game_names[seat] if seat < len(game_names) else f"seat {seat + 1}"
    name = row.seats[seat].get("name")
    return f"{name} ({base})" if name else str(base)


def turn_start(state: State, seat: int) -> int:
    """The number of actions before the first decision of ``seat``'s current turn."""
    actors = state.actors
    start = len(actors)
    while start > 0 and actors[start - 1] == seat:
        start -= 1
    return start


def your_turn(state: State, row: Any, seat: int, now: float, lang: str, reminder: bool) -> tuple:
    """The subject and body (without links) of a "your turn" message or its reminder."""
    public = state.view(None)
    title = contraband.load(row.game).info.title
    label = seat_label(public, row, seat)
    moved = public.get("last_move") or {}
    if moved.get("seat") is None:
        last = say(lang, "first")
    else:
        last = say(lang, "last", name=seat_label(public, row, moved["seat"]))
    left = clock.left(row.seats[seat], now)
    time_left = (
        say(lang, "nolimit") if left is None else say(lang, "left", time=duration(left, lang))
    )
    key = "remind" if reminder else "turn"
    subject = say(lang, f"{key}.subject", title=title)
    body = say(
        lang, f"{key}.body", title=title, seat=label, last=last, left=time_left, link="{link}"
    )
    return subject, body


def game_over(state: State, row: Any, lang: str) -> tuple[str, str]:
    public = state.view(None)
    title = contraband.load(row.game).info.title
    if row.status == "abandoned" or not state.is_terminal():
        result = say(lang, "abandoned")
    else:
        outcome = state.result()
        winners = [seat_label(public, row, s) for s in outcome.get("winners", [])]
        lines = [say(lang, "won", names=", ".join(winners))] if winners else []
        for seat, score in enumerate(outcome.get("scores") or []):
            lines.append(say(lang, "score", name=seat_label(public, row, seat), score=score))
        result = "\n".join(lines)
    subject = say(lang, "end.subject", title=title)
    return subject, say(lang, "end.body", title=title, result=result, link="{link}")


def sweep(tables: Any, settings: MailSettings) -> int:
    """Queue the messages due now; how many were queued."""
    now = tables.now()
    engine = tables.store.engine
    key = sealing.server_key(engine)
    # a seat on move is looked at again only when its game changed since (a new turn may have
    # begun), or when its clock reached the quarter with no reminder for the turn yet
    quarter = (
        games.c.clock_bank.is_not(None)
        & seats.c.turn_since.is_not(None)
        & (seats.c.bank - (now - seats.c.turn_since) <= games.c.clock_bank / 4)
        & (contacts.c.reminded_key.is_(None) | (contacts.c.reminded_key != contacts.c.turn_key))
    )
    changed = contacts.c.checked_version.is_(None) | (contacts.c.checked_version != games.c.version)
    with engine.connect() as db:
        rows = (
            db.execute(
                select(contacts, games.c.version, games.c.status, games.c.to_move)
                .join(games, games.c.id == contacts.c.game_id)
                .join(
                    seats,
                    (seats.c.game_id == contacts.c.game_id) & (seats.c.seat == contacts.c.seat),
                )
                .where(
                    contacts.c.verified.is_not(None),
                    contacts.c.unsubscribed.is_(None),
                    games.c.mode == "turn",
                    (
                        (games.c.status == "running")
                        & (games.c.to_move == contacts.c.seat)
                        & (changed | quarter)
                    )
                    | (games.c.status.in_(("over", "abandoned")) & contacts.c.ended.is_(None)),
                )
            )
            .mappings()
            .all()
        )
    queued = 0
    for row in rows:
        try:
            live = tables.get(row["game_id"])
        except Exception:  # a game that cannot be loaded says so elsewhere
            continue
        queued += _one(tables, settings, key, dict(row), live, now)
    return queued


def _one(tables: Any, settings: MailSettings, key: bytes, contact: dict, live: Any, now: float):
    game_id, seat, lang = contact["game_id"], contact["seat"], contact["lang"]
    token = sealing.unseal(key, f"seat:{game_id}:{seat}", contact["sealed"])
    unsubscribe = sealing.unseal(key, f"unsub:{game_id}:{seat}", contact["unsubscribe_sealed"])
    if token is None or unsubscribe is None:
        return 0  # sealed under another key (CONTRABAND_SECRET_KEY changed): nothing to send
    link = f"{settings.public_url}/table/{game_id}#token={token}"
    stop = f"{settings.public_url}/mail/unsubscribe/{unsubscribe}"
    row, state = live.row, live.state
    messages: list[tuple[str, str, str, dict]] = []
    changes: dict[str, Any] = {}
    if row.status in ("over", "abandoned"):
        subject, body = game_over(state, row, lang)
        messages.append((f"end:{game_id}:{seat}", subject, body, {}))
        changes["ended"] = now
    else:
        info = row.seats[seat]
        if info["agent"] is not None or now - (info.get("last_seen") or 0) < PRESENT:
            return 0  # a bot plays it, or its player is at the table
        start = turn_start(state, seat)
        changes["checked_version"] = contact["version"]
        if contact["turn_key"] != start:
            subject, body = your_turn(state, row, seat, now, lang, reminder=False)
            messages.append((f"turn:{game_id}:{seat}:{start}", subject, body, {}))
            changes["turn_key"] = start
        left = clock.left(info, now)
        quarter = row.clock_bank is not None and left is not None and left <= row.clock_bank / 4
        if quarter and contact["reminded_key"] != start:
            subject, body = your_turn(state, row, seat, now, lang, reminder=True)
            messages.append((f"remind:{game_id}:{seat}:{start}", subject, body, {}))
            changes["reminded_key"] = start
    headers = {
        "List-Unsubscribe": f"<{stop}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }
    queued = 0
    with tables.store.engine.begin() as db:
        for dedupe, subject, body, extra in messages:
            text = body.replace("{link}", link) + say(lang, "footer", link=stop)
            queued += mail_store.queue(
                db, dedupe, contact["address"], subject, text, json.dumps({**headers, **extra})
            )
        if changes:
            mail_store.change(db, game_id, seat, **changes)
    return queued
