"""Determinizations are positions of the game: every seat's, at every point of a game, offers
its mover a legal action (an agent must be able to search it) and shows every seat at most what
that seat saw of the real game. For every registered game and player count."""

import pytest

import contraband
from contraband.core.random import Rng
from tests.contract.cases import CASES, IDS

#: the games swept per case, and the guesses per seat and position
GAMES = 3
GUESSES = 2


def _positions(game_id, players, games=GAMES):
    """Every position of ``games`` seeded random games (the same ones on every run)."""
    game = contraband.load(game_id)
    for seed in range(games):
        state = game.new(players, seed=seed)
        rng = Rng(1000 + seed)
        while not state.is_terminal():
            yield seed, state
            state.apply(rng.choice(state.legal_actions()))
        yield seed, state


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_every_seats_determinization_offers_its_mover_an_action(game_id, players):
    """For the seat on move and every seat that is not: a running game's guess has an action
    for its mover, the same mover, and is over exactly when the game is."""
    for seed, state in _positions(game_id, players):
        for seat in range(players):
            for k in range(GUESSES):
                guess = state.determinize(seat, Rng(seed * 7919 + len(state.history) * 31 + k))
                where = f"seed {seed}, decision {len(state.history)}, seat {seat}, guess {k}"
                assert guess.is_terminal() == state.is_terminal(), where
                if state.is_terminal():
                    continue
                assert guess.current_player == state.current_player, where
                legal = guess.legal_actions()
                assert legal, f"a determinization with no legal action ({where})"
                assert all(a.player == guess.current_player for a in legal), where


def _entries(state, seat, since=0):
    return {entry["index"]: entry for entry in state.log(seat, since=since)}


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_a_determinization_shows_every_seat_at_most_what_it_saw(game_id, players):
    """A guess keeps the last move as its seat saw it: to any seat (its own or another, or a
    spectator) each kept event reads as that seat read it in the real game, or masked, and the
    last move's label is that seat's own or hidden (never the guessing seat's secret)."""
    for _, state in _positions(game_id, players, games=2):
        for seat in range(players):
            guess = state.determinize(seat, Rng(len(state.history)))
            first = guess.log_length - len(guess.events())  # the guess keeps these events
            for other in [None, *range(players)]:
                truth = _entries(state, other, since=first)
                for index, entry in _entries(guess, other).items():
                    assert entry == truth[index] or entry["masked"], (seat, other, entry)
                shown = guess.view(other)["last_move"]
                if shown is not None:
                    assert shown["label"] in (state.view(other)["last_move"]["label"], None)
