"""A value function built from what each part of the score ends as (numpy).

In Tony & Tino the money is all there is, and it comes street by street: each street's token
goes to the seat with the larger sum of figures once the street is full (a tie sends it out of
the game). So instead of one value learnt from a game's result, this model learns, for every
open street of every observation, how that street ends: won by the observing seat, by the
other, or out of the game, a softmax over the three read from the seat's own final
observation. One small net is shared by the twelve streets and each observation teaches it up
to twelve times, with labels far less noisy than a game's result. The value of an observation
is then the money it shows plus each open street's token times (P(mine) - P(theirs)), in
dollars, squashed by ``tanh(dollars / scale)`` (``scale`` fitted to the watched results).

What the model is told about the game, all of it from the rulebook, none from game code, is
the ``Structure`` below: which record list holds the streets, which of their slots say how one
ended and what it is worth, where the money is, and which board points make up each street (the
rows and columns of the 6x6 board), so that a street's net sees its own points.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from value_net import adam_step, record_lists

#: the three ways a street ends, in the softmax's order
MINE, THEIRS, OUT = 0, 1, 2


@dataclass(frozen=True)
class Structure:
    """How a game's score is made, in the observation's slot names."""

    records: str  # the record list whose entries are each decided once (the streets)
    mine: str  # the record's slot that is 1 once the observing seat holds it
    theirs: str  # ... once the other seat holds it
    open: str  # ... while it is undecided
    stake: str  # the record's slot with what it is worth (scaled in the vector)
    money: tuple[str, str]  # the observing seat's money, the other's (scaled)
    points: str  # the record list of the board's points
    members: tuple[tuple[int, ...], ...]  # each record's points
    #: slots summed over all the points: each a product of point slots (figures per seat, ...)
    totals: tuple[tuple[str, ...], ...]
    #: slots (by the start of their names) every record's net also reads
    context: tuple[str, ...]


def grid_lines(size: int) -> tuple[tuple[int, ...], ...]:
    """The rows, then the columns, of a ``size`` x ``size`` board numbered row by row."""
    rows = tuple(tuple(r * size + c for c in range(size)) for r in range(size))
    return rows + tuple(tuple(r * size + c for r in range(size)) for c in range(size))


STRUCTURES = {
    "tony-tino": Structure(
        records="streets",
        mine="status=me",
        theirs="status=+1",
        open="status=open",
        stake="token",
        money=("seats[me].money", "seats[+1].money"),
        points="board",
        members=grid_lines(6),
        totals=(
            ("figure.value", "figure.seat=me"),
            ("figure.value", "figure.seat=+1"),
            ("figure.seat=me",),
            ("figure.seat=+1",),
            ("figure=none",),
        ),
        context=(
            "current_player",
            "extra_turn",
            "hand",
            "phase",
            "seats[",
            "turn_player",
            "card_in_play",
            "open_points.len",
        ),  # fmt: skip
    )
}


class Inputs:
    """Where each part of a record's input sits in the observation vector."""

    def __init__(self, names: list[str] | tuple[str, ...], structure: Structure, layout: Any):
        at = {name: i for i, name in enumerate(names)}
        s = structure
        lists = record_lists(names)
        self.record, self.all_points = lists[s.records], lists[s.points]  # entries x slots

        def slots_of(index: np.ndarray) -> list[str]:
            return [names[i].split(".", 1)[1] for i in index[0]]

        slots, point_slots = slots_of(self.record), slots_of(self.all_points)
        self.mine = slots.index(s.mine)
        self.theirs = slots.index(s.theirs)
        self.open = slots.index(s.open)
        self.stake = slots.index(s.stake)
        self.members = self.all_points[np.array(s.members)]  # records x points x slots
        self.totals = [[point_slots.index(slot) for slot in product] for product in s.totals]
        self.context = np.array([i for i, n in enumerate(names) if n.startswith(s.context)])
        self.money = np.array([at[name] for name in s.money])
        # back to the game's own units (dollars): the vector holds each number times its scale
        self.stake_unit = 1.0 / layout.scale(f"{s.records}[].{s.stake}")
        self.money_unit = 1.0 / layout.scale(s.money[0].replace("[me]", "[]"))

    def features(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(rows, records, features): each record's slots, its points' slots, and the context;
        and (rows, records): whether each record is still open."""
        rows = len(x)
        record = x[:, self.record]
        members = x[:, self.members]  # rows, records, points, slots
        board = x[:, self.all_points]  # rows, points, slots
        totals = np.stack([np.prod(board[:, :, slots], axis=2).sum(1) for slots in self.totals], 1)
        context = np.concatenate([x[:, self.context], totals / board.shape[1]], axis=1)
        parts = [
            record,
            members.reshape(rows, len(self.record), -1),
            members.mean(axis=2),  # how much of the record's points is empty, open, ...
            np.broadcast_to(context[:, None, :], (rows, len(self.record), context.shape[1])),
        ]
        return np.concatenate(parts, axis=2).astype(np.float32), record[:, :, self.open] > 0.5

    def ends(self, final: np.ndarray) -> np.ndarray:
        """How each record ended, from a final observation (MINE, THEIRS or OUT per record)."""
        record = final[self.record]
        return np.where(
            record[:, self.mine] > 0.5, MINE, np.where(record[:, self.theirs] > 0.5, THEIRS, OUT)
        )

    def dollars(self, x: np.ndarray, shares: np.ndarray, open_: np.ndarray) -> np.ndarray:
        """The money the observing seat can expect to lead by: what it leads by now plus each
        open record's stake times (P(mine) - P(theirs))."""
        stake = x[:, self.record[:, self.stake]] * self.stake_unit
        expected = ((shares[:, :, MINE] - shares[:, :, THEIRS]) * stake * open_).sum(axis=1)
        return (x[:, self.money[0]] - x[:, self.money[1]]) * self.money_unit + expected


class OutcomeNet:
    """The value function above: ``net(x)`` for a batch of observation vectors."""

    kind = "outcome"

    def __init__(self, game: str, layout: Any, hidden: int = 128, seed: int = 0) -> None:
        self.game = game
        self.inputs = Inputs(layout.names, STRUCTURES[game], layout)
        size = self.inputs.features(np.zeros((1, layout.size), np.float32))[0].shape[2]
        rng = np.random.default_rng(seed)
        self.params = {
            "W1": (rng.standard_normal((size, hidden)) / np.sqrt(size)).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "W2": (rng.standard_normal((hidden, 3)) * 0.01).astype(np.float32),
            "b2": np.zeros(3, np.float32),
        }
        self.mean = np.zeros(size, np.float32)
        self.spread = np.ones(size, np.float32)
        self.scale = np.array([30_000.0], np.float32)  # dollars of lead worth tanh(1)
        self._adam: dict[str, list[np.ndarray]] = {}
        self._t = 0

    def shares(self, features: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The softmax over how each row's record ends, with the standardised input and the
        hidden layer (for the gradient)."""
        z = (features - self.mean) / self.spread
        hidden = np.tanh(z @ self.params["W1"] + self.params["b1"])
        logits = hidden @ self.params["W2"] + self.params["b2"]
        weights = np.exp(logits - logits.max(axis=-1, keepdims=True))
        return weights / weights.sum(axis=-1, keepdims=True), z, hidden

    def dollars(self, x: np.ndarray) -> np.ndarray:
        features, open_ = self.inputs.features(x)
        shares = self.shares(features.reshape(-1, features.shape[2]))[0]
        return self.inputs.dollars(x, shares.reshape(len(x), -1, 3), open_)

    def __call__(self, x: np.ndarray) -> np.ndarray:
        """The values of a batch of vectors (one row each), in (-1, 1)."""
        return np.tanh(self.dollars(np.atleast_2d(x)) / self.scale[0])

    def step(self, features: np.ndarray, ends: np.ndarray, rate: float) -> float:
        """One Adam step on the cross-entropy of how each row's record ended."""
        shares, z, hidden = self.shares(features)
        rows = np.arange(len(ends))
        loss = float(-np.log(shares[rows, ends] + 1e-9).mean())
        d = shares
        d[rows, ends] -= 1.0
        d /= len(ends)
        dhidden = (d @ self.params["W2"].T) * (1 - hidden**2)
        grads = {"W2": hidden.T @ d, "b2": d.sum(0), "W1": z.T @ dhidden, "b1": dhidden.sum(0)}
        self._t += 1
        adam_step(self.params, grads, self._adam, self._t, rate)
        return loss

    def scores(self, features: np.ndarray, ends: np.ndarray) -> tuple[float, float]:
        """The mean cross-entropy of how the rows' records ended, and the share of rows whose
        likeliest end is the one that came (in chunks: rows are many)."""
        total, right = 0.0, 0
        for start in range(0, len(ends), 65_536):
            shares = self.shares(features[start : start + 65_536].astype(np.float32))[0]
            chosen = ends[start : start + 65_536]
            total += float(-np.log(shares[np.arange(len(chosen)), chosen] + 1e-9).sum())
            right += int((shares.argmax(axis=1) == chosen).sum())
        return total / max(1, len(ends)), right / max(1, len(ends))

    def cross_entropy(self, features: np.ndarray, ends: np.ndarray) -> float:
        """The mean cross-entropy of how the rows' records ended."""
        return self.scores(features, ends)[0]

    # -- keeping it ------------------------------------------------------------------------
    def state_dict(self) -> dict[str, Any]:
        return {**self.params, "mean": self.mean, "spread": self.spread, "scale": self.scale,
                "kind": np.array(self.kind), "game": np.array(self.game)}  # fmt: skip

    @classmethod
    def from_state(cls, arrays: Any) -> OutcomeNet:
        from contraband import envs

        game = str(arrays["game"])
        net = cls(game, envs.raw_env(game, version=1).layout, arrays["W1"].shape[1])
        net.params = {k: np.asarray(arrays[k], dtype=np.float32) for k in net.params}
        for name in ("mean", "spread", "scale"):
            setattr(net, name, np.asarray(arrays[name], dtype=np.float32))
        return net

    def save(self, path: Path, **extra: Any) -> None:
        np.savez_compressed(path, **self.state_dict(), **extra)


#: every how many observations of a seat's game one is kept for fitting: neighbours are alike,
#: and keeping all of thousands of games does not fit in memory
EVERY = 2


def training_rows(
    net: OutcomeNet, trajectories: list[tuple[np.ndarray, float]], every: int = EVERY
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every open record of every ``every``-th observation, with how it ended (read from the
    last observation of its seat's game): (features, in float16 to save memory, and ends); and
    those observations with their trajectory's target, to fit the scale on."""
    features, ends, xs, ys = [], [], [], []
    for rows, target in trajectories:
        final = net.inputs.ends(rows[-1])
        kept = rows[::every]
        found, open_ = net.inputs.features(kept)
        features.append(found[open_].astype(np.float16))
        ends.append(np.broadcast_to(final, open_.shape)[open_].astype(np.int8))
        xs.append(kept)
        ys.append(np.full(len(kept), target, np.float32))
    return np.concatenate(features), np.concatenate(ends), np.concatenate(xs), np.concatenate(ys)


def fit_scale(net: OutcomeNet, x: np.ndarray, y: np.ndarray) -> float:
    """The ``scale`` (dollars) whose ``tanh(dollars / scale)`` is nearest the results; returns
    the mean squared error."""
    dollars = net.dollars(x)
    scales = np.geomspace(5_000, 300_000, 40)
    errors = [float(np.mean((np.tanh(dollars / s) - y) ** 2)) for s in scales]
    net.scale = np.array([scales[int(np.argmin(errors))]], np.float32)
    return min(errors)


def fit(
    net: OutcomeNet,
    train: tuple[np.ndarray, np.ndarray],
    held: tuple[np.ndarray, np.ndarray],
    epochs: int,
    rows: int,
    rate: float,
    seed: int,
    batch: int = 1024,
) -> tuple[float, float]:
    """Adam on the records' cross-entropy, ``rows`` sampled rows an epoch; keeps the epoch that
    does best on the held-out games. Returns that cross-entropy and its accuracy."""
    features, ends = train
    if not net._t:  # the first fit fixes the input standardisation
        net.mean = features.mean(axis=0, dtype=np.float64).astype(np.float32)
        net.spread = np.maximum(features.std(axis=0, dtype=np.float64), 1e-3).astype(np.float32)
    rng = np.random.default_rng(seed)
    best = net.scores(*held)
    kept = {name: value.copy() for name, value in net.params.items()}
    for _ in range(epochs):
        order = rng.permutation(len(ends))[:rows]
        for start in range(0, len(order), batch):
            chosen = order[start : start + batch]
            net.step(features[chosen].astype(np.float32), ends[chosen], rate)
        now = net.scores(*held)
        if now[0] < best[0]:
            best, kept = now, {name: value.copy() for name, value in net.params.items()}
    net.params = kept
    return best
