"""The game log tells the whole game, and each seat (and a spectator) reads only what it may
know: face-down hires unnamed until the reveal, smugglers drawn named only to their owner."""

from contraband.core.random import Rng
from contraband.games.nacho_incident.board import SMUGGLER_NAME
from tests.games.nacho_incident.builder import (
    gem,
    hand,
    hire_all,
    holders,
    labels,
    mountie_up,
    new,
    post,
    province_card,
    warehouse,
)


def _entries(state, seat, kind):
    return [entry for entry in state.log(seat) if entry["kind"] == kind]


def _new_texts(state, seat, before):
    return [entry["text"] for entry in state.log(seat, since=before)]


def _three_hires():
    state = new(3)
    gem(state, 0)
    hand(state, 0, "Gus", "Dot")  # Alberta 1, 2
    hand(state, 1, "Tina", "Pam")  # Ontario 9, Saskatchewan 2
    hand(state, 2, "Jen", "Ugo")  # Saskatchewan 5, Quebec 1
    mountie_up(state, "Steele")  # Ontario
    return state


def test_a_face_down_hire_is_named_for_its_owner_and_masked_for_the_others():
    state = _three_hires()
    start = len(state.log(None))
    state.apply("hire Gus")
    mine = state.log(0, since=start)
    assert [(e["kind"], e["seat"], e["smuggler"], e["masked"]) for e in mine] == [
        ("hire", 0, "Gus", False)
    ]
    assert mine[0]["text"] == "red hires Gus face down"
    for other in (1, 2, None):
        (entry,) = state.log(other, since=start)
        assert entry["text"] == "red hires a smuggler face down"
        assert entry["masked"] is True and "smuggler" not in entry
        assert "Gus" not in str(entry)
        assert state.view(other)["last_move"]["label"] is None
        assert state.record(other)["actions"] == [None]
    assert state.view(0)["last_move"]["label"] == "hire Gus"
    assert state.record(0)["actions"] == ["hire Gus"]
    assert state.record()["actions"] == ["hire Gus"]  # the complete record has everything


def test_records_mask_other_seats_hires_until_the_reveal_then_show_them():
    state = _three_hires()
    state.apply("hire Gus")
    state.apply("hire Tina")
    assert state.record(0)["actions"] == ["hire Gus", None]
    assert state.record(1)["actions"] == [None, "hire Tina"]
    assert state.record(2)["actions"] == [None, None]
    assert state.record(None)["actions"] == [None, None]
    assert "seed" not in state.record(2)
    before = len(state.log(None))
    state.apply("hire Jen")  # the last hire: all are revealed together
    everyone = ["hire Gus", "hire Tina", "hire Jen"]
    for seat in (0, 1, 2, None):
        assert state.record(seat)["actions"] == everyone
        hires = _entries(state, seat, "hire")
        assert [(e["smuggler"], e["masked"]) for e in hires] == [
            ("Gus", False),
            ("Tina", False),
            ("Jen", False),
        ]
        assert _new_texts(state, seat, before) == [
            "green hires Jen face down",
            "the hires are revealed, in playing order: blue Tina (rank 9), green Jen (rank 5), "
            "red Gus (rank 1)",
            "blue goes first and puts mountie Steele on their Ontario cantina",
        ]
    (reveal,) = _entries(state, None, "reveal")
    assert reveal["order"] == [1, 2, 0] and reveal["hires"] == ["Tina", "Jen", "Gus"]
    assert reveal["reveals"] is True and reveal["chance"] is False


def test_a_hire_may_be_taken_back_until_the_next_seat_acts_but_not_the_reveal():
    state = _three_hires()
    state.apply("hire Gus")
    assert state.undoable(0) and not state.undoable(1)
    assert state.undo(0).history == []
    state.apply("hire Tina")
    assert not state.undoable(0) and state.undoable(1)
    state.apply("hire Jen")
    assert not state.undoable(2)  # the reveal showed every hire


