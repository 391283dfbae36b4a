"""A game at the terminal: humans choose from numbered actions, agents think behind a spinner.

Before each human decision the seat is shown what happened since its last one (its own log),
the board as it may see it, and its choices laid out compactly. With several humans at one
screen (hot seat) the screen is cleared and the next player called before anything private is
shown. Board and log texts are printed as plain text: Rich markup never eats a ``[x]``.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console

from contraband.agents import REGISTRY, from_spec, parse_spec
from contraband.core.state import State
from contraband.terminal.answers import coach_hint, read_answer
from contraband.terminal.results import describe_result, final_board

HUMAN = "human"


class Quit(Exception):
    """The human asked to stop the game."""


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def make_players(seats: list[str], game: str | None = None) -> list[Any]:
    """One entry per seat: None for a human, else the agent built from its spec. With ``game``,
    every bot keeps that game's bot clock, as at the web table (``Policy.clock``, settable by
    ``CONTRABAND_BOT_CLOCKS``): a searching bot stops at its ``think`` seconds and ``bot_turn``
    shows each bot move ``pace`` seconds after the bot's turn began."""
    from contraband.server.policy import Policy  # the table's own clocks (no server needed)

    clock = Policy.from_env().clock(game) if game else None
    players: list[Any] = []
    for spec in seats:
        if spec.strip() == HUMAN:
            players.append(None)
            continue
        searching = clock is not None and "seconds" in REGISTRY[parse_spec(spec)[0]].params
        agent = from_spec(spec, max_seconds=clock.think) if searching else from_spec(spec)
        agent.clock = clock
        players.append(agent)
    return players


