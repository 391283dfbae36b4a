"""Step 4: every arrest case - a mountie with smugglers, two mounties (owner's pick), the bored
mountie, and the wandering mountie."""

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

AB, SK, ON, QC = 0, 1, 2, 3


def _first_to_alberta(up: str, *posted: str):
    """Seat 0 goes first with Duke (Alberta 9) and holds Gus (1) and Flo (6) in Alberta."""
    state = new(2)
    gem(state, 0)
    hand(state, 0, "Duke")
    hand(state, 1, "Ozzy")
    holders(state, 0, "Alberta", "Gus", "Flo")
    post(state, 0, "Alberta", *posted)
    mountie_up(state, up)
    hire_all(state, {0: "Duke", 1: "Ozzy"})
    state.apply("ship nothing")
    return state


def test_a_mountie_arrests_the_highest_rank_on_its_cantina_and_both_leave():
    state = _first_to_alberta("Fraser")  # an Alberta mountie, penalty 4
    state.apply("go to Alberta")
    assert state.cantinas[AB] == sorted([card("Gus"), card("Flo")])
    assert state.posts[AB] == []
    assert card("Duke") in state.smuggler_out
    assert mountie("Fraser") in state.mountie_out
    assert state.current_player == 1 and state.phase == "cargo"
    check_totals(state)


def test_a_mountie_waits_on_a_cantina_without_smugglers():
    state = _first_to_alberta("Steele")  # an Ontario mountie
    state.apply("go to Alberta")
    assert state.posts[ON] == [mountie("Steele")]
    assert card("Duke") in state.cantinas[AB]


def test_two_mounties_with_smugglers_the_owner_picks_which_one_arrests():
    state = _first_to_alberta("Fraser", "Preston")  # penalties 4 and 3
    state.apply("go to Alberta")
    assert state.phase == "pick mountie" and state.current_player == 0
    assert labels(state) == ["mountie Preston", "mountie Fraser"]
    state.apply("mountie Fraser")
    assert state.posts[AB] == [mountie("Preston")]
    assert state.cantinas[AB] == sorted([card("Gus"), card("Flo")])
    assert mountie("Fraser") in state.mountie_out
    check_totals(state)


def _second_player(posted_qc: tuple[str, ...], held: dict[str, tuple[str, ...]], players=2):
    """Seat 1 goes first with Tina (Ontario 9); seat 0 follows with Hank (Alberta 3)."""
    state = new(players)
    gem(state, 0)
    hand(state, 0, "Hank")
    hand(state, 1, "Tina")
    if players == 3:
        hand(state, 2, "Dot")
    for name, cards in held.items():
        holders(state, 0, name, *cards)
    post(state, 0, "Quebec", *posted_qc)
    mountie_up(state, "Walsh")  # an Ontario mountie for seat 1
    hire_all(state, {0: "Hank", 1: "Tina", 2: "Dot"})
    state.apply("ship nothing")
    state.apply("go to Quebec")
    assert state.current_player == 0
    state.apply("ship nothing")
    return state


def test_the_bored_mountie_arrests_the_highest_holder_in_any_province():
    state = _second_player(("Lapointe", "Gagnon"), {"Saskatchewan": ("Kit",), "Ontario": ("Ezra",)})
    state.apply("go to Alberta")  # Hank (3) opens a cantina in Alberta
    assert labels(state) == ["mountie Lapointe", "mountie Gagnon"]  # equal penalties: a choice
    state.apply("mountie Gagnon")
    assert card("Kit") in state.smuggler_out  # Kit (6) was the highest holder
    assert state.posts[QC] == [mountie("Lapointe")] and state.mountie_out == [mountie("Gagnon")]
    assert card("Hank") in state.cantinas[AB] and card("Ezra") in state.cantinas[ON]
    check_totals(state)


def test_the_bored_mountie_owner_chooses_among_equal_ranks():
    state = _second_player(
        ("Lapointe", "Tremblay"), {"Saskatchewan": ("Kit",), "Ontario": ("Otto",)}
    )
    state.apply("go to Alberta")
    assert labels(state) == ["mountie Lapointe", "mountie Tremblay"]
    state.apply("mountie Tremblay")
    assert state.phase == "bored arrest"
    assert labels(state) == ["arrest Kit", "arrest Otto"]
    state.apply("arrest Otto")
    assert state.cantinas[SK] == [card("Kit")] and state.cantinas[ON] == []
    assert state.posts[QC] == [mountie("Lapointe")]
    assert mountie("Tremblay") in state.mountie_out
    check_totals(state)


def test_the_wandering_mountie_moves_when_there_is_no_holder_and_arrests_there_later():
    state = _second_player(("Lapointe", "Gagnon"), {}, players=3)
    holders(state, 2, "Ontario", "Sid")
    post(state, 0, "Alberta", "Preston")
    state.apply("go to Alberta")  # Hank is arrested in Alberta first: no holder is left
    assert card("Hank") in state.smuggler_out
    state.apply("mountie Lapointe")
    assert state.phase == "wander" and state.current_player == 0
    assert len(labels(state)) == 3 * 4 - 1 and "wander to red Quebec" not in labels(state)
    state.apply("wander to green Ontario")
    assert state.posts[QC] == [mountie("Gagnon")]
    assert state.posts[2 * 4 + ON] == [mountie("Lapointe")]
    # green (seat 2) smuggles next; its step 4 resolves its Ontario cantina
    assert state.current_player == 2
    state.apply("ship nothing")
    state.apply("go to Alberta")
    assert card("Sid") in state.smuggler_out and state.posts[2 * 4 + ON] == []
    check_totals(state)