def test_smugglers_drawn_are_named_only_to_their_owner():
    state = new(3, seed=8)
    for seat in range(3):
        (own,) = [e for e in _entries(state, seat, "draw") if e["seat"] == seat]
        assert sorted(own["smugglers"]) == sorted(SMUGGLER_NAME[c] for c in state.hands[seat])
        assert own["chance"] is True and own["masked"] is False
        for other in [None, *range(3)]:
            if other == seat:
                continue
            (theirs,) = [e for e in _entries(state, other, "draw") if e["seat"] == seat]
            assert theirs["text"] == f"{state.seat_names()[seat]} draws 8 smugglers"
            assert "smugglers" not in theirs and theirs["masked"] is True
            assert not any(name in theirs["text"] for name in own["smugglers"])


def test_the_rulebook_example_steal_deliver_hand_over_and_fee_are_logged():
    state = new(2)
    gem(state, 0)
    hand(state, 0, "Jen")
    hand(state, 1, "Gus")
    mountie_up(state, "Steele")
    warehouse(state, 0, "grain", "beans")
    warehouse(state, 1, "salsa", "onion")
    province_card(state, "Alberta", 0)  # salsa 7
    hire_all(state, {0: "Jen", 1: "Gus"})
    before = len(state.log(None))
    state.apply("steal salsa from blue")
    state.apply("go to Alberta")
    assert _new_texts(state, 1, before) == [
        "red steals salsa from blue",
        "red sends Jen to Alberta",
        "red delivers salsa to Alberta for 7 gold",
        "red gives blue all their own cubes: grain and beans",
        "red pays Jen's fee of 2 gold",
        "Jen opens a cantina for red in Alberta",
    ]
    (deliver,) = _entries(state, 1, "deliver")
    assert (deliver["seat"], deliver["food"], deliver["province"], deliver["gold"]) == (
        0,
        "salsa",
        "Alberta",
        7,
    )
    assert state.view(1)["last_move"]["events"][-1]["kind"] == "cantina"


def test_arrests_the_bored_and_the_wandering_mountie_are_logged():
    state = new(3)
    gem(state, 0)
    hand(state, 0, "Hank")
    hand(state, 1, "Tina")
    hand(state, 2, "Dot")
    holders(state, 2, "Ontario", "Sid")
    post(state, 0, "Alberta", "Preston")
    post(state, 0, "Quebec", "Lapointe", "Gagnon")
    mountie_up(state, "Walsh")
    hire_all(state, {0: "Hank", 1: "Tina", 2: "Dot"})
    state.apply("ship nothing")
    state.apply("go to Quebec")
    state.apply("ship nothing")
    before = len(state.log(None))
    state.apply("go to Alberta")
    state.apply("mountie Gagnon")
    state.apply("wander to green Ontario")
    assert _new_texts(state, None, before) == [
        "red sends Hank to Alberta",
        "red pays Hank's fee of 1 gold",
        "Hank opens a cantina for red in Alberta",
        "mountie Preston arrests red's Hank in Alberta; both leave the game",
        "red chooses mountie Gagnon to act at their Quebec cantina",
        "two mounties and no smuggler at red's Quebec cantina: mountie Gagnon gets bored",
        "red has no cantina holder to arrest: mountie Gagnon wanders from their Quebec cantina "
        "to green's Ontario cantina",
    ]
    (wander,) = _entries(state, 1, "wander")
    assert (wander["seat"], wander["target"], wander["to"]) == (0, 2, "Ontario")


def test_round_end_majorities_ties_penalties_and_the_gem_are_logged():
    state = new(2)
    gem(state, 0)
    state.turn = 3
    hand(state, 0, "Vera")  # Alberta 7, cost 3
    hand(state, 1, "Ugo")  # Quebec 1, cost 0
    holders(state, 0, "Alberta", "Gus", "Dot")
    holders(state, 1, "Alberta", "Ozzy")
    holders(state, 0, "Saskatchewan", "Kit")
    holders(state, 1, "Saskatchewan", "Lyle")
    post(state, 1, "Quebec", "Benton")  # penalty 4
    mountie_up(state, "Steele")
    hire_all(state, {0: "Vera", 1: "Ugo"})
    state.apply("ship nothing")
    state.apply("go to Alberta")
    state.apply("ship nothing")
    before = len(state.log(None))
    state.apply("go to Ontario")
    texts = _new_texts(state, 0, before)
    assert texts[3:] == [
        "round 1 ends: cantina majorities and mountie penalties",
        "red runs the best cantina in Alberta: +5 gold; Gus, Dot and Vera retire",
        "no bonus in Saskatchewan: red and blue tie for the most holders (1 each)",
        "blue runs the best cantina in Ontario: +6 gold; Ugo retires",
        "red pays 3 gold for mountie Steele at their cantinas",
        "blue pays 4 gold for mountie Benton at their cantinas",
        "the gem stays with red (the lowest score)",
    ]
    majority = _entries(state, 1, "majority")[0]
    assert majority["retired"] == ["Gus", "Dot", "Vera"] and majority["gold"] == 5


