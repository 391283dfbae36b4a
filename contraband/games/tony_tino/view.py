"""What a seat may see, how an AI resamples what it may not, and the text board."""

from __future__ import annotations

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
    STREETS,
    UNRESOLVED,
)

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


def _pending_target(state: TonyTinoState) -> str | None:
    from contraband.games.tony_tino.cards import STREET_TARGETS

    if state.pending_first < 0:
        return None
    names = STREET_LABELS if state.pending_card in STREET_TARGETS else POINT_LABELS
    return names[state.pending_first]


def view(state: TonyTinoState, seat: int | None) -> dict[str, Any]:
    state._check_seat(seat)
    board = [
        {
            "point": POINT_LABELS[p],
            "disc": state.discs[p] or None,
            "figure": None
            if state.owner[p] < 0
            else {"seat": state.owner[p], "value": state.value[p]},
        }
        for p in range(SIZE * SIZE)
    ]
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
        "board": board,
        "streets": street_summary(state),
        "seats": seats,
        "hand": None if seat is None else [CARD_NAMES[c] for c in state.hands[seat]],
        "card_in_play": CARD_NAMES[state.pending_card] if state.pending_card >= 0 else None,
        "first_target": _pending_target(state),
        "cancelled_by_police": CARD_NAMES[state.last_cancelled]
        if state.last_cancelled >= 0
        else None,
        "shifted": POINT_LABELS[state.shifted] if state.shifted >= 0 else None,
        "extra_turn": state.extra_turn,
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


def _cell(state: TonyTinoState, p: int, open_points: set[int]) -> str:
    if state.owner[p] >= 0:
        return f"{'BP'[state.owner[p]]}{state.value[p]}".center(4)
    number = state.discs[p]
    mark = "*" if p in open_points else " "
    shifted = "-" if p == state.shifted else " "
    return f"{shifted}{number:>2}{mark}"


def _token(state: TonyTinoState, s: int) -> str:
    code = state.street_winner[s]
    amount = f"${state.tokens[s] // 1000}k"
    if code == UNRESOLVED:
        return amount
    if code == REMOVED:
        return "--"
    return f"{amount}→{PLAYER_NAMES[code]}"


def _short_token(state: TonyTinoState, s: int) -> str:
    code = state.street_winner[s]
    text = "--" if code == REMOVED else f"{state.tokens[s] // 1000}k"
    if code >= 0:
        text = "BP"[code] + text
    return text.center(4)


def render(state: TonyTinoState, seat: int | None = None) -> str:
    from contraband.games.tony_tino.rules import open_points

    state._check_seat(seat)
    opened = set(open_points(state)) if not state.is_terminal() else set()
    lines = ["     " + "".join(c.center(4) for c in COLUMNS)]
    for r in range(SIZE):
        cells = "".join(_cell(state, r * SIZE + c, opened) for c in range(SIZE))
        lines.append(f"  {r + 1}  {cells}   row {r + 1}: {_token(state, r)}")
    lines.append("     " + "".join(_short_token(state, SIZE + c) for c in range(SIZE)))
    column_notes = ", ".join(f"{COLUMNS[c]} {_token(state, SIZE + c)}" for c in range(SIZE))
    lines.append(f"  columns: {column_notes}")
    lines.append("  B = blue (Tony), P = purple (Tino); digits alone are discs; * = open now")
    for s in range(2):
        you = " (you)" if s == seat else ""
        hand = ""
        if seat == s:
            hand = "; hand: " + ", ".join(CARD_NAMES[c] for c in state.hands[s])
        else:
            hand = f"; {len(state.hands[s])} cards in hand"
        lines.append(
            f"  {PLAYER_NAMES[s]}{you} [{'BP'[s]}]: ${state.money[s]:,}; face-up figures "
            f"{state.faceup[s]}; {len(state.stacks[s])} in stack{hand}; deck {len(state.decks[s])}"
        )
    if state.last_cancelled >= 0:
        lines.append(f"  Police cancelled {CARD_NAMES[state.last_cancelled]}.")
    if state.is_terminal():
        winners = state.winners()
        if len(winners) == 2:
            lines.append(f"  Game over: a draw at ${state.money[0]:,} each.")
        else:
            w = winners[0]
            won, lost = state.money[w], state.money[1 - w]
            lines.append(f"  Game over: {PLAYER_NAMES[w]} wins ${won:,} to ${lost:,}.")
    else:
        who = PLAYER_NAMES[state.current_player]
        doing = {
            "card": "plays or discards a card",
            "react": "may answer with Police",
            "target": f"chooses targets for {CARD_NAMES[max(state.pending_card, 0)]}",
            "place": "places a figure",
        }[state.phase]
        lines.append(f"  {who} {doing}.")
    return "\n".join(lines)
