"""The text boards a terminal player reads: columns that line up, lines that fit 80 columns."""

import re

import pytest
from typer.testing import CliRunner

import contraband
from contraband.agents import from_spec
from contraband.cli import app
from contraband.terminal import choices_text
from contraband.terminal.table import wrap_event

WIDTH = 80


def positions(game_id: str, players: int, seed: int, games: int = 3):
    """Every position of a few random games, as each seat sees it."""
    game = contraband.load(game_id)
    for index in range(games):
        state = game.new(players, seed=seed + index)
        agent = from_spec("random", seed=seed + index)
        while not state.is_terminal():
            yield state
            state.apply(agent.act(state, state.current_player), seat=state.current_player)
        yield state


# -- Tony & Tino -------------------------------------------------------------------------------
def board_rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"  [1-6]  ", line)]


def test_a_shifted_disc_reads_like_the_key_and_keeps_its_column():
    seen = 0
    for state in positions("tony-tino", 2, seed=1, games=6):
        if state.shifted < 0:
            continue
        seen += 1
        text = state.render(state.current_player)
        header = text.splitlines()[0]
        row, column = divmod(state.shifted, 6)
        line = board_rows(text)[row]
        right = header.index("ABCDEF"[column]) + 1  # a disc's last digit sits under its letter
        assert line[right - 3 : right].lstrip() == f"-{state.discs[state.shifted]}", line
        widths = {len(r.split("   row")[0]) for r in board_rows(text)}
        assert len(widths) == 1, board_rows(text)
        assert "-5 = shifted" in text
    assert seen, "no Shift was played in these games"


# -- The Nacho Incident ------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_nacho_line_fits_80_columns(players):
    for state in positions("nacho-incident", players, seed=players):
        for seat in (None, *range(players)):
            for line in state.render(seat).splitlines():
                assert len(line) < WIDTH, line


def nacho_items(state, seat):
    """Texts that must each stay on one line: the province slots and the hand's smugglers."""
    from contraband.games.nacho_incident.board import (
        CARD_FOODS,
        CARD_PRICES,
        FOODS,
        NPROV,
        smuggler_text,
    )

    for p in range(NPROV):
        card = state.prov_up[p]
        for food, price in zip(CARD_FOODS[card], CARD_PRICES[card], strict=True):
            yield f"{FOODS[food]} {price}"
    if seat is not None:
        yield from (smuggler_text(card) for card in state.hands[seat])


@pytest.mark.parametrize("players", [2, 4])
def test_no_nacho_item_is_split_between_lines(players):
    for state in positions("nacho-incident", players, seed=10 + players, games=2):
        for seat in (None, state.current_player):
            lines = state.render(seat).splitlines()
            for item in nacho_items(state, seat):
                assert any(item in line for line in lines), (item, lines)


def test_the_nacho_board_does_not_repeat_the_log():
    for state in positions("nacho-incident", 3, seed=20, games=1):
        seat = state.current_player
        lines = {line.strip() for line in state.render(seat).splitlines()}
        for entry in state.log(seat)[-8:]:
            assert entry["text"] not in lines and f"> {entry['text']}" not in lines


@pytest.mark.parametrize("players", [2, 3])
def test_a_nacho_decision_with_its_choices_fits_an_80_by_24_screen(players):
    """The board, the numbered choices, the heading and the prompt; the events since the
    seat's last decision are printed above and may scroll."""
    for state in positions("nacho-incident", players, seed=30 + players, games=3):
        if state.is_terminal():
            continue
        seat = state.current_player
        labels = [action.label for action in state.legal_actions(seat)]
        choices = choices_text(labels, WIDTH).splitlines()
        screen = 1 + len(state.render(seat).splitlines()) + len(choices) + 1
        assert screen <= 24, state.render(seat)


# -- the events above the board ----------------------------------------------------------------
def test_an_event_wraps_between_items_under_its_own_start():
    text = "Saskatchewan turns up Saskatchewan 2: salsa 6, olive 3, sour cream 6, beans 9"
    lines = wrap_event(text, 60)
    assert lines[0].startswith("  - Saskatchewan") and all(
        line.startswith("    ") and len(line) <= 60 for line in lines[1:]
    )
    assert " ".join(line.strip() for line in lines) == "- " + text
    for item in ("salsa 6", "olive 3", "sour cream 6", "beans 9"):
        assert any(item in line for line in lines), lines
    assert wrap_event("Tony starts", 60) == ["  - Tony starts"]


def test_a_terminal_nacho_game_prints_each_event_once():
    result = CliRunner().invoke(
        app,
        ["play", "nacho-incident", "--seat", "human", "--seat", "random", "--seed", "4"],
        input="1\n" * 12 + "quit\ny\n",
    )
    assert result.exit_code == 0, result.output
    assert not [line for line in result.output.splitlines() if line.startswith("  > ")]
    assert all(len(line) <= WIDTH for line in result.output.splitlines() if "> " not in line)
