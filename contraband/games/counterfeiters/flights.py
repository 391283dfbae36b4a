"""Flights to the Caribbean: move any amount of real money, in $10 steps, one way between cash
and the offshore account. The commercial flight costs $30, paid from cash before the move (D10);
a jet owner flies free from a private-jet space (and pays the fare on the commercial one). No
flight of either kind while the police pawn stands on the air-traffic strike.

The direction and the amount are secret choices: the other seats see only that the player flew.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.counterfeiters import money
from contraband.games.counterfeiters.board import MAX_PLAYERS, UNIT
from contraband.games.counterfeiters.labels import DIRECTIONS, amount_action

if TYPE_CHECKING:
    from contraband.core.action import Action
    from contraband.games.counterfeiters.state import CounterfeitersState

TO_OFFSHORE, TO_CASH = 0, 1


def take_off(state: CounterfeitersState, seat: int, fare: int) -> None:
    """Board a flight, paying ``fare`` (0 for a jet owner on a private-jet space)."""
    if fare:
        money.pay(state, seat, fare)
    state.note("fly", seat, fare)


def direction_labels(state: CounterfeitersState) -> list[str]:
    """The ways the money may go: only away from a side that holds some (D36). Moving $0 is
    the same nothing either way, and stays on offer as the amount ``move $0``. With nothing on
    either side the flight still asks, offering ``to offshore`` alone: its two questions are in
    the public record, so leaving one out would tell the table that a side is empty."""
    seat: int = state.current_player  # type: ignore[assignment]  # None only when over
    if state.offshore[seat] > 0:
        return list(DIRECTIONS) if state.cash[seat] > 0 else [DIRECTIONS[TO_CASH]]
    return [DIRECTIONS[TO_OFFSHORE]]


def choose_direction(state: CounterfeitersState, direction: int) -> None:
    state.direction = direction
    state.note("direction", state.current_player, DIRECTIONS[direction])


def amount_actions(state: CounterfeitersState) -> list[Action]:
    seat: int = state.current_player  # type: ignore[assignment]  # None only when over
    source = state.cash[seat] if state.direction == TO_OFFSHORE else state.offshore[seat]
    amounts = _AMOUNTS[seat].get(source)
    if amounts is None:
        amounts = tuple(amount_action(seat, amount) for amount in range(0, source + 1, UNIT))
        if source <= _CACHED_UP_TO:
            _AMOUNTS[seat][source] = amounts
    return list(amounts)


#: seat -> the money to move from -> the amount actions offered (built once per sum up to
#: ``_CACHED_UP_TO``, far above what games reach, so that the cache stays small)
_CACHED_UP_TO = 5_000
_AMOUNTS: list[dict[int, tuple[Action, ...]]] = [{} for _ in range(MAX_PLAYERS)]


def move(state: CounterfeitersState, amount: int) -> None:
    seat: int = state.current_player  # type: ignore[assignment]  # None only when over
    if state.direction == TO_OFFSHORE:
        state.cash[seat] -= amount
        state.offshore[seat] += amount
    else:
        state.offshore[seat] -= amount
        state.cash[seat] += amount
    state.note("move", seat, DIRECTIONS[state.direction], amount)
    state.direction = -1
    money.flown(state, seat)
