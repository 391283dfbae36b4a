"""Each Cartel card, on its owner's turn and on other players' turns (RULES.md, the Cartel
table and D57-D60)."""

from contraband.games.narcos.board import CARD_NAME
from tests.games.narcos.builder import (
    check_totals,
    crops,
    goods,
    hand,
    labels,
    log_kinds,
    new,
    no_hands,
    play,
    stack,
    texts,
    turn,
)


def table(players=3, mode="basic", seed=15):
    state = new(players, seed=seed, mode=mode)
    no_hands(state)
    return state


def test_fumigacion_takes_a_crop_from_a_rival_with_two_or_more():
    state = table()
    hand(state, 0, "Fumigación")
    turn(state, 0)
    assert not [label for label in labels(state) if "Fumigación" in label]
    crops(state, 1, 2)
    assert "play Fumigación on green" in labels(state)
    play(state, "play Fumigación on green")
    assert state.crops[1] == 1 and state.sicarios[0] == 1 and state.crop_supply == 12 - 3
    assert state.phase == "start" and "cartel" in log_kinds(state)
    check_totals(state)


def test_sabotaje_destroys_up_to_three_goods_in_a_rivals_lab():
    state = table()
    hand(state, 0, "Sabotaje")
    goods(state, 2, lab=5)
    turn(state, 0)
    play(state, "play Sabotaje on yellow")
    assert state.lab_goods[2] == 2 and state.goods_lost[2] == 3
    check_totals(state)


def test_robo_on_another_players_turn_takes_goods_before_their_sale():
    state = table()
    hand(state, 1, "Robo")
    goods(state, 0, storage=5)
    goods(state, 1, storage=5)  # green's storage 6 has room for 1
    turn(state, 0)
    stack(state, "Miami trafficker")
    play(state, "flip", "stop", "end actions")
    # before red's end sale, green may play an any-time card: a decision of green's seat
    assert state.phase == "raid" and state.current_player == 1
    assert labels(state) == ["play Robo on red", "hire a sicario", "pass"]
    play(state, "play Robo on red")
    assert state.storage_goods == [4, 6, 0]  # up to 2, as far as green's room goes
    assert state.phase == "sell" and state.current_player == 0
    check_totals(state)


def test_soborno_lets_a_police_off_its_payment():
    state = table()
    hand(state, 0, "Soborno")
    turn(state, 0)
    stack(state, "police", "sapo", "lab")
    play(state, "flip", "keep the police", "flip")
    assert state.phase == "pay" and labels(state) == ["bribe the police", "pay from the lab"]
    play(state, "bribe the police")
    assert state.lab_goods[0] == 1 and state.hands[0] == []
    play(state, "place the peeked card", "stop")
    assert state.actions == 3  # the bribed police is still an action (and a siren)


def test_chivatazo_shows_the_top_three_and_its_player_puts_them_back_in_order():
    state = table()
    hand(state, 0, "Chivatazo")
    turn(state, 0)
    stack(state, "police", "lab", "sapo")
    play(state, "play Chivatazo")
    assert state.money[0] == 2 and state.phase == "order"
    assert state.view(0)["looking"] == ["police", "lab", "sapo"]
    assert state.view(1)["looking"] == 3
    assert labels(state) == ["put lab next", "put sapo next", "put police next"]
    play(state, "put lab next", "put sapo next")
    assert state.phase == "start" and [CARD_NAME[c] for c in state.top] == ["lab", "sapo", "police"]
    assert state.view(0)["top"] == ["lab", "sapo", "police"]
    assert state.view(2)["top"] == [None, None, None]
    assert not any("lab" in text for text in texts(state, 1))
    assert state.record(1)["actions"][-2:] == [None, None], "the order is secret"
    play(state, "flip")
    assert [CARD_NAME[c] for c in state.timeline] == ["lab"]


