"""The cards with targets: Shift, Corruption, Flying Switch, Exchange, New Value."""

from contraband.games.tony_tino.board import STREET_INDEX, UNRESOLVED
from tests.games.tony_tino.builder import at, labels, mid_game

NO_POLICE = ["shift"]  # Tino's hand without Police: the reaction window offers only "allow"


def play(state, card):
    state.apply(f"play {card}")
    assert state.current_player == 1 and labels(state) == ["allow"]
    state.apply("allow")
    assert state.current_player == 0 and state.phase == "target"


def test_shift_lowers_one_disc_by_one_for_this_turn():
    state = mid_game(["shift"], NO_POLICE)
    play(state, "shift")
    assert len(labels(state)) == sum(1 for d in state.discs if d)
    state.apply("shift C2")  # the 2 counts as 1, like the 1 on D3
    assert labels(state) == ["place 1 on C2", "place 1 on D3"]
    state.apply("place 1 on D3")
    assert state.shifted == -1  # the next turn sees the 2 as a 2 again
    assert labels(state) == ["play shift", "discard shift"]


def test_shifting_the_lowest_disc_makes_it_the_only_open_point():
    state = mid_game(["shift"], NO_POLICE)
    state.discs[at("C2")] = 1  # two discs show 1
    state._legal = None
    play(state, "shift")
    state.apply("shift D3")
    assert labels(state) == ["place 1 on D3"]


def test_corruption_swaps_the_discs_of_two_points():
    state = mid_game(["corruption"], NO_POLICE)
    play(state, "corruption")
    state.apply("swap C1")  # the 3
    assert "with B1" not in labels(state)  # a figure, not a disc
    assert "with C1" not in labels(state)  # the same point
    assert "with D6" in labels(state)  # also a 3: allowed, though it changes nothing
    state.apply("with D3")
    assert state.discs[at("C1")] == 1 and state.discs[at("D3")] == 3
    assert labels(state) == ["place 1 on C1"]


def test_flying_switch_swaps_an_own_spy_with_another_own_figure():
    state = mid_game(["flying-switch"], NO_POLICE)
    play(state, "flying-switch")
    assert labels(state) == ["spy B2", "spy F5"]
    state.apply("spy B2")
    assert "with A4" in labels(state) and "with B2" not in labels(state)
    assert "with F5" in labels(state)  # the other spy: allowed, though it changes nothing
    assert "with B1" not in labels(state)  # Tino's figure
    state.apply("with A4")
    assert (state.owner[at("B2")], state.value[at("B2")]) == (0, 3)
    assert (state.owner[at("A4")], state.value[at("A4")]) == (0, 0)


def test_exchange_swaps_an_own_figure_with_an_opposing_figure_of_the_same_value():
    state = mid_game(["exchange"], NO_POLICE)
    play(state, "exchange")
    state.apply("mine A4")  # Tony's 3
    assert labels(state) == ["theirs B3"]  # Tino's only 3
    state.apply("theirs B3")
    assert (state.owner[at("A4")], state.value[at("A4")]) == (1, 3)
    assert (state.owner[at("B3")], state.value[at("B3")]) == (0, 3)


def test_moving_figures_never_rescores_a_collected_street():
    state = mid_game(["exchange"], NO_POLICE)
    row1 = STREET_INDEX["row 1"]
    for point, (owner, value) in {"C1": (0, 1), "D1": (0, 1)}.items():
        state.owner[at(point)], state.value[at(point)], state.discs[at(point)] = owner, value, 0
    state.street_winner[row1] = 0  # Tony collected row 1 (B1 P1 B1 B1 B2 P0)
    state.money[0] = state.tokens[row1]
    state._legal = None
    play(state, "exchange")
    state.apply("mine E1")  # Tony's 2 in row 1 ...
    state.apply("theirs E2")  # ... for Tino's 2 in row 2: Tino now leads row 1
    assert state.street_winner[row1] == 0 and state.money == [state.tokens[row1], 0]


def test_new_value_swaps_two_tokens_of_unfinished_streets():
    state = mid_game(["new-value"], NO_POLICE)
    state.tokens[:] = [
        50000,
        30000,
        30000,
        30000,
        20000,
        20000,
        20000,
        20000,
        10000,
        10000,
        10000,
        10000,
    ]
    state.street_winner[STREET_INDEX["row 2"]] = 1  # collected: its token is no longer on the board
    state._legal = None
    play(state, "new-value")
    assert "money row 2" not in labels(state)
    state.apply("money row 1")
    assert "with row 3" in labels(state) and "with row 2" not in labels(state)
    state.apply("with column E")
    assert state.tokens[STREET_INDEX["row 1"]] == 10000
    assert state.tokens[STREET_INDEX["column E"]] == 50000
    assert state.street_winner[STREET_INDEX["column E"]] == UNRESOLVED