def test_refresh_discards_are_public_and_the_new_cards_private():
    state = new(2)
    gem(state, 0)
    state.phase, state.current_player, state.seq = "refresh", 0, 0
    state.chosen = [-1, -1]
    state._legal = None
    hand(state, 0, "Nell", "Gus")
    state.apply("discard Nell")
    (discard,) = _entries(state, 1, "discard")
    assert discard["text"] == "red discards Nell" and discard["reveals"] is True
    before = len(state.log(None))
    state.apply("keep hand")
    mine, theirs = state.log(0, since=before), state.log(1, since=before)
    assert mine[0]["text"] == theirs[0]["text"] == "red keeps 1 smuggler and draws back to 8"
    assert mine[-1]["kind"] == theirs[-1]["kind"] == "draw"
    drawn = mine[-1]["smugglers"]
    assert len(drawn) == 7 and all(SMUGGLER_NAME[c] in drawn + ["Gus"] for c in state.hands[0])
    assert theirs[-1]["text"] == "red draws 7 smugglers"


def test_market_sales_restock_and_chance_flags():
    state = new(2)
    gem(state, 0)
    warehouse(state, 0, "onion", "salsa")
    warehouse(state, 1, "grain", "olive")
    state.phase, state.current_player, state.seq = "market", 0, 0
    state.mountie_pool.append(state.mountie_up)
    state.mountie_pool.sort()
    state.mountie_up = -1
    state.chosen = [-1, -1]
    state._legal = None
    before = len(state.log(None))
    state.apply("sell onion")
    state.apply("restock")
    state.apply("restock")
    log = state.log(1, since=before)
    assert [e["kind"] for e in log[:4]] == ["sell", "restock", "cubes", "restock"]
    assert log[0]["text"] == "red sells onion on the Mexican market for 1 gold"
    assert log[0]["chance"] is False and log[2]["chance"] is True
    assert log[2]["seat"] == 0 and len(log[2]["foods"]) == 1
    assert log[4]["text"] == "the cubes sold on the market go back into the bag: onion"
    assert [e["kind"] for e in log[5:]] == ["turn", "mountie_up"]
    assert log[6]["chance"] is True
    assert state.view(0)["seats"][0]["ledger"]["sales"] == 1


def test_the_whole_game_ends_with_the_final_gold_and_a_breakdown_that_adds_up():
    state = new(4, seed=6)
    rng = Rng(6)
    while not state.is_terminal():
        state.apply(rng.choice(labels(state)))
    end = state.log(2)[-1]
    assert end["kind"] == "end" and end["final"] == state.gold
    assert end["winner"] == state.winners()[0]
    assert end["text"].startswith("the game ends after 12 turns with red ")
    result = state.result()
    for row, gold in zip(result["breakdown"], state.gold, strict=True):
        parts = ("start", "deliveries", "cantina_bonuses", "market")
        total = sum(row[k] for k in parts) + row["smuggler_fees"] + row["mountie_penalties"]
        assert total == row["total"] == gold
    # the log's own numbers agree with the breakdown
    log = state.log(None)
    for row in result["breakdown"]:
        seat = row["seat"]
        delivered = sum(e["gold"] for e in log if e["kind"] == "deliver" and e["seat"] == seat)
        fees = sum(e["gold"] for e in log if e["kind"] == "fee" and e["seat"] == seat)
        fines = sum(e["gold"] for e in log if e["kind"] == "fine" and e["seat"] == seat)
        bonuses = sum(e["gold"] for e in log if e["kind"] == "majority" and e["seat"] == seat)
        assert (delivered, -fees, -fines, bonuses) == (
            row["deliveries"],
            row["smuggler_fees"],
            row["mountie_penalties"],
            row["cantina_bonuses"],
        )
    hires = [e for e in log if e["kind"] == "hire"]
    assert len(hires) == 48 and not any(e["masked"] for e in hires)
