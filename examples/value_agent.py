"""A value function over observation vectors, and an agent that searches a little with it (numpy).

The agent acts from what an environment gives its seat: the action mask, and the environment's
public look-ahead (``contraband.envs.position``): a determinization of the game for the seat on
move, everything that seat cannot see redrawn, on which it may try actions and read the
observation vectors its seat would get. For each legal action it takes that observation (the
*afterstate*) and searches the seat's own later decisions of the turn by the value function,
trying the few replies another seat may make on the way (the worst one counts); it plays the
action whose line the value function rates best (or, while training, a random legal one with
probability ``epsilon``).

``value_net.ValueNet`` is the value function. ``td_targets`` and ``fit`` give it TD(lambda)
targets along each seat's game (and, where watched games recorded them, the choices among
sibling afterstates) and keep the epoch that does best on held-out games.
"""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np
from value_net import ValueNet, sibling_entropy

from contraband import envs
from contraband.core.random import Rng

#: a move of another seat inside the look-ahead is followed (the worst of its options for the
#: searching seat) when it has at most this many options: a reply such as "allow" or "police"
REPLY_OPTIONS = 3
#: decisions followed after a candidate action at most
DEPTH = 8
#: options followed at one of the seat's own decisions: all alike (up to WIDE), else the TOP best
WIDE = 12
TOP = 4


class ValueAgent:
    """Picks the legal action whose look-ahead ``net`` values most (``epsilon``: explore).

    Each candidate is played on one determinization of the seat (``contraband.envs.position``:
    everything the seat cannot see redrawn) and followed through the seat's own later decisions
    of the turn (``follow``: the ``top`` best-valued options of each, or up to ``wide`` of them
    where ``net`` values them all alike), until another seat is to decide; where that seat has
    only a few options (a reply to a card), each is tried and the worst for us counts. The
    candidate's value is the best its lines reach. ``depth=0``: the afterstate alone.

    The lines followed for the chosen action are kept: the seat's next decisions, while one of
    them starts with a legal action, play it without searching again (a card, then its targets
    and the figure, are one plan; a reply that makes the plan's next step illegal, such as a
    cancelled card, starts a new search)."""

    def __init__(
        self,
        net: Any,
        epsilon: float = 0.0,
        seed: int = 0,
        depth: int = DEPTH,
        wide: int = WIDE,
        top: int = TOP,
    ) -> None:
        self.net = net
        self.wide, self.top = wide, top
        self.epsilon = epsilon
        self.depth = depth
        self.rng = np.random.default_rng(seed)
        self.sampler = Rng(seed)
        self.lines: list[list[int]] = []

    def choose(self, env: Any, mask: np.ndarray) -> int:
        """The action id to play (no look-ahead when there is one legal action, or to explore)."""
        ids = np.flatnonzero(mask)
        if len(ids) == 0:
            raise ValueError("the action mask has no legal action: the seat is not on move")
        planned = next((line[0] for line in self.lines if line and mask[line[0]]), None)
        if planned is not None:
            self.lines = [line[1:] for line in self.lines if line and line[0] == planned]
            return planned
        self.lines = []
        if len(ids) == 1:
            return int(ids[0])
        if self.net is None or self.rng.random() < self.epsilon:
            return int(ids[self.rng.integers(len(ids))])
        guess = envs.position(env, self.sampler)
        children = [guess.child(int(action)) for action in ids]
        values = self.values(children)
        lines: list[list[list[int]]] = [[] for _ in ids]
        if self.depth:
            followed = [
                self.follow(c, v, self.depth) for c, v in zip(children, values, strict=True)
            ]
            values = np.array([value for value, _ in followed])
            lines = [found for _, found in followed]
        best = int(self.rng.choice(np.flatnonzero(values >= values.max() - 1e-9)))
        self.lines = lines[best]
        return int(ids[best])

    def values(self, positions: list[Any]) -> np.ndarray:
        """Each position's value for its observing seat: the net's, or the result once over."""
        return self._rated(positions)[0]

    def _rated(self, positions: list[Any]) -> tuple[np.ndarray, np.ndarray]:
        """The values of ``positions`` and their observation vectors."""
        assert self.net is not None
        rows = np.asarray([p.observation() for p in positions], dtype=np.float32)
        out = np.asarray(self.net(rows), dtype=np.float64)
        for i, p in enumerate(positions):
            if p.over:
                out[i] = 2.0 * float(p.rewards()[p.seat]) - 1.0
        return out, rows

    def follow(self, position: Any, value: float, depth: int) -> tuple[float, list[list[int]]]:
        """The best value the observing seat can reach from ``position`` by its own decisions
        until another seat is to decide (or ``depth`` decisions), and the lines that reach it
        (one per reply of another seat tried on the way: the worst reply counts).

        Every own decision is searched, not only its best-valued option: a choice whose worth
        shows only later (a Shift's target, which opens the points a figure may then take)
        leaves its options valued alike, so where they are all alike up to ``wide`` of them
        are followed, and otherwise the ``top`` best valued."""
        if depth == 0 or position.over:
            return float(value), [[]]
        ids = position.legal_ids()
        mine = position.mover == position.seat
        if not mine and len(ids) > REPLY_OPTIONS:
            return float(value), [[]]
        children = [position.child(int(action)) for action in ids]
        values, rows = self._rated(children)
        if not mine:  # a reply: the worst for us counts
            replies = [self.follow(c, v, depth - 1) for c, v in zip(children, values, strict=True)]
            worst = min(found for found, _ in replies)
            return worst, [rest for _, lines in replies for rest in lines]
        alike = values.max() - values.min() < 1e-9
        # ties are broken by a hash of each option's observation: the same choice on any game
        # the seat cannot tell from the real one, and no bias towards the first ids
        ties = np.array([zlib.crc32(row.tobytes()) for row in rows], dtype=np.float64) / 2**32
        order = np.lexsort((ties, -values))[: self.wide if alike else self.top]
        best, lines = -np.inf, [[]]
        for i in order:
            found, rest = self.follow(children[i], float(values[i]), depth - 1)
            if found > best:
                best, lines = found, [[int(ids[i]), *line] for line in rest]
        return float(best), lines


