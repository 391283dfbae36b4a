"""The learning example's outcome model (examples/outcome_net.py): the streets and points it
reads, how it labels a street's end, its value in dollars, its fit, a short training run, and
the look-ahead's search over the seat's own decisions (examples/value_agent.py)."""

import json

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from contraband import envs  # noqa: E402
from contraband.core.random import Rng  # noqa: E402
from tests.envs.examples import EXAMPLES, example  # noqa: E402

outcome_net = example("outcome_net")
value_agent = example("value_agent")
value_eval = example("value_eval")
train_value = example("train_value")


def _played(seed: int, moves: int | None = None):
    """A Tony & Tino game in the version-1 environment, played at random (to the end, or for
    ``moves`` moves), with every seat's observations along it."""
    env = envs.raw_env("tony-tino", version=1)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = {0: [], 1: []}
    while not env.state.is_terminal() and (moves is None or moves > 0):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
        for seat in (0, 1):
            seen[seat].append(env.observe(env.possible_agents[seat])["observation"])
        moves = None if moves is None else moves - 1
    return env, {seat: np.asarray(rows, dtype=np.float32) for seat, rows in seen.items()}


def test_a_street_reads_its_own_record_and_the_points_along_it():
    layout = envs.raw_env("tony-tino", version=1).layout
    inputs = outcome_net.Inputs(layout.names, outcome_net.STRUCTURES["tony-tino"], layout)
    names = layout.names
    assert inputs.record.shape == (12, 10)
    assert all(names[i].startswith(f"streets[{k}].") for k, row in enumerate(inputs.record)
               for i in row)  # fmt: skip
    # row 1 is points A1..F1 (0..5), column A is A1, A2, ... (0, 6, ..., 30)
    points = [{int(names[i].split("[")[1].split("]")[0]) for i in row.reshape(-1)}
              for row in inputs.members]  # fmt: skip
    assert points[0] == set(range(6)) and points[6] == {0, 6, 12, 18, 24, 30}
    assert all(len(p) == 6 for p in points) and len({frozenset(p) for p in points}) == 12
    assert inputs.stake_unit == pytest.approx(50_000) and inputs.money_unit == pytest.approx(
        260_000
    )


def test_a_street_ends_as_the_seats_final_view_says():
    env, seen = _played(5)
    view = env.infos[env.possible_agents[0]]["view"]
    layout = env.layout
    inputs = outcome_net.Inputs(layout.names, outcome_net.STRUCTURES["tony-tino"], layout)
    for seat in (0, 1):
        ends = inputs.ends(seen[seat][-1])
        for street, end in zip(view["result"]["streets"], ends, strict=True):
            holder = street["collected_by"]
            expected = outcome_net.OUT if holder is None else (
                outcome_net.MINE if holder == seat else outcome_net.THEIRS)  # fmt: skip
            assert end == expected
    assert {int(e) for e in inputs.ends(seen[0][-1])} >= {outcome_net.MINE, outcome_net.THEIRS}


def test_the_value_is_the_money_and_the_open_streets_tokens_in_dollars():
    env, seen = _played(7, moves=40)
    net = outcome_net.OutcomeNet("tony-tino", env.layout, hidden=4)
    net.params["W2"][:] = 0
    net.params["b2"][:] = [50.0, 0.0, 0.0]  # every open street surely the observer's
    view = env.state.view(0)
    money = [seat["money"] for seat in view["seats"]]
    open_tokens = sum(s["token"] for s in view["streets"] if s["collected_by"] is None
                      and s["status"] == "open")  # fmt: skip
    assert open_tokens > 0
    x = seen[0][-1:]
    assert net.dollars(x)[0] == pytest.approx(money[0] - money[1] + open_tokens, rel=1e-4)
    net.params["b2"][:] = [0.0, 50.0, 0.0]  # every one the other's
    assert net.dollars(x)[0] == pytest.approx(money[0] - money[1] - open_tokens, rel=1e-4)
    assert net(x)[0] == pytest.approx(np.tanh(net.dollars(x)[0] / net.scale[0]))


