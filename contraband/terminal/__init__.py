"""Playing at the terminal: the table loop, reading answers, and the end-of-game line."""

from contraband.terminal.results import describe_result, final_board
from contraband.terminal.table import (
    HUMAN,
    Played,
    choices_text,
    make_players,
    play,
    save_record,
    session,
)

__all__ = [
    "HUMAN",
    "Played",
    "choices_text",
    "describe_result",
    "final_board",
    "make_players",
    "play",
    "save_record",
    "session",
]