def test_presion_forces_the_flipping_player_to_flip_again_a_decision_of_the_presser():
    state = table()
    hand(state, 2, "Presión")
    turn(state, 0)
    stack(state, "police", "lab", "police", "boat", "sapo")
    play(state, "flip", "keep the police", "flip")
    assert state.phase == "flip", "at one siren nobody is asked"
    play(state, "flip", "keep the police")
    # two sirens: both police take their payment, then red would be free to stop; yellow,
    # who holds Cartel cards, is asked (green, with none, is not)
    assert state.phase == "pressure" and state.current_player == 2
    assert labels(state) == ["play Presión", "hire a sicario", "pass"]
    play(state, "play Presión")
    assert state.sicarios[2] == 1
    assert [CARD_NAME[c] for c in state.timeline] == ["police", "lab", "police", "boat"]
    assert state.phase == "flip" and state.current_player == 0
    check_totals(state)


def test_a_window_asks_every_other_seat_holding_cards_whatever_they_hold():
    state = table()
    hand(state, 1, "Horas extra")
    turn(state, 0)
    stack(state, "police", "sapo", "lab")
    play(state, "flip", "keep the police", "flip")
    play(state, "place the peeked card")
    assert state.phase == "pressure" and state.current_player == 1
    assert labels(state) == ["hire a sicario", "pass"]  # a worker may become one at any time
    play(state, "pass")
    assert state.phase == "flip" and state.current_player == 0


def test_contacto_is_a_buyer_without_the_commission():
    state = table()
    hand(state, 0, "Contacto")
    goods(state, 0, storage=4)
    turn(state, 0)
    stack(state, "Miami trafficker")
    play(state, "flip", "stop")
    play(state, "play Contacto")
    assert "sell early to the contact" in labels(state)
    play(state, "sell early to the contact")
    assert state.pending_income == 4
    advanced = table(mode="advanced")
    hand(advanced, 0, "Contacto")
    turn(advanced, 0)
    stack(advanced, "lab")
    play(advanced, "flip", "stop")
    assert "play Contacto for Chicago" in labels(advanced)
    play(advanced, "play Contacto for Chicago")
    assert advanced.view(0)["contact"] == "Chicago"


def test_horas_extra_gives_two_actions_for_a_million():
    state = table()
    hand(state, 0, "Horas extra")
    turn(state, 0)
    stack(state, "lab")
    play(state, "flip", "stop", "play Horas extra")
    assert state.actions == 3 and state.money[0] == 2


def test_reclutamiento_hires_a_sicario_even_at_a_removal():
    from contraband.games.narcos import deck

    state = table()
    deck.build_round_two(state, early=True)
    hand(state, 0, "Reclutamiento")
    turn(state, 0)
    state.sicarios[0] = 1
    stack(state, "military")
    play(state, "flip")
    assert "play Reclutamiento" in labels(state) and "remove the military" not in labels(state)
    play(state, "play Reclutamiento")
    assert state.sicarios[0] == 2 and state.money[0] == 2
    play(state, "remove the military")
    assert state.sicarios[0] == 0 and state.timeline == []


def test_asalto_robs_the_police_warehouse_in_advanced_mode():
    state = table(mode="advanced")
    hand(state, 1, "Asalto")
    turn(state, 0)
    stack(state, "police", "sapo", "lab")
    play(state, "flip", "keep the police", "flip", "decline the peeked card")
    assert state.warehouse_goods == 1  # the police's cube reaches the warehouse
    from tests.games.narcos.builder import finish_turn

    finish_turn(state)
    assert state.active == 1 and "play Asalto" in labels(state)
    play(state, "play Asalto")
    assert state.warehouse_goods == 0 and state.lab_goods[1] == 2 and state.sicarios[1] == 0
    assert "assault" in log_kinds(state)
    check_totals(state)


def test_a_card_played_face_down_stays_hidden_from_the_others():
    state = table()
    hand(state, 0, "Presión")
    turn(state, 0)
    stack(state, "lab")
    play(state, "flip", "stop", "play Presión face down")
    assert state.actions == 2
    assert state.record(1)["actions"][-1] is None and state.record(0)["actions"][-1] is not None
    assert not any("Presión" in text for text in texts(state, 1))
    assert any("Presión" in text for text in texts(state, 0))
    assert state.view(1)["players"][0]["face_down"] == 1 and state.view(1)["face_down"] == []
