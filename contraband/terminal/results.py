"""The end of a game in one clear line, with the game's own names for its seats, and the final
board without the game's own shorter verdict under it (so "Game over" is said once)."""

from __future__ import annotations

from contraband.core.state import State


def _score(value: float, unit: str) -> str:
    number = f"{value:,.0f}" if float(value).is_integer() else f"{value:g}"
    if unit == "dollars":
        return f"${number}"
    if unit == "gold":
        return f"{number} gold"
    return f"{number} {unit}" if unit else number


def describe_result(state: State) -> str:
    """'Game over: Tino wins with $150,000 (Tony $110,000).' plus the game's reason."""
    result = state.result()
    names = state.seat_names()
    unit = result.get("unit", "points")
    scores = [_score(score, unit) for score in result["scores"]]
    winners = result["winners"]
    reason = result.get("reason") or result.get("note") or ""
    others = ", ".join(
        f"{names[seat]} {scores[seat]}" for seat in range(state.players) if seat not in winners
    )
    if not result["final"]:
        line = "The game is not over: " + ", ".join(
            f"{names[s]} {scores[s]}" for s in range(state.players)
        )
    elif not winners:
        line = (
            "Game over: nobody at the table wins ("
            + ", ".join(f"{names[s]} {scores[s]}" for s in range(state.players))
            + ")."
        )
    elif len(winners) > 1:
        tied = " and ".join(names[s] for s in winners)
        line = f"Game over: {tied} share the win with {scores[winners[0]]} each"
        line += f" ({others})." if others else "."
    else:
        winner = winners[0]
        line = f"Game over: {names[winner]} wins with {scores[winner]}"
        line += f" ({others})." if others else "."
    return f"{line} {reason}".strip()


def final_board(state: State, seat: int | None = None) -> str:
    """The board as ``seat`` sees it; for a finished game without the render's last line when
    that line is the game's own "Game over" verdict, since ``describe_result`` follows it."""
    text = state.render(seat)
    if not state.is_terminal():
        return text
    *board, last = text.rstrip("\n").split("\n")
    if board and last.strip().lower().startswith("game over"):
        return "\n".join(board)
    return text
