"""Al Cabohne played by its evaluation: few fields are sold for nothing.

Before issue 15, ``greedy`` sold about 22 fields a solo game for no coin (1- and 2-card fields
of beans no boss collects). The evaluation now values a field by what it will sell for, so a
field is sold for nothing only for something the sale buys: room for a face-up group, a front
card that fits no field, or a field of a bean a boss collects (which would feed him tribute).

Counted from the game's log (``harvest`` events name their coins; the final sales are
``end_harvest``). No strength is asserted here: win rates live in docs/strength.md.
"""

from contraband.agents.greedy import GreedyAgent
from contraband.games.al_cabohne.actions import (
    GIFT,
    HARVEST,
    MEANING,
    PLANT,
    PLANTING,
    TRADING,
)
from contraband.games.al_cabohne.beans import VALUE
from tests.games.al_cabohne.builder import GAME

DEALS = (1, 2, 3, 4)


def zero_coin_sales(state, seat: int = 0) -> int:
    return sum(
        1
        for event in state.log(None)
        if event["kind"] == "harvest" and event["seat"] == seat and event["coins"] == 0
    )


def why(state, label: str) -> str:
    """What a sale for nothing buys, judged before it: ``forced`` (the front hand card fits no
    field), ``boss`` (the field grows a bean a boss collects), ``room`` (a face-up bean no field
    grows) or ``nothing``."""
    seat, field = state.turn_player, MEANING[label][1]
    beans = state.field_bean[seat]
    legal = [action.label for action in state.legal_actions()]
    planting = state.phase == PLANTING and not state.planted
    if planting and not any(MEANING[x][0] == PLANT for x in legal):
        return "forced"
    if beans[field] in state.boss_bean:
        return "boss"
    if state.phase in (GIFT, TRADING) and any(
        bean not in beans and bean not in state.boss_bean for bean in state.faceup
    ):
        return "room"
    return "nothing"


def play(agent, seed: int):
    """A solo game; the reasons for the sales that paid nothing."""
    state = GAME.new(1, seed=seed)
    reasons = []
    while not state.is_terminal():
        action = agent.act(state, 0)
        meaning = MEANING[action.label]
        if meaning[0] == HARVEST:
            field = meaning[1]
            if VALUE[state.field_bean[0][field]][state.field_count[0][field]] == 0:
                reasons.append(why(state, action.label))
        state.apply(action)
    assert zero_coin_sales(state) == len(reasons)
    return state, reasons


def test_greedy_sells_few_fields_for_nothing_and_each_for_something():
    sales, pointless = [], []
    for seed in DEALS:
        _, reasons = play(GreedyAgent(seed), seed)
        sales.append(len(reasons))
        pointless.append(reasons.count("nothing"))
    print("zero-coin sales per deal:", sales, "of which for nothing:", pointless)
    assert sum(sales) / len(DEALS) <= 12
    assert sum(pointless) / len(DEALS) <= 4
