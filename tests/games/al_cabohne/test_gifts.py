"""Phase 5 gifts: the compulsory card to a boss with an empty field (unless only beans another
boss collects are in hand), and voluntary gifts from any hand position, never of a bean the giver
grows, only to a boss that collects it or has an empty field."""

from tests.games.al_cabohne.builder import AL, DON, JOE, boss, labels, names, position

TURNED = ["Runner", "French", "Broad"]


def _phase5(hand, fields=(None, None), bosses=("2 Fire", None), players=2):
    hands = [["Puff", *hand]] + [[] for _ in range(players - 1)]
    state = position(
        players,
        hands=hands,
        fields=[list(fields)] + [[None, None] for _ in range(players - 1)],
        bosses=list(bosses),
        deck=TURNED,
    )
    state.apply("plant Puff on field 1")
    state.apply("end planting")
    return state


def test_a_boss_with_an_empty_field_must_get_a_hand_card():
    state = _phase5(["Fire", "Kidney", "Fire"])
    assert state.phase == "gift"
    # Fire cannot go to Don: Al collects it. Only the Kidney may.
    assert labels(state) == ["give hand card 2 (Kidney) to Don Corlebohne", "harvest field 1"]
    state.apply("give hand card 2 (Kidney) to Don Corlebohne")
    assert boss(state, DON) == "1 Kidney"
    assert names(state.hands[0]) == ["Fire", "Fire"]
    assert state.phase == "trading"


def test_no_gift_when_the_hand_only_holds_beans_the_other_boss_collects():
    state = _phase5(["Fire", "Fire"])
    assert state.phase == "trading"
    assert boss(state, DON) is None


def test_the_compulsory_gift_cannot_be_a_bean_the_player_grows():
    state = _phase5(["Puff", "Kidney", "Blue"], fields=("1 Puff", None))
    assert state.phase == "gift"
    assert [x for x in labels(state) if x.startswith("give")] == [
        "give hand card 2 (Kidney) to Don Corlebohne",
        "give hand card 3 (Blue) to Don Corlebohne",
    ]


def test_solo_every_empty_boss_is_owed_a_card_and_bosses_collect_different_beans():
    state = _phase5(
        ["Kidney", "Kidney", "Blue"],
        fields=(None, None, None),
        bosses=("2 Fire", None, None),
        players=1,
    )
    assert state.phase == "gift"
    state.apply("give hand card 1 (Kidney) to Don Corlebohne")
    assert state.phase == "gift"
    # Kidney is Don's now, so only the Blue may go to Joe
    assert [x for x in labels(state) if x.startswith("give")] == [
        "give hand card 2 (Blue) to Joe Bohnano"
    ]
    state.apply("give hand card 2 (Blue) to Joe Bohnano")
    assert boss(state, JOE) == "1 Blue" and state.phase == "trading"
    assert names(state.hands[0]) == ["Kidney"]


def test_voluntary_gifts_follow_the_restrictions():
    state = _phase5(
        ["Fire", "Puff", "Kidney"], fields=("1 Puff", None), bosses=("2 Fire", "1 Blue")
    )
    assert state.phase == "trading"
    gifts = [x for x in labels(state) if x.startswith("give hand")]
    # Fire to Al (he collects it); Puff is grown by the player; Kidney no boss collects
    assert gifts == ["give hand card 1 (Fire) to Al Cabohne"]
    state.apply("give hand card 1 (Fire) to Al Cabohne")
    assert boss(state, AL) == "3 Fire" and names(state.hands[0]) == ["Puff", "Kidney"]
