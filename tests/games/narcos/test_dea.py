"""The two DEA agents (rulebook page 7; DESIGN.md D21-D26)."""

from contraband.games.narcos import deck
from contraband.games.narcos.board import CARD_NAME, DEA_ACTION_CARD
from tests.games.narcos.builder import (
    check_totals,
    finish_turn,
    labels,
    log_kinds,
    money,
    new,
    no_hands,
    play,
    stack,
    turn,
)


def fresh(players=3, round_two=False):
    state = new(players, seed=4)
    if round_two:
        deck.build_round_two(state, early=True)
    no_hands(state)
    turn(state, 0)
    return state


def five_actions(state):
    """Flip five guns, stop, and carry out five actions."""
    stack(state, "lab", "boat", "storage 8", "storage 10", "lab")
    play(state, *["flip"] * 5, "stop", "take 2 Cartel cards")
    play(state, *["produce"] * 5)


def test_the_action_agent_is_a_siren_and_an_action_then_watches_beside_the_deck():
    state = fresh()
    stack(state, "DEA action agent", "lab")
    play(state, "flip", "flip", "stop")
    assert state.actions == 2
    finish_turn(state)
    assert state.action_agent == -2 and DEA_ACTION_CARD not in state.discards
    assert "agent_watches" in log_kinds(state)
    check_totals(state)


def test_five_actions_draw_the_watching_agent_for_the_next_turn_only():
    state = fresh()
    state.action_agent = -2  # it has appeared earlier
    deck_card = state.deck.index(DEA_ACTION_CARD)
    state.deck.pop(deck_card)
    five_actions(state)
    play(state, "end actions")
    assert state.action_agent == 0
    assert "agent_follows" in log_kinds(state)
    finish_turn(state)
    finish_turn(state)
    finish_turn(state)
    # red's next turn starts with the agent at the head: one siren, one of the seven places
    assert state.active == 0 and [CARD_NAME[c] for c in state.head] == ["DEA action agent"]
    assert state.view(0)["danger"] == 1
    assert "stop" not in labels(state), "held agents do not spare the first flip"
    stack(state, "police", "lab")
    before = state.lab_goods[0]
    play(state, "flip", "keep the police", "pay from the lab")  # the second siren: a cube
    assert state.lab_goods[0] == before - 1
    play(state, "stop")
    assert state.actions == 2  # the agent and the police
    finish_turn(state)
    assert state.action_agent == -2, "the agent leaves after that turn"
    check_totals(state)


def test_before_it_appears_the_action_agent_follows_nobody():
    state = fresh()
    five_actions(state)
    play(state, "end actions")
    assert state.action_agent == -1


def test_the_agent_flipped_this_turn_follows_its_flipper_after_five_actions():
    state = fresh()
    stack(state, "DEA action agent", "lab", "boat", "storage 8", "storage 10")
    play(state, *["flip"] * 5, "stop", "take 2 Cartel cards")
    play(state, *["produce"] * 5, "end actions")
    assert state.action_agent == 0 and DEA_ACTION_CARD not in state.timeline
    finish_turn(state)
    assert state.action_agent == 0
    check_totals(state)


def test_the_money_agent_goes_to_the_richest_player_and_moves_when_someone_is_richer():
    state = fresh(round_two=True)
    money(state, 1, 9)
    money(state, 2, 9)
    stack(state, "DEA money agent", "lab")
    play(state, "flip", "flip", "stop")
    assert state.actions == 2
    finish_turn(state)
    # green and yellow tie with 9: the first after the flipper in turn order
    assert state.money_agent == 1 and "money_agent" in log_kinds(state)
    assert [CARD_NAME[c] for c in state.head] == ["DEA money agent"] and state.active == 1
    finish_turn(state)
    assert state.money_agent == 1, "a tie does not move it"
    money(state, 2, 12)
    finish_turn(state)
    finish_turn(state)
    assert state.money_agent == 2
    check_totals(state)


def test_a_player_may_hold_both_agents_and_then_flees_at_the_first_siren():
    state = fresh(round_two=True)
    state.deck.remove(DEA_ACTION_CARD) if DEA_ACTION_CARD in state.deck else None
    state.action_agent = 0
    from contraband.games.narcos.board import DEA_MONEY_CARD

    state.deck.remove(DEA_MONEY_CARD)
    state.money_agent = 0
    turn(state, 0)
    assert state.view(0)["danger"] == 2 and len(state.head) == 2
    stack(state, "sapo")
    play(state, "flip")
    assert state.fled and state.actions == 1
    check_totals(state)
