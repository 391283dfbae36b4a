"""The value function of the learning example: a small net over observation vectors (numpy).

    v(x) = w0 · z + w2 · tanh(W1 · z + b1) + b2 + sum over record lists L of
           sum over the records r of L of  u_L · tanh(R_L · x_r + c_L)

with z = (x - mean) / spread. The first terms read the whole vector (money and counts weigh in
directly, with a hidden layer for what they do together). The last reads the environment's
*records*: a list in the observation whose entries all have the same slots (Tony & Tino's
``streets[0..11]`` and ``board[0..35]``, found from the layout's slot names, nothing else known
of the game). One small net per list is shared by all its entries and their values are summed,
so what it learns about one street holds for every street: a street led by 3 with $50,000 at
its end is worth the same wherever it lies, and each game teaches it twelve times.

Two ways to fit it, both by Adam: ``fit`` on squared error against targets (a game's result,
TD(lambda) targets), and ``rank_step`` on *sibling* afterstates, the observations after each legal
action of one decision, with the action a player took: a softmax over their values is pushed
towards that action. A sibling set differs only by the move, so everything else about the game
(what is hidden, how the rest of it goes) cancels out; a watched player's choices teach the net
which of two near positions is better far faster than results do.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

#: ``streets[3].sums[me]`` -> list "streets", entry 3, slot "sums[me]"
RECORD = re.compile(r"^([A-Za-z_]+)\[(\d+)\]\.(.+)$")
#: a list shares one net when it has at least this many entries
LEAST_RECORDS = 3
#: the softmax over a sibling set is taken of the values divided by this
TEMPERATURE = 0.05


def sibling_choice(
    values: np.ndarray, taken: int, temperature: float = TEMPERATURE
) -> tuple[np.ndarray, float]:
    """The softmax over one sibling set's ``values`` (divided by ``temperature``) and its
    cross-entropy against ``taken``."""
    logits = (values - values.max()) / temperature
    weights = np.exp(logits)
    total = weights.sum()
    return weights / total, float(np.log(total) - logits[taken])


def sibling_entropy(values: np.ndarray, taken: int, temperature: float = TEMPERATURE) -> float:
    """The cross-entropy of the softmax over one sibling set's ``values`` against ``taken``."""
    return sibling_choice(values, taken, temperature)[1]


def adam_step(
    params: dict[str, np.ndarray],
    grads: dict[str, np.ndarray],
    moments: dict[str, list[np.ndarray]],
    t: int,
    rate: float,
    b1: float = 0.9,
    b2: float = 0.999,
) -> None:
    """One Adam update of ``params`` by ``grads`` (``moments``: each parameter's running first
    and second moments, kept by the caller; ``t``: this step's number, from 1)."""
    for name, g in grads.items():
        m, v = moments.setdefault(name, [np.zeros_like(g), np.zeros_like(g)])
        m *= b1
        m += (1 - b1) * g
        v *= b2
        v += (1 - b2) * g * g
        m_hat = m / (1 - b1**t)
        v_hat = v / (1 - b2**t)
        params[name] -= (rate * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)


def record_lists(names: Sequence[str]) -> dict[str, np.ndarray]:
    """Each list of records in a layout: an index array (entries x slots) into the vector, for
    the lists whose entries all have the same slots."""
    lists: dict[str, dict[int, dict[str, int]]] = defaultdict(lambda: defaultdict(dict))
    for index, name in enumerate(names):
        match = RECORD.match(name)
        if match:
            lists[match.group(1)][int(match.group(2))][match.group(3)] = index
    found = {}
    for name, entries in lists.items():
        slots = sorted(next(iter(entries.values())))
        if len(entries) < LEAST_RECORDS or any(sorted(e) != slots for e in entries.values()):
            continue
        found[name] = np.array([[entries[k][s] for s in slots] for k in sorted(entries)])
    return found


