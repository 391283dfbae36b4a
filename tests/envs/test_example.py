"""The learning example (examples/train_value.py, examples/value_agent.py): its value net, its
look-ahead (which must see only what the seat sees), its targets, and a few generations of its
training loop and evaluation (the full training takes many CPU minutes: not run here)."""

import json

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from contraband import envs  # noqa: E402
from contraband.core.random import Rng  # noqa: E402
from tests.envs.examples import example  # noqa: E402

value_agent = example("value_agent")
train_value = example("train_value")


def test_the_value_net_fits_a_nonlinear_target_and_survives_a_round_trip():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((2000, 12)).astype(np.float32) * 3 + 7
    y = (x[:, 0] - 7) * (x[:, 1] - 7) / 9  # a product: no linear fit explains it
    net = value_agent.ValueNet(12, hidden=16, seed=1)
    before = float(np.mean((net(x) - y) ** 2))
    after = net.fit(x, y, epochs=40, batch=64, rate=3e-3)
    assert after < 0.3 * before
    linear = np.linalg.lstsq(np.c_[x, np.ones(len(x))], y, rcond=None)[1][0] / len(x)
    assert after < 0.2 * linear
    copy = value_agent.ValueNet.from_state(net.state_dict())
    assert np.allclose(copy(x[:50]), net(x[:50]))


@pytest.mark.parametrize("game", ["tony-tino", "narcos"])
def test_the_agent_sees_only_what_the_seat_sees(game):
    """The agent's choices come out the same when the real game is swapped for any other game
    the seat cannot tell from it (a determinization): hidden state never reaches them."""
    env = envs.raw_env(game, version=1)
    env.reset(seed=3)
    net = value_agent.ValueNet(env.layout.size, hidden=8, seed=1)
    rng = np.random.default_rng(3)
    decisions = 0
    while not env.state.is_terminal() and decisions < 30:
        seat = env.state.current_player
        mask = env.observe(env.agent_selection)["action_mask"]
        chosen = value_agent.ValueAgent(net, seed=decisions, depth=2).choose(env, mask)
        real = env.state
        env.state = real.determinize(seat, Rng(decisions + 100))
        assert value_agent.ValueAgent(net, seed=decisions, depth=2).choose(env, mask) == chosen
        env.state = real
        env.step(int(rng.choice(np.flatnonzero(mask))))
        decisions += 1
    assert decisions > 20


def test_the_agent_takes_the_move_whose_look_ahead_it_values_most():
    env = envs.raw_env("tony-tino", version=1)
    env.reset(seed=8)
    net = value_agent.ValueNet(env.layout.size, hidden=8, seed=2)
    mask = env.observe(env.agent_selection)["action_mask"]
    ids, rows = envs.afterstates(env, Rng(4))  # the agent's own draw
    assert len(ids) > 1
    values = net(rows)
    action = value_agent.ValueAgent(net, seed=4, depth=0).choose(env, mask)
    assert values[list(ids).index(action)] == values.max()
    agent = value_agent.ValueAgent(net, seed=4)
    guess = envs.position(env, Rng(4))
    followed = [
        agent.follow(guess.child(int(i)), float(v), 8) for i, v in zip(ids, values, strict=True)
    ]
    best = max(value for value, _ in followed)
    action = agent.choose(env, mask)
    assert followed[list(ids).index(action)][0] == best
    assert agent.lines == followed[list(ids).index(action)][1]
    only = np.zeros_like(mask)
    only[ids[-1]] = 1
    assert value_agent.ValueAgent(net).choose(env, only) == ids[-1]
    with pytest.raises(ValueError, match="no legal action"):
        agent.choose(env, np.zeros_like(mask))


def test_the_agent_plays_the_line_it_chose_while_it_stays_legal():
    env = envs.raw_env("tony-tino", version=1)
    env.reset(seed=8)
    agent = value_agent.ValueAgent(value_agent.ValueNet(env.layout.size, 8, seed=2), seed=1)
    agent.lines = [[5, 9], [7]]
    mask = np.zeros(env.actions.size, dtype=np.int8)
    mask[[7, 9]] = 1
    assert agent.choose(env, mask) == 7 and agent.lines == [[]]
    mask[[5, 7]] = [1, 0]
    agent.lines = [[5, 9], [7]]
    assert agent.choose(env, mask) == 5 and agent.lines == [[9]]


