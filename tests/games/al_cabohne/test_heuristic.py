"""Al Cabohne's evaluation, part by part: what a field will sell for, what feeding the mafia
costs, and that an empty field is worth nothing by itself."""

import pytest

from contraband.games.al_cabohne.actions import TRADING
from contraband.games.al_cabohne.beans import BEANOMETER, BEANS, BOSS_THRESHOLD, VALUE
from contraband.games.al_cabohne.heuristic import HEURISTIC, AlCabohneHeuristic
from contraband.games.al_cabohne.outlook import NEED, boss_worth, field_worth
from tests.games.al_cabohne.builder import AL, DON, JOE, B, labels, position

SOLO_BOSSES = ["1 Blue", "1 Fire", "1 Puff"]  # beans the fields below do not grow


def trading(fields, hand=(), faceup=("Broad", "Broad", "Broad"), **kw):
    """A solo position in phase 5 (the turn's planting and turning done): take face-up beans,
    give hand cards, sell fields or end the turn."""
    state = position(
        1,
        hands=[list(hand)],
        fields=[list(fields)],
        bosses=kw.pop("bosses", SOLO_BOSSES),
        faceup=list(faceup),
        begin=False,
        **kw,
    )
    state.phase, state.turn_step, state.planted = TRADING, 3, 2
    state.tribute_paid, state.gift_due = [1, 1, 1], [0, 0, 0]
    state._legal = None
    return state


def coins(state) -> float:
    """The player's expected final coins."""
    return HEURISTIC.forecast(HEURISTIC.judged(state))[0][0]


def mafia(state) -> float:
    """The mafia's expected final total (doubled in solo)."""
    return HEURISTIC.forecast(HEURISTIC.judged(state))[1]


def after(state, label):
    return state.clone().apply(label)


# -- what a field will sell for -----------------------------------------------------------------
@pytest.mark.parametrize("bean", range(BEANS))
def test_a_field_with_nothing_more_to_come_is_worth_its_beanometer_value(bean):
    for count in range(13):
        assert field_worth(bean, count, 0.0) == pytest.approx(VALUE[bean][count])


@pytest.mark.parametrize("bean", range(BEANS))
def test_a_field_is_worth_more_the_more_cards_may_still_come_but_never_above_the_meter(bean):
    for count in range(1, BEANOMETER[bean][-1]):
        values = [field_worth(bean, count, hoped) for hoped in (0.0, 0.5, 1.0, 2.5, 5.0, 30.0)]
        assert values == sorted(values)
        assert values[0] < values[-1] <= len(BEANOMETER[bean]) + 1e-9


def test_a_runner_field_is_worth_more_while_runners_are_still_unseen():
    plenty = trading(["1 Kidney", "2 Runner", None])  # the 11 other Runners are in the deck
    # the same position with every other Runner out of play, in the discard pile
    gone = trading(["1 Kidney", "2 Runner", None], discard=["Runner"] * 11)
    assert coins(plenty) > coins(gone) + 0.5


def test_selling_a_growing_field_for_nothing_costs_what_it_would_sell_for():
    """Nothing face up to make room for: selling two Frenches for nothing only loses."""
    state = trading(["2 Kidney", "2 French", "1 Runner"], faceup=())
    sold = after(state, "harvest field 2")
    assert VALUE[B["French"]][2] == 0 and len(sold.coins[0]) == 0
    # the loss is what the field was expected to sell for: a share of the unseen Frenches
    remaining, supply = HEURISTIC.outlook(state)
    share = HEURISTIC.take_share[0] * min(1.0, HEURISTIC.horizon[0] / remaining)
    worth = field_worth(B["French"], 2, share * supply[B["French"]])
    assert worth > 0.5
    assert coins(state) - coins(sold) == pytest.approx(worth, abs=1e-3)
    assert HEURISTIC.evaluate(sold)[0] < HEURISTIC.evaluate(state)[0]


def test_an_empty_field_is_worth_nothing_by_itself():
    """With no card coming that needs it, a field holding a growing bean is worth more than the
    same field empty."""
    grown = trading(["2 Kidney", "1 Runner", None], hand=("Kidney",))
    empty = trading(["2 Kidney", None, None], hand=("Kidney",))
    assert coins(grown) > coins(empty)


def test_a_full_field_sells_for_what_it_is_worth():
    """A field at its beanometer's last step gains nothing by waiting: selling it changes
    nothing."""
    state = trading(["2 Kidney", "6 Runner", None])
    sold = after(state, "harvest field 2")
    assert len(sold.coins[0]) == 4
    assert coins(sold) == pytest.approx(coins(state), abs=1e-3)


