"""A game at the terminal: humans choose from numbered actions, agents think behind a spinner."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.console import Console

from contraband.agents import from_spec
from contraband.core.state import State

HUMAN = "human"


def make_players(seats: list[str]) -> list[Any]:
    """One entry per seat: None for a human, else the agent built from its spec."""
    return [None if spec.strip() == HUMAN else from_spec(spec) for spec in seats]


def describe_result(state: State) -> str:
    result = state.result()
    winners = result["winners"]
    scores = ", ".join(f"seat {s}: {score:g}" for s, score in enumerate(result["scores"]))
    if not winners:
        return f"Game over. Nobody at the table wins ({scores}). {result.get('note', '')}".strip()
    if len(winners) > 1:
        return f"Game over. Shared win for seats {', '.join(map(str, winners))} ({scores})."
    return f"Game over. Seat {winners[0]} wins ({scores})."


def ask(state: State, console: Console) -> str:
    """Ask the human for a legal action: a number from the list or a label; re-ask on bad input."""
    legal = state.legal_actions()
    for index, action in enumerate(legal, start=1):
        console.print(f"  [bold]{index:3d}[/bold]  {action.label}")
    while True:
        try:
            answer = console.input("[bold cyan]your choice> [/bold cyan]").strip()
        except EOFError:
            raise KeyboardInterrupt from None
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1].label
        if any(action.label == answer for action in legal):
            return answer
        console.print(
            f"[red]{answer!r} is not a choice here.[/red] Type a number from 1 to {len(legal)} "
            "or an action's label exactly as listed."
        )


def play(
    state: State, players: list[Any], seats: list[str], console: Console, save: Path | None = None
) -> State:
    humans = [seat for seat, player in enumerate(players) if player is None]
    try:
        while not state.is_terminal():
            seat = state.current_player
            player = players[seat]
            if player is None:
                console.rule(f"seat {seat} (you)" if len(humans) == 1 else f"seat {seat}")
                console.print(state.render(seat))
                state.apply(ask(state, console))
            else:
                with console.status(f"seat {seat} ({seats[seat]}) is thinking..."):
                    action = player.act(state, seat)
                console.print(f"[dim]seat {seat} ({seats[seat]}):[/dim] {action.label}")
                state.apply(action)
    except KeyboardInterrupt:
        console.print("\n[yellow]Game interrupted.[/yellow]")
    finally:
        if save is not None:
            save.write_text(json.dumps(state.record(), indent=1), encoding="utf-8")
            console.print(f"Record saved to {save}")
    if state.is_terminal():
        console.rule("final position")
        console.print(state.render(humans[0] if len(humans) == 1 else None))
        console.print(describe_result(state))
    return state