def test_fitting_learns_how_streets_end_and_the_model_survives_a_round_trip(tmp_path):
    env = envs.raw_env("tony-tino", version=1)
    net = outcome_net.OutcomeNet("tony-tino", env.layout, hidden=16)
    games = []
    for seed in range(12):
        _, seen = _played(seed)
        result = float(np.sign(seen[0][-1][net.inputs.money[0]] - seen[0][-1][net.inputs.money[1]]))
        games.append([(seen[0], result), (seen[1], -result)])
    parts = [outcome_net.training_rows(net, game) for game in games]
    train = [np.concatenate([p[i] for p in parts[:10]]) for i in range(4)]
    held = [np.concatenate([p[i] for p in parts[10:]]) for i in range(4)]
    assert set(np.unique(train[1])) <= {0, 1, 2} and len(train[0]) == len(train[1])
    before = net.cross_entropy(held[0], held[1])
    entropy, accuracy = outcome_net.fit(net, train[:2], held[:2], 6, 20_000, 3e-3, seed=0)
    assert entropy < before - 0.1 and accuracy > 0.5
    outcome_net.fit_scale(net, held[2], held[3])
    assert 5_000 <= net.scale[0] <= 300_000
    net.save(tmp_path / "net.npz", digest=env.layout.digest)
    copy = value_eval.load_net(tmp_path / "net.npz", "tony-tino", 1)
    assert isinstance(copy, outcome_net.OutcomeNet)
    assert np.allclose(copy(held[2][:20]), net(held[2][:20]))


def test_the_search_finds_the_best_the_seats_own_decisions_reach():
    """With every option followed, ``follow`` is the exhaustive search: the best value the
    seat's own decisions reach, the worst of a reply; with one followed, only the best-valued."""
    env, _ = _played(11, moves=3)
    net = value_agent.ValueNet(env.layout.size, hidden=8, seed=4)

    def exhaustive(position, value, depth, pick=max):
        if depth == 0 or position.over:
            return value
        ids = position.legal_ids()
        mine = position.mover == position.seat
        if not mine and len(ids) > value_agent.REPLY_OPTIONS:
            return value
        children = [position.child(int(i)) for i in ids]
        values = agent.values(children)
        found = [exhaustive(c, float(v), depth - 1) for c, v in zip(children, values, strict=True)]
        return pick(found) if mine else min(found)

    agent = value_agent.ValueAgent(net, seed=1, wide=10_000, top=10_000)
    guess = envs.position(env, Rng(2))
    checked = 0
    for action in guess.legal_ids():
        child = guess.child(int(action))
        value = float(agent.values([child])[0])
        expected = exhaustive(child, value, 3)
        found, lines = agent.follow(child, value, 3)
        assert found == pytest.approx(expected)
        assert lines and all(isinstance(i, int) for line in lines for i in line)
        checked += 1
    assert checked > 1
    narrow = value_agent.ValueAgent(net, seed=1, wide=1, top=1)
    child = guess.child(int(guess.legal_ids()[0]))
    value = float(narrow.values([child])[0])
    assert narrow.follow(child, value, 3)[0] <= agent.follow(child, value, 3)[0] + 1e-12


def test_a_short_outcome_training_run_and_its_evaluation_write_their_results(tmp_path):
    pytest.importorskip("matplotlib")
    argv = ["--watch", "6", "--games", "4", "--generations", "2", "--eval", "2",
            "--workers", "1", "--hidden", "8", "--epochs", "2", "--rows", "2000", "--depth", "2",
            "--out", str(tmp_path)]  # fmt: skip
    summary = train_value.main(argv)
    saved = json.loads((tmp_path / "tony_tino_outcome_results.json").read_text())
    assert saved == json.loads(json.dumps(summary))
    assert [row["games"] for row in saved["curve"]] == [6, 10]
    assert all(0 < row["held_out_cross_entropy"] < 1.2 for row in saved["curve"])
    assert [row["opponent"] for row in saved["evaluation"]] == ["random", "greedy"]
    net = value_eval.load_net(tmp_path / "tony_tino_outcome.npz", "tony-tino", 1)
    assert isinstance(net, outcome_net.OutcomeNet)
    assert (tmp_path / "tony_tino_outcome_curve.png").stat().st_size > 1000


def test_the_outcome_model_is_refused_for_a_game_whose_score_it_was_not_told_of(tmp_path):
    with pytest.raises(SystemExit, match="declared for tony-tino.*--model value for narcos"):
        train_value.main(["--game", "narcos", "--model", "outcome", "--out", str(tmp_path)])
    assert not any(tmp_path.iterdir())


def test_a_bad_game_or_saved_model_is_refused_with_its_reason(tmp_path):
    """On the command line (``cli``): the reason, no traceback."""
    with pytest.raises(SystemExit, match="unknown game 'nope'; games are: .*tony-tino"):
        train_value.cli(["--game", "nope", "--out", str(tmp_path)])
    missing = tmp_path / "missing.npz"
    with pytest.raises(SystemExit, match="No such file.*missing.npz"):
        train_value.cli(["--load", str(missing), "--out", str(tmp_path)])
    other = EXAMPLES / "counterfeiters_value.npz"  # another game's layout
    with pytest.raises(
        SystemExit, match="counterfeiters_value.npz was trained on observation layout"
    ):
        train_value.cli(["--load", str(other), "--eval", "1", "--out", str(tmp_path)])
    assert not any(tmp_path.iterdir())