def test_a_front_card_that_fits_no_field_costs_the_cheapest_forced_sale():
    state = trading(["2 Kidney", "3 Runner", "1 French"], hand=("Broad",))
    careless = AlCabohneHeuristic(misfit=0.0)
    judged = HEURISTIC.judged(state)
    assert HEURISTIC.forecast(judged)[0][0] < careless.forecast(judged)[0][0]
    # with a free field nothing has to be sold
    free = trading(["2 Kidney", "3 Runner", None], hand=("Broad",))
    judged = HEURISTIC.judged(free)
    assert HEURISTIC.forecast(judged)[0][0] == careless.forecast(judged)[0][0]


# -- the mafia ----------------------------------------------------------------------------------
@pytest.mark.parametrize("boss", [AL, DON, JOE])
def test_a_boss_brings_at_most_his_threshold(boss):
    for bean in range(BEANS):
        for count in range(1, NEED[boss][bean]):
            assert boss_worth(boss, bean, count, 0.0) == VALUE[bean][count]
            assert boss_worth(boss, bean, count, 50.0) == pytest.approx(
                BOSS_THRESHOLD[boss], abs=1e-3
            )


def test_feeding_a_boss_a_face_up_card_costs_the_mafia_more():
    """Joe collects French; a French lies face up (turned before Joe took the bean)."""
    state = trading(
        ["2 Kidney", "1 Runner", None], bosses=["1 Blue", "1 Fire", "1 French"], faceup=["French"]
    )
    assert "give face-up French to Joe Bohnano" in labels(state)
    fed = after(state, "give face-up French to Joe Bohnano")
    assert fed.boss_count[JOE] == 2
    assert mafia(fed) > mafia(state) + 0.1


def test_each_card_fed_to_a_boss_costs_something():
    remaining, supply = 60, [8.0] * BEANS
    for boss in (AL, DON, JOE):
        for bean in range(BEANS):
            for count in range(1, NEED[boss][bean] - 1):
                now = HEURISTIC.boss_value(boss, bean, count, supply, remaining)
                fed = HEURISTIC.boss_value(boss, bean, count + 1, supply, remaining)
                assert fed > now


def test_the_compulsory_gift_points_the_boss_at_the_scarcer_bean():
    """Joe's field is empty: the player may give him a French (none left unseen: all in the
    discard pile) or a Broad (every other Broad still in the deck). The evaluation prefers the
    French: a boss whose bean no longer turns up brings the mafia nothing more."""
    state = position(
        1,
        hands=[["Kidney", "French", "Broad"]],
        fields=[["2 Kidney", "1 Runner", None]],
        bosses=["1 Blue", "1 Fire", None],
        deck=["Puff", "Puff", "Puff"],
        discard=["French"] * 13,
    )
    state.apply("plant Kidney on field 1")
    state.apply("end planting")
    assert state.phase == "gift"
    scarce = after(state, "give hand card 1 (French) to Joe Bohnano")
    plenty = after(state, "give hand card 2 (Broad) to Joe Bohnano")
    assert mafia(scarce) < mafia(plenty)
    assert HEURISTIC.evaluate(scarce)[0] > HEURISTIC.evaluate(plenty)[0]


def test_a_lone_card_of_a_bosss_bean_beside_a_bigger_field_will_feed_him():
    """Tribute: a one-card field may not be sold while another field holds more, so its card goes
    to the boss next turn."""
    lone = trading(["3 Kidney", "1 Fire", None])  # Don collects Fire
    clean = trading(["3 Kidney", None, None])
    assert mafia(lone) > mafia(clean)


def test_a_bosss_bean_in_the_hand_will_be_fed_to_him():
    keeps = trading(["2 Kidney", "1 Runner", None], hand=("Blue",))
    other = trading(["2 Kidney", "1 Runner", None], hand=("Runner",))
    assert mafia(keeps) > mafia(other)


def test_selling_for_nothing_to_make_room_for_a_face_up_group_is_judged_by_the_group():
    """The same sale with five Broads face up and no free field: the group is worth more than
    the two Frenches, so the sale buys something."""
    state = trading(["2 Kidney", "2 French", "1 Runner"], faceup=["Broad"] * 5)
    sold = after(state, "harvest field 2")
    assert coins(sold) > coins(state)
