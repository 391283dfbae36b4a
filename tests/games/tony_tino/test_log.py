"""The game log: every event in order, in words, as each seat may see it."""

import contraband
from contraband.games.tony_tino.board import CARD_NAMES, POINT_LABELS, STREET_LABELS
from tests.games.tony_tino.builder import FULL, MID, mid_game, position, texts

NO_POLICE = ["shift"]
TOKENS = {"row 6": 50000, "column F": 20000}


def entries(state, seat, kind):
    return [entry for entry in state.log(seat) if entry["kind"] == kind]


def test_a_drawn_card_is_named_to_its_owner_only():
    state = mid_game(["exchange", "shift", "shift"], NO_POLICE)
    state.apply("discard exchange")
    mine, theirs, spectator = (state.log(seat)[-2:] for seat in (0, 1, None))
    assert mine[0]["text"] == "Tony discards Exchange without effect"
    assert mine[0]["card"] == "exchange" and mine[0]["reveals"] and not mine[0]["chance"]
    assert theirs[0] == mine[0] == spectator[0]  # discards are public
    assert mine[1]["text"] == "Tony draws Corruption"  # the deck's top card
    assert mine[1]["card"] == "corruption" and mine[1]["chance"] and not mine[1]["masked"]
    for other in (theirs[1], spectator[1]):
        assert other["text"] == "Tony draws a card"
        assert other["masked"] and "card" not in other and other["chance"]
        assert "Corruption" not in str(other) and "corruption" not in str(other)


def test_police_is_answered_in_the_log_and_each_player_draws():
    state = mid_game(["corruption", "shift"], ["police", "shift"])
    start = len(state.log(None))
    state.apply("play corruption")
    state.apply("police")
    assert texts(state, 0, start) == [
        "Tony plays Corruption",
        "Tino answers with Police: Tony's Corruption is cancelled",
        "Tino draws a card",
        "Tony draws Corruption",
    ]
    assert texts(state, 1, start) == [
        "Tony plays Corruption",
        "Tino answers with Police: Tony's Corruption is cancelled",
        "Tino draws Corruption",
        "Tony draws a card",
    ]
    police = entries(state, None, "police")[0]
    assert (police["seat"], police["card"], police["against"]) == (1, "corruption", 0)
    assert police["reveals"], "Police comes from a hidden hand"
    assert state.log(None)[start]["action"] == 0 and state.log(None)[start + 1]["action"] == 1


def test_allowing_a_card_then_its_targets_and_effect():
    state = mid_game(["corruption"], NO_POLICE)
    start = len(state.log(None))
    for label in ("play corruption", "allow", "swap C1", "with D3"):
        state.apply(label)
    assert texts(state, None, start)[:4] == [
        "Tony plays Corruption",
        "Tino lets the Corruption through",
        "Tony picks the disc 3 on C1 to swap",
        "Tony swaps the discs of C1 and D3: C1 now shows 1, D3 shows 3",
    ]
    swap = entries(state, 1, "corruption")[0]
    assert (swap["first"], swap["second"], swap["first_number"], swap["second_number"]) == (
        "C1",
        "D3",
        1,
        3,
    )
    assert not entries(state, None, "allow")[0]["reveals"]


def test_shift_flying_switch_exchange_and_new_value_say_what_changed():
    state = mid_game(["shift"], NO_POLICE)
    for label in ("play shift", "allow", "shift C2"):
        state.apply(label)
    assert entries(state, 1, "shift")[0]["text"] == (
        "Tony shifts the disc 2 on C2: it counts as 1 this turn"
    )

    state = mid_game(["flying-switch"], NO_POLICE)
    for label in ("play flying-switch", "allow", "spy B2", "with A4"):
        state.apply(label)
    assert texts(state, 1)[-3:-1] == [
        "Tony picks his spy on B2 to switch",
        "Tony switches his spy on B2 with his 3 (son) on A4: the 3 now stands on B2, the spy on A4",
    ]

    state = mid_game(["exchange"], NO_POLICE)
    for label in ("play exchange", "allow", "mine A4", "theirs B3"):
        state.apply(label)
    exchange = entries(state, None, "exchange")[0]
    assert exchange["text"] == (
        "Tony exchanges his 3 (son) on A4 with Tino's on B3: A4 is now Tino's, B3 Tony's"
    )
    assert (exchange["seat"], exchange["other"], exchange["value"]) == (0, 1, 3)

    state = mid_game(["new-value"], NO_POLICE)
    state.tokens[0], state.tokens[STREET_LABELS.index("column E")] = 50000, 10000
    state._legal = None
    for label in ("play new-value", "allow", "money row 1", "with column E"):
        state.apply(label)
    assert texts(state, 0)[-3:-1] == [
        "Tony picks the $50,000 token of row 1 to swap",
        "Tony swaps the tokens of row 1 and column E: row 1 now pays $10,000, column E $50,000",
    ]


def test_roulette_logs_the_new_order_as_chance():
    state = mid_game(["roulette"], NO_POLICE)
    state.apply("play roulette")
    state.apply("allow")
    roulette = entries(state, 1, "roulette")[0]
    assert roulette["chance"]
    laid = {point: number for point, number in roulette["discs"]}
    assert laid == {POINT_LABELS[p]: state.discs[p] for p in range(36) if state.discs[p]}
    assert roulette["text"].startswith("Tony's Russian Roulette reshuffles the 14 discs: ")


