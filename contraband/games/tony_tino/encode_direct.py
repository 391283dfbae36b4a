"""Tony & Tino's version-1 observation written straight from the state, without building the view.

``direct_v1(layout, players)`` returns ``fill(state, seat, out)``, which writes into ``out`` (a
zeroed float32 ``array.array`` as long as the layout) the nonzero slots that the compiled walk of
``contraband.envs.plan`` writes for ``peek(state, seat)``, except the last move's (the
environments write those, the same for every game: ``contraband.envs.direct``). It reads exactly
what ``view.view`` shows a seat: the board, the streets, per seat its money, face-up figures, the
lengths of its stack, hand and deck and its discards, and only the observer's own hand. Each
value is computed as the walk computes it (``value * scale`` in double precision, a text's count
as the repeated sum of its scale), so the vector is the same bit for bit;
``tests/envs/test_direct.py`` checks that over random play, and that it reads nothing hidden.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from contraband.games.tony_tino.board import (
    CARD_NAMES,
    POINT_LABELS,
    POINTS,
    STREET_LABELS,
    STREET_POINTS,
    STREETS,
    UNRESOLVED,
)
from contraband.games.tony_tino.cards import STREET_TARGETS
from contraband.games.tony_tino.encoding import FIELDS
from contraband.games.tony_tino.rules import OVER, open_points

if TYPE_CHECKING:
    from contraband.games.tony_tino.state import TonyTinoState

Fill = Callable[[Any, int, Any], None]
#: the layout's factor of a declared place (``layout.scale``: what version 1 multiplies by)
Scale = Callable[[str], float]


def _sums(scale: float, most: int) -> tuple[float, ...]:
    """A text counted k times, as the walk sums it: ``scale`` added k times in double."""
    out, total = [0.0], 0.0
    for _ in range(most):
        total += scale
        out.append(total)
    return tuple(out)


def direct_v1(layout: Any, players: int) -> Fill | None:
    """The direct fill for ``layout`` (version 1 at ``players`` players), or None when its slot
    names are not the ones this encoder knows (a layout of another shape)."""
    if getattr(layout, "version", None) != 1 or players != 2:
        return None
    at = {name: slot for slot, name in enumerate(layout.names)}
    try:
        return _make(at, layout.scale)
    except KeyError:
        return None


class _Chunks(dict):  # type: ignore[type-arg]
    """Bytes of a run of slots per key, made on first use by ``make(key)`` (a handful of keys
    recur: a point's disc, figure and openness, a street's token, winner and sums)."""

    def __init__(self, make: Callable[[Any], list[float]]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> bytes:
        made = array("f", self.make(key)).tobytes()
        self[key] = made
        return made


def _run(at: dict[str, int], names: list[str]) -> int:
    """The first slot of ``names``, which must be consecutive slots in that order."""
    first = at[names[0]]
    if [at[name] for name in names] != list(range(first, first + len(names))):
        raise KeyError(names[0])
    return first


def _make(at: dict[str, int], scale: Scale) -> Fill:  # noqa: PLR0915 - one closure, its constants first
    me = ("me", "+1")
    # the board: per point seven consecutive slots, the same for every point
    board_names = [
        f"board[{p}].{key}"
        for p in range(POINTS)
        for key in (
            "disc=none",
            "disc",
            "figure=none",
            "figure.seat=me",
            "figure.seat=+1",
            "figure.value",
            "open",
        )
    ]
    board_at = _run(at, board_names)
    board_end = board_at + len(board_names)
    board_len = at["board.len"], POINTS * scale("board")
    disc_scale, value_scale = scale("board[].disc"), scale("board[].figure.value")

    def point(seat: int) -> Callable[[Any], list[float]]:
        def make(key: tuple[int, int, int, bool]) -> list[float]:
            disc, who, value, is_open = key
            slots = [0.0] * 7
            if disc:
                slots[1] = disc * disc_scale
            else:
                slots[0] = 1.0
            if who < 0:
                slots[2] = 1.0
            else:
                slots[3 + (who - seat) % 2] = 1.0
                slots[5] = value * value_scale
            slots[6] = 1.0 if is_open else 0.0
            return slots

        return make

    points = (_Chunks(point(0)), _Chunks(point(1)))
    open_len = at["open_points.len"]
    open_scale = scale("open_points")
    open_bag = tuple(at[f"open_points#{label}"] for label in POINT_LABELS)
    # the streets: per street ten consecutive slots
    street_keys = (
        "collected_by=none",
        "collected_by=me",
        "collected_by=+1",
        "status=open",
        "status=out of the game",
        "status=me",
        "status=+1",
        "sums[me]",
        "sums[+1]",
        "token",
    )
    street_names = [f"streets[{s}].{key}" for s in range(STREETS) for key in street_keys]
    street_at = _run(at, street_names)
    street_end = street_at + len(street_names)
    streets_len = at["streets.len"], STREETS * scale("streets")
    token_scale, sum_scale = scale("streets[].token"), scale("streets[].sums[]")

    def street(seat: int) -> Callable[[Any], list[float]]:
        def make(key: tuple[int, int, int, int]) -> list[float]:
            token, code, first, second = key
            slots = [0.0] * 10
            if code < 0:
                slots[0] = 1.0
                slots[3 if code == UNRESOLVED else 4] = 1.0
            else:
                slots[1 + (code - seat) % 2] = 1.0
                slots[5 + (code - seat) % 2] = 1.0
            mine, other = (first, second) if seat == 0 else (second, first)
            slots[7] = mine * sum_scale
            slots[8] = other * sum_scale
            slots[9] = token * token_scale
            return slots

        return make

    streets = (_Chunks(street(0)), _Chunks(street(1)))
    on_street = tuple(itemgetter(*STREET_POINTS[s]) for s in range(STREETS))
    # per seat (relative: me, +1)
    money_scale = scale("seats[].money")
    faceup_scale = scale("seats[].face_up_figures")
    faceup_value = scale("seats[].face_up_figures[]")
    stack_scale = scale("seats[].figures_in_stack")
    hand_count_scale = scale("seats[].cards_in_hand")
    deck_scale = scale("seats[].cards_in_deck")
    discard_scale = scale("seats[].discards")
    discard_sums = _sums(discard_scale, 64)
    seats = tuple(
        (
            at[f"seats[{r}].money"],
            at[f"seats[{r}].face_up_figures.len"],
            tuple(
                at[name]
                for index in range(8)
                if (name := f"seats[{r}].face_up_figures[{index}]") in at
            ),
            at[f"seats[{r}].figures_in_stack"],
            at[f"seats[{r}].cards_in_hand"],
            at[f"seats[{r}].cards_in_deck"],
            at[f"seats[{r}].discards.len"],
            tuple(at[f"seats[{r}].discards#{card}"] for card in CARD_NAMES),
        )
        for r in me
    )
    hand_len = at["hand.len"]  # never none: a seat always sees its own hand
    hand_scale = scale("hand")
    hand_sums = _sums(hand_scale, 64)
    hand_bag = tuple(at[f"hand#{card}"] for card in CARD_NAMES)
    current_none, current_me = at["current_player=none"], at["current_player=me"]
    turn_me = at["turn_player=me"]
    phase_at = {text: at[f"phase={text}"] for text in FIELDS["phase"][1] if f"phase={text}" in at}

    def texts(prefix: str, names: tuple[str, ...]) -> tuple[int, tuple[int, ...]]:
        return at[f"{prefix}=none"], tuple(at[f"{prefix}={name}"] for name in names)

    in_play = texts("card_in_play", CARD_NAMES)
    cancelled = texts("cancelled_by_police", CARD_NAMES)
    shifted_at = texts("shifted", POINT_LABELS)
    target_none = at["first_target=none"]
    target_points = tuple(at[f"first_target={label}"] for label in POINT_LABELS)
    target_streets = tuple(at[f"first_target={label}"] for label in STREET_LABELS)
    extra = at["extra_turn"]
    closed = [False] * POINTS

    def fill(state: TonyTinoState, seat: int, o: Any) -> None:
        owner, value = state.owner, state.value
        # the open points: lowest_points gives each point once
        opened = [] if state.phase == OVER else open_points(state)
        flags = closed.copy()
        for p in opened:
            flags[p] = True
            o[open_bag[p]] = open_scale
        o[open_len] = len(opened) * open_scale
        o[board_len[0]] = board_len[1]
        chunks = b"".join(
            map(points[seat].__getitem__, zip(state.discs, owner, value, flags, strict=True))
        )
        o[board_at:board_end] = array("f", chunks)
        o[streets_len[0]] = streets_len[1]
        mine = [v if w == 0 else 0 for w, v in zip(owner, value, strict=True)]
        theirs = [v if w == 1 else 0 for w, v in zip(owner, value, strict=True)]
        first = [sum(get(mine)) for get in on_street]
        second = [sum(get(theirs)) for get in on_street]
        keys = zip(state.tokens, state.street_winner, first, second, strict=True)
        o[street_at:street_end] = array("f", b"".join(map(streets[seat].__getitem__, keys)))
        for offset in (0, 1):
            s = (seat + offset) % 2
            money, up_len, up, stack, in_hand, in_deck, pile_len, pile = seats[offset]
            o[money] = state.money[s] * money_scale
            faceup = state.faceup[s]
            o[up_len] = len(faceup) * faceup_scale
            for slot, figure in zip(up, faceup, strict=False):
                o[slot] = figure * faceup_value
            o[stack] = len(state.stacks[s]) * stack_scale
            o[in_hand] = len(state.hands[s]) * hand_count_scale
            o[in_deck] = len(state.decks[s]) * deck_scale
            discards = state.discards[s]
            o[pile_len] = len(discards) * discard_scale
            for card in set(discards):
                o[pile[card]] = discard_sums[discards.count(card)]
        hand = state.hands[seat]  # the observer's own hand only
        o[hand_len] = len(hand) * hand_scale
        for card in set(hand):
            o[hand_bag[card]] = hand_sums[hand.count(card)]
        current = state.current_player
        if current is None:
            o[current_none] = 1.0
        else:
            o[current_me + (current - seat) % 2] = 1.0
        o[turn_me + (state.turn_player - seat) % 2] = 1.0
        slot = phase_at.get(state.phase)
        if slot is not None:
            o[slot] = 1.0
        card = state.pending_card
        o[in_play[0] if card < 0 else in_play[1][card]] = 1.0
        target = state.pending_first
        if target < 0:
            o[target_none] = 1.0
        else:
            o[(target_streets if card in STREET_TARGETS else target_points)[target]] = 1.0
        last = state.last_cancelled
        o[cancelled[0] if last < 0 else cancelled[1][last]] = 1.0
        point = state.shifted
        o[shifted_at[0] if point < 0 else shifted_at[1][point]] = 1.0
        if state.extra_turn:
            o[extra] = 1.0

    return fill
