"""The game log tells the whole game, as each seat may see it: scenarios built by bean names."""

import importlib

from tests.games.al_cabohne.builder import GAME, names, position

HARVEST = importlib.import_module("contraband.games.al_cabohne.harvest")

SEATS = [None, 0, 1]


def _texts(entries):
    return [entry["text"] for entry in entries]


def _act(state, label):
    """Apply ``label``; the log entries it added, per viewer (None: the spectator)."""
    since = len(state.log(None))
    state.apply(label)
    return {seat: state.log(seat, since) for seat in [None, *range(state.players)]}


def test_a_new_game_deals_hands_named_only_to_their_owner_and_turns_cards_for_the_bosses():
    state = GAME.new(2, seed=11)
    for seat in SEATS:
        log = state.log(seat)
        assert log[0]["kind"] == "shuffle" and log[0]["chance"]
        assert log[0]["text"] == (
            "the 116 bean cards are shuffled into the deck, which is played through 3 times"
        )
        deals = [entry for entry in log if entry["kind"] == "deal"]
        assert [d["seat"] for d in deals] == [0, 1]
        for deal in deals:
            if deal["seat"] == seat:
                assert deal["cards"] == names(state.hands[seat])
                assert not deal["masked"]
                assert deal["text"].startswith(
                    f"player {seat + 1} is dealt 5 cards (front first): "
                )
            else:
                assert "cards" not in deal and deal["masked"]
                assert deal["text"] == f"player {deal['seat'] + 1} is dealt 5 cards"
        flips = [entry for entry in log if entry["kind"] == "turn_to_boss"]
        # the bosses' fields hold exactly the cards the log says were turned for them
        for boss, bean, count in zip(
            ("Al Cabohne", "Don Corlebohne"), state.boss_bean, state.boss_count, strict=True
        ):
            mine = [f for f in flips if f["boss"] == boss]
            assert len(mine) == count and {f["bean"] for f in mine} == {names([bean])[0]}
        assert log[-1]["text"] == "player 1's turn"
        assert all(entry["action"] is None for entry in log)


def test_solo_deal_is_hidden_from_the_spectator():
    state = GAME.new(1, seed=3)
    mine = [e for e in state.log(0) if e["kind"] == "deal"]
    theirs = [e for e in state.log(None) if e["kind"] == "deal"]
    assert mine[0]["cards"] == names(state.hands[0]) and len(mine[0]["cards"]) == 7
    assert theirs[0]["text"] == "the player is dealt 7 cards" and "cards" not in theirs[0]
    assert [e["kind"] for e in state.log(None)].count("turn_to_boss") >= 3  # three bosses


def _trading_turn():
    """Player 1 harvests, plants, and phase 4 turns: Al Cabohne collects a Fire and sells; the
    next Fire stays face up and gathers the Fire beans the sale discarded. Then player 1 owes
    Al Cabohne a hand card (his field is empty) and may give him the face-up Blue."""
    return position(
        hands=[["Puff", "Blue"], ["Runner"]],
        fields=[["6 Kidney", None], [None, None]],
        bosses=["7 Fire", "1 Broad"],
        deck=["Fire", "Fire", "Runner", "Blue", "Kidney", "French"],
    )


def test_harvest_planting_turned_cards_and_a_boss_sale_are_told_to_everyone():
    state = _trading_turn()
    seen = _act(state, "harvest field 1")
    for seat in SEATS:
        (entry,) = seen[seat]
        assert entry["text"] == "player 1 harvests 6 Kidney beans for 2 coins"
        assert (entry["kind"], entry["seat"], entry["field"]) == ("harvest", 0, 1)
        assert (entry["bean"], entry["count"], entry["coins"], entry["total"]) == (
            "Kidney",
            6,
            2,
            2,
        )
        assert entry["action"] == 0 and not entry["chance"]
    seen = _act(state, "plant Puff on field 1")
    assert _texts(seen[None]) == ["player 1 plants a Puff bean from the hand on field 1"]
    assert seen[1][0]["reveals"], "a hand card played is shown to the others"
    seen = _act(state, "end planting")
    expected = [
        "player 1 plants no second card",
        "a Fire bean is turned up and goes to Al Cabohne",
        "Al Cabohne sells his field of 8 Fire beans for 3 coins; the mafia has 3 coins",
        "a Fire bean is turned up and stays face up",
        "5 Fire beans from the top of the discard pile join it",
        "a Runner bean is turned up and stays face up",
        "a Blue bean is turned up and stays face up",
    ]
    for seat in SEATS:
        assert _texts(seen[seat]) == expected
    sale = seen[None][2]
    assert sale["kind"] == "boss_sale"
    assert (sale["boss"], sale["bean"], sale["count"], sale["coins"], sale["mafia"]) == (
        "Al Cabohne",
        "Fire",
        8,
        3,
        3,
    )
    turned = [e for e in seen[None] if e["kind"] in ("turn_to_boss", "turn_faceup")]
    assert [e["bean"] for e in turned] == ["Fire", "Fire", "Runner", "Blue"]
    assert all(e["chance"] for e in turned)
    assert names(state.faceup) == ["Fire"] * 6 + ["Runner", "Blue"]
    assert len(state.mafia_coins) == 3


