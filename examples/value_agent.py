"""A value function over observation vectors, and an agent that searches a little with it (numpy).

The agent acts from what an environment gives its seat: the action mask, and the environment's
public look-ahead (``contraband.envs.position``): a determinization of the game for the seat on
move, everything that seat cannot see redrawn, on which it may try actions and read the
observation vectors its seat would get. For each legal action it takes that observation (the
*afterstate*) and follows the seat's own later decisions of the turn, each by the value function,
trying the few replies another seat may make on the way (the worst one counts); it plays the
action whose line the value function rates best (or, while training, a random legal one with
probability ``epsilon``).

``ValueNet`` is a one-hidden-layer perceptron (tanh) with a linear part, trained by Adam on
squared error; inputs are standardised with the mean and spread of the first data it sees.
``td_targets`` and ``fit`` give it TD(lambda) targets along each seat's game and keep the epoch
that does best on held-out games.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from contraband import envs
from contraband.core.random import Rng


class ValueNet:
    """v(x) = w0 · z + w2 · tanh(W1 · z + b1) + b2 with z = (x - mean) / spread, for observation
    vectors x: a linear part (money and counts weigh in directly) and a hidden layer."""

    def __init__(self, size: int, hidden: int = 64, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.mean = np.zeros(size, dtype=np.float32)
        self.spread = np.ones(size, dtype=np.float32)
        self.scaled = False
        self.params = {
            "w0": np.zeros(size, dtype=np.float32),
            "W1": (rng.standard_normal((size, hidden)) / np.sqrt(size)).astype(np.float32),
            "b1": np.zeros(hidden, dtype=np.float32),
            "w2": (rng.standard_normal(hidden) * 0.01).astype(np.float32),
            "b2": np.zeros(1, dtype=np.float32),
        }
        self._adam: dict[str, list[np.ndarray]] = {}
        self._t = 0

    def scale_to(self, x: np.ndarray) -> None:
        """Fix the input standardisation from a sample of observation vectors."""
        self.mean = x.mean(axis=0).astype(np.float32)
        self.spread = np.maximum(x.std(axis=0), 1e-3).astype(np.float32)
        self.scaled = True

    def _hidden(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        z = np.clip((x - self.mean) / self.spread, -5.0, 5.0)
        return z, np.tanh(z @ self.params["W1"] + self.params["b1"])

    def __call__(self, x: np.ndarray) -> np.ndarray:
        """The values of a batch of vectors (one row each)."""
        z, h = self._hidden(np.atleast_2d(x))
        return z @ self.params["w0"] + h @ self.params["w2"] + self.params["b2"][0]

    def fit(
        self,
        x: np.ndarray,
        y: np.ndarray,
        epochs: int = 4,
        batch: int = 256,
        rate: float = 1e-3,
        seed: int = 0,
        decay: float = 0.0,
    ) -> float:
        """Adam on the mean squared error (plus ``decay`` times the squared input weights);
        returns the last epoch's mean squared error."""
        if not self.scaled:
            self.scale_to(x)
        rng = np.random.default_rng(seed)
        p = self.params
        loss = 0.0
        for _ in range(epochs):
            order = rng.permutation(len(x))
            losses = []
            for start in range(0, len(x), batch):
                rows = order[start : start + batch]
                z, h = self._hidden(x[rows])
                error = z @ p["w0"] + h @ p["w2"] + p["b2"][0] - y[rows]
                losses.append(float(np.mean(error**2)))
                d = 2 * error / len(rows)
                dh = np.outer(d, p["w2"]) * (1 - h**2)
                grads = {
                    "w0": z.T @ d + decay * p["w0"],
                    "W1": z.T @ dh + decay * p["W1"],
                    "b1": dh.sum(0),
                    "w2": h.T @ d,
                    "b2": d.sum(keepdims=True),
                }
                self._step(grads, rate)
            loss = float(np.mean(losses))
        return loss

    def _step(self, grads: dict[str, np.ndarray], rate: float, b1=0.9, b2=0.999) -> None:
        self._t += 1
        for name, g in grads.items():
            m, v = self._adam.setdefault(name, [np.zeros_like(g), np.zeros_like(g)])
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            m_hat = m / (1 - b1**self._t)
            v_hat = v / (1 - b2**self._t)
            self.params[name] -= (rate * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)

    # -- keeping it ------------------------------------------------------------------------
    def state_dict(self) -> dict[str, np.ndarray]:
        return {**self.params, "mean": self.mean, "spread": self.spread}

    @classmethod
    def from_state(cls, arrays: Any) -> ValueNet:
        net = cls(arrays["W1"].shape[0], arrays["W1"].shape[1])
        net.params = {name: np.asarray(arrays[name], dtype=np.float32) for name in net.params}
        net.mean = np.asarray(arrays["mean"], dtype=np.float32)
        net.spread = np.asarray(arrays["spread"], dtype=np.float32)
        net.scaled = True
        return net

    def save(self, path: Path, **extra: Any) -> None:
        np.savez_compressed(path, **self.state_dict(), **extra)

    @classmethod
    def load(cls, path: Path) -> ValueNet:
        with np.load(path) as arrays:
            return cls.from_state(arrays)


