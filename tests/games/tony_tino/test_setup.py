"""Setup: discs from the bag, coloured discs become hitmen, stacks, hands, the setup exception."""

from collections import Counter

import contraband
from contraband.core.random import Rng
from contraband.games.tony_tino.board import (
    NUMBERED_DISCS,
    REMOVED,
    STREET_INDEX,
    TOKENS,
    UNRESOLVED,
)


def test_coloured_discs_become_six_hitmen_per_player_and_numbered_discs_fill_the_rest():
    state = contraband.load("tony-tino").new(seed=11)
    for seat in (0, 1):
        placed = [p for p in range(36) if state.owner[p] == seat]
        assert len(placed) == 6
        assert all(state.value[p] == 1 for p in placed)
    assert sorted(d for d in state.discs if d) == sorted(NUMBERED_DISCS)
    assert sorted(state.tokens) == sorted(TOKENS)


def test_each_player_has_twelve_figures_two_face_up_and_three_cards():
    state = contraband.load("tony-tino").new(seed=12)
    for seat in (0, 1):
        figures = Counter(state.stacks[seat] + state.faceup[seat])
        assert figures == Counter({3: 1, 2: 3, 1: 5, 0: 3})
        assert len(state.faceup[seat]) == 2
        assert len(state.hands[seat]) == 3 and len(state.decks[seat]) == 10
    assert state.current_player == 0 and state.phase == "card"


class ColouredFirst(Rng):
    """Puts the coloured discs first, so rows 1 and 2 are filled at setup."""

    def shuffle(self, items):
        if len(items) == 36:
            items.sort()
        else:
            super().shuffle(items)


def set_up_again(state, rng):
    """The same new game, set up again with another generator."""
    state._events.clear()
    state.rng = rng
    state._setup()
    state._legal = None
    return state


def test_a_street_filled_at_setup_loses_its_token():
    state = set_up_again(contraband.load("tony-tino").new(seed=0), ColouredFirst(3))
    assert state.street_winner[STREET_INDEX["row 1"]] == REMOVED
    assert state.street_winner[STREET_INDEX["row 2"]] == REMOVED
    assert state.street_winner[STREET_INDEX["row 3"]] == UNRESOLVED
    assert state.money == [0, 0]
    lost = [e for e in state.log(None) if e["kind"] == "setup_out"]
    assert [e["street"] for e in lost] == ["row 1", "row 2"]
    assert lost[0]["text"] == (
        f"row 1 is full at setup: its ${state.tokens[0]:,} token goes out of the game"
    )
    # the removed tokens are out of the game: nobody ever collects them
    rng = Rng(4)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert state.street_winner[STREET_INDEX["row 1"]] == REMOVED
    assert sum(state.money) <= sum(TOKENS) - state.tokens[0] - state.tokens[1]