def test_the_compulsory_gift_trading_and_the_draw_named_only_to_the_drawer():
    state = _trading_turn()
    for label in ("harvest field 1", "plant Puff on field 1", "end planting"):
        state.apply(label)
    seen = _act(state, "give hand card 1 (Blue) to Al Cabohne")
    assert _texts(seen[1]) == [
        "player 1 gives hand card 1, a Blue bean, to Al Cabohne (due: his field was empty)"
    ]
    assert seen[1][0]["compulsory"] is True and seen[1][0]["position"] == 1
    seen = _act(state, "plant face-up Fire on field 2")
    assert _texts(seen[None]) == ["player 1 plants the face-up Fire bean on field 2"]
    seen = _act(state, "give face-up Blue to Al Cabohne")
    assert _texts(seen[None]) == ["player 1 gives the face-up Blue bean to Al Cabohne"]
    seen = _act(state, "done trading")
    assert names(state.hands[0]) == ["Kidney", "French"]
    assert _texts(seen[0])[:2] == [
        "player 1 is done trading",
        "player 1 draws Kidney and French to the back of the hand",
    ]
    draw = seen[0][1]
    assert draw["cards"] == ["Kidney", "French"] and draw["chance"] and not draw["masked"]
    for seat in (None, 1):
        other = seen[seat][1]
        assert other["text"] == "player 1 draws 2 cards"
        assert other["masked"] and "cards" not in other and other["count"] == 2
        assert "Kidney" not in str(other) and "French" not in str(other)
    # the other player's turn begins: the face-up beans are left over for phase 1
    assert _texts(seen[None])[-1] == "player 2's turn"
    # the view's last move carries exactly those entries, as each seat sees them
    for seat in SEATS:
        assert state.view(seat)["last_move"]["events"] == seen[seat]


def test_leftovers_and_tribute_in_the_other_players_turn():
    state = position(
        hands=[[], ["Blue"]],
        fields=[[None, None], ["2 Kidney", None]],
        bosses=["1 Kidney", "1 Broad"],
        faceup=["Fire", "Fire"],
        turn_player=1,
    )
    assert _texts(state.log(None)) == ["player 2's turn"]
    seen = _act(state, "plant leftover Fire on field 2")
    assert _texts(seen[0]) == ["player 2 plants the leftover Fire bean on field 2"]
    assert (seen[0][0]["seat"], seen[0][0]["bean"], seen[0][0]["field"]) == (1, "Fire", 2)
    seen = _act(state, "discard leftover Fire")
    assert _texts(seen[0]) == ["player 2 discards the leftover Fire bean"]
    seen = _act(state, "pay tribute to Al Cabohne from field 1")
    assert _texts(seen[None]) == ["player 2 pays tribute to Al Cabohne: a Kidney bean from field 1"]
    assert state.boss_count[0] == 2


def test_a_reshuffle_is_told_with_the_pass_and_the_cards_it_takes():
    state = position(
        hands=[["Puff"], []], bosses=["1 Fire", "1 Broad"], deck=["Kidney"], rest="discard"
    )
    discarded = len(state.discard)
    seen = _act(state, "plant Puff on field 1")
    kinds = [e["kind"] for e in seen[None]]
    assert kinds[:3] == ["plant", "turn_faceup", "reshuffle"]
    shuffle = seen[None][2]
    assert shuffle["chance"] and (shuffle["size"], shuffle["deck_pass"], shuffle["passes"]) == (
        discarded,
        2,
        3,
    )
    assert shuffle["text"] == (
        f"the deck is empty: the discard pile ({discarded} cards) is shuffled into a new deck, "
        "pass 2 of 3"
    )


