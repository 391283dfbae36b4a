"""``contraband tune``: search a game's open numbers for the most balanced game, with Optuna.

    contraband tune narcos --players 2 --param plantation.prices --goal fair-seats --trials 30

Each trial is a variant (``tune_space``: the ``--param`` numbers, within the data file's schema)
played as a seeded lab run on the balance backends (local workers or Ray), and scored by its
goals, all to be made as small as possible:

- ``fair-seats``: the largest difference between two turn positions' win shares (0: every
  position wins as often);
- ``length:N``: how far the mean game length is from ``N`` decisions, as a share of ``N``.

Every trial plays the same deals (the same master seed): the variants are compared on equal
terms, and a difference between two trials is the rules', not the cards'. One goal uses Optuna's
TPE sampler; several, its multi-objective TPE, whose result is the set of trials no other beats
on every goal. The study lives in ``tune.db`` (Optuna's SQLite storage) in the run's folder: a
stopped or killed run continues with ``--resume`` (a trial cut short is played again). The best
trials are checked afterwards on fresh deals against the starting rules (``balance --vs``), so
a variant that was lucky on the search's deals shows it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from contraband.lab.balance import describe, run_balance
from contraband.lab.balance_stats import seat_gap, summarize
from contraband.lab.runner import make_config
from contraband.lab.tune_space import Param, overrides

STUDY = "tune"
#: what a refused variant scores on every goal: worse than any played one (a fair-seats gap is at
#: most 1), so the sampler learns to leave it (a failed trial would teach it nothing)
REFUSED = 1000.0
DATABASE = "tune.db"


@dataclass(frozen=True)
class Goal:
    name: str  # fair-seats, length
    target: float | None = None

    @property
    def text(self) -> str:
        return self.name if self.target is None else f"{self.name}:{self.target:g}"

    def value(self, summary: dict[str, Any]) -> float:
        if self.name == "fair-seats":
            return seat_gap(summary)
        assert self.target is not None
        return abs(summary["length"]["value"] - self.target) / self.target


def parse_goal(text: str) -> Goal:
    """``fair-seats`` or ``length:N``; a ValueError says what is allowed."""
    name, _, target = text.strip().partition(":")
    if name == "fair-seats" and not target:
        return Goal(name)
    if name == "length":
        try:
            value = float(target)
        except ValueError:
            value = math.nan
        if math.isfinite(value) and value > 0:
            return Goal(name, value)
    raise ValueError(
        f"unknown --goal {text!r}; goals are fair-seats (turn positions' win shares as equal "
        "as they can be) and length:N (a mean game length of N decisions)"
    )


@dataclass
class Tuning:
    """What a tuning run is: stored in the study, so that ``--resume`` continues the same one."""

    game: str
    players: int
    agents: list[str]
    options: dict[str, Any]
    base: dict[str, Any]  # --set: the variant every trial starts from
    params: list[str]  # --param texts as given
    goals: list[str]
    seed: int
    games: int

    def settings(self) -> dict[str, Any]:
        return json.loads(json.dumps(self.__dict__, sort_keys=True))


def open_study(directory: Path, tuning: Tuning, resume: bool, sampler_seed: int) -> Any:
    """The study in ``directory/tune.db``: new, or resumed (its settings must match)."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    path = directory / DATABASE
    if path.exists() and not resume:
        raise ValueError(
            f"{path} holds a tuning run: add --resume to continue it, or another --out"
        )
    if resume and not path.exists():
        raise ValueError(f"--resume: {path} does not exist, so there is no run to continue")
    goals = [parse_goal(text) for text in tuning.goals]
    sampler = optuna.samplers.TPESampler(seed=sampler_seed, n_startup_trials=5)
    study = optuna.create_study(
        storage=f"sqlite:///{path}",
        study_name=STUDY,
        directions=["minimize"] * len(goals),
        sampler=sampler,
        load_if_exists=True,
    )
    stored = study.user_attrs.get("settings")
    if stored is None:
        study.set_user_attr("settings", tuning.settings())
    elif stored != tuning.settings():
        changed = sorted(k for k in stored if stored[k] != tuning.settings().get(k))
        raise ValueError(
            f"--resume: the run in {directory} was started with other settings "
            f"({', '.join(changed)} differ); give the same ones, or another --out"
        )
    return study