def outcome(view: dict[str, Any], seat: int, win: float) -> float:
    """The training target of a finished game for ``seat``, in [-1, 1]: half the win (1 won,
    0 shared, -1 lost), half the score margin against the best other seat relative to both
    scores, read from the final result in the seat's own view; the win alone where the view
    shows no final scores (Counterfeiters' final view does not)."""
    scores = view.get("result", {}).get("scores") if isinstance(view.get("result"), dict) else None
    if not scores:
        return 2 * win - 1
    mine = float(scores[seat])
    best_other = max(float(s) for i, s in enumerate(scores) if i != seat)
    margin = (mine - best_other) / (abs(mine) + abs(best_other) + 1e-9)
    return 0.5 * (2 * win - 1) + 0.5 * float(np.clip(margin, -1, 1))


def td_targets(net: ValueNet | None, rows: np.ndarray, final: float, lam: float) -> np.ndarray:
    """TD(lambda) targets along one seat's chosen afterstates, the last one's being the result."""
    targets = np.empty(len(rows), dtype=np.float32)
    targets[-1] = final
    if net is None or len(rows) == 1:
        targets[:-1] = final
        return targets
    values = net(rows)
    for t in range(len(rows) - 2, -1, -1):
        targets[t] = (1 - lam) * values[t + 1] + lam * targets[t + 1]
    return targets


Sibling = tuple[np.ndarray, int]  # the afterstates of one decision's legal actions, the one taken
#: sibling sets per squared-error batch of 256 rows
SIBLINGS_PER_BATCH = 32


def fit(
    net: ValueNet,
    trajectories: list[tuple[np.ndarray, float]],
    lam: float,
    epochs: int = 8,
    rows: int = 20_000,
    decay: float = 1e-4,
    seed: int = 0,
    rate: float = 1e-3,
    siblings: list[Sibling] | None = None,
    rank_weight: float = 1.0,
) -> tuple[float, float | None]:
    """Fit ``net`` to TD(lambda) targets, epoch by epoch, and (``siblings``) to the choices made
    among sibling afterstates, keeping the parameters that do best on every tenth trajectory and
    sibling set held out (one game's moves are alike: a net that learns a game by heart does well
    on its own moves only). Returns the held-out mean squared error and the share of held-out
    sibling sets whose taken action the net values most (None without siblings)."""
    parts = [td_targets(net, rows, z, lam) for rows, z in trajectories]
    held = np.arange(len(trajectories)) % 10 == min(9, len(trajectories) - 1)

    def stack(keep: bool) -> tuple[np.ndarray, np.ndarray]:
        pick = [i for i in range(len(trajectories)) if held[i] == keep]
        return (np.concatenate([trajectories[i][0] for i in pick]),
                np.concatenate([parts[i] for i in pick]))  # fmt: skip

    (x, y), (x_held, y_held) = stack(False), stack(True)
    sets = siblings or []
    train_sets = [s for i, s in enumerate(sets) if i % 10 != 9]
    held_sets = [s for i, s in enumerate(sets) if i % 10 == 9] or train_sets

    def score() -> tuple[float, float, float | None]:
        """(what is kept by: error plus the weighted cross-entropy, error, agreement)"""
        error = float(np.mean((net(x_held) - y_held) ** 2))
        if not held_sets:
            return error, error, None
        pairs = [(net(rows), taken) for rows, taken in held_sets]
        agree = float(np.mean([np.argmax(v) == c for v, c in pairs]))
        entropy = float(np.mean([sibling_entropy(v, c) for v, c in pairs]))
        return error + rank_weight * entropy, error, agree

    best = score()
    kept = net.state_dict()
    rng = np.random.default_rng(seed)
    for epoch in range(epochs):
        sample = rng.permutation(len(x))[:rows]  # a game's moves are alike: a sample will do
        if not train_sets:
            net.fit(x[sample], y[sample], 1, rate=rate, seed=seed * 100 + epoch, decay=decay)
        else:
            order = rng.permutation(len(train_sets))
            for batch, start in enumerate(range(0, len(sample), 256)):
                rows_ = sample[start : start + 256]
                first = (batch * SIBLINGS_PER_BATCH) % len(order)
                chosen = [train_sets[i] for i in order[first : first + SIBLINGS_PER_BATCH]]
                net.rank_step(x[rows_], y[rows_], chosen, rank_weight, rate=rate, decay=decay)
        now = score()
        if now[0] < best[0]:
            best, kept = now, net.state_dict()
    net.params = {name: kept[name].copy() for name in net.params}
    return best[1], best[2]
