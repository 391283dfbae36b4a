"""A label with digits that are not ASCII ("move $³", "place ٢ on C4", "move $１２０") is bad
input like any other: ``str.isdigit`` accepts such digits and ``int`` refuses or reads them, but
every entry point answers with the engine's clear refusal, never with ``int``'s ValueError. For
every registered game and player count, for the seat on move and another seat."""

import pytest

import contraband
from contraband.core.random import Rng
from tests.contract.cases import CASES, IDS

#: digit families a client may send: superscripts (``int`` refuses them), Arabic-Indic and
#: fullwidth digits (``int`` reads them)
FAMILIES = {
    "superscript": "⁰¹²³⁴⁵⁶⁷⁸⁹",
    "arabic-indic": "٠١٢٣٤٥٦٧٨٩",
    "fullwidth": "０１２３４５６７８９",
}
#: labels of the one game that reads numbers from its labels (Counterfeiters' amounts), sent to
#: every game; the last is too long for ``int`` to read at all
FIXED = ["move $³", "move $1²0", "move $١٢٠", "move $１２０", "move $12٠", "move $1" + "0" * 5000]
REFUSED = {"bad_input", "not_legal", "not_your_turn"}


def _odd_labels(state):
    """The legal labels with every ASCII digit in one family, and with one odd digit added."""
    labels = set(FIXED)
    for action in state.legal_actions():
        for digits in FAMILIES.values():
            odd = action.label.translate(str.maketrans("0123456789", digits))
            if odd != action.label:
                labels.add(odd)
            labels.add(f"{action.label} {digits[3]}")
    return sorted(labels)


def _positions(game_id, players):
    state = contraband.load(game_id).new(players, seed=3)
    rng = Rng(3)
    for step in range(150):
        if state.is_terminal():
            return
        if step % 5 == 0:
            yield state
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_labels_with_other_digits_are_refused_clearly(game_id, players):
    for state in _positions(game_id, players):
        mover = state.current_player
        seats = [mover] if players == 1 else [mover, (mover + 1) % players]
        before = state.to_json()
        for label in _odd_labels(state):
            with pytest.raises(contraband.IllegalAction) as raised:
                state.action_info(label)
            assert raised.value.reason == "bad_input", label
            with pytest.raises(contraband.IllegalAction) as raised:
                state.apply(label)
            assert raised.value.reason in REFUSED, label
            for seat in seats:
                answer = state.explain(label, seat)
                assert not answer["legal"] and answer["reason"] in REFUSED, (label, seat)
                assert answer["text"]
                with pytest.raises(contraband.IllegalAction) as raised:
                    state.apply(label, seat=seat)
                assert raised.value.reason == ("not_legal" if seat == mover else "not_your_turn")
                assert label not in [a.label for a in state.legal_actions(seat)]
                assert label not in [m["label"] for m in state.legal_moves(seat)]
        assert state.to_json() == before
