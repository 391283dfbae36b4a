"""The learning example's value net (examples/value_net.py): the records it finds in a layout,
its shared record nets, its gradients, and the fit to the choices among sibling afterstates."""

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from contraband import envs  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
if str(EXAMPLES) not in sys.path:
    sys.path.insert(0, str(EXAMPLES))
_spec = importlib.util.spec_from_file_location("value_net", EXAMPLES / "value_net.py")
value_net = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(value_net)


def test_the_records_of_a_layout_are_its_lists_of_like_entries():
    layout = envs.raw_env("tony-tino", version=1).layout
    found = value_net.record_lists(layout.names)
    assert sorted(found) == ["board", "streets"]
    assert found["streets"].shape[0] == 12 and found["board"].shape[0] == 36
    for name, index in found.items():
        for entry, slots in enumerate(index):
            assert all(layout.names[i].startswith(f"{name}[{entry}].") for i in slots)
    # entries with different slots, or too few of them, are not records
    names = ["a[0].x", "a[1].x", "a[2].y", "b[0].x", "b[1].x", "c[0].x", "c[1].x", "c[2].x"]
    assert list(value_net.record_lists(names)) == ["c"]


def test_a_record_net_values_a_list_whatever_the_order_of_its_entries():
    names = [f"s[{k}].{slot}" for k in range(4) for slot in ("lead", "token")] + ["money"]
    net = value_net.ValueNet(len(names), hidden=4, seed=1, names=names)
    net.params["w0"][:] = 0
    net.params["w2"][:] = 0  # only the shared street net speaks
    x = np.random.default_rng(0).standard_normal((3, len(names))).astype(np.float32)
    swapped = x.copy()
    swapped[:, 0:2], swapped[:, 4:6] = x[:, 4:6], x[:, 0:2]  # entries 0 and 2 change places
    assert np.allclose(net(x), net(swapped), atol=1e-6)
    assert not np.allclose(net(x), net(x * 1.5))


def test_the_gradients_are_those_of_the_value():
    names = [f"s[{k}].{slot}" for k in range(3) for slot in ("a", "b")] + ["g"]
    net = value_net.ValueNet(len(names), hidden=3, seed=2, names=names)
    rng = np.random.default_rng(5)
    x = rng.standard_normal((4, len(names))).astype(np.float64)
    net.scale_to(x.astype(np.float32) * 2)
    net.params = {k: v.astype(np.float64) for k, v in net.params.items()}
    d = rng.standard_normal(4)
    grads = net.gradients(x, d)
    for name in ("w0", "W1", "R.s", "c.s", "u.s", "b2"):
        flat = net.params[name].reshape(-1)
        for i in range(0, flat.size, max(1, flat.size // 4)):
            keep = flat[i]
            flat[i] = keep + 1e-6
            up = float(d @ net(x))
            flat[i] = keep - 1e-6
            down = float(d @ net(x))
            flat[i] = keep
            numeric = (up - down) / 2e-6
            assert grads[name].reshape(-1)[i] == pytest.approx(numeric, rel=1e-4, abs=1e-7)


def test_fitting_siblings_makes_the_taken_action_the_most_valued():
    rng = np.random.default_rng(3)
    size = 6
    net = value_net.ValueNet(size, hidden=8, seed=0)
    weights = rng.standard_normal(size)  # the teacher prefers the sibling with the most of this
    sets = []
    for _ in range(300):
        rows = rng.standard_normal((4, size)).astype(np.float32)
        sets.append((rows, int(np.argmax(rows @ weights))))
    net.scale_to(np.concatenate([rows for rows, _ in sets]))
    empty_x, empty_y = np.zeros((0, size), np.float32), np.zeros(0, np.float32)

    def agreement():
        return np.mean([np.argmax(net(rows)) == taken for rows, taken in sets])

    before = agreement()
    for start in range(0, 3000, 30):
        batch = [sets[i % len(sets)] for i in range(start, start + 30)]
        net.rank_step(empty_x, empty_y, batch, rate=1e-2)
    assert agreement() > max(0.9, before + 0.3)


def test_a_record_net_survives_a_round_trip(tmp_path):
    layout = envs.raw_env("tony-tino", version=1).layout
    net = value_net.ValueNet(layout.size, hidden=4, seed=3, names=layout.names)
    x = np.random.default_rng(1).random((5, layout.size)).astype(np.float32)
    net.scale_to(x)
    net.save(tmp_path / "net.npz", digest=layout.digest)
    copy = value_net.ValueNet.load(tmp_path / "net.npz")
    assert sorted(copy.records) == ["board", "streets"]
    assert np.allclose(copy(x), net(x))
