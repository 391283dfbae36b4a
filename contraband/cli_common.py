"""What the ``contraband`` command and the lab's commands share: the console they print to, the
one-line error, the exit code of a Ctrl-C, and reading ``--options`` and ``--set``.

``contraband.cli`` builds the app and adds the lab's commands to it; both import this module and
neither imports the other back, so importing either one first is safe.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

console = Console()

#: the exit code of a game or a run stopped by Ctrl-C (128 + SIGINT), as a shell reports it
INTERRUPTED = 130

#: ``--set KEY=VALUE``, repeatable: a rule variant (``contraband.core.variants``)
SetOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        metavar="KEY=VALUE",
        help="play a rule variant: a number of the game's data.toml, e.g. "
        "--set narcos.plantation.prices=[3,6] (repeatable; `contraband variants GAME` lists "
        "the keys)",
    ),
]


def fail(message: str, code: int = 2) -> NoReturn:
    """The error on one line (a terminal wraps it; a path in it stays whole for copying), then
    exit with ``code`` (2: bad input, 1: something failed while working)."""
    console.print(f"[red]error:[/red] {escape(message)}", highlight=False, soft_wrap=True)
    raise typer.Exit(code)


def parse_options(text: str | None) -> dict[str, Any]:
    """``--options '{"deck_passes": 2}'`` -> dict, with a clear error for bad JSON."""
    if not text:
        return {}
    try:
        options = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(
            f"--options must be a JSON object such as '{{\"name\": 1}}': {error}"
        ) from None
    if not isinstance(options, dict):
        raise ValueError(f"--options must be a JSON object, got {type(options).__name__}")
    return options


def parse_variant(game: str, sets: list[str] | None) -> dict[str, Any]:
    """Repeated ``--set KEY=VALUE`` -> the overrides (keys without the game's id); a ValueError
    names what was wrong. The values are checked by ``variant_game``."""
    from contraband.core.variants import parse_sets

    return parse_sets(list(sets or []), game)
