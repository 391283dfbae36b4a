"""Steps 1 and 2: the secret choice of a smuggler, the reveal, the order and the first player's
mountie; and the hand decisions (the optional starting reselection and the round-end refresh).

The secret choice is taken in turn from the gem holder; each choice stays face down in the other
seats' views until the last player has chosen, then all are revealed together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.nacho_incident.board import (
    COLOURS,
    DISCARD_LABEL,
    HIRE,
    HIRE_LABEL,
    MOUNTIE_FLAG,
    NPROV,
    REFRESH,
    SMUGGLER_RANK,
    mountie_text,
    smuggler_text,
)
from contraband.games.nacho_incident.draw import draw_smugglers, insert_sorted, note, sample

if TYPE_CHECKING:
    from contraband.games.nacho_incident.state import NachoState


# -- step 1: the secret choice ----------------------------------------------------------------
def start(state: NachoState) -> None:
    n = state.players
    state.phase = HIRE
    state.seq = 0
    state.current_player = state.gem
    state.chosen = [-1] * n
    state.played = [-1] * n
    state.order = []
    state.revealed = False


def hire_labels(state: NachoState) -> list[str]:
    return [HIRE_LABEL[card] for card in state.hands[state.current_player]]


def hire(state: NachoState, card: int) -> bool:
    """Lay ``card`` face down; True when everyone has chosen and the order is set."""
    seat = state.current_player
    state.hands[seat].remove(card)
    state.chosen[seat] = card
    state.seq += 1
    if state.seq < state.players:
        state.current_player = (state.gem + state.seq) % state.players
        return False
    reveal(state)
    return True


# -- step 2: reveal and order -----------------------------------------------------------------
def play_order(state: NachoState) -> list[int]:
    """Highest rank first; equal ranks: the gem holder, then clockwise from the gem holder."""
    n, gem, chosen = state.players, state.gem, state.chosen
    return sorted(range(n), key=lambda seat: (-SMUGGLER_RANK[chosen[seat]], (seat - gem) % n))


def reveal(state: NachoState) -> None:
    state.revealed = True
    state.order = play_order(state)
    shown = ", ".join(f"{COLOURS[s]} {smuggler_text(state.chosen[s])}" for s in state.order)
    note(state, f"Turn {state.turn + 1}: revealed {shown}.")
    first = state.order[0]
    if state.mountie_up < 0:  # blind smuggling: the mountie is turned only now
        state.mountie_up = sample(state.mountie_pool, state.rng)
    mountie = state.mountie_up
    state.mountie_up = -1
    state.posts[first * NPROV + MOUNTIE_FLAG[mountie]].append(mountie)
    note(state, f"{COLOURS[first]} goes first and takes mountie {mountie_text(mountie)}.")


# -- hand decisions: starting reselection and round-end refresh -------------------------------
def start_refresh(state: NachoState) -> None:
    state.phase = REFRESH
    state.seq = 0
    state.current_player = state.gem


def discard_labels(state: NachoState) -> list[str]:
    return ["keep hand"] + [DISCARD_LABEL[card] for card in state.hands[state.current_player]]


def discard(state: NachoState, card: int) -> None:
    """A discarded smuggler joins the public pile of removed smugglers (RULES.md D9)."""
    seat = state.current_player
    state.hands[seat].remove(card)
    insert_sorted(state.smuggler_out, card)
    note(state, f"{COLOURS[seat]} discards {smuggler_text(card)}.")


def keep(state: NachoState) -> bool:
    """Draw back to the hand size; True when every seat has done so."""
    draw_smugglers(state, state.current_player)
    state.seq += 1
    if state.seq < state.players:
        state.current_player = (state.gem + state.seq) % state.players
        return False
    return True