def test_professional_and_the_extra_turn():
    state = mid_game(["professional", "shift"], ["police", "shift"])
    state.apply("play professional")
    state.apply("place 1 on D3")
    assert texts(state, 1)[1:] == [
        "Tony plays Professional",
        "Tony will take another turn after this one",
        "Tony draws a card",
        "Tony places his 1 (hitman) on D3 (disc 1)",
        "Tony takes his extra turn (Professional)",
    ]
    assert texts(state, 1)[0] == "Tony's turn"


def test_placing_turns_up_the_next_figure_as_chance():
    state = position(*MID, hands=([], []), stacks=([2, 0], []))
    state.apply("place 1 on D3")
    place, turned, turn, no_cards = state.log(1)[-4:]
    assert place["text"] == "Tony places his 1 (hitman) on D3 (disc 1)"
    assert (place["figure"], place["point"], place["number"]) == (1, "D3", 1)
    assert not place["chance"]
    assert turned["text"] == "Tony turns up a 0 (spy) from his stack"
    assert turned["chance"] and turned["figure"] == 0
    assert turn["text"] == "Tino's turn"
    assert no_cards["text"] == "Tino has no card left and goes straight to his figure"


def test_completed_streets_pay_and_the_game_end_is_scored():
    state = position(FULL, FULL, FULL, FULL, FULL, "B3 P2 B0 P1 B0 1", tokens=TOKENS)
    state.apply("place 1 on F6")
    assert texts(state, 1)[-3:] == [
        "Tony collects $50,000 for row 6 (Tony 4, Tino 3)",
        "Tino collects $20,000 for column F (Tony 1, Tino 5)",
        "the game ends: Tony $50,000, Tino $20,000. Tony wins",
    ]
    collect = entries(state, None, "collect")[0]
    assert (collect["seat"], collect["street"], collect["amount"], collect["score"]) == (
        0,
        "row 6",
        50000,
        [4, 3],
    )
    over = entries(state, 0, "game_over")[0]
    assert over["money"] == [50000, 20000] and over["winners"] == [0]


def test_a_tie_sends_the_token_out_of_the_game():
    state = position(
        FULL,
        FULL,
        FULL,
        FULL,
        FULL,
        "B2 P1 B0 P1 B0 1",
        to_move=1,
        faceup=([1, 1], [0, 0]),
        tokens=TOKENS,
    )
    state.apply("place 0 on F6")
    tie = entries(state, 0, "tie")[0]
    assert tie["text"] == "row 6 is a tie (Tony 2, Tino 2): its $50,000 token goes out of the game"
    assert (tie["street"], tie["amount"]) == ("row 6", 50000)
    assert entries(state, 0, "game_over")[0]["text"].endswith("Tino wins")


def test_a_player_without_figures_passes():
    state = mid_game(["professional"], ["shift"], faceup=([1], [1, 1]))
    state.apply("play professional")
    state.apply("place 1 on D3")
    assert texts(state, None)[-2:] == ["Tony has no figure left and passes", "Tino's turn"]


def test_the_setup_is_logged_as_it_was_laid_out():
    state = contraband.load("tony-tino").new(seed=11)
    log = state.log(0)
    assert all(entry["action"] is None for entry in log)
    discs = dict(log[0]["discs"])
    for p in range(36):
        owner = state.owner[p]
        assert discs[POINT_LABELS[p]] == (
            state.discs[p] if owner < 0 else ["blue", "purple"][owner]
        )
    assert log[0]["chance"]
    hitmen = entries(state, None, "hitmen")
    assert [h["points"] for h in hitmen] == [
        [POINT_LABELS[p] for p in range(36) if state.owner[p] == seat] for seat in (0, 1)
    ]
    assert hitmen[0]["text"].startswith("Tony's 6 blue discs become his hitmen (value 1): ")
    laid = entries(state, None, "tokens_laid")[0]["tokens"]
    assert laid == [[STREET_LABELS[s], state.tokens[s]] for s in range(12)]
    turned = [(e["seat"], e["figure"]) for e in entries(state, None, "turn_up")]
    assert sorted(turned) == sorted((s, f) for s in (0, 1) for f in state.faceup[s])
    deal = entries(state, 0, "deal")
    assert sorted(deal[0]["cards"]) == sorted(CARD_NAMES[c] for c in state.hands[0])
    assert not deal[0]["masked"] and deal[1]["masked"] and "cards" not in deal[1]
    assert deal[1]["text"] == "Tino takes 3 cards into his hand"
    assert [e["text"] for e in log[-2:]] == ["Tony starts", "Tony's turn"]


def test_the_view_carries_the_last_move_with_its_events():
    state = mid_game(["exchange", "shift", "shift"], NO_POLICE)
    state.apply("discard exchange")
    for seat in (0, 1, None):
        last = state.view(seat)["last_move"]
        assert last["label"] == "discard exchange" and last["seat"] == 0
        assert [e["text"] for e in last["events"]] == texts(state, seat)[-2:]
