"""docs/envs.md holds the slot tables the version-1 layouts give now."""

from contraband.envs.slots import DOC, START, documented, tables


def test_the_documented_slot_tables_are_the_current_ones():
    text = DOC.read_text(encoding="utf-8")
    for game, players in tables():
        assert START.format(game=game, players=players) in text, (game, players)
    assert documented(text) == text, "run: python -m contraband.envs.slots --write"
