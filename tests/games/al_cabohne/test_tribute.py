"""Phase 2: a bean a boss collects and the player grows costs the player one card to that boss."""

from tests.games.al_cabohne.builder import AL, DON, boss, field, labels, position


def test_tribute_moves_one_card_to_the_boss():
    state = position(
        hands=[["Blue"], []], fields=[["2 Fire", "3 Blue"], [None, None]], bosses=["1 Fire", None]
    )
    assert state.phase == "tribute"
    assert labels(state) == [
        "pay tribute to Al Cabohne from field 1",
        "harvest field 1",
        "harvest field 2",
    ]
    state.apply("pay tribute to Al Cabohne from field 1")
    assert field(state, 0, 0) == "1 Fire"
    assert boss(state, AL) == "2 Fire"
    assert state.phase == "planting"


def test_tribute_is_due_even_from_a_one_card_field():
    state = position(
        hands=[["Blue"], []], fields=[["1 Fire", "3 Blue"], [None, None]], bosses=["2 Fire", None]
    )
    # the one-card field may not be harvested while another holds more: the tribute is unavoidable
    assert labels(state) == ["pay tribute to Al Cabohne from field 1", "harvest field 2"]
    state.apply("pay tribute to Al Cabohne from field 1")
    assert field(state, 0, 0) is None and boss(state, AL) == "3 Fire"


def test_harvesting_first_avoids_the_tribute():
    state = position(
        hands=[["Blue"], []], fields=[["3 Fire", "2 Blue"], [None, None]], bosses=["1 Fire", None]
    )
    state.apply("harvest field 1")
    assert len(state.coins[0]) == 1  # three Fire pay one coin
    assert boss(state, AL) == "1 Fire"
    assert state.phase == "planting"


def test_each_collecting_boss_gets_its_tribute():
    state = position(
        hands=[["Puff"], []],
        fields=[["2 Fire", "2 Blue"], [None, None]],
        bosses=["1 Fire", "1 Blue"],
    )
    state.apply("pay tribute to Don Corlebohne from field 2")
    assert labels(state)[0] == "pay tribute to Al Cabohne from field 1"
    state.apply("pay tribute to Al Cabohne from field 1")
    assert boss(state, AL) == "2 Fire" and boss(state, DON) == "2 Blue"
    assert state.phase == "planting"


def test_a_tribute_that_reaches_the_threshold_makes_the_boss_harvest():
    state = position(
        hands=[["Puff"], []],
        fields=[["2 Runner", None], [None, None]],
        bosses=["1 Fire", "3 Runner"],
    )
    state.apply("pay tribute to Don Corlebohne from field 1")
    assert boss(state, DON) is None  # four Runner are worth 2 coins: Don sells at once
    assert len(state.mafia_coins) == 2
