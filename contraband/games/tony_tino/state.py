"""Tony & Tino's state: plain lists and ints, cheap to copy and to serialize."""

from __future__ import annotations

from typing import Any

from contraband.core.state import State
from contraband.games.tony_tino import rules
from contraband.games.tony_tino import view as seen
from contraband.games.tony_tino.board import (
    CARD_SET,
    FIGURES,
    POINTS,
    REMOVED,
    TOTAL_MONEY,
    UNRESOLVED,
)


class TonyTinoState(State):
    """Board: ``discs`` (number, 0 = none), ``owner`` (-1 = empty) and ``value`` per point.

    Streets: ``tokens`` (dollars lying at each street) and ``street_winner`` (-2 unresolved,
    -1 token out of the game, else the seat that collected it). Per seat: ``money``, face-down
    figure ``stacks`` (top = last), ``faceup`` figures, ``hands`` (kept sorted), ``decks`` (top =
    last) and public ``discards``. The turn: ``turn_player``, ``phase``, the card being played
    (``pending_card``, ``pending_first``), the ``shifted`` point and the Professional's
    ``extra_turn``.
    """

    GAME_ID = "tony-tino"
    FLAT_LISTS = ("discs", "owner", "value", "tokens", "street_winner", "money")
    NESTED_LISTS = ("stacks", "faceup", "hands", "decks", "discards")

    _setup = rules.setup
    _legal_actions = rules.legal_actions
    _apply = rules.apply
    _view = seen.view
    render = seen.render
    _resample = seen.resample

    def is_terminal(self) -> bool:
        return self.phase == rules.OVER

    def scores(self) -> list[float]:
        return list(self.money)

    def _result_detail(self) -> dict[str, Any]:
        return {"unit": "dollars", "streets": seen.street_summary(self)}

    def conserved(self) -> dict[str, int]:
        on_board = sum(1 for p in range(POINTS) if self.owner[p] >= 0)
        figures = on_board + sum(map(len, self.stacks)) + sum(map(len, self.faceup))
        cards = sum(map(len, self.hands)) + sum(map(len, self.decks)) + sum(map(len, self.discards))
        not_won = sum(
            self.tokens[s] for s, w in enumerate(self.street_winner) if w in (UNRESOLVED, REMOVED)
        )
        return {
            "figures": figures,
            "cards": cards,
            "money+tokens": sum(self.money) + not_won,
            "control points": on_board + sum(1 for d in self.discs if d > 0),
        }

    #: what conserved() must always equal
    TOTALS = {
        "figures": 2 * len(FIGURES),
        "cards": 2 * len(CARD_SET),
        "money+tokens": TOTAL_MONEY,
        "control points": POINTS,
    }
