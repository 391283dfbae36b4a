"""What a seat may see, how an AI resamples what it may not, and the text board."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from contraband.core.random import Rng
from contraband.games.tony_tino.board import (
    CARD_NAMES,
    COLUMNS,
    PLAYER_COLOURS,
    PLAYER_NAMES,
    POINT_LABELS,
    REMOVED,
    SIZE,
    STREET_LABELS,
    STREET_POINTS,
    STREETS,
    UNRESOLVED,
)
from contraband.games.tony_tino.cards import STREET_TARGETS
from contraband.games.tony_tino.catalog import CARD_TITLES
from contraband.games.tony_tino.rules import open_points

if TYPE_CHECKING:
    from contraband.games.tony_tino.state import TonyTinoState


def _winner_name(code: int) -> str | None:
    if code == UNRESOLVED:
        return None
    if code == REMOVED:
        return "out of the game"
    return PLAYER_NAMES[code]


def street_summary(state: TonyTinoState) -> list[dict[str, Any]]:
    return [
        {
            "street": STREET_LABELS[s],
            "token": state.tokens[s],
            "collected_by": None if state.street_winner[s] < 0 else state.street_winner[s],
            "status": "open"
            if state.street_winner[s] == UNRESOLVED
            else _winner_name(state.street_winner[s]),
        }
        for s in range(STREETS)
    ]


def breakdown(state: TonyTinoState) -> list[dict[str, Any]]:
    """The score as the rulebook counts it: per seat, each street token collected, and the sum."""
    return [
        {
            "seat": seat,
            "name": PLAYER_NAMES[seat],
            "tokens": [
                {"street": STREET_LABELS[s], "amount": state.tokens[s]}
                for s in range(STREETS)
                if state.street_winner[s] == seat
            ],
            "total": state.money[seat],
        }
        for seat in range(2)
    ]


def out_of_game(state: TonyTinoState) -> list[dict[str, Any]]:
    """Tokens that went out of the game (a street full at setup, or a tie)."""
    return [
        {"street": STREET_LABELS[s], "amount": state.tokens[s]}
        for s in range(STREETS)
        if state.street_winner[s] == REMOVED
    ]


def _pending_target(state: TonyTinoState) -> str | None:
    if state.pending_first < 0:
        return None
    names = STREET_LABELS if state.pending_card in STREET_TARGETS else POINT_LABELS
    return names[state.pending_first]


def open_point_labels(state: TonyTinoState) -> list[str]:
    """The points a figure may go on now (empty once the game is over)."""
    if state.is_terminal():
        return []
    return [POINT_LABELS[p] for p in open_points(state)]


def _street_sums(state: TonyTinoState, s: int) -> list[int]:
    sums = [0, 0]
    for p in STREET_POINTS[s]:
        if state.owner[p] >= 0:
            sums[state.owner[p]] += state.value[p]
    return sums


def prompt(state: TonyTinoState) -> str:
    """What is being decided now, in words (as the render says it)."""
    if state.is_terminal():
        winners = state.winners()
        if len(winners) == 2:
            return f"Game over: a draw at ${state.money[0]:,} each."
        w = winners[0]
        return f"Game over: {PLAYER_NAMES[w]} wins ${state.money[w]:,} to ${state.money[1 - w]:,}."
    who = PLAYER_NAMES[state.current_player]
    phase = state.phase
    if phase == "card":
        return f"{who} plays or discards a card."
    if phase == "react":
        card = CARD_TITLES[CARD_NAMES[state.pending_card]]
        return f"{who} may answer {PLAYER_NAMES[state.turn_player]}'s {card} with Police."
    if phase == "target":
        card = CARD_TITLES[CARD_NAMES[state.pending_card]]
        first = _pending_target(state)
        if first is None:
            return f"{who} chooses the target of {card}."
        return f"{who} chooses what {first} swaps with ({card})."
    return f"{who} places a figure on an open point: {', '.join(open_point_labels(state))}."


def view(state: TonyTinoState, seat: int | None) -> dict[str, Any]:
    state._check_seat(seat)
    opened = open_point_labels(state)
    board = [
        {
            "point": POINT_LABELS[p],
            "disc": state.discs[p] or None,
            "figure": None
            if state.owner[p] < 0
            else {"seat": state.owner[p], "value": state.value[p]},
            "open": POINT_LABELS[p] in opened,
        }
        for p in range(SIZE * SIZE)
    ]
    streets = street_summary(state)
    for s, street in enumerate(streets):
        street["sums"] = _street_sums(state, s)
    seats = [
        {
            "name": PLAYER_NAMES[s],
            "colour": PLAYER_COLOURS[s],
            "money": state.money[s],
            "face_up_figures": list(state.faceup[s]),
            "figures_in_stack": len(state.stacks[s]),
            "cards_in_hand": len(state.hands[s]),
            "cards_in_deck": len(state.decks[s]),
            "discards": [CARD_NAMES[c] for c in state.discards[s]],
        }
        for s in range(2)
    ]
    return {
        "game": state.GAME_ID,
        "seat": seat,
        "current_player": state.current_player,
        "turn_player": state.turn_player,
        "phase": state.phase,
        "prompt": prompt(state),
        "board": board,
        "open_points": opened,
        "streets": streets,
        "seats": seats,
        "hand": None if seat is None else [CARD_NAMES[c] for c in state.hands[seat]],
        "card_in_play": CARD_NAMES[state.pending_card] if state.pending_card >= 0 else None,
        "first_target": _pending_target(state),
        "cancelled_by_police": CARD_NAMES[state.last_cancelled]
        if state.last_cancelled >= 0
        else None,
        "shifted": POINT_LABELS[state.shifted] if state.shifted >= 0 else None,
        "extra_turn": state.extra_turn,
        "result": state.result() if state.is_terminal() else None,
    }


def resample(state: TonyTinoState, seat: int, rng: Rng) -> None:
    """Resample what ``seat`` cannot see: the opponent's hand, both decks' order and both
    figure stacks' order. Pools are sorted before shuffling so the result never depends on the
    hidden arrangement it replaces."""
    opponent = 1 - seat
    unseen = sorted(state.hands[opponent] + state.decks[opponent])
    rng.shuffle(unseen)
    size = len(state.hands[opponent])
    state.hands[opponent] = sorted(unseen[:size])
    state.decks[opponent] = unseen[size:]
    own_deck = sorted(state.decks[seat])
    rng.shuffle(own_deck)
    state.decks[seat] = own_deck
    for s in range(2):
        stack = sorted(state.stacks[s])
        rng.shuffle(stack)
        state.stacks[s] = stack


def _cell(state: TonyTinoState, p: int, opened: set[int]) -> str:
    if state.owner[p] >= 0:
        return f"{'BP'[state.owner[p]]}{state.value[p]}".rjust(5)
    mark = "*" if p in opened else " "
    disc = f"-{state.discs[p]}" if p == state.shifted else str(state.discs[p])  # "-5", as the key
    return f"{disc:>4}{mark}"


def _token(state: TonyTinoState, s: int) -> str:
    code = state.street_winner[s]
    amount = f"${state.tokens[s] // 1000}k"
    if code == UNRESOLVED:
        return amount
    if code == REMOVED:
        return "-- (out of the game)"
    return f"{amount} to {PLAYER_NAMES[code]}"


def _short_token(state: TonyTinoState, s: int) -> str:
    code = state.street_winner[s]
    text = "--" if code == REMOVED else f"{state.tokens[s] // 1000}k"
    if code >= 0:
        text = "BP"[code] + text
    return text.rjust(5)


def render(state: TonyTinoState, seat: int | None = None) -> str:
    state._check_seat(seat)
    opened = set(open_points(state)) if not state.is_terminal() else set()
    lines = ["     " + "".join(c.rjust(4) + " " for c in COLUMNS).rstrip()]
    for r in range(SIZE):
        cells = "".join(_cell(state, r * SIZE + c, opened) for c in range(SIZE))
        lines.append(f"  {r + 1}  {cells}   row {r + 1}: {_token(state, r)}")
    columns = "".join(_short_token(state, SIZE + c) for c in range(SIZE))
    lines.append(f"     {columns}   (column tokens)")
    lines.append("  B2 = Tony's (blue) figure of value 2, P2 = Tino's (purple); 5 = a disc;")
    lines.append("  * = open now; -5 = shifted (counts one lower); B30k = collected; -- = out")
    for s in range(2):
        you = " (you)" if s == seat else ""
        lines.append(
            f"  {PLAYER_NAMES[s]}{you} [{'BP'[s]}]: ${state.money[s]:,}; figures "
            f"{state.faceup[s]} + {len(state.stacks[s])} in stack; deck {len(state.decks[s])}"
        )
        if seat == s:
            hand = "hand: " + (", ".join(CARD_NAMES[c] for c in state.hands[s]) or "empty")
        else:
            count = len(state.hands[s])
            hand = f"{count} card{'' if count == 1 else 's'} in hand"
        pile = ", ".join(CARD_NAMES[c] for c in state.discards[s]) or "none"
        lines.extend(
            textwrap.wrap(
                f"{hand}; discards: {pile}",
                78,
                initial_indent="    ",
                subsequent_indent="      ",
                break_on_hyphens=False,
            )
        )
    if state.last_cancelled >= 0:
        lines.append(f"  Police cancelled {CARD_NAMES[state.last_cancelled]}.")
    if state.shifted >= 0:
        lines.append(f"  {POINT_LABELS[state.shifted]} is shifted: it counts one lower this turn.")
    lines.append("  " + prompt(state))
    return "\n".join(lines)
