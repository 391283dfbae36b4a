"""Steps 1 and 2: the secret choice of a smuggler, the reveal, the order and the first player's
mountie; and the hand decisions (the optional starting reselection and the round-end refresh).

The secret choice is taken in turn from the gem holder; each choice stays face down in the other
seats' views until the last player has chosen, then all are revealed together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.core.action import Action
from contraband.games.nacho_incident.board import (
    DISCARD_ACTION,
    HIRE,
    HIRE_ACTION,
    KEEP_ACTION,
    MOUNTIE_FLAG,
    MOUNTIE_NAME,
    MOUNTIE_PENALTY,
    NPROV,
    PROVINCES,
    REFRESH,
    SMUGGLER_NAME,
    SMUGGLER_RANK,
    TURNS_PER_ROUND,
)
from contraband.games.nacho_incident.draw import draw_smugglers, insert_sorted, sample

if TYPE_CHECKING:
    from contraband.games.nacho_incident.state import NachoState


# -- step 1: the secret choice ----------------------------------------------------------------
def start(state: NachoState) -> None:
    """A new turn: its mountie is turned up, and the secret choice begins at the gem holder."""
    n = state.players
    state.phase = HIRE
    state.seq = 0
    state.current_player = state.gem
    state.chosen = [-1] * n
    state.played = [-1] * n
    state.order = []
    state.revealed = False
    state.note("turn", state.turn + 1, state.turn // TURNS_PER_ROUND + 1)
    if state.options.get("blind_smuggling"):  # drawn only when the first player takes it
        state.mountie_up = -1
        state.note("mountie_face_down")
    else:
        turn_up_mountie(state)


def hire_actions(state: NachoState) -> list[Action]:
    seat: int = state.current_player  # type: ignore[assignment]  # a seat is on move
    return list(map(HIRE_ACTION[seat].__getitem__, state.hands[seat]))


def hire(state: NachoState, card: int) -> bool:
    """Lay ``card`` face down; True when everyone has chosen and the order is set."""
    seat: int = state.current_player  # type: ignore[assignment]  # a seat is on move
    state.hands[seat].remove(card)
    state.chosen[seat] = card
    state.seq += 1
    state.note("hire", seat, SMUGGLER_NAME[card])
    if state.seq < state.players:
        state.current_player = (state.gem + state.seq) % state.players
        return False
    reveal(state)
    return True


# -- step 2: reveal and order -----------------------------------------------------------------
def play_order(state: NachoState) -> list[int]:
    """Highest rank first; equal ranks: the gem holder, then clockwise from the gem holder."""
    # a stable sort of the seats clockwise from the gem holder, by rank, highest first
    ranks = list(map(NEG_RANK.__getitem__, state.chosen))
    return sorted(CLOCKWISE[state.players][state.gem], key=ranks.__getitem__)


#: NEG_RANK[card] = -rank; CLOCKWISE[players][gem] = the seats clockwise from the gem holder
NEG_RANK = tuple(-rank for rank in SMUGGLER_RANK)
CLOCKWISE = tuple(
    tuple(tuple((gem + i) % n for i in range(n)) for gem in range(n)) for n in range(5)
)


def reveal(state: NachoState) -> None:
    """All hires are turned face up together; the first player takes the turn's mountie."""
    state.revealed = True
    state.reveal_secrets()
    order = state.order = play_order(state)
    chosen = state.chosen
    state.note(
        "reveal",
        list(order),
        [SMUGGLER_NAME[chosen[s]] for s in order],
        [SMUGGLER_RANK[chosen[s]] for s in order],
    )
    first = order[0]
    if state.mountie_up < 0:  # blind smuggling: the mountie is turned only now
        turn_up_mountie(state)
    mountie = state.mountie_up
    state.mountie_up = -1
    flag = MOUNTIE_FLAG[mountie]
    insert_sorted(state.posts[first * NPROV + flag], mountie)
    state.note("first", first, MOUNTIE_NAME[mountie], PROVINCES[flag])


def turn_up_mountie(state: NachoState) -> None:
    """Turn the next mountie face up (a random member of the unseen pool, RULES.md D9)."""
    mountie = state.mountie_up = sample(state.mountie_pool, state.rng)
    state.note(
        "mountie_up",
        MOUNTIE_NAME[mountie],
        PROVINCES[MOUNTIE_FLAG[mountie]],
        MOUNTIE_PENALTY[mountie],
    )


# -- hand decisions: starting reselection and round-end refresh -------------------------------
def start_refresh(state: NachoState) -> None:
    state.phase = REFRESH
    state.seq = 0
    state.current_player = state.gem


def discard_actions(state: NachoState) -> list[Action]:
    seat: int = state.current_player  # type: ignore[assignment]  # a seat is on move
    return [KEEP_ACTION[seat], *map(DISCARD_ACTION[seat].__getitem__, state.hands[seat])]


def discard(state: NachoState, card: int) -> None:
    """A discarded smuggler joins the public pile of removed smugglers (RULES.md D11, D12)."""
    seat: int = state.current_player  # type: ignore[assignment]  # a seat is on move
    state.hands[seat].remove(card)
    insert_sorted(state.smuggler_out, card)
    state.note("discard", seat, SMUGGLER_NAME[card])


def keep(state: NachoState) -> bool:
    """Draw back to the hand size; True when every seat has done so."""
    seat: int = state.current_player  # type: ignore[assignment]  # a seat is on move
    state.note("keep", seat, len(state.hands[seat]))
    draw_smugglers(state, seat)
    state.seq += 1
    if state.seq < state.players:
        state.current_player = (state.gem + state.seq) % state.players
        return False
    return True