#: a move of another seat inside the look-ahead is followed (the worst of its options for the
#: searching seat) when it has at most this many options: a reply such as "allow" or "police"
REPLY_OPTIONS = 3
#: decisions followed after a candidate action at most
DEPTH = 8


class ValueAgent:
    """Picks the legal action whose look-ahead ``net`` values most (``epsilon``: explore).

    Each candidate is played on one determinization of the seat (``contraband.envs.position``:
    everything the seat cannot see redrawn) and followed through the seat's own later decisions
    of the turn, each the one whose afterstate ``net`` values most, until another seat is to
    decide; where that seat has only a few options (a reply to a card), each is tried and the
    worst for us counts. ``depth=0``: the afterstate alone, no follow-through.

    The lines followed for the chosen action are kept: the seat's next decisions, while one of
    them starts with a legal action, play it without searching again (a card, then its targets
    and the figure, are one plan; a reply that makes the plan's next step illegal, such as a
    cancelled card, starts a new search)."""

    def __init__(
        self, net: ValueNet | None, epsilon: float = 0.0, seed: int = 0, depth: int = DEPTH
    ) -> None:
        self.net = net
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
        assert self.net is not None
        out = self.net(np.asarray([p.observation() for p in positions], dtype=np.float32))
        for i, p in enumerate(positions):
            if p.over:
                out[i] = 2.0 * float(p.rewards()[p.seat]) - 1.0
        return out

    def follow(self, position: Any, value: float, depth: int) -> tuple[float, list[list[int]]]:
        """The value of ``position`` after the observing seat's own next decisions, and the
        lines of those decisions (one per reply of another seat tried on the way)."""
        line: list[int] = []
        for _ in range(depth):
            if position.over:
                break
            ids = position.legal_ids()
            if position.mover != position.seat and len(ids) > REPLY_OPTIONS:
                break
            children = [position.child(int(action)) for action in ids]
            values = self.values(children)
            if position.mover != position.seat:  # a reply: the worst for us counts
                replies = [
                    self.follow(c, v, depth - 1) for c, v in zip(children, values, strict=True)
                ]
                worst = min(found for found, _ in replies)
                return worst, [line + rest for _, lines in replies for rest in lines] or [line]
            best = int(np.argmax(values))
            position, value = children[best], float(values[best])
            line.append(int(ids[best]))
        return float(value), [line]


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


def fit(
    net: ValueNet,
    trajectories: list[tuple[np.ndarray, float]],
    lam: float,
    epochs: int = 8,
    rows: int = 20_000,
    decay: float = 1e-4,
    seed: int = 0,
    rate: float = 1e-3,
) -> float:
    """Fit ``net`` to TD(lambda) targets, epoch by epoch, keeping the parameters that do best on
    every tenth trajectory held out (one game's moves are alike: a net that learns a game by
    heart does well on its own moves only). Returns the held-out mean squared error."""
    parts = [td_targets(net, rows, z, lam) for rows, z in trajectories]
    held = np.arange(len(trajectories)) % 10 == min(9, len(trajectories) - 1)

    def stack(keep: bool) -> tuple[np.ndarray, np.ndarray]:
        pick = [i for i in range(len(trajectories)) if held[i] == keep]
        return (np.concatenate([trajectories[i][0] for i in pick]),
                np.concatenate([parts[i] for i in pick]))  # fmt: skip

    (x, y), (x_held, y_held) = stack(False), stack(True)
    best, kept = float(np.mean((net(x_held) - y_held) ** 2)), net.state_dict()
    rng = np.random.default_rng(seed)
    for epoch in range(epochs):
        sample = rng.permutation(len(x))[:rows]  # a game's moves are alike: a sample will do
        net.fit(x[sample], y[sample], 1, rate=rate, seed=seed * 100 + epoch, decay=decay)
        loss = float(np.mean((net(x_held) - y_held) ** 2))
        if loss < best:
            best, kept = loss, net.state_dict()
    net.params = {name: kept[name].copy() for name in net.params}
    return best
