"""The end of the game: once the police pawn reaches the last space (and its Godfather has been
paid), everyone with a henchman still in hand places one more, in turn order from the player
after the one who ended the game and ending with that player (D14); then the Great Lawyer's and
the Bad Lawyer's owners may each move one of their henchmen already on the board to any free
space, the one it left included, and take that action (D15, D24); then diners pay a last time
and lottery tickets pay out. Score: cash plus offshore money.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from contraband.games.counterfeiters import money
from contraband.games.counterfeiters.board import (
    CARD_KIND,
    CARD_NAME,
    CARD_VALUE,
    LAWYER_NAMES,
    LAWYERS,
    QUALITIES,
    side,
)
from contraband.games.counterfeiters.labels import LIFT_LABEL, NO_LAWYER
from contraband.games.counterfeiters.round_end import diners

if TYPE_CHECKING:
    from contraband.games.counterfeiters.state import CounterfeitersState

# Final (annotated): compiled, C constants, which the type checker knows through the import
# cycle with flow.py
ROUND: Final = "round"
FINAL: Final = "final"
LAWYERS_STAGE: Final = "lawyers"
OVER: Final = "over"


def trigger(state: CounterfeitersState) -> None:
    """The pawn reached the last space during ``state.turn``'s action."""
    n, seat = state.players, state.turn
    state.stage = FINAL
    state.trigger = seat
    state.note("end_trigger", seat)
    order = [(seat + k) % n for k in range(1, n + 1)]
    state.queue = [s for s in order if state.left[s] > 0]
    next_final(state)


def next_final(state: CounterfeitersState) -> None:
    """The next final placement, or the lawyers when everyone has placed."""
    if state.queue:
        state.current_player = state.queue.pop(0)
        return
    state.stage = LAWYERS_STAGE
    state.lawyer = 0
    next_lawyer(state)


def _owner(state: CounterfeitersState, card: int) -> int:
    for seat in range(state.players):
        if card in state.owned[seat]:
            return seat
    return -1


def _on_board(state: CounterfeitersState, seat: int) -> list[int]:
    return [space for space, who in enumerate(state.occupant) if who == seat]


def next_lawyer(state: CounterfeitersState) -> None:
    """Offer the next lawyer's move to its owner (if any owner has a henchman on the board)."""
    while state.lawyer < len(LAWYERS):
        owner = _owner(state, LAWYERS[state.lawyer])
        if owner >= 0 and _on_board(state, owner):
            state.current_player = owner
            state.step = "lawyer"
            return
        state.lawyer += 1
    finish(state)


def lawyer_labels(state: CounterfeitersState) -> list[str]:
    names = side(state.players).names
    seat: int = state.current_player  # type: ignore[assignment]  # None only when over
    return [LIFT_LABEL[names[s]] for s in _on_board(state, seat)] + [NO_LAWYER]


def lift(state: CounterfeitersState, space: int) -> None:
    """The lawyer's owner takes the henchman off ``space``: it is placed again at once."""
    seat: int = state.current_player  # type: ignore[assignment]  # None only when over
    state.occupant[space] = -1
    state.left[seat] += 1
    name = LAWYER_NAMES[state.lawyer]
    state.note("lawyer", seat, name, side(state.players).names[space])


def decline(state: CounterfeitersState) -> None:
    state.note("no_lawyer", state.current_player, LAWYER_NAMES[state.lawyer])
    after_lawyer(state)


def after_lawyer(state: CounterfeitersState) -> None:
    state.lawyer += 1
    next_lawyer(state)


def finish(state: CounterfeitersState) -> None:
    """Diners a last time, lottery payouts, everything revealed, the count."""
    diners(state)
    pay_lottery(state)
    close(state)


def pay_lottery(state: CounterfeitersState) -> None:
    for seat in range(state.players):
        for card in state.owned[seat]:
            if CARD_KIND[card] == "lottery":
                money.gain(state, seat, CARD_VALUE[card])
                state.note("lottery", seat, CARD_NAME[card], CARD_VALUE[card])


def close(state: CounterfeitersState) -> None:
    state.stage = OVER
    state.step = "place"
    state.lawyer = 0
    state.current_player = None
    state.reveal_secrets()
    for seat in range(state.players):
        fakes = state.fakes[seat * QUALITIES : (seat + 1) * QUALITIES]
        state.note("reveal", seat, state.cash[seat], state.offshore[seat], list(fakes))
    state.note("end", state.scores(), state.winners())
