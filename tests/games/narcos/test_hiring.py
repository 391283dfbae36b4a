"""A worker becomes a sicario for 2 million "at any moment" (rulebook p.10, the EMPLEADOS box;
DESIGN.md D57-D59): on your own turn at your decisions, and on another player's turn in the
windows where a Cartel card may be played, offered to every seat asked there that has a worker
and 2 million, whatever its hand holds."""

from contraband.games.narcos.board import MEANING
from tests.games.narcos.builder import (
    check_totals,
    finish_turn,
    goods,
    hand,
    labels,
    money,
    new,
    no_hands,
    play,
    stack,
    turn,
)


def table(players=3, mode="basic", seed=15):
    state = new(players, seed=seed, mode=mode)
    no_hands(state)
    return state


def to_pressure(state) -> None:
    """Red flips to two sirens and is free to stop: the Presión window opens."""
    turn(state, 0)
    stack(state, "police", "sapo", "lab")
    play(state, "flip", "keep the police", "flip", "place the peeked card")


def to_raid(state) -> None:
    """Red's actions are over, before the end sale: the raid window opens."""
    goods(state, 0, storage=3)
    turn(state, 0)
    stack(state, "Miami trafficker")
    play(state, "flip", "stop", "end actions")


def not_card_plays(state) -> list[str]:
    return [label for label in labels(state) if MEANING[label][0] not in ("cartel", "back")]


def test_a_seat_hires_a_sicario_on_another_players_turn_and_everyone_reads_it():
    state = table()
    hand(state, 1, "Horas extra")  # no use for a sicario: the hire is offered all the same
    to_pressure(state)
    assert state.current_player == 1 and labels(state) == ["hire a sicario", "pass"]
    play(state, "hire a sicario")
    assert (state.money[1], state.workers[1], state.sicarios[1]) == (1, 4, 3)
    assert state.workers_converted[1] == 1
    for seat in (None, 0, 1, 2):
        assert state.log(seat)[-1]["kind"] == "hire"
        assert "green pays 2 million to turn a worker into a sicario" in state.log(seat)[-1]["text"]
    # still green's decision, and 1 million buys no second sicario
    assert state.current_player == 1 and labels(state) == ["pass"]
    play(state, "pass")
    assert state.phase == "flip" and state.current_player == 0
    check_totals(state)


def test_a_seat_without_sicarios_hires_one_and_presses():
    state = table()
    hand(state, 2, "Presión")
    state.sicarios[2] = 0
    to_pressure(state)
    assert state.current_player == 2 and labels(state) == ["hire a sicario", "pass"]
    play(state, "hire a sicario")
    assert labels(state) == ["play Presión", "pass"]
    play(state, "play Presión")
    assert state.sicarios[2] == 0 and state.money[2] == 1
    assert len(state.timeline) == 4, "the press made red flip a fourth card"
    check_totals(state)


def test_a_seat_hires_before_a_raid_on_the_player_about_to_sell():
    state = table()
    hand(state, 1, "Sabotaje")
    state.sicarios[1] = 0
    goods(state, 0, lab=4)
    to_raid(state)
    assert state.current_player == 1 and labels(state) == ["hire a sicario", "pass"]
    play(state, "hire a sicario", "play Sabotaje on red")
    assert state.lab_goods[0] == 1 and state.sicarios[1] == 0 and state.money[1] == 1
    assert state.phase == "sell" and state.current_player == 0
    check_totals(state)


def test_the_moves_offered_in_a_window_are_the_same_whatever_the_hand():
    offers = {}
    for cards in (("Presión",), ("Horas extra",), ("Robo", "Chivatazo"), ("Reclutamiento",)):
        for window in (to_pressure, to_raid):
            for sicarios, cash in ((0, 3), (1, 3), (0, 1), (2, 0)):
                state = table()
                hand(state, 1, *cards[:1])
                hand(state, 2, *cards)
                for seat in (1, 2):
                    state.sicarios[seat] = sicarios
                    money(state, seat, cash)
                goods(state, 2, storage=2)  # a target for Robo
                window(state)
                key = (window.__name__, sicarios, cash)
                asked = state.phase, state.current_player, not_card_plays(state)
                assert offers.setdefault(key, asked) == asked, f"{key}: {cards}"
    assert offers[("to_pressure", 0, 3)] == ("pressure", 1, ["hire a sicario", "pass"])
    assert offers[("to_pressure", 0, 1)] == ("flip", 0, ["stop", "flip", "hire a sicario"])
    assert offers[("to_raid", 2, 0)] == ("raid", 1, ["pass"])


def test_a_seat_that_could_pay_for_no_card_of_the_window_is_not_asked():
    state = table()
    hand(state, 1, "Presión")
    hand(state, 2, "Horas extra")
    for seat in (1, 2):
        state.sicarios[seat] = 0
        money(state, seat, 1)  # no sicario, and too poor to hire one
    to_pressure(state)  # Presión costs a sicario: nobody is asked
    assert state.phase == "flip" and state.current_player == 0
    raid = table()
    hand(raid, 1, "Robo")
    raid.sicarios[1] = 0
    money(raid, 1, 1)  # Reclutamiento would cost 1 million: green is asked, whatever it holds
    money(raid, 2, 0)
    hand(raid, 2, "Reclutamiento")
    raid.sicarios[2] = 0
    to_raid(raid)
    assert raid.current_player == 1 and labels(raid) == ["pass"]
    play(raid, "pass")
    assert raid.phase == "sell", "yellow, with nothing to pay with, is not asked"


def test_the_leftover_sale_and_purchase_offer_no_hire():
    """A sicario is of use only where a card is played: these windows ask only what they
    are for (a seat asked there has, or may have, no Cartel card at all)."""
    state = table()
    goods(state, 1, storage=3)
    turn(state, 0)
    stack(state, "Miami trafficker", "boat")
    play(state, "flip", "flip", "stop", "end actions")
    assert state.phase == "leftover" and state.current_player == 1
    assert labels(state) == ["sell to the Miami trafficker", "pass"]
    play(state, "sell to the Miami trafficker", "invest nothing")
    assert state.phase == "purchase" and state.current_player == 1
    assert labels(state) == ["buy boat", "pass"]
    finish_turn(state)
    check_totals(state)
