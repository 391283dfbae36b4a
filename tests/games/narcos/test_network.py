"""Phase 2: the network's actions, their capacities and the extra actions (rulebook pages
8-9; DESIGN.md D13, D16)."""

from tests.games.narcos.builder import (
    check_totals,
    crops,
    goods,
    hand,
    labels,
    log_kinds,
    network,
    new,
    no_hands,
    play,
    stack,
    turn,
)


def managing(cards=("lab", "boat", "storage 8"), players=3):
    """Red's phase 2 after flipping ``cards`` and stopping."""
    state = new(players, seed=6)
    no_hands(state)
    turn(state, 0)
    stack(state, *cards)
    play(state, *["flip"] * len(cards), "stop")
    if state.phase == "bonus":
        play(state, "take a sicario")
    return state


def test_produce_follows_the_labs_table_for_the_crops_planted():
    state = managing()
    play(state, "produce")
    assert state.lab_goods[0] == 2  # basic lab, 1 crop: 1 per action
    crops(state, 0, 2)
    play(state, "produce")
    assert state.lab_goods[0] == 4  # basic lab, 2 crops: 2 per action
    network(state, 0, "lab")
    play(state, "produce")
    assert state.lab_goods[0] == 7  # improved lab, 2 crops: 3 per action
    assert state.actions == 0 and "produce" not in labels(state)
    check_totals(state)


def test_transport_moves_up_to_the_capacity_and_the_free_storage_room():
    state = managing(("lab", "boat", "storage 8", "lab"))
    play(state, "take a sicario") if state.phase == "bonus" else None
    goods(state, 0, lab=10, storage=0)
    play(state, "transport")
    assert (state.lab_goods[0], state.storage_goods[0]) == (7, 3)  # the truck moves 3
    network(state, 0, "boat")
    play(state, "transport")
    assert (state.lab_goods[0], state.storage_goods[0]) == (4, 6)  # storage 6 is full
    assert "transport" not in labels(state)
    network(state, 0, "storage 10")
    play(state, "transport")
    assert (state.lab_goods[0], state.storage_goods[0]) == (0, 10)
    check_totals(state)


def test_an_early_sale_costs_an_action_and_uses_up_its_trafficker():
    state = managing(("Miami trafficker", "boat", "storage 8"))
    goods(state, 0, storage=4)
    assert "sell early to the Miami trafficker" in labels(state)
    play(state, "sell early to the Miami trafficker")
    assert state.storage_goods[0] == 0 and state.actions == 2
    assert state.pending_income == 4 and state.money[0] == 3  # paid when the actions are over
    # no trafficker left: the permanent one becomes available, at -2
    goods(state, 0, storage=2)
    assert "sell early to the permanent trafficker" in labels(state)
    play(state, "end actions")
    assert state.phase == "sell" and labels(state) == [
        "sell to the permanent trafficker",
        "keep the goods",
    ]
    play(state, "sell to the permanent trafficker")
    assert state.money[0] == 3 + 4 + 0  # 2 units less the commission of 2
    check_totals(state)


def test_workers_and_cartel_backs_add_actions_beyond_the_cap_even_after_fleeing():
    state = new(3, seed=7)
    no_hands(state)
    hand(state, 0, "Sabotaje", "Presión")
    turn(state, 0)
    stack(state, "police", "sapo", "press")
    play(state, "flip", "keep the police", "flip", "pay from the lab", "place the peeked card")
    assert state.fled and state.actions == 1
    play(state, "spend a worker")
    assert state.actions == 2 and state.workers[0] == 4 and state.workers_spent[0] == 1
    play(state, "play Sabotaje face down")
    assert state.actions == 3 and len(state.hands[0]) == 1 and len(state.backs[0]) == 1
    assert "back" in log_kinds(state)
    check_totals(state)


def test_the_seven_action_cap_counts_cards_only():
    state = new(3, seed=8)
    no_hands(state)
    hand(state, 0, "Horas extra")
    turn(state, 0)
    cards = ["lab", "boat", "storage 8", "storage 10", "lab", "boat", "press", "police"]
    stack(state, *cards)
    play(state, *["flip"] * 7, "keep the press", "keep the police", "pay from the lab")
    play(state, "take a sicario")
    assert len(state.timeline) == 8 and state.actions == 7
    play(state, "play Horas extra", "spend a worker")
    assert state.actions == 10


def test_unspent_actions_are_lost_when_the_actions_end():
    state = managing()
    play(state, "end actions")
    assert state.actions == 0 and state.phase != "manage"
