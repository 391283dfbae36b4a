"""Sending the outbox through the operator's mail server (SMTP), with retries.

Settings, from the environment at start:

- ``CONTRABAND_SMTP_URL``: ``smtp://host:25`` (plain, a local relay), ``smtp+starttls://user:
  password@host:587`` (STARTTLS) or ``smtps://user:password@host:465`` (TLS from the start);
  without it the server sends no e-mail and offers none.
- ``CONTRABAND_MAIL_FROM``: the sender address (``contraband <games@example.org>``).
- ``CONTRABAND_PUBLIC_URL``: the table's address as players reach it
  (``https://play.example.org``), for the links in messages.
- ``CONTRABAND_MAIL_RETRY``: seconds before the first retry of a failed message (30); each
  further retry waits four times longer, at most six hours.

Each server process runs one sender thread. It claims a due message for ``LEASE`` seconds
before it talks to the mail server, so of several processes one sends it; a message the mail
server accepted is marked sent at once (a process killed between the two is the one way a
message could go out twice). Failures are logged, kept with their error and retried.
"""

from __future__ import annotations

import json
import logging
import os
import smtplib
import ssl
import threading
import time
import uuid
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formataddr, make_msgid, parseaddr
from typing import Any
from urllib.parse import unquote, urlsplit

from contraband.server import mail_store

log = logging.getLogger("contraband.mail")

#: seconds a claimed message is the claimer's (a send takes at most TIMEOUT)
LEASE = 60.0
TIMEOUT = 20.0
#: the longest wait between two tries of a message
LONGEST_WAIT = 6 * 3600.0
#: seconds between two looks at the outbox when nothing wakes the sender
POLL = 2.0


@dataclass(frozen=True)
class MailSettings:
    host: str
    port: int
    security: str  # "plain" | "starttls" | "tls"
    user: str | None
    password: str | None
    sender: str
    public_url: str
    retry: float = 30.0

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> MailSettings | None:
        """The settings, or None without ``CONTRABAND_SMTP_URL``; a ValueError names a bad one."""
        env = os.environ if environ is None else environ
        url = env.get("CONTRABAND_SMTP_URL")
        if not url:
            return None
        parts = urlsplit(url)
        security = {"smtp": "plain", "smtp+starttls": "starttls", "smtps": "tls"}.get(parts.scheme)
        if security is None or not parts.hostname:
            raise ValueError(
                "CONTRABAND_SMTP_URL must look like smtp://host:25, smtp+starttls://user:"
                "password@host:587 or smtps://user:password@host:465"
            )
        sender = env.get("CONTRABAND_MAIL_FROM", "")
        if "@" not in parseaddr(sender)[1]:
            raise ValueError("CONTRABAND_MAIL_FROM must be the sender's address, games@example.org")
        public = env.get("CONTRABAND_PUBLIC_URL", "").rstrip("/")
        if urlsplit(public).scheme not in ("http", "https") or not urlsplit(public).netloc:
            raise ValueError(
                "CONTRABAND_PUBLIC_URL must be the table's address, https://play.example.org"
            )
        try:
            retry = float(env.get("CONTRABAND_MAIL_RETRY", "30"))
        except ValueError:
            retry = -1.0
        if not 0 < retry < 86400:
            raise ValueError("CONTRABAND_MAIL_RETRY must be seconds, above 0")
        default_port = {"plain": 25, "starttls": 587, "tls": 465}[security]
        return cls(
            host=parts.hostname,
            port=parts.port or default_port,
            security=security,
            user=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
            sender=sender,
            public_url=public,
            retry=retry,
        )


def message(settings: MailSettings, row: dict[str, Any]) -> EmailMessage:
    mail = EmailMessage()
    name, address = parseaddr(settings.sender)
    mail["From"] = formataddr((name or "contraband", address))
    mail["To"] = row["address"]
    mail["Subject"] = row["subject"]
    mail["Message-ID"] = make_msgid(idstring=f"{row['id']}", domain=address.split("@")[1])
    mail["Auto-Submitted"] = "auto-generated"
    for header, value in json.loads(row["headers"]).items():
        mail[header] = value
    mail.set_content(row["body"])
    return mail


def send(settings: MailSettings, mail: EmailMessage) -> None:
    """One message through the mail server; raises on any failure."""
    context = ssl.create_default_context()
    if settings.security == "tls":
        client: smtplib.SMTP = smtplib.SMTP_SSL(
            settings.host, settings.port, timeout=TIMEOUT, context=context
        )
    else:
        client = smtplib.SMTP(settings.host, settings.port, timeout=TIMEOUT)
    with client:
        if settings.security == "starttls":
            client.starttls(context=context)
        if settings.user:
            client.login(settings.user, settings.password or "")
        client.send_message(mail)


class Mailer:
    """The sender thread of one process."""

    def __init__(self, engine: Any, settings: MailSettings, clock: Any = time.time) -> None:
        self.engine = engine
        self.settings = settings
        self.clock = clock
        self.name = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.wake = threading.Event()
        self.stopping = threading.Event()

    def start(self) -> None:
        self.stopping = threading.Event()
        threading.Thread(target=self._run, name="contraband-mail", daemon=True).start()

    def stop(self) -> None:
        self.stopping.set()
        self.wake.set()

    def poke(self) -> None:
        self.wake.set()

    def _run(self) -> None:
        stopping = self.stopping
        while not stopping.is_set():
            try:
                self.send_due()
            except Exception:  # the database away for a moment: try again at the next look
                log.exception("the mail sender failed to read its outbox")
            self.wake.wait(POLL)
            self.wake.clear()

    def send_due(self) -> int:
        """Send what is due now; how many went out."""
        now = self.clock()
        with self.engine.begin() as db:
            due = mail_store.due(db, now)
        sent = 0
        for number in due:
            with self.engine.begin() as db:
                row = mail_store.claim(db, number, self.name, self.clock(), LEASE)
            if row is None:
                continue
            try:
                send(self.settings, message(self.settings, row))
            except Exception as error:  # any refusal or network trouble: keep it, try later
                wait = min(LONGEST_WAIT, self.settings.retry * 4 ** row["attempts"])
                log.warning(
                    "mail %s to the server %s failed: %s", number, self.settings.host, error
                )
                with self.engine.begin() as db:
                    mail_store.finish(db, number, None, repr(error), self.clock() + wait)
                continue
            with self.engine.begin() as db:
                mail_store.finish(db, number, self.clock(), None, 0.0)
            sent += 1
        return sent