def choices_text(labels: list[str], width: int) -> str:
    """Numbered choices in as many columns as fit ``width``, filled column by column."""
    items = [f"{number:>3}) {label}" for number, label in enumerate(labels, start=1)]
    column = max(map(len, items)) + 2
    columns = max(1, min(len(items), (width - 1) // column))
    rows = math.ceil(len(items) / columns)
    lines = []
    for row in range(rows):
        cells = [items[c * rows + row] for c in range(columns) if c * rows + row < len(items)]
        lines.append("".join(cell.ljust(column) for cell in cells).rstrip())
    return "\n".join(lines)


def wrap_event(text: str, width: int) -> list[str]:
    """A log entry as "  - text", wrapped under its start after a comma, colon or semicolon
    where it can ("salsa 6, olive 3, beans 9" keeps each item whole), else between words."""
    lines, line = [], "  -"
    for part in re.split(r"(?<=[,:;]) ", " ".join(text.split())):
        words = [part] if len(part) <= width - 4 else part.split(" ")
        for word in words:
            if len(line) + 1 + len(word) > width and line.strip() not in ("", "-"):
                lines.append(line)
                line = "   "
            line += " " + word
    lines.append(line)
    return lines


def explain(state: State, seat: int) -> str:
    """What the current decision is, for '?' and 'help'."""
    moves = state.legal_moves(seat)
    kinds = Counter(move["kind"] for move in moves)
    offered = ", ".join(f"{kind} ({plural(count, 'choice')})" for kind, count in kinds.items())
    board_says = state.render(seat).splitlines()[-1].strip()
    return (
        f"{board_says}\nYou may: {offered}.\n"
        "Answer with the number of a choice, its label, or the first letters of the label "
        "(any case). 'quit' stops the game; `contraband rules "
        f"{state.GAME_ID}` explains the rules."
    )


class Table:
    def __init__(
        self,
        state: State,
        players: list[Any],
        seats: list[str],
        console: Console,
        auto_pass: bool = False,
    ) -> None:
        self.state = state
        self.players = players
        self.seats = seats
        self.console = console
        self.auto_pass = auto_pass
        self.humans = [seat for seat, player in enumerate(players) if player is None]
        self.seen = dict.fromkeys(range(state.players), 0)
        self.shown_to: int | None = None
        self.names = state.seat_names()

    def say(self, text: str, style: str | None = None) -> None:
        self.console.print(text, markup=False, highlight=False, style=style)

    def happened(self, seat: int | None) -> None:
        """Every event since ``seat`` last looked, as that seat may see it; a long one wraps
        between words under its own start."""
        key = -1 if seat is None else seat
        entries = self.state.log(seat, since=self.seen.get(key, 0))
        width = max(40, min(self.console.width, 100) - 1)
        for entry in entries:
            text = "\n".join(wrap_event(entry["text"], width))
            self.say(text, style="dim" if entry["masked"] else None)
        if entries:
            self.seen[key] = entries[-1]["index"] + 1

    def run(self) -> None:
        state = self.state
        while not state.is_terminal():
            seat = state.current_player
            if self.players[seat] is None:
                self.human_turn(seat)
            else:
                self.bot_turn(seat)

    def bot_turn(self, seat: int) -> None:
        """The bot's move; with a clock (``make_players``) and a person watching (the output is
        a terminal), shown its pace after its turn began however long it thought, so that its
        speed tells nothing it holds. Piped output (scripts, tests) gets the move at once."""
        agent = self.players[seat]
        clock = getattr(agent, "clock", None)
        started = time.monotonic()
        with self.console.status(f"{self.names[seat]} ({self.seats[seat]}) is thinking..."):
            action = agent.act(self.state, seat)
            if clock is not None and self.console.is_terminal:
                time.sleep(max(0.0, clock.pace - (time.monotonic() - started)))
        self.state.apply(action, seat=seat)
        if not self.humans:
            self.happened(None)

    def human_turn(self, seat: int) -> None:
        state = self.state
        if len(self.humans) > 1 and self.shown_to != seat:
            self.console.clear()
            self.console.input(f"Pass to {self.names[seat]}, press Enter ")
            self.console.clear()
        self.shown_to = seat
        legal = [action.label for action in state.legal_actions(seat)]
        if self.auto_pass and len(legal) == 1:
            self.happened(seat)
            self.say(f"{self.names[seat]}: the only choice, {legal[0]!r}, is taken for you.")
            state.apply(legal[0], seat=seat)
            return
        self.console.rule(f"{self.names[seat]} (seat {seat}) decides")
        self.happened(seat)
        self.say(state.render(seat))
        if state.history and state.actors[-1] == seat:
            self.say(f"Your last choice: {state.history[-1]!r}.")
        self.say(choices_text(legal, min(self.console.width, 100)))
        state.apply(self.ask(seat, legal), seat=seat)

    def ask(self, seat: int, labels: list[str]) -> str:
        while True:
            try:
                text = self.console.input(f"{self.names[seat]}> ")
            except EOFError:
                raise KeyboardInterrupt from None
            answer = read_answer(text, labels)
            if answer.label is not None:
                return answer.label
            if answer.command == "help":
                self.say(explain(self.state, seat))
            elif answer.command == "hint":
                with self.console.status("The coach is thinking..."):
                    text = coach_hint(self.state, seat)
                self.say(text)
            elif answer.command == "quit":
                confirm = self.console.input("Quit this game? Type y to confirm: ").strip()
                if confirm.lower() in ("y", "yes"):
                    raise Quit
            else:
                self.say(answer.problem or "", style="red")


def save_record(state: State, path: Path, console: Console) -> None:
    """Write the complete record; a failure is reported, never raised over the game's end."""
    try:
        path.write_text(json.dumps(state.record(), indent=1), encoding="utf-8")
    except OSError as error:
        console.print(f"[red]Could not save the record to {path}:[/red] {error.strerror}")
        return
    console.print(f"Record saved to {path}")


@dataclass(frozen=True)
class Played:
    """How a game at the table ended: ``ending`` is "over" (the rules ended it), "quit" (a human
    typed quit and confirmed) or "interrupted" (Ctrl-C, or the input ran out)."""

    state: State
    ending: str

    @property
    def interrupted(self) -> bool:
        return self.ending == "interrupted"


def session(
    state: State,
    players: list[Any],
    seats: list[str],
    console: Console,
    save: Path | None = None,
    auto_pass: bool = False,
) -> Played:
    """Play ``state`` out at the table, show the end (once) and save the record if asked."""
    table = Table(state, players, seats, console, auto_pass)
    ending = "over"
    try:
        table.run()
    except KeyboardInterrupt:
        ending = "interrupted"
    except Quit:
        ending = "quit"
    viewer = table.humans[0] if len(table.humans) == 1 else None
    if ending == "interrupted":
        console.print("\n[yellow]Game interrupted.[/yellow]")
    elif ending == "quit":
        console.print("\n[yellow]Game stopped.[/yellow]")
    else:
        console.rule("final position")
        table.happened(viewer)
        table.say(final_board(state, viewer))
        table.say(describe_result(state), style="bold")
    if save is not None:
        save_record(state, save, console)
    return Played(state, ending)


def play(
    state: State,
    players: list[Any],
    seats: list[str],
    console: Console,
    save: Path | None = None,
    auto_pass: bool = False,
) -> State:
    """``session`` for callers that only want the final state."""
    return session(state, players, seats, console, save, auto_pass).state
