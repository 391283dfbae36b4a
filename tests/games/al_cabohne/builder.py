"""Build Al Cabohne positions by bean names.

``deck`` lists the next cards to be drawn, top first; every card not placed anywhere else goes
below them (sorted) or, with ``rest="discard"``, under the discard pile, so the 116 cards are
always all there. ``fields`` gives each seat's fields as
``"3 Blue"`` / ``None`` (empty); ``bosses`` the bosses' fields the same way. ``begin`` starts the
turn of ``turn_player`` (phases run until its first decision) instead of leaving the raw state.
The log of a built position starts empty (the random deal it replaced is dropped).
"""

from __future__ import annotations

import importlib

import contraband

BEANS = importlib.import_module("contraband.games.al_cabohne.beans")
FLOW = importlib.import_module("contraband.games.al_cabohne.flow")

GAME = contraband.load("al-cabohne")
B = {name: index for index, name in enumerate(BEANS.BEAN_NAMES)}
AL, DON, JOE = 0, 1, 2


def beans(names: list[str]) -> list[int]:
    return [B[name] for name in names]


def _field(text: str | None) -> tuple[int, int]:
    if text is None:
        return BEANS.EMPTY, 0
    count, name = text.split()
    return B[name], int(count)


def position(
    players: int = 2,
    *,
    hands: list[list[str]] | None = None,
    fields: list[list[str | None]] | None = None,
    bosses: list[str | None] | None = None,
    deck: list[str] = (),
    discard: list[str] = (),
    faceup: list[str] = (),
    coins: list[list[str]] | None = None,
    mafia_coins: list[str] = (),
    turn_player: int = 0,
    deck_pass: int = 1,
    options: dict | None = None,
    rest: str = "deck",
    begin: bool = True,
):
    state = GAME.new(players, seed=1, options=options or {})
    hands = hands or [[] for _ in range(players)]
    fields = fields or [[None] * BEANS.START_FIELDS[players] for _ in range(players)]
    bosses = bosses or [None] * BEANS.BOSSES_IN_GAME[players]
    coins = coins or [[] for _ in range(players)]
    state.hands = [beans(h) for h in hands]
    state.fields_owned = [len(f) for f in fields]
    state.field_bean = [[BEANS.EMPTY] * BEANS.MOST_FIELDS for _ in range(players)]
    state.field_count = [[0] * BEANS.MOST_FIELDS for _ in range(players)]
    for seat, row in enumerate(fields):
        for f, text in enumerate(row):
            state.field_bean[seat][f], state.field_count[seat][f] = _field(text)
    state.boss_bean = [_field(t)[0] for t in bosses]
    state.boss_count = [_field(t)[1] for t in bosses]
    state.discard = beans(list(discard))
    state.faceup = beans(list(faceup))
    state.coins = [beans(c) for c in coins]
    state.mafia_coins = beans(list(mafia_coins))
    state.deck_pass = deck_pass
    state.last_turn = False
    # the rest of the cards lie below the named top of the deck
    left = list(BEANS.BEAN_COUNTS)
    placed = [*state.discard, *state.faceup, *state.mafia_coins]
    for seat in range(players):
        placed += state.hands[seat] + state.coins[seat]
        for b, n in zip(state.field_bean[seat], state.field_count[seat], strict=True):
            placed += [b] * n
    for b, n in zip(state.boss_bean, state.boss_count, strict=True):
        placed += [b] * n
    top = beans(list(deck))
    for b in placed + top:
        left[b] -= 1
    assert min(left) >= 0, "the position uses more cards of a bean than exist"
    unplaced = [b for b in range(BEANS.BEANS) for _ in range(left[b])]
    if rest == "deck":
        state.deck = unplaced + top[::-1]  # the top of the deck is the end of the list
    else:  # the unnamed cards lie under the named discard pile
        state.deck = top[::-1]
        state.discard = unplaced + state.discard
    state.turn_player = state.current_player = turn_player
    state._events = []  # the log starts with the built position (not the discarded deal)
    if begin:
        FLOW.start_turn(state, turn_player)
    state._legal = None
    assert state.conserved() == state.TOTALS
    return state


def labels(state) -> list[str]:
    return [a.label for a in state.legal_actions()]


def names(cards: list[int]) -> list[str]:
    return [BEANS.BEAN_NAMES[b] for b in cards]


def field(state, seat: int, f: int) -> str | None:
    count = state.field_count[seat][f]
    if not count:
        return None
    return f"{count} {BEANS.BEAN_NAMES[state.field_bean[seat][f]]}"


def boss(state, b: int) -> str | None:
    count = state.boss_count[b]
    if not count:
        return None
    return f"{count} {BEANS.BEAN_NAMES[state.boss_bean[b]]}"


def deck_top(state, n: int) -> list[str]:
    return names(state.deck[::-1][:n])
