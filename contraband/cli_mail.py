"""``contraband mail-queue``: what the server's e-mail outbox holds, for its operator: messages
waiting, those failing with their last error and next try, how many were sent."""

from __future__ import annotations

import datetime
from typing import Annotated

import typer
from rich.table import Table

from contraband.cli_backup import Database, _url
from contraband.cli_common import console, fail


def add_command(app: typer.Typer) -> None:
    app.command("mail-queue")(mail_queue_command)


def mail_queue_command(
    db: Database = None, all_: Annotated[bool, typer.Option("--all")] = False
) -> None:
    """Show the e-mail outbox: waiting and failing messages (with their errors), and the count
    of messages sent. Safe while the server runs."""
    from sqlalchemy.exc import SQLAlchemyError

    from contraband.server import mail_store
    from contraband.server.store import connect

    url = _url(db)
    try:
        engine = connect(url)
        with engine.connect() as connection:
            state = mail_store.queue_state(connection)
    except SQLAlchemyError as error:
        fail(f"cannot read the outbox of {url}: {str(error).splitlines()[0]}")
    console.print(
        f"sent: {state['sent']}, waiting: {len(state['waiting'])}, failing: "
        f"{len(state['failing'])}",
        markup=False,
        highlight=False,
    )
    rows = state["failing"] + (state["waiting"] if all_ or len(state["waiting"]) < 50 else [])
    if not rows:
        return
    table = Table("id", "to", "subject", "tries", "next try", "last error")
    for row in rows:
        when = datetime.datetime.fromtimestamp(row["next_try"]).strftime("%Y-%m-%d %H:%M:%S")
        table.add_row(
            str(row["id"]), row["address"], row["subject"][:40], str(row["attempts"]), when,
            (row["error"] or "")[:60],
        )  # fmt: skip
    console.print(table)
