"""Multiple-observer ISMCTS (Cowling, Powley & Whitehouse, 2012): one tree per seat, keyed by
what that seat has seen, all descended together in each iteration. Used by ``ISMCTSAgent`` with
``multi`` in a game with secret choices, so that another seat's face-down choice is one move to
the others until the game reveals it."""

from __future__ import annotations

from typing import Any

from contraband.agents.tree import Node, select, sprout
from contraband.core.action import Action
from contraband.core.state import State

#: how another seat sees a secret choice of seat s
_SECRET_MOVE = tuple(("secret", seat) for seat in range(64))


def iterate_multi(
    agent: Any,
    root_state: State,
    seat: int,
    roots: list[Node],
    heuristic: Any,
    c: float,
    cutoff: int,
    legal: list[Action],
) -> None:
    """One iteration of multiple-observer ISMCTS: every seat has a tree of what it has
    seen, all descended together. The mover chooses (UCB, widening) in its own tree; each
    tree then follows the move as its seat saw it: a secret choice of another seat is the
    same move whichever it was, until ``reveal_secrets`` shows them, where every tree
    branches on what was shown."""
    rng = agent.rng
    state = root_state.determinize(seat, rng)
    state._legal = legal
    secret = state.SECRET_LABELS
    seats = range(len(roots))
    nodes = roots.copy()
    paths = [[root] for root in roots]
    hidden: list[tuple[int, Action]] = []  # secret choices of this iteration not yet shown
    widen = agent.widen
    weight = agent._weight
    while not state.is_terminal():
        mover = state.current_player
        node = nodes[mover]
        best, _, untried = select(node, state._cached_legal(), c, widen)
        expand = untried is not None
        if expand:
            best = agent._expansion(node, state, untried, heuristic)
        shown = state._revealed
        state.apply(best)
        masked = best.label in secret
        unseen = _SECRET_MOVE[mover]
        for s in seats:
            key = unseen if masked and s != mover else best
            step = nodes[s].children.get(key)
            if step is None:
                if s == mover:  # expanded in the mover's own tree
                    step = sprout(nodes[s], best, weight)
                else:
                    step = nodes[s].children[key] = Node(mover)
            nodes[s] = step
            paths[s].append(step)
        if masked:
            hidden.append((mover, best))
        if state._revealed != shown and hidden:  # every secret choice is shown now
            for s in seats:
                key = ("shown", tuple(move for who, move in hidden if who != s))
                step = nodes[s].children.get(key)
                if step is None:
                    step = nodes[s].children[key] = Node(mover)
                nodes[s] = step
                paths[s].append(step)
            hidden = []
        if expand:
            break
    values = agent._rollout(state, heuristic, rng, cutoff)
    for path in paths:
        path[0].visits += 1
        for node in path[1:]:
            node.visits += 1
            node.total += values[node.player]
