"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse, 2012).

Single observer (the default): one tree is grown over the agent's information set. Every
iteration draws a fresh determinization of the root (``state.determinize(seat, rng)``: a full
state consistent with what the seat sees), descends the tree choosing by UCB among the children
whose actions are legal in *this* determinization (each child counts how often it was
available, and that count replaces the parent's visits in the exploration term), expands one
untried action (with progressive widening, the one the game's heuristic values most:
``Heuristic.action_values``), plays the rest of the game out (at random, with the game's
heuristic policy, or greedily by its evaluation; optionally cut off after a number of steps and
scored by the evaluation), and adds each seat's return to the nodes entered by that seat's
actions.

Multiple observers (``multi``, only in a game with secret choices; by default where the game's
``Heuristic.multi_observer`` says so): one tree per seat, keyed by what that seat has seen; each
seat decides in its own tree, so another seat's face-down choice is one move to it until the
game reveals the choices (see ``multi_observer.iterate_multi``).

Nothing here knows a game: chance inside ``apply`` happens in the determinization (which carries
its own generator), out-of-turn reactions and secret choices are simply decisions of whichever
seat is ``current_player``, and nodes are keyed by the Action (seat and label), so a child is
only ever credited to the seat that chose it.

The agent never reads hidden information: the only state it looks at is the determinizations it
draws with its own generator, and the legal actions of its own decision (which depend only on
what it sees, so every determinization shares them). Tree reuse compares views only: the
subtree below the agent's own action is kept when the next decision is again the agent's and
its view is the one that action was expected to produce.
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any

from contraband.agents.base import check_slips, check_turn, level_slip
from contraband.agents.multi_observer import iterate_multi
from contraband.agents.rollout import ROLLOUTS, rollout
from contraband.agents.tree import Node, most_visited, select, settled, sprout
from contraband.core.action import Action
from contraband.core.heuristic import Heuristic
from contraband.core.random import Rng
from contraband.core.registry import game_of
from contraband.core.state import State

#: iterations between checks of the time budget and of whether the choice is settled
CHECK_EVERY = 32
#: iterations per decision when no budget is given; about one second on one core (bench/ismcts.py)
DEFAULT_ITERATIONS = 3000
#: rollout steps before the evaluation takes over, and the UCB exploration constant, when neither
#: the spec nor the game's heuristic gives one: the generic heuristic's own
DEFAULT_CUTOFF = Heuristic.rollout_cutoff
DEFAULT_C = Heuristic.exploration
_INF = float("inf")


class ISMCTSAgent:
    """ISMCTS-SO with UCB over available children.

    Parameters (all also settable from a spec such as ``ismcts:iterations=400,rollout=random``):
        iterations  iterations per decision; with ``seconds`` it becomes a cap. Unset (and no
                    ``seconds``), the game's ``Heuristic.search_iterations``: about a second
                    on one core (3000; 9000 in Tony & Tino, whose iterations are cheap);
                    ``iterations`` then reads 3000, the budget of a game that sets none
        seconds     a time budget per decision instead (0: use iterations)
        max_seconds a wall-clock cap on every search whatever the budget (not a spec
                    parameter: the game server sets it, so no bot holds a worker longer)
        rollout     ``random``, ``heuristic`` (the game's ``Heuristic.policy``) or ``greedy``
                    (each step takes the move the game's evaluation likes best for the mover)
        cutoff      rollout steps before the game's evaluation scores the position; 0 evaluates
                    the new leaf at once, -1 plays every rollout to the end; by default the
                    game's ``Heuristic.rollout_cutoff``
        c           the UCB exploration constant (returns lie in [0, 1]); by default the
                    game's ``Heuristic.exploration`` (0.7 unless the game's values are
                    compressed)
        widen       progressive widening guided by the evaluation: a node visited n times
                    has at most 1 + widen * sqrt(n) children, expanded best-evaluated first;
                    0 expands every action (in random order) before any is revisited
        prior       visits the evaluation's value of a newly expanded move counts as
                    (``Heuristic.action_values``, with widening): a PUCT-like prior that
                    keeps the evaluation's choice until real returns outweigh it, for the
                    agent and for the opponents in its tree; by default the game's
                    ``Heuristic.prior_visits`` (0: off)
        reuse       keep the subtree below the agent's own move when its next decision follows
        multi       one tree per seat (multiple-observer ISMCTS) in a game with secret choices
                    (``SECRET_LABELS``): each seat decides by the statistics of what it has
                    seen, so another seat's face-down choice is one move to it until the
                    reveal; games without secret choices search exactly as without it.
                    Unset, the game's ``Heuristic.multi_observer`` decides (on in The Nacho
                    Incident, where it is stronger at equal iterations)
        plan        take the decisions the game's planner settles (``Heuristic.planned``, on a
                    determinization of the agent's seat) without searching them; false
                    searches every decision
        early       stop a decision's search once the most visited move can no longer be
                    overtaken in the iterations left (the choice is the same, sooner)
        slip        a softer player (the ``medium`` level in some games): on that share of
                    its searched decisions it takes one of the ``among`` most visited moves
                    at random instead of the most visited; by default the slip the game
                    gives ``level`` (``Heuristic.level_slips``), else none
        among       how many of the most visited moves a slip chooses from (at least 2)
        level       the named level this agent plays (``medium``): the game's slip for it
                    applies unless ``slip`` is given
        seed        the agent's generator: determinizations, expansion and rollouts
    """

    name = "ismcts"

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float = 0.0,
        rollout: str = "heuristic",
        cutoff: int | None = None,
        c: float | None = None,
        widen: float = 1.0,
        prior: int | None = None,
        reuse: bool = True,
        multi: bool | None = None,
        plan: bool = True,
        early: bool = True,
        slip: float | None = None,
        among: int = 3,
        level: str = "",
        seed: int = 0,
        max_seconds: float | None = None,
    ) -> None:
        if max_seconds is not None and not 0 < max_seconds < _INF:
            raise ValueError(f"ismcts: max_seconds must be a positive number, got {max_seconds}")
        if iterations is not None and iterations < 1:
            raise ValueError(f"ismcts: iterations must be at least 1, got {iterations}")
        if not 0 <= seconds < _INF:
            raise ValueError(f"ismcts: seconds must be 0 (unused) or positive, got {seconds}")
        if rollout not in ROLLOUTS:
            allowed = ", ".join(ROLLOUTS)
            raise ValueError(f"ismcts: rollout must be one of {allowed}, got {rollout!r}")
        if cutoff is not None and cutoff < -1:
            raise ValueError(f"ismcts: cutoff must be -1 (none), 0 or more, got {cutoff}")
        if c is not None and c < 0:
            raise ValueError(f"ismcts: c must be 0 or more, got {c}")
        if widen < 0:
            raise ValueError(f"ismcts: widen must be 0 (off) or more, got {widen}")
        if prior is not None and prior < 0:
            raise ValueError(f"ismcts: prior must be 0 (off) or more visits, got {prior}")
        check_slips("ismcts", slip, among, level)
        #: whether the game's own budget applies (neither iterations nor seconds given)
        self.game_budget = iterations is None and not seconds
        if self.game_budget:
            iterations = DEFAULT_ITERATIONS
        self.iterations = iterations
        self.seconds = seconds
        #: a wall-clock cap on every search, whatever the budget (the game server's)
        self.max_seconds = max_seconds
        self.rollout = rollout
        self.cutoff = cutoff
        self.c = c
        self.widen = widen
        self.prior = prior
        #: the prior's weight in visits during a search (``prior``, else the game's)
        self._weight = 0
        self.reuse = reuse
        self.multi = multi
        self.plan = plan
        self.early = early
        self.slip = slip
        self.among = among
        self.level = level
        self.seed = seed
        self.rng = Rng(seed)
        #: iterations run by the last decision (for tests and benchmarks)
        self.last_iterations = 0
        #: whether the last decision started from the subtree kept after the previous one
        self.last_reused = False
        #: the tree of the last decision (its root's children are the legal actions)
        self.last_root: Node | None = None
        #: the subtree kept for the next decision: (node, identity of the expected position)
        self._kept: tuple[Node, tuple] | None = None

    # -- the decision ---------------------------------------------------------------------------
    def act(self, state: State, seat: int) -> Action:
        legal = check_turn(state, seat)
        root = self.last_root = self._reused_root(state, seat)
        self.last_reused = root.visits > 0
        if len(legal) == 1:
            self.last_iterations = 0
            self._keep(root, legal[0], state, seat)
            return legal[0]
        heuristic = game_of(state).heuristic
        # one wall-clock deadline (``time.perf_counter``) for the whole decision, planner and
        # search; None when unclocked
        allowed = min(self.seconds or _INF, self.max_seconds or _INF)
        deadline = time.perf_counter() + allowed if allowed < _INF else None
        action = self._planned(state, seat, legal, heuristic, deadline) if self.plan else None
        if action is not None:
            self.last_iterations = 0
            self._keep(root, action, state, seat)
            return action
        self.last_iterations = self._search(state, seat, root, heuristic, deadline)
        action = self._chosen(root, legal, heuristic)
        self._keep(root, action, state, seat)
        return action

    def _planned(
        self,
        state: State,
        seat: int,
        legal: list[Action],
        heuristic: Any,
        deadline: float | None,
    ) -> Action | None:
        """The game planner's move for this decision, judged on a determinization of our seat
        (never on the state handed in, which may be the truth), or None to search."""
        if type(heuristic).planned is Heuristic.planned:
            return None
        world = state.determinize(seat, self.rng)
        move = heuristic.planned(world, self.rng, deadline=deadline)
        if move is None:
            return None
        for action in legal:
            if action.label == move.label:
                return action
        raise ValueError(f"{state.GAME_ID}: the planner chose {move.label!r}, not a legal move")

    def _search(
        self, state: State, seat: int, root: Node, heuristic: Any, deadline: float | None
    ) -> int:
        c = self.c if self.c is not None else getattr(heuristic, "exploration", DEFAULT_C)
        cutoff = self.cutoff
        if cutoff is None:
            cutoff = getattr(heuristic, "rollout_cutoff", DEFAULT_CUTOFF)
        if self.game_budget:
            limit = getattr(heuristic, "search_iterations", DEFAULT_ITERATIONS)
        else:
            limit = self.iterations if self.iterations is not None else 1 << 62
        weight = self.prior
        if weight is None:
            weight = getattr(heuristic, "prior_visits", 0)
        self._weight = weight if self.widen > 0.0 else 0
        multi = self.multi
        if multi is None:
            multi = getattr(heuristic, "multi_observer", False)
        if multi and state.SECRET_LABELS:
            trees: Any = [root if s == seat else Node(s) for s in range(state.players)]
            iterate = partial(iterate_multi, self)
        else:
            trees, iterate = root, self._iterate
        # the agent's own legal actions depend only on what it sees (the State contract), so
        # every determinization shares them instead of computing them again
        legal = state._cached_legal()
        early = self.early
        done = 0
        while done < limit:
            step = min(CHECK_EVERY, limit - done)
            for _ in range(step):
                iterate(state, seat, trees, heuristic, c, cutoff, legal)
            done += step
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if early and done < limit and settled(root, limit - done):
                break
        return done

    def root_stats(self) -> dict[str, tuple[int, float]]:
        """Visits and mean return of each action searched at the last decision, by label."""
        if self.last_root is None:
            return {}
        return {
            action.label: (child.visits, child.mean())
            for action, child in self.last_root.children.items()
        }

    def _chosen(self, root: Node, legal: list[Action], heuristic: Any) -> Action:
        """The most visited root move, or on a slip one of the ``among`` most visited."""
        slip = self.slip
        if slip is None:
            slip = level_slip(heuristic, self.level)
        if slip > 0.0 and self.rng.random() < slip:
            ranked = most_visited(root, legal)[: self.among]
            return ranked[self.rng.below(len(ranked))]
        return most_visited(root, legal)[0]

    # -- one iteration --------------------------------------------------------------------------
    def _iterate(
        self,
        root_state: State,
        seat: int,
        root: Node,
        heuristic: Any,
        c: float,
        cutoff: int,
        legal: list[Action],
    ) -> None:
        rng = self.rng
        state = root_state.determinize(seat, rng)
        state._legal = legal
        node = root
        path = [root]
        widen = self.widen
        # selection and expansion
        while not state.is_terminal():
            # read only: legal_actions() would copy it
            best, best_child, untried = select(node, state._cached_legal(), c, widen)
            if untried is not None:
                action = self._expansion(node, state, untried, heuristic)
                child = sprout(node, action, self._weight)
                state.apply(action)
                path.append(child)
                break
            node = best_child
            state.apply(best)
            path.append(node)
        # rollout
        values = self._rollout(state, heuristic, rng, cutoff)
        # back-up: each node gains the return of the seat that chose its action
        root.visits += 1
        for node in path[1:]:
            node.visits += 1
            node.total += values[node.player]

    def _expansion(self, node: Node, state: State, untried: list[Action], heuristic: Any) -> Action:
        """The untried action to expand: by the heuristic with widening, else at random."""
        if len(untried) == 1:
            return untried[0]
        if self.widen > 0.0:
            return self._most_promising(node, state, untried, heuristic)
        return untried[self.rng.below(len(untried))]

    @staticmethod
    def _most_promising(node: Node, state: State, untried: list[Action], heuristic: Any) -> Action:
        """The untried action the game's heuristic likes best for the mover (``action_values``).

        Each action is valued once per node (in the determinization at hand), so the cost is
        paid only by nodes that are expanded more than once; ties go to the legal order.
        """
        priors = node.priors
        if priors is None:
            priors = node.priors = {}
        missing = [action for action in untried if action not in priors]
        if missing:
            priors.update(zip(missing, heuristic.action_values(state, missing), strict=True))
        best, best_value = untried[0], -_INF
        for action in untried:
            value = priors[action]
            if value > best_value:
                best, best_value = action, value
        return best

    def _rollout(self, state: State, heuristic: Any, rng: Rng, cutoff: int) -> list[float]:
        return rollout(self.rollout, state, heuristic, rng, cutoff)

    # -- keeping the tree between decisions ---------------------------------------------------
    def _keep(self, root: Node, action: Action, state: State, seat: int) -> None:
        """Remember the subtree below our own action, with the view we expect to see next.

        The expected view comes from applying the action to a determinization: when the
        action's effect on what we see is certain, it equals the real next view; when it is not
        (we drew a card, a die was rolled), the views will differ and the tree is dropped.
        """
        child = root.children.get(action) if self.reuse else None
        if child is None:
            self._kept = None
            return
        guess = state.determinize(seat, Rng(self.rng.next64())).apply(action)
        if guess.is_terminal() or guess.current_player != seat:
            self._kept = None
            return
        self._kept = (child, (state.GAME_ID, state.players, seat, guess.view(seat)))

    def _reused_root(self, state: State, seat: int) -> Node:
        """The kept subtree if this decision is the one that follows our own last action."""
        kept, self._kept = self._kept, None
        if kept is None:
            return Node(seat)
        node, expected = kept
        if expected != (state.GAME_ID, state.players, seat, state.view(seat)):
            return Node(seat)
        # every action below must be ours: if another seat (or chance) could come first in some
        # determinization, the node is not exactly this decision
        if any(type(key) is not Action or key.player != seat for key in node.children):
            return Node(seat)
        return node
