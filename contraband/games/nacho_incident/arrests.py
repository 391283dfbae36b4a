"""Step 4: the smuggler opens a cantina at its destination; then every cantina of that player
with a mountie is resolved, west to east, once each (RULES.md D4, D13-D15).

- Mounties with smugglers: one mountie arrests the highest rank there; both leave the game.
  With two or more mounties the owner picks which one makes the arrest, also when their
  penalties are equal (the mounties are different cards: with random mounties the one arrested
  goes back into the pool, the other stays and is fined).
- Two or more mounties and no smuggler: one (owner's pick) gets bored and arrests the owner's
  highest-ranked holder in any province (owner's pick among equal ranks); both leave the game.
  With no holder at all, that mountie wanders to a cantina of the owner's choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.nacho_incident.board import (
    ARREST_HERE,
    ARREST_LABEL,
    BORED,
    BORED_KIND,
    MOUNTIE_LABEL,
    MOUNTIE_NAME,
    NPROV,
    PICK,
    PROVINCES,
    SMUGGLER_NAME,
    SMUGGLER_RANK,
    WANDER,
    WANDER_LABEL,
)
from contraband.games.nacho_incident.draw import insert_sorted

if TYPE_CHECKING:
    from contraband.games.nacho_incident.state import NachoState


def place(state: NachoState, province: int) -> None:
    seat: int = state.current_player  # type: ignore[assignment]  # a seat is on move
    card = state.chosen[seat]
    state.chosen[seat] = -1
    state.played[seat] = card
    insert_sorted(state.cantinas[seat * NPROV + province], card)
    state.resolve_prov = 0
    state.note("cantina", seat, SMUGGLER_NAME[card], PROVINCES[province])


def owner(state: NachoState) -> int:
    return state.order[state.order_pos]


def resolve(state: NachoState) -> bool:
    """Resolve the owner's cantinas from ``resolve_prov`` on; False while a decision waits."""
    seat = state.order[state.order_pos]  # owner(state)
    posts, cantinas = state.posts, state.cantinas
    p = state.resolve_prov
    while p < NPROV:
        index = seat * NPROV + p
        mounties = posts[index]
        if mounties and (cantinas[index] or len(mounties) >= 2):
            state.resolve_prov = p
            kind = ARREST_HERE if cantinas[index] else BORED_KIND
            if len(mounties) > 1:  # the owner chooses which mountie acts (issue 16)
                state.phase, state.pending_kind = PICK, kind
                state.current_player = seat
                return False
            if not act(state, kind, mounties[0]):
                return False
        p += 1
    state.resolve_prov = NPROV
    return True


def act(state: NachoState, kind: int, mountie: int) -> bool:
    """The chosen mountie acts; False when a further decision of the owner is needed."""
    seat = owner(state)
    index = seat * NPROV + state.resolve_prov
    if kind == ARREST_HERE:
        cantina = state.cantinas[index]
        top = max(SMUGGLER_RANK[c] for c in cantina)
        arrest(state, mountie, index, min(c for c in cantina if SMUGGLER_RANK[c] == top))
        return True
    state.note("bored", seat, MOUNTIE_NAME[mountie], PROVINCES[state.resolve_prov])
    victims = bored_victims(state, seat)
    if not victims:
        state.phase, state.pending_mountie = WANDER, mountie
        state.current_player = seat
        return False
    if len(victims) > 1:
        state.phase, state.pending_mountie = BORED, mountie
        state.current_player = seat
        return False
    arrest(state, mountie, index, victims[0])
    return True


def bored_victims(state: NachoState, seat: int) -> list[int]:
    """The owner's highest-ranked holders, one per province (equal cards in one cantina are
    interchangeable)."""
    best, victims = 0, []
    for p in range(NPROV):
        cantina = state.cantinas[seat * NPROV + p]
        if not cantina:
            continue
        top = max(SMUGGLER_RANK[c] for c in cantina)
        card = min(c for c in cantina if SMUGGLER_RANK[c] == top)
        if top > best:
            best, victims = top, [card]
        elif top == best:
            victims.append(card)
    return victims


def arrest(state: NachoState, mountie: int, post: int, card: int) -> None:
    """``mountie`` (on cantina ``post``) arrests ``card``; both leave the game."""
    seat = owner(state)
    state.posts[post].remove(mountie)
    insert_sorted(state.mountie_out, mountie)
    for p in range(NPROV):
        cantina = state.cantinas[seat * NPROV + p]
        if card in cantina:
            cantina.remove(card)
            insert_sorted(state.smuggler_out, card)
            state.note("arrest", seat, MOUNTIE_NAME[mountie], SMUGGLER_NAME[card], PROVINCES[p])
            return
    raise AssertionError(f"smuggler {card} is not a holder of seat {seat}")


def labels(state: NachoState) -> list[str]:
    seat = owner(state)
    index = seat * NPROV + state.resolve_prov
    if state.phase == PICK:
        return [MOUNTIE_LABEL[m] for m in state.posts[index]]
    if state.phase == BORED:
        return [ARREST_LABEL[c] for c in sorted(bored_victims(state, seat))]
    return [
        WANDER_LABEL[s][p]
        for s in range(state.players)
        for p in range(NPROV)
        if s * NPROV + p != index
    ]


def decide(state: NachoState, kind: str, meaning: tuple) -> bool:
    """Apply a step-4 decision; True when resolution may continue with the next cantina."""
    seat = owner(state)
    index = seat * NPROV + state.resolve_prov
    if kind == "pick":
        state.note("pick", seat, MOUNTIE_NAME[meaning[1]], PROVINCES[state.resolve_prov])
        if not act(state, state.pending_kind, meaning[1]):
            return False
    elif kind == "bored":
        arrest(state, state.pending_mountie, index, meaning[1])
    else:
        target = meaning[1] * NPROV + meaning[2]
        mountie = state.pending_mountie
        state.posts[index].remove(mountie)
        insert_sorted(state.posts[target], mountie)
        state.note(
            "wander",
            seat,
            MOUNTIE_NAME[mountie],
            PROVINCES[state.resolve_prov],
            meaning[1],
            PROVINCES[meaning[2]],
        )
    state.pending_mountie = -1
    state.resolve_prov += 1
    return True
