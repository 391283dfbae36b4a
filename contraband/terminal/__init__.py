"""Playing at the terminal: the table loop, reading answers, and the end-of-game line."""

from contraband.terminal.results import describe_result
from contraband.terminal.table import HUMAN, choices_text, make_players, play, save_record

__all__ = ["HUMAN", "choices_text", "describe_result", "make_players", "play", "save_record"]
