"""Tony & Tino's setup and turn, in the rulebook's order: 1 cards, 2 figures, 3 protection money.

Every decision is one small choice; a card with targets continues with further decisions of the
same player, and a card that Police may cancel first hands the decision to the opponent.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Final

from contraband.core.action import Action
from contraband.games.tony_tino import cards
from contraband.games.tony_tino.board import (
    CARD_NAMES,
    CARD_SET,
    COLOURED_PER_PLAYER,
    FACE_UP,
    FIGURES,
    FIRST_PLAYER,
    HAND_SIZE,
    NUMBERED_DISCS,
    PLAYER_COLOURS,
    POINT_LABELS,
    POINT_STREETS,
    POINTS,
    POLICE,
    RANDOM_FIRST,
    REMOVED,
    SETUP_FIGURE_VALUE,
    SHIFT_REDUCTION,
    STREET_LABELS,
    STREETS,
    TOKENS,
    UNCANCELLABLE,
    UNRESOLVED,
)
from contraband.games.tony_tino.labels import (
    DISCARD_ACTIONS,
    FIRST_ACTIONS,
    MEANING,
    PLACE_ACTIONS,
    PLAY_ACTIONS,
    SECOND_ACTIONS,
)
from contraband.games.tony_tino.lookup import (
    ALLOW,
    BAG,
    DISC_NUMBER,
    DISC_OWNER,
    DISC_VALUE,
    ENOUGH_DISCS,
    HAND_KINDS,
    HAND_PLAYS,
    POLICE_ACTION,
    STREET_GET,
)

if TYPE_CHECKING:
    from contraband.games.tony_tino.state import TonyTinoState

# phases
CARD: Final = "card"
REACT: Final = "react"
TARGET: Final = "target"
PLACE: Final = "place"
OVER: Final = "over"


# -- setup ------------------------------------------------------------------------------------
#: the first-player option's fixed choices: the seat that starts
FIRST_SEAT = {"seat 0": 0, "seat 1": 1}
#: a disc from the bag as the log names it: its number, or the colour of a coloured disc
DISC_SHOWN = {**{n: n for n in NUMBERED_DISCS}, **{-1 - s: PLAYER_COLOURS[s] for s in range(2)}}


def _stack() -> tuple[int, ...]:
    """A player's figures less the hitmen that the coloured discs became, in data order."""
    stack = list(FIGURES)
    for _ in range(COLOURED_PER_PLAYER):
        stack.remove(SETUP_FIGURE_VALUE)
    return tuple(stack)


STACK = _stack()


def setup(state: TonyTinoState) -> None:
    rng, note = state.rng, state.note
    # the 36 discs from the bag, one per control point; coloured ones become value-1 figures
    bag = list(BAG)
    rng.shuffle(bag)
    state.discs = list(map(DISC_NUMBER.__getitem__, bag))
    state.owner = owner = list(map(DISC_OWNER.__getitem__, bag))
    state.value = list(map(DISC_VALUE.__getitem__, bag))
    state.remaining = len(NUMBERED_DISCS)  # every numbered disc is in the bag
    shown = map(DISC_SHOWN.__getitem__, bag)
    note("discs_laid", list(map(list, zip(POINT_LABELS, shown, strict=True))))
    for seat in range(2):
        points = list(compress(POINT_LABELS, map(seat.__eq__, owner)))
        note("hitmen", seat, PLAYER_COLOURS[seat], points)
    # protection money, laid street by street from one end to the other
    tokens = list(TOKENS)
    rng.shuffle(tokens)
    state.tokens = tokens
    note("tokens_laid", list(map(list, zip(STREET_LABELS, tokens, strict=True))))
    state.street_winner = winners = [UNRESOLVED] * STREETS
    for s in range(STREETS):  # the setup exception: a street filled at setup loses its token
        if -1 not in STREET_GET[s](owner):
            winners[s] = REMOVED
            note("setup_out", STREET_LABELS[s], tokens[s])
    state.money = [0, 0]
    # each player's remaining figures, shuffled face down; the top two lie open
    state.stacks, state.faceup = [], []
    for seat in range(2):
        stack = list(STACK)
        rng.shuffle(stack)
        note("stack", seat, len(stack))
        faceup = []
        for _ in range(FACE_UP):
            faceup.append(stack.pop())
            note("turn_up", seat, faceup[-1])
        state.faceup.append(sorted(faceup))
        state.stacks.append(stack)
    # identical card sets, shuffled; three cards in hand
    state.decks, state.hands, state.discards = [], [], []
    for seat in range(2):
        deck = list(CARD_SET)
        rng.shuffle(deck)
        note("deck", seat, len(deck))
        hand = [deck.pop() for _ in range(HAND_SIZE)]
        note("deal", seat, len(hand), [CARD_NAMES[c] for c in hand])
        state.hands.append(sorted(hand))
        state.decks.append(deck)
        state.discards.append([])
    state.pending_card = -1
    state.pending_first = -1
    state.shifted = -1
    state.extra_turn = False
    state.last_cancelled = -1
    # the players choose who starts (an option); drawn last, so the deal never depends on it
    choice = state.options.get("first_player", FIRST_PLAYER)
    if choice == RANDOM_FIRST:
        first = rng.below(2)
        note("starts_random", first)
    else:
        first = FIRST_SEAT[choice]
        note("starts", first)
    _start_turn(state, first)