def test_two_player_game_end_sells_every_field_and_names_the_winner():
    state = position(
        hands=[["Puff"], []],
        fields=[["4 Blue", None], ["3 Runner", None]],
        bosses=["7 Fire", "3 Broad"],
        deck=["Kidney", "French"],
        coins=[["Blue"] * 4, ["Blue"] * 3],
        mafia_coins=["Fire"],
        deck_pass=3,
        rest="discard",
    )
    seen = _act(state, "plant Puff on field 2")
    assert state.is_terminal()
    assert _texts(seen[1]) == [
        "player 1 plants a Puff bean from the hand on field 2",
        "a Kidney bean is turned up and stays face up",
        "a French bean is turned up and stays face up",
        "the deck is used up for the last time: the game ends when another card is needed",
        "a card must be drawn but the deck is used up: the game ends and every field is sold",
        "at the end, player 1 harvests 4 Blue beans for 1 coin",
        "at the end, player 1 harvests a Puff bean for 0 coins",
        "at the end, player 2 harvests 3 Runner beans for 1 coin",
        "at the end, Al Cabohne sells his field of 7 Fire beans for 2 coins; the mafia has 3 coins",
        "at the end, Don Corlebohne sells his field of 3 Broad beans for 1 coin; the mafia has "
        "4 coins",
        "player 1 ends with 5 coins",
        "player 2 ends with 4 coins",
        "the bean mafia ends with 4 coins",
        "player 1 wins with 5 coins",
    ]
    win = seen[None][-1]
    assert (win["kind"], win["seat"], win["coins"], win["shared"]) == ("win", 0, 5, False)
    breakdown = state.result()["breakdown"]
    assert [p["coins"] for p in breakdown["players"]] == [5, 4]
    assert breakdown["mafia"] == {"coins": 4, "factor": 1, "total": 4, "doubled": False}
    assert breakdown["winners"] == [0] and not breakdown["mafia_wins"]
    assert breakdown["why"] == (
        "player 1 has the most coins (5), more than the bean mafia's 4 and player 2's 4"
    )


def test_solo_end_doubles_the_mafia_in_the_log_and_the_breakdown():
    state = position(
        1,
        hands=[["Puff"]],
        fields=[["4 Blue", None, None]],
        bosses=["7 Fire", "3 Broad", "1 French"],
        deck=["Kidney", "Runner"],
        coins=[["Kidney"] * 10 + ["Runner"] * 10],
        mafia_coins=["Fire"] * 5,
        rest="discard",
    )
    seen = _act(state, "plant Puff on field 2")
    assert "the last card of the deck is drawn: this turn is the last one" in _texts(seen[0])
    state.apply("plant face-up Kidney on field 3")
    seen = _act(state, "done trading")
    texts = _texts(seen[None])
    assert texts[:3] == [
        "the player is done trading",
        "the face-up beans left over go to the discard pile: Runner, Runner and Runner",
        "the last turn is over: the game ends and every field is sold",
    ]
    assert texts[-3:] == [
        "the player ends with 21 coins",
        "the bean mafia ends with 8 coins, counted twice in the solo game: 16",
        "the player wins with 21 coins",
    ]
    mafia = [e for e in seen[None] if e["kind"] == "mafia_score"][0]
    assert (mafia["coins"], mafia["factor"], mafia["total"]) == (8, 2, 16)
    breakdown = state.result()["breakdown"]
    assert breakdown["mafia"] == {"coins": 8, "factor": 2, "total": 16, "doubled": True}
    assert breakdown["players"] == [{"seat": 0, "name": "the player", "coins": 21}]
    assert state.view(0)["result"]["breakdown"] == breakdown


def test_a_tie_with_the_mafia_is_explained():
    state = position(
        hands=[["Puff"], []],
        coins=[["Blue"] * 4, ["Blue"] * 2],
        mafia_coins=["Fire"] * 4,
        bosses=["1 Fire", "1 Broad"],
        deck=["Kidney", "French"],
        deck_pass=3,
        rest="discard",
    )
    seen = _act(state, "plant Puff on field 1")
    assert _texts(seen[None])[-1] == "the bean mafia wins: a tie at 4 goes to the mafia"
    breakdown = state.result()["breakdown"]
    assert breakdown["mafia_wins"] and breakdown["winners"] == []
    assert "a tie with the mafia goes to the mafia" in breakdown["why"]


def test_a_boss_excused_from_the_compulsory_gift_is_logged():
    # Don's field is empty, but the only hand card is a bean Al collects: no gift is due
    state = position(
        hands=[["Puff", "Fire"], []],
        bosses=["1 Fire", None],
        deck=["Kidney", "French", "Runner"],
    )
    state.apply("plant Puff on field 1")
    seen = _act(state, "end planting")
    excused = [e for e in seen[None] if e["kind"] == "gift_excused"]
    assert [e["text"] for e in excused] == [
        "Don Corlebohne's field is empty, but player 1 holds no bean he may take: no gift is due"
    ]
    assert state.phase == "trading"


def test_players_sharing_the_win_are_both_told():
    state = position(
        coins=[["Blue"] * 6, ["Kidney"] * 6], mafia_coins=["Fire"] * 5, hands=[[], []], begin=False
    )
    HARVEST.end_game(state)
    assert _texts(state.log(None))[-3:] == [
        "the bean mafia ends with 5 coins",
        "player 1 shares the win with 6 coins",
        "player 2 shares the win with 6 coins",
    ]
    assert state.result()["breakdown"]["why"] == (
        "player 1 and player 2 share the most coins (6), more than the bean mafia's 5"
    )
