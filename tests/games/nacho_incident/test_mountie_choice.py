"""Issue 16, rules to the letter: with two mounties on a cantina its owner chooses which one acts
("Zijn er 2 mounties dan kies je zelf wie de arrestatie verricht"), also when their penalties
are equal: they are different cards, and with random mounties the arrested one goes back into
the pool while the other stays on the cantina."""

from tests.games.nacho_incident.builder import (
    card,
    check_totals,
    gem,
    hand,
    hire_all,
    holders,
    labels,
    mountie,
    mountie_up,
    new,
    post,
)

AB, QC = 0, 3


def _two_equal_mounties(turn: int = 0, **options):
    """Red goes first with Duke (Alberta 9) onto its Alberta cantina, where Preston already
    waits; red takes Renfrew (Alberta, penalty 3 like Preston)."""
    state = new(2, **options)
    gem(state, 0)
    state.turn = turn
    hand(state, 0, "Duke")
    hand(state, 1, "Ozzy")
    holders(state, 0, "Alberta", "Gus")
    post(state, 0, "Alberta", "Preston")
    mountie_up(state, "Renfrew")
    hire_all(state, {0: "Duke", 1: "Ozzy"})
    state.apply("ship nothing")
    state.apply("go to Alberta")
    return state


def test_the_owner_chooses_between_two_mounties_of_equal_penalty():
    state = _two_equal_mounties()
    assert state.phase == "pick mountie" and state.current_player == 0
    assert labels(state) == ["mountie Preston", "mountie Renfrew"]
    assert [m["mountie"] for m in state.legal_moves(0)] == ["Preston", "Renfrew"]
    state.apply("mountie Renfrew")
    assert state.posts[AB] == [mountie("Preston")]  # the other one stays
    assert state.mountie_out == [mountie("Renfrew")]
    assert card("Duke") in state.smuggler_out and state.cantinas[AB] == [card("Gus")]
    picked = [e for e in state.log(1) if e["kind"] == "pick"]
    assert picked[-1]["mountie"] == "Renfrew" and picked[-1]["province"] == "Alberta"
    check_totals(state)


def test_either_choice_is_honoured():
    state = _two_equal_mounties()
    state.apply("mountie Preston")
    assert state.posts[AB] == [mountie("Renfrew")]
    assert state.mountie_out == [mountie("Preston")]


def test_the_choice_decides_which_mountie_returns_to_the_pool_with_random_mounties():
    state = _two_equal_mounties(turn=3, random_mounties=True)  # the round's last turn
    state.apply("mountie Renfrew")
    state.apply("ship nothing")
    state.apply("go to Ontario")
    while state.phase != "hire":  # round end, refresh and market: nobody changes anything
        state.apply(labels(state)[0])
    assert state.turn == 4
    assert mountie("Preston") in state.posts[AB]  # stayed, and was fined at the round's end
    assert mountie("Renfrew") in state.mountie_pool or state.mountie_up == mountie("Renfrew")
    back = [e for e in state.log(None) if e["kind"] == "mounties_back"]
    assert back[-1]["mounties"] == ["Renfrew"]
    fines = [e for e in state.log(None) if e["kind"] == "fine" and e["seat"] == 0]
    assert fines[-1]["mounties"] == ["Preston"] and fines[-1]["gold"] == 3


def test_the_bored_mountie_is_the_owners_choice_too():
    """Two mounties of equal penalty and no smuggler: the owner picks the one that gets bored."""
    state = new(2)
    gem(state, 0)
    hand(state, 0, "Hank")  # Alberta 3
    hand(state, 1, "Tina")  # Ontario 9: blue goes first
    holders(state, 0, "Saskatchewan", "Kit")
    post(state, 0, "Quebec", "Lapointe", "Gagnon")  # both Quebec, penalty 3
    mountie_up(state, "Walsh")
    hire_all(state, {0: "Hank", 1: "Tina"})
    state.apply("ship nothing")
    state.apply("go to Quebec")
    state.apply("ship nothing")
    state.apply("go to Alberta")
    assert labels(state) == ["mountie Lapointe", "mountie Gagnon"]
    state.apply("mountie Lapointe")
    assert state.posts[QC] == [mountie("Gagnon")] and state.mountie_out == [mountie("Lapointe")]
    assert card("Kit") in state.smuggler_out
    kinds = [e["kind"] for e in state.log(None)[-4:]]
    assert kinds == ["cantina", "pick", "bored", "arrest"]
    check_totals(state)


def test_a_single_mountie_needs_no_choice():
    state = new(2)
    gem(state, 0)
    hand(state, 0, "Duke")
    hand(state, 1, "Ozzy")
    mountie_up(state, "Fraser")
    hire_all(state, {0: "Duke", 1: "Ozzy"})
    state.apply("ship nothing")
    state.apply("go to Alberta")
    assert state.phase == "cargo" and state.current_player == 1
    assert state.mountie_out == [mountie("Fraser")]
