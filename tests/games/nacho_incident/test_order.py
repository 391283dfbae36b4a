"""Steps 1-2: secret choices revealed together; order by rank, ties by the gem, clockwise."""

from tests.games.nacho_incident.builder import colour, gem, hand, hire_all, labels, new


def test_choices_stay_face_down_until_everyone_has_chosen():
    state = new(4)
    gem(state, 0)
    for seat, name in enumerate(["Gus", "Pam", "Hugo", "Val"]):
        hand(state, seat, name, ["Dot", "Ned", "Joy", "Xena"][seat])
    assert labels(state) == ["hire Gus", "hire Dot"]
    state.apply("hire Gus")
    state.apply("hire Pam")
    assert state.view(0)["seats"][1]["chosen"] == "face down"
    assert state.view(1)["seats"][1]["chosen"] == "Pam"
    assert state.view(None)["seats"][0]["chosen"] == "face down"
    assert "Gus" not in str(state.view(2)["seats"])
    state.apply("hire Hugo")
    assert state.phase == "hire" and state.current_player == 3
    state.apply("hire Val")
    assert state.revealed
    assert [s["chosen"] for s in state.view(2)["seats"]] == ["Gus", "Pam", "Hugo", "Val"]


def test_highest_rank_goes_first():
    state = new(4)
    gem(state, 0)
    for seat, name in enumerate(["Gus", "Tina", "Jen", "Claude"]):  # ranks 1, 9, 5, 6
        hand(state, seat, name)
    hire_all(state, {0: "Gus", 1: "Tina", 2: "Jen", 3: "Claude"})
    assert state.order == [1, 3, 2, 0]
    assert state.current_player == 1 and state.phase == "cargo"


def test_rulebook_example_equal_ranks_go_clockwise_from_the_gem_holder():
    """Kamiel (gem) plays a 3, the others a 5: Filip, Johan, Bart, then Kamiel."""
    state = new(4)
    gem(state, 2)
    chosen = {2: "Hank", 3: "Bea", 0: "Jen", 1: "Milo"}  # Hank 3; Bea, Jen, Milo all 5
    for seat, name in chosen.items():
        hand(state, seat, name)
    hire_all(state, chosen)
    assert state.order == [3, 0, 1, 2]


def test_the_gem_holder_wins_a_tie_for_first():
    state = new(3)
    gem(state, 1)
    chosen = {1: "Jen", 2: "Bea", 0: "Milo"}  # all rank 5
    for seat, name in chosen.items():
        hand(state, seat, name)
    hire_all(state, chosen)
    assert state.order == [1, 2, 0]
    # the first player takes this turn's mountie
    assert sum(len(p) for p in state.posts[4:8]) == 1
    texts = [entry["text"] for entry in state.log(None)]
    assert f"{colour(1)} goes first and puts mountie" in texts[-1]
