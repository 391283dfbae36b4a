"""Al Cabohne played by its evaluation: few fields are sold for nothing.

Before issue 15, ``greedy`` sold about 22 fields a solo game for no coin (1- and 2-card fields
of beans no boss collects). The evaluation now values a field by what it will sell for, so a
field is sold for nothing only for something the sale buys: room for a face-up group, a front
card that fits no field, or a field of a bean a boss collects (which would feed him tribute).

Counted from the game's log (``harvest`` events name their coins; the final sales are
``end_harvest``). No strength is asserted here: win rates live in docs/strength.md.
"""

from contraband.agents.greedy import GreedyAgent
from contraband.games.al_cabohne.zero_sales import play, reason
from tests.games.al_cabohne.builder import GAME, position

DEALS = (1, 2, 3, 4)


def zero_coin_sales(state, seat: int = 0) -> int:
    return sum(
        1
        for event in state.log(None)
        if event["kind"] == "harvest" and event["seat"] == seat and event["coins"] == 0
    )


def test_the_reasons_cover_every_zero_coin_sale_in_the_log():
    for seed in DEALS[:2]:
        state, reasons = play(GAME, GreedyAgent(seed), seed)
        assert zero_coin_sales(state) == len(reasons)


def test_a_sale_that_makes_room_for_the_next_hand_card_is_for_the_hand():
    """French is planted on its field; the Puff behind it fits no field and none is empty, so
    selling the Kidneys for nothing makes its room. With a Runner behind it (it has a field)
    the same sale buys nothing."""
    bosses = ["4 Puff", "3 Blue", "1 Broad"]
    fields = [["1 French", "2 Kidney", "1 Runner"]]
    state = position(1, hands=[["French", "Puff", "Blue"]], fields=fields, bosses=bosses)
    assert state.phase == "planting" and state.planted == 0
    assert reason(state, "harvest field 2") == "hand"
    state = position(1, hands=[["French", "Runner", "Blue"]], fields=fields, bosses=bosses)
    assert reason(state, "harvest field 2") == "nothing"


def test_greedy_sells_few_fields_for_nothing_and_each_for_something():
    sales, pointless = [], []
    for seed in DEALS:
        _, reasons = play(GAME, GreedyAgent(seed), seed)
        sales.append(len(reasons))
        pointless.append(reasons.count("nothing"))
    print("zero-coin sales per deal:", sales, "of which for nothing:", pointless)
    assert sum(sales) / len(DEALS) <= 12
    assert sum(pointless) / len(DEALS) <= 3
