"""ISMCTS finds the win in small constructed endgames, one per game.

Each position has one choice that wins and a tempting one that loses; the search must look past
the next move to tell them apart.
"""

import contraband
from contraband.agents.ismcts import ISMCTSAgent
from tests.agents.endgames import LOSS, MIXED, WIN, classify, random_game_position

SEEDS = range(4)


def choose(state, seed, iterations=300, **options):
    agent = ISMCTSAgent(iterations=iterations, seed=seed, **options)
    return agent.act(state, state.current_player).label


# -- Tony & Tino ------------------------------------------------------------------------------
def tony_tino_endgame():
    """Three control points left, all in row 1: A1 (disc 1), B1 (disc 2), C1 (disc 3).

    Tony (seat 0) places on A1 now, Tino on B1, Tony on C1 last. Tony holds a 3 and a spy (0).
    Column A pays $10k, column C $50k; the other five points of each give Tino 7 against
    Tony's 5. The 3 on A1 takes column A at once (what a one-move look-ahead likes), but then
    the spy lands on C1 and Tino takes $50k. The spy on A1 gives up $10k and keeps the 3 for
    C1: Tony wins by $40k.
    """
    from contraband.games.tony_tino.board import POINT_INDEX, REMOVED, STREET_INDEX, STREETS

    state = contraband.load("tony-tino").new(2, seed=1)
    a1, b1, c1 = POINT_INDEX["A1"], POINT_INDEX["B1"], POINT_INDEX["C1"]
    state.discs = [0] * len(state.discs)
    state.discs[a1], state.discs[b1], state.discs[c1] = 1, 2, 3
    for p in range(len(state.owner)):
        state.owner[p], state.value[p] = p % 2, 1
    for p in (a1, b1, c1):
        state.owner[p], state.value[p] = -1, -1
    for column in "AC":  # below row 1: Tony 1+2+2 = 5, Tino 3+4 = 7
        points = [POINT_INDEX[f"{column}{row}"] for row in range(2, 7)]
        for p, (owner, value) in zip(points, [(0, 1), (0, 2), (0, 2), (1, 3), (1, 4)], strict=True):
            state.owner[p], state.value[p] = owner, value
    state.remaining = 3
    state.street_winner = [REMOVED] * STREETS
    state.tokens = [10000] * STREETS
    state.street_winner[STREET_INDEX["column A"]] = -2
    state.street_winner[STREET_INDEX["column C"]] = -2
    state.tokens[STREET_INDEX["column C"]] = 50000
    state.money = [100000, 100000]
    state.faceup, state.stacks = [[0, 3], [1]], [[], [1]]
    state.hands, state.decks, state.discards = [[], []], [[], []], [[], []]
    state.phase, state.turn_player, state.current_player = "place", 0, 0
    state.pending_card = state.pending_first = state.shifted = state.last_cancelled = -1
    state.extra_turn = False
    state._legal = None
    return state


def test_tony_tino_endgame_is_won_only_by_keeping_the_three():
    state = tony_tino_endgame()
    assert sorted(a.label for a in state.legal_actions()) == ["place 0 on A1", "place 3 on A1"]
    for label, tony_wins in (("place 0 on A1", True), ("place 3 on A1", False)):
        end = state.clone().apply(label)
        while not end.is_terminal():
            end.apply(end.legal_actions()[0])
        assert (end.winners() == [0]) is tony_wins
    for seed in SEEDS:
        assert choose(state, seed) == "place 0 on A1"
        assert choose(state, seed, rollout="random", cutoff=-1) == "place 0 on A1"


def assert_search_picks_a_forced_win(state):
    """The position must offer a forced win and a forced loss (checked by exhaustive search
    over every continuation in several determinizations); ismcts must choose a forced win."""
    seat = state.current_player
    verdicts = classify(state, seat, guesses=4)
    assert verdicts is not None
    assert WIN in verdicts.values() and LOSS in verdicts.values(), verdicts
    for seed in SEEDS:
        for options in ({}, {"rollout": "random", "cutoff": -1}):
            label = choose(state, seed, **options)
            assert verdicts[label] == WIN, (seed, options, label, verdicts)


# -- The Nacho Incident -----------------------------------------------------------------------
def test_nacho_incident_last_shipment_is_the_one_that_wins():
    """Two decisions from the end of a two-player game, with the mover's gold set 4 lower: only
    shipping the beans (to the province that still pays for them) overtakes the other seat;
    shipping nothing leaves the mover behind whatever follows."""
    state = random_game_position("nacho-incident", 2, seed=4, back=2)
    state.gold[state.current_player] -= 4
    assert sorted(a.label for a in state.legal_actions()) == ["ship beans", "ship nothing"]
    verdicts = classify(state, state.current_player, guesses=4)
    assert verdicts == {"ship beans": WIN, "ship nothing": LOSS}
    assert_search_picks_a_forced_win(state)


# -- Al Cabohne -------------------------------------------------------------------------------
def test_al_cabohne_last_decision_does_not_spend_the_winning_coins():
    """The last decision of a two-player game, with 36 coins added to the mover's pile (beans
    as coins), 2 coins ahead of the mafia: buying a third field spends the margin and hands the
    game to the mafia, planting or ending the phase keeps the win; harvesting may or may not."""
    state = random_game_position("al-cabohne", 2, seed=1, back=1)
    seat = state.current_player
    state.coins[seat] += [0] * 36
    verdicts = classify(state, seat, guesses=4)
    assert verdicts["buy third field"] == LOSS
    assert MIXED in verdicts.values()
    assert_search_picks_a_forced_win(state)
