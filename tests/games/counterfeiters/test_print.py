"""Print: 2 fake notes per printer; the quality is the number of different components (ink,
paper, hologram); duplicates add nothing; a short supply gives what is left, never another
quality."""

import pytest

from tests.games.counterfeiters.builder import cards, check_totals, fakes, labels, new, play, texts


@pytest.mark.parametrize(
    ("codes", "quality", "count"),
    [
        (("S1", "S5"), 0, 2),  # a printer and ink: 2 one-star notes
        (("S1", "S2", "S5"), 0, 4),  # two printers: 4
        (("S1", "S5", "S6", "A3"), 0, 2),  # three inks are still one component
        (("S1", "S5", "S7"), 1, 2),  # ink and paper: two stars
        (("S1", "S5", "S7", "B5"), 2, 2),  # ink, paper and hologram: three stars
        (("S1", "S2", "A1", "S5", "S7", "B5", "B6"), 2, 6),  # 3 printers, 2 holograms
    ],
)
def test_two_notes_per_printer_at_the_quality_of_the_distinct_components(codes, quality, count):
    state = new(4, seed=1)
    cards(state, 0, *codes)
    play(state, "print 2")
    held = state.fakes[0:3]
    assert held[quality] == count and sum(held) == count
    assert state.supply[quality] == [30, 30, 40][quality] - count
    check_totals(state)


def test_a_short_supply_gives_what_is_left_and_never_another_quality():
    state = new(4, seed=1)
    cards(state, 0, "S1", "S2", "S5")
    fakes(state, 1, one=29)  # one note of one star left
    play(state, "print 2")
    assert state.fakes[0:3] == [1, 0, 0]
    assert state.supply == [0, 30, 40]
    assert "red prints 1 ★ note (the supply had only 1 of the 4 they could print)" in texts(state)


def test_printing_is_refused_when_the_supply_of_that_quality_is_empty():
    state = new(4, seed=1)
    cards(state, 0, "S1", "S5")
    fakes(state, 1, one=30)
    assert not any(label.startswith("print") for label in labels(state))
    cards(state, 0, "S1", "S5", "S7")  # two stars: that supply is full
    assert "print 2" in labels(state)