def retry_cut_short(study: Any) -> int:
    """Trials left running (the run was killed): failed, and their numbers queued again."""
    from optuna.trial import TrialState

    count = 0
    for trial in study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):
        study.tell(trial.number, state=TrialState.FAIL)
        study.enqueue_trial(trial.params, skip_if_exists=False)
        count += 1
    return count


def finished(study: Any) -> int:
    """Trials that count against the budget: played ones, and variants the game refused."""
    from optuna.trial import TrialState

    return sum(
        1
        for trial in study.get_trials(deepcopy=False)
        if trial.state == TrialState.COMPLETE or trial.user_attrs.get("refused")
    )


def play_trial(
    study: Any,
    tuning: Tuning,
    params: list[Param],
    backend: Any,
    progress: Callable[[int], None] | None = None,
) -> tuple[Any, bool]:
    """Ask for a trial, play it, tell its goals; (the finished trial, whether the run was
    interrupted)."""
    from optuna.trial import TrialState

    trial = study.ask()
    values = {param.name: param.suggest(trial) for param in params}
    variant = overrides(params, values, tuning.base)
    trial.set_user_attr("variant", variant)
    played = same_variant(study, variant)
    if played is not None:  # the same variant on the same deals: the same games
        for key, value in played.user_attrs.items():
            trial.set_user_attr(key, value)
        trial.set_user_attr("same_as", played.number)
        study.tell(trial, list(played.values))
        return frozen(study, trial), False
    try:
        config = make_config(
            tuning.game,
            tuning.players,
            tuning.agents,
            tuning.options,
            tuning.seed,
            tuning.games,
            variant,
        )
    except ValueError as error:  # a variant that breaks the game's invariants
        trial.set_user_attr("refused", str(error))
        study.tell(trial, [REFUSED] * len(study.directions))
        return frozen(study, trial), False
    records, run = run_balance(config, backend, progress=progress, keep_on_error=True)
    if run.error:  # the rules broke on a deal (a variant the game's checks let through)
        trial.set_user_attr("refused", f"a game failed: {run.error}")
        study.tell(trial, [REFUSED] * len(study.directions))
        return frozen(study, trial), False
    if run.interrupted:
        study.tell(trial, state=TrialState.FAIL)
        study.enqueue_trial(trial.params, skip_if_exists=False)
        return frozen(study, trial), True
    summary = summarize(records, describe(config, run, records))
    goals = [parse_goal(text) for text in tuning.goals]
    for key, value in figures(summary).items():
        trial.set_user_attr(key, value)
    study.tell(trial, [goal.value(summary) for goal in goals])
    return frozen(study, trial), False


def same_variant(study: Any, variant: dict[str, Any]) -> Any:
    """A finished trial that played ``variant`` already, or None."""
    from optuna.trial import TrialState

    for trial in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,)):
        if trial.user_attrs.get("variant") == variant:
            return trial
    return None


def frozen(study: Any, trial: Any) -> Any:
    """The stored (finished) form of a trial: its values, state and attributes."""
    return study.get_trials(deepcopy=False)[trial.number]


def figures(summary: dict[str, Any]) -> dict[str, Any]:
    """What a trial keeps of its summary (shown in the results table)."""
    return {
        "order": [entry["value"] for entry in summary["order"]],
        "seat_gap": seat_gap(summary),
        "length": summary["length"]["value"],
        "margin": summary["margin"]["value"],
        "games": summary["games"],
    }


def best_trials(study: Any, count: int) -> list[Any]:
    """The best finished trials: by their goal, or the trials no other beats on every goal
    (sorted by the first goal), at most ``count``."""
    from optuna.trial import TrialState

    done = [
        t
        for t in study.get_trials(deepcopy=False)
        if t.state == TrialState.COMPLETE and not t.user_attrs.get("refused")
    ]
    if not done:
        return []
    if len(study.directions) == 1:
        return sorted(done, key=lambda t: (t.value, t.number))[:count]
    front = [t for t in study.best_trials if not t.user_attrs.get("refused")]
    return sorted(front, key=lambda t: (t.values, t.number))[:count]
