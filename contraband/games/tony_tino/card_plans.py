"""Which card to spend, on what, and when to call the Police: the planner's card decisions.

Each card in hand is judged by the best placement it leads to (``planner.card_moves``), less
what the card is worth kept (the heuristic's ``CARD_WORTH``, falling as the board fills) and
less the chance that the opponent's Police cancels it; if nothing beats discarding, the card
least worth keeping is discarded. The opponent's card is cancelled when its best use would cost
us more than Police is worth kept.

A search judges these decisions poorly on its own: a card's effect shows only after the
placement it prepares, a few plies down a wide tree (over 100 games against the rule-based
bench player, ``ismcts:iterations=1000`` making only the card decisions held 0.280 of the
wins; making all but them, 0.570: ``research/phase_mix.py --game tony-tino --search
card,target``, and ``--search place,react``). So the search takes its card decisions from here
(``TonyTinoHeuristic.planned``), as does the rule-based bench player.
"""

from __future__ import annotations

from contraband.core.random import Rng
from contraband.games.tony_tino.board import CORRUPTION, NEW_VALUE, POLICE, UNCANCELLABLE
from contraband.games.tony_tino.heuristic import CARD_WORTH, card_share
from contraband.games.tony_tino.planner import Board, apply_card, best_placement, card_moves
from contraband.games.tony_tino.rules import REACT, TARGET

POLICE_USE = 0.6  # how likely an opponent holding Police spends it on a card of ours


def keep(state, seat: int, card: int) -> float:
    """What holding ``card`` on is worth: less as the discs run out; Police nothing once the
    opponent has no card left to cancel."""
    if card == POLICE and not (state.hands[1 - seat] or state.decks[1 - seat]):
        return 0.0
    return CARD_WORTH[card] * card_share(state)


def police_risk(state, seat: int, card: int) -> float:
    """The chance that the opponent cancels ``card``: whether Police may be in their hand (it
    is somewhere among their unseen cards unless discarded), times their will to use it."""
    opp = 1 - seat
    hand, deck = len(state.hands[opp]), len(state.decks[opp])
    if card in UNCANCELLABLE or not hand or POLICE in state.discards[opp]:
        return 0.0
    return POLICE_USE * hand / (hand + deck)


def decide(state, seat: int, options: list[tuple], rng: Rng) -> tuple:
    """The meaning (``labels.MEANING``) of the card decision to make, among ``options``:
    which card to play or discard, its target, or whether to cancel the opponent's card."""
    b = Board(state, seat)
    if state.phase == REACT:
        return ("police",) if _cancel(state, b, seat, rng) else ("allow",)
    if state.phase == TARGET:
        return _target(state, b, seat, options, rng)
    return _card(state, b, seat, options, rng)


def _card(state, b: Board, seat: int, options: list[tuple], rng: Rng) -> tuple:
    """Play the card whose best use gains most over discarding; else discard the card least
    worth keeping."""
    base = best_placement(b, seat)[0]
    discards = [o for o in options if o[0] == "discard"]
    cheapest = min(discards, key=lambda o: keep(state, seat, o[1]))
    best, choice = -keep(state, seat, cheapest[1]), cheapest
    for option in options:
        if option[0] != "play":
            continue
        card = option[1]
        moves = card_moves(b, seat, card, rng)
        if not moves:
            continue
        gain = max(moves)[0] - base
        net = gain * (1.0 - police_risk(state, seat, card)) - keep(state, seat, card)
        if net > best + 1e-6:
            best, choice = net, option
    return choice


def _target(state, b: Board, seat: int, options: list[tuple], rng: Rng) -> tuple:
    """The card's target that leads to the best placement, as in ``_card``."""
    card, first = state.pending_card, state.pending_first
    if first < 0:
        legal = {o[1] for o in options}
        moves = [m for m in card_moves(b, seat, card, rng) if m[1][0] in legal]
        if card in (CORRUPTION, NEW_VALUE):  # symmetric swaps: either end may come first
            moves += [(v, (q, p)) for v, (p, q) in moves if q in legal]
        if not moves:
            return options[0]
        return ("first", max(moves)[1][0])
    scored = [(best_placement(apply_card(b, card, (first, o[1])), seat)[0], o[1]) for o in options]
    return ("second", max(scored)[1])


def _cancel(state, b: Board, seat: int, rng: Rng) -> bool:
    """Police the opponent's card when its best use costs us more than Police kept."""
    opp, card = 1 - seat, state.pending_card
    moves = card_moves(b, opp, card, rng)
    if not moves:
        return False
    harm = max(moves)[0] - best_placement(b, opp)[0]
    return harm > keep(state, seat, POLICE)
