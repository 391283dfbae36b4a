"""The worked example's parts that need no PyTorch: its Wilson interval and its environment
wrapper (the training itself needs the extra 'examples' and minutes of CPU: not run here)."""

import importlib.util
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("gymnasium")

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_tony_tino.py"
spec = importlib.util.spec_from_file_location("train_tony_tino", SCRIPT)
example = importlib.util.module_from_spec(spec)
spec.loader.exec_module(example)


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    # textbook values of the 95% Wilson score interval
    [
        (0, 10, 0.0, 0.2775),
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0),
        (81, 263, 0.2553, 0.3662),
    ],
)
def test_wilson_interval_matches_known_values(wins, games, low, high):
    got = example.wilson(wins, games)
    assert got == pytest.approx((low, high), abs=5e-4)


def test_the_wrapped_environment_squashes_the_vector_and_keeps_the_mask():
    env = example.make_env("random")
    observation, _ = env.reset(seed=4)
    rng = np.random.default_rng(4)
    done = False
    while not done:
        raw = env.unwrapped.layout.encode(
            env.unwrapped.state.view(env.unwrapped.seat), env.unwrapped.seat
        )
        assert np.allclose(observation, np.sign(raw) * np.log1p(np.abs(raw)))
        assert env.observation_space.contains(observation)
        mask = env.action_masks()
        assert mask.dtype == bool and mask.any()
        observation, reward, done, _, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
    assert reward in (0.0, 1.0)