@pytest.mark.parametrize(
    ("scores", "seat", "win", "expected"),
    [
        ([100_000, 80_000], 0, 1.0, 0.5 + 0.5 * 20 / 180),
        ([100_000, 80_000], 1, 0.0, -0.5 - 0.5 * 20 / 180),
        ([50_000, 50_000], 0, 0.5, 0.0),
        ([3, 9, 5], 2, 0.0, -0.5 - 0.5 * 4 / 14),
    ],
)
def test_the_target_is_half_the_win_and_half_the_relative_margin(scores, seat, win, expected):
    view = {"result": {"scores": scores}}
    assert value_agent.outcome(view, seat, win) == pytest.approx(expected)
    assert value_agent.outcome({"end": {}}, seat, win) == 2 * win - 1  # no final scores shown


def test_td_lambda_targets_blend_later_values_into_the_result():
    net = value_agent.ValueNet(3, hidden=4, seed=0)
    rows = np.random.default_rng(1).standard_normal((4, 3)).astype(np.float32)
    net.scale_to(rows)
    values = net(rows)
    targets = value_agent.td_targets(net, rows, 1.0, lam=0.5)
    assert targets[-1] == 1.0
    assert targets[2] == pytest.approx(0.5 * values[3] + 0.5 * 1.0)
    assert targets[0] == pytest.approx(0.5 * values[1] + 0.5 * targets[1])
    assert np.all(value_agent.td_targets(None, rows, -1.0, lam=0.5) == -1.0)


def test_a_short_training_run_and_its_evaluation_write_their_results(tmp_path):
    pytest.importorskip("matplotlib")
    argv = ["--model", "value", "--generations", "2", "--watch", "4", "--games", "2",
            "--eval", "2", "--workers", "1",
            "--depth", "2", "--hidden", "8", "--epochs", "2", "--rows", "500",
            "--out", str(tmp_path)]  # fmt: skip
    summary = train_value.main(argv)
    saved = json.loads((tmp_path / "tony_tino_value_results.json").read_text())
    assert saved == json.loads(json.dumps(summary))
    assert [row["opponent"] for row in saved["curve"]] == ["watch", "greedy"]
    assert [row["games"] for row in saved["curve"]] == [4, 2]
    # a watched game of plain greedy (one of these four) gives the choices among siblings
    assert 0 <= saved["curve"][0]["held_out_agreement"] <= 1
    assert [row["opponent"] for row in saved["evaluation"]] == ["random", "greedy"]
    for row in saved["evaluation"]:
        assert row["games"] == 2 and 0 <= row["wins"] <= 2
        assert row["low"] <= row["share"] <= row["high"]
    net = train_value.load_net(tmp_path / "tony_tino_value.npz", "tony-tino", 1)
    assert net(np.zeros(net.mean.shape, dtype=np.float32)).shape == (1,)
    assert (tmp_path / "tony_tino_value_curve.png").stat().st_size > 0


@pytest.mark.parametrize(("game", "players"), [("tony-tino", None), ("counterfeiters", 2)])
def test_a_saved_net_is_evaluated_again_and_refused_on_another_layout(tmp_path, game, players):
    """Counterfeiters at 2 players, not its default 3: the evaluation must play the count the
    net was trained for."""
    env = envs.raw_env(game, players, version=1)
    net = value_agent.ValueNet(env.layout.size, hidden=4, seed=0)
    net.save(tmp_path / "net.npz", digest=env.layout.digest)
    argv = ["--game", game, "--load", str(tmp_path / "net.npz"), "--eval", "1", "--workers", "1"]
    argv += [] if players is None else ["--players", str(players)]
    summary = train_value.main(argv)
    assert [row["games"] for row in summary["evaluation"]] == [1, 1]
    net.save(tmp_path / "old.npz", digest="0123456789abcdef")
    argv[3] = str(tmp_path / "old.npz")
    with pytest.raises(ValueError, match="trained on observation layout 0123456789abcdef"):
        train_value.main(argv)