# -- legal actions ----------------------------------------------------------------------------
def open_points(state: TonyTinoState) -> list[int]:
    """Points whose disc shows the lowest number now (a shifted disc counts one lower)."""
    return lowest_points(state.discs, state.shifted)


def lowest_points(discs: list[int], shifted: int = -1) -> list[int]:
    """Points whose disc (0: none) shows the lowest number, the ``shifted`` point's disc
    counting one lower."""
    if shifted < 0:  # the usual case: the lowest number, found by C loops
        numbers = set(discs)
        numbers.discard(0)
        if not numbers:
            return []
        best = min(numbers)
        p = discs.index(best)
        found = [p]
        for _ in range(discs.count(best) - 1):
            p = discs.index(best, p + 1)
            found.append(p)
        return found
    best, found = 99, []
    for p in range(POINTS):
        number = discs[p]
        if number:
            if p == shifted:
                number -= SHIFT_REDUCTION
            if number < best:
                best, found = number, [p]
            elif number == best:
                found.append(p)
    return found


def legal_actions(state: TonyTinoState) -> list[Action]:
    """The mover's actions; the playouts' hot path, so the common cases are inlined."""
    phase = state.phase
    player: int = state.current_player  # type: ignore[assignment]  # None only when over
    if phase == PLACE:
        faceup = state.faceup[player]
        if not faceup:
            return []
        place = PLACE_ACTIONS[player]
        low = place[faceup[0]]  # faceup is kept sorted: the lower figure's actions first
        high = None if len(faceup) == 1 or faceup[0] == faceup[1] else place[faceup[1]]
        discs = state.discs
        if state.shifted < 0:  # lowest_points without the call: the lowest number, by C loops
            best = min(filter(None, discs), default=0)  # discs are 0 (none) or a number
            if not best:
                return []
            p = discs.index(best)
            count = discs.count(best)
            if count == 1:  # the usual case
                return [low[p]] if high is None else [low[p], high[p]]
            points = [p]
            for _ in range(count - 1):
                p = discs.index(best, p + 1)
                points.append(p)
        else:
            points = lowest_points(discs, state.shifted)
        if high is None:
            return list(map(low.__getitem__, points))
        return [*map(low.__getitem__, points), *map(high.__getitem__, points)]
    if phase == CARD:
        hand = state.hands[player]
        key = tuple(hand)
        if state.remaining >= ENOUGH_DISCS:  # the usual case: looked up
            entry = HAND_PLAYS[player].get(key)
            if entry is not None:
                sure, tested, discards = entry
                if tested:
                    plays = sure + [play for c, play in tested if cards.playable(state, c)]
                    plays += discards
                    return plays
                return sure + discards
        kinds = HAND_KINDS.get(key) or sorted(set(hand))  # the last disc, or a hand-made hand
        play, discard = PLAY_ACTIONS[player], DISCARD_ACTIONS[player]
        plays = [play[c] for c in kinds if cards.playable(state, c)]
        return plays + [discard[c] for c in kinds]
    if phase == REACT:
        if POLICE in state.hands[player]:
            return [ALLOW[player], POLICE_ACTION[player]]
        return [ALLOW[player]]
    if phase == TARGET:
        card = state.pending_card
        if state.pending_first < 0:
            actions = FIRST_ACTIONS[player][card]
            return [actions[t] for t in cards.first_targets(state, card)]
        actions = SECOND_ACTIONS[player][card]
        return [actions[t] for t in cards.second_targets(state, card, state.pending_first)]
    return []