class ValueNet:
    """The value net above; ``names`` (the layout's slot names) turns the shared record nets on."""

    def __init__(
        self,
        size: int,
        hidden: int = 64,
        seed: int = 0,
        names: Sequence[str] | None = None,
        record_hidden: int = 16,
    ) -> None:
        rng = np.random.default_rng(seed)
        self.mean = np.zeros(size, dtype=np.float32)
        self.spread = np.ones(size, dtype=np.float32)
        self.scaled = False
        self.records = record_lists(names) if names is not None else {}
        self.params = {
            "w0": np.zeros(size, dtype=np.float32),
            "W1": (rng.standard_normal((size, hidden)) / np.sqrt(size)).astype(np.float32),
            "b1": np.zeros(hidden, dtype=np.float32),
            "w2": (rng.standard_normal(hidden) * 0.01).astype(np.float32),
            "b2": np.zeros(1, dtype=np.float32),
        }
        for name, index in self.records.items():
            slots = index.shape[1]
            weights = rng.standard_normal((slots, record_hidden)) / np.sqrt(slots)
            self.params[f"R.{name}"] = weights.astype(np.float32)
            self.params[f"c.{name}"] = np.zeros(record_hidden, dtype=np.float32)
            self.params[f"u.{name}"] = (rng.standard_normal(record_hidden) * 0.01).astype(
                np.float32
            )
        self._adam: dict[str, list[np.ndarray]] = {}
        self._t = 0

    def scale_to(self, x: np.ndarray) -> None:
        """Fix the input standardisation from a sample of observation vectors."""
        self.mean = x.mean(axis=0).astype(np.float32)
        self.spread = np.maximum(x.std(axis=0), 1e-3).astype(np.float32)
        self.scaled = True

    def _forward(self, x: np.ndarray) -> tuple[np.ndarray, dict[str, Any]]:
        p = self.params
        z = np.clip((x - self.mean) / self.spread, -5.0, 5.0)
        h = np.tanh(z @ p["W1"] + p["b1"])
        out = z @ p["w0"] + h @ p["w2"] + p["b2"][0]
        parts: dict[str, Any] = {"z": z, "h": h}
        for name, index in self.records.items():
            entries = x[:, index]  # (rows, entries, slots): the version-1 vector is scaled already
            hidden = np.tanh(entries @ p[f"R.{name}"] + p[f"c.{name}"])
            out = out + (hidden @ p[f"u.{name}"]).sum(axis=1)
            parts[name] = (entries, hidden)
        return out, parts

    def __call__(self, x: np.ndarray) -> np.ndarray:
        """The values of a batch of vectors (one row each)."""
        return self._forward(np.atleast_2d(x))[0]

    def gradients(self, x: np.ndarray, d: np.ndarray, decay: float = 0.0) -> dict[str, np.ndarray]:
        """The gradient of sum(d * v(x)) (``d``: the loss's derivative by each row's value),
        plus ``decay`` times the squared input weights."""
        p = self.params
        _, parts = self._forward(x)
        z, h = parts["z"], parts["h"]
        dh = np.outer(d, p["w2"]) * (1 - h**2)
        grads = {
            "w0": z.T @ d + decay * p["w0"],
            "W1": z.T @ dh + decay * p["W1"],
            "b1": dh.sum(0),
            "w2": h.T @ d,
            "b2": d.sum(keepdims=True),
        }
        for name in self.records:
            entries, hidden = parts[name]
            grads[f"u.{name}"] = np.einsum("beh,b->h", hidden, d)
            dhidden = d[:, None, None] * p[f"u.{name}"] * (1 - hidden**2)
            grads[f"R.{name}"] = np.einsum("bes,beh->sh", entries, dhidden)
            grads[f"R.{name}"] += decay * p[f"R.{name}"]
            grads[f"c.{name}"] = dhidden.sum(axis=(0, 1))
        return grads

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
        """Adam on the mean squared error; returns the last epoch's mean squared error."""
        if not self.scaled:
            self.scale_to(x)
        rng = np.random.default_rng(seed)
        loss = 0.0
        for _ in range(epochs):
            order = rng.permutation(len(x))
            losses = []
            for start in range(0, len(x), batch):
                rows = order[start : start + batch]
                error = self(x[rows]) - y[rows]
                losses.append(float(np.mean(error**2)))
                self._step(self.gradients(x[rows], 2 * error / len(rows), decay), rate)
            loss = float(np.mean(losses))
        return loss

    def rank_step(
        self,
        x: np.ndarray,
        y: np.ndarray,
        siblings: list[tuple[np.ndarray, int]],
        weight: float = 1.0,
        temperature: float = TEMPERATURE,
        rate: float = 1e-3,
        decay: float = 0.0,
    ) -> tuple[float, float]:
        """One Adam step on the squared error of ``x`` against ``y`` plus ``weight`` times the
        mean cross-entropy of each sibling set's softmax (values / ``temperature``) against the
        action taken. Returns (squared error, cross-entropy)."""
        sets = [rows for rows, _ in siblings]
        rows = np.concatenate([x, *sets]) if sets else x
        values = self(rows)
        d = np.zeros(len(rows), dtype=np.float32)
        error = values[: len(x)] - y
        d[: len(x)] = 2 * error / max(1, len(x))
        start, entropy = len(x), 0.0
        for block, chosen in siblings:
            shares, loss = sibling_choice(values[start : start + len(block)], chosen, temperature)
            entropy += loss
            shares[chosen] -= 1.0
            d[start : start + len(block)] = weight * shares / temperature / len(siblings)
            start += len(block)
        self._step(self.gradients(rows, d, decay), rate)
        return float(np.mean(error**2)) if len(x) else 0.0, entropy / max(1, len(siblings))

    def _step(self, grads: dict[str, np.ndarray], rate: float) -> None:
        self._t += 1
        adam_step(self.params, grads, self._adam, self._t, rate)

    # -- keeping it ------------------------------------------------------------------------
    def state_dict(self) -> dict[str, np.ndarray]:
        lists = {f"records.{name}": index for name, index in self.records.items()}
        return {**self.params, **lists, "mean": self.mean, "spread": self.spread}

    @classmethod
    def from_state(cls, arrays: Any) -> ValueNet:
        net = cls(arrays["W1"].shape[0], arrays["W1"].shape[1])
        net.records = {
            key.split(".", 1)[1]: np.asarray(arrays[key])
            for key in arrays
            if key.startswith("records.")
        }
        keys = [key for key in arrays if key[:2] in ("R.", "c.", "u.") or key in net.params]
        net.params = {key: np.asarray(arrays[key], dtype=np.float32) for key in keys}
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