# -- applying an action -----------------------------------------------------------------------
def apply(state: TonyTinoState, action: Action) -> None:
    meaning = MEANING[action[1]]  # the label
    kind: str = meaning[0]
    player = state.turn_player
    if kind == "place":  # the kinds by how often random play meets them
        _place(state, meaning[1], meaning[2])
    elif kind == "discard":
        card = meaning[1]
        state.hands[player].remove(card)
        state.discards[player].append(card)
        state.note("discard", player, CARD_NAMES[card])
        state.last_cancelled = -1
        _draw(state, player)
        state.phase = PLACE  # _to_placement: the turn player is on move already
    elif kind == "play":
        card = meaning[1]
        state.hands[player].remove(card)
        state.discards[player].append(card)
        state.note("play", player, CARD_NAMES[card])
        state.pending_card = card
        state.last_cancelled = -1
        if card not in UNCANCELLABLE and _may_react(state, 1 - player):
            state.phase, state.current_player = REACT, 1 - player
        else:
            _carry_out(state)
    elif kind == "first":
        card = state.pending_card
        if card in cards.SECOND_VERB:
            state.pending_first = meaning[1]
            cards.note_first(state, card, meaning[1])
        else:
            cards.resolve_one(state, card, meaning[1])
            _finish_card(state)
    elif kind == "second":
        cards.resolve_two(state, state.pending_card, state.pending_first, meaning[1])
        _finish_card(state)
    elif kind == "allow":
        state.note("allow", 1 - player, CARD_NAMES[state.pending_card])
        state.current_player = player
        _carry_out(state)
    elif kind == "police":
        opponent = 1 - player
        state.hands[opponent].remove(POLICE)
        state.discards[opponent].append(POLICE)
        state.note("police", opponent, CARD_NAMES[state.pending_card], player)
        _draw(state, opponent)
        state.last_cancelled = state.pending_card
        state.pending_card = -1
        _draw(state, player)
        _to_placement(state)


def _may_react(state: TonyTinoState, opponent: int) -> bool:
    """The reaction window opens whenever the opponent might hold Police.

    It is offered even when they do not, so that being asked reveals nothing (decision D9).
    """
    return bool(state.hands[opponent]) and POLICE not in state.discards[opponent]


def _carry_out(state: TonyTinoState) -> None:
    card = state.pending_card
    if card in cards.FIRST_VERB:
        state.phase = TARGET
        state.current_player = state.turn_player
    else:
        cards.resolve_without_target(state, card)
        _finish_card(state)


def _finish_card(state: TonyTinoState) -> None:
    state.pending_card = -1
    state.pending_first = -1
    _draw(state, state.turn_player)
    _to_placement(state)


def _draw(state: TonyTinoState, player: int) -> None:
    deck = state.decks[player]
    if deck:
        card = deck.pop()
        hand = state.hands[player]
        hand.append(card)
        hand.sort()
        state.note("draw", player, CARD_NAMES[card])
    else:
        state.note("no_draw", player)


def _to_placement(state: TonyTinoState) -> None:
    state.phase = PLACE
    state.current_player = state.turn_player


def _place(state: TonyTinoState, figure: int, point: int) -> None:
    """Action 2, then action 3: every street this figure completes is scored (``_score``)."""
    player = state.turn_player
    faceup = state.faceup[player]
    faceup.remove(figure)
    owner, value, discs = state.owner, state.value, state.discs
    owner[point] = player
    value[point] = figure
    note = state.note
    note("place", player, figure, POINT_LABELS[point], discs[point])
    discs[point] = 0
    state.remaining -= 1
    stack = state.stacks[player]
    if stack:
        turned = stack.pop()
        faceup.append(turned)
        faceup.sort()
        note("turn_up", player, turned)
    winners = state.street_winner
    for s in POINT_STREETS[point]:
        if winners[s] == UNRESOLVED:
            owners = STREET_GET[s](owner)
            if -1 not in owners:
                _score(state, s, owners, STREET_GET[s](value))
    _end_turn(state)


def _score(state: TonyTinoState, s: int, owners: tuple, values: tuple) -> None:
    """A street just completed (every owner is 0 or 1): its token goes to the higher sum."""
    second = sum(compress(values, owners))
    sums = [sum(values) - second, second]  # as board.completed_sums gives them
    if sums[0] == second:
        state.street_winner[s] = REMOVED
        state.note("tie", STREET_LABELS[s], state.tokens[s], sums)
    else:
        winner = 0 if sums[0] > second else 1
        state.street_winner[s] = winner
        state.money[winner] += state.tokens[s]
        state.note("collect", winner, STREET_LABELS[s], state.tokens[s], sums)


def _end_turn(state: TonyTinoState) -> None:
    state.shifted = -1
    extra = state.extra_turn
    state.extra_turn = False
    if state.remaining == 0:
        state.phase, state.current_player = OVER, None
        state.note("game_over", list(state.money), state.winners())
        return
    player = state.turn_player
    following = player if extra else 1 - player
    if not state.faceup[following]:  # a player with no figure left passes (decision D7)
        state.note("pass", following)
        following = 1 - following
        extra = False
    _start_turn(state, following, extra)


def _start_turn(state: TonyTinoState, player: int, extra: bool = False) -> None:
    state.turn_player = player
    state.current_player = player
    state.note("extra_turn" if extra else "turn", player)
    if state.hands[player]:
        state.phase = CARD
    else:
        state.phase = PLACE
        state.note("no_cards", player)
