"""The ``contraband tune`` command: options, the trial loop, the results and the best variants'
balance reports (see ``contraband.lab.tune``)."""

from __future__ import annotations

import html
import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from contraband.cli_common import INTERRUPTED, SetOpt, console, fail, parse_options
from contraband.lab.balance import save
from contraband.lab.balance_command import (
    AgentOpt,
    describe_variant,
    open_backend,
    parse_variant,
    print_tables,
)
from contraband.lab.balance_tables import Table, all_tables
from contraband.lab.commands import (
    AddressOpt,
    BackendOpt,
    GameArg,
    OptionsOpt,
    PlayersOpt,
    SeedOpt,
    WorkersOpt,
    _progress,
    check_out,
)
from contraband.lab.runner import make_config


def results_table(study: Any, goals: list[str]) -> Table:
    """Every finished trial: its variant, goals and figures."""
    from optuna.trial import TrialState

    rows = []
    for trial in study.get_trials(deepcopy=False):
        variant = describe_variant(trial.user_attrs.get("variant", {}))
        if trial.user_attrs.get("refused"):
            rows.append([str(trial.number), variant, *(["refused"] * len(goals)), "", ""])
        elif trial.state == TrialState.COMPLETE:
            order = trial.user_attrs["order"]
            rows.append(
                [
                    str(trial.number),
                    variant,
                    *(f"{value:.3f}" for value in trial.values),
                    " / ".join(f"{share:.3f}" for share in order),
                    f"{trial.user_attrs['length']:.1f}",
                ]
            )
    headers = ["trial", "variant", *goals, "win share by turn position", "length"]
    return "Trials (goals: smaller is better)", headers, rows


def tune_command(
    game: GameArg,
    param: Annotated[
        list[str],
        typer.Option(
            "--param",
            metavar="KEY[=LOW..HIGH]",
            help="a number of the game's data.toml to search (repeatable; a list's every "
            "entry); the range defaults to one around the published value",
        ),
    ],
    goal: Annotated[
        list[str] | None,
        typer.Option(
            "--goal",
            metavar="GOAL",
            help="fair-seats (default) and/or length:N (a mean of N decisions per game)",
        ),
    ] = None,
    players: PlayersOpt = None,
    agent: AgentOpt = None,
    trials: Annotated[
        int, typer.Option(metavar="N", help="trials in all (a resumed run's count)")
    ] = 20,
    games: Annotated[int, typer.Option("--games", "-n", metavar="N", help="games per trial")] = 200,
    best: Annotated[int, typer.Option(metavar="K", help="best variants to report on")] = 3,
    check_games: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            help="games of each best variant's report, on fresh deals (default: 2 x --games)",
        ),
    ] = None,
    seed: SeedOpt = 0,
    workers: WorkersOpt = None,
    backend: BackendOpt = "local",
    ray_address: AddressOpt = None,
    options: OptionsOpt = None,
    sets: SetOpt = None,
    out: Annotated[
        Path | None, typer.Option(metavar="DIR", help="run folder (default: runs/tune-GAME-Np)")
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="continue the tuning run in --out (same options)")
    ] = False,
) -> None:
    """Search the chosen numbers for the most balanced game (Optuna), then report on the best.

    Every trial is a seeded lab run of the variant, all on the same deals.

    The study is kept in tune.db in the run folder: --resume continues a stopped run.

    The best variants are then played on fresh deals against the starting rules (best-K/).

    Ctrl-C stops it (exit code 130).
    """
    from contraband.lab.tune import (
        Tuning,
        finished,
        open_study,
        parse_goal,
        play_trial,
        retry_cut_short,
    )
    from contraband.lab.tune_space import parse_params

    try:
        import optuna  # noqa: F401
    except ImportError:
        fail("contraband tune needs Optuna: .venv/bin/python -m pip install -e '.[tune]'")
    for count, name in ((trials, "--trials"), (games, "--games"), (best, "--best")):
        if count < 1:
            fail(f"{name} must be a positive integer, got {count}")
    goals = goal or ["fair-seats"]
    try:
        goals = [parse_goal(text).text for text in goals]
        params = parse_params(game, param)
        base = parse_variant(game, sets)
        config = make_config(
            game, players, agent or ["rules"], parse_options(options), seed, games, base
        )
    except ValueError as error:
        fail(str(error))
    if config.players < 2 and "fair-seats" in goals:
        fail("fair-seats needs at least two players")
    tuning = Tuning(
        config.game_id,
        config.players,
        list(config.agents),
        config.options,
        dict(config.variant),
        list(param),
        goals,
        seed,
        games,
    )
    out = out or Path("runs") / f"tune-{config.game_id}-{config.players}p"
    check_out(out)
    try:
        study = open_study(out, tuning, resume, seed)
    except ValueError as error:
        fail(str(error))
    again = retry_cut_short(study)
    if again:
        console.print(f"{again} trial(s) cut short will be played again")
    console.print("searching " + "; ".join(p.describe() for p in params), highlight=False)
    interrupted = False
    chosen = open_backend(backend, workers, ray_address)
    with chosen:
        while finished(study) < trials and not interrupted:
            number = finished(study) + 1
            with _progress() as progress:
                task = progress.add_task(
                    f"trial {number}/{trials}", total=games, started=time.perf_counter()
                )
                trial, interrupted = play_trial(
                    study, tuning, params, chosen, lambda n, task=task: progress.advance(task, n)
                )
            shown = describe_variant(trial.user_attrs.get("variant", {}))
            if trial.user_attrs.get("refused"):
                console.print(f"  refused: {trial.user_attrs['refused']}", markup=False)
            elif not interrupted:
                values = ", ".join(f"{g} {v:.3f}" for g, v in zip(goals, trial.values, strict=True))
                console.print(f"  {shown}: {values}", markup=False)
        print_tables([results_table(study, goals)])
        if interrupted:
            console.print("[yellow]interrupted:[/yellow] --resume continues the run")
            raise typer.Exit(INTERRUPTED)
        report_best(study, config, best, check_games or 2 * games, chosen, out)


def report_best(study: Any, base: Any, count: int, games: int, backend: Any, out: Path) -> None:
    """Each best trial's variant against the starting rules on fresh deals (``balance --vs``),
    its report in ``out/best-K``; ``tune.json`` lists them."""
    from contraband.lab.balance_versus import method, verdict, versus
    from contraband.lab.tune import best_trials

    picked = best_trials(study, count)
    listed = []
    fresh = make_config(
        base.game_id, base.players, base.agents, base.options, base.seed + 1, games, base.variant
    )
    for rank, trial in enumerate(picked, 1):
        variant = trial.user_attrs["variant"]
        other = make_config(
            base.game_id, base.players, base.agents, base.options, base.seed + 1, games, variant
        )
        with _progress() as progress:
            task = progress.add_task(f"best {rank}: checking", total=2 * games)
            result = versus(
                (fresh, other),
                backend,
                ("start", f"trial {trial.number}"),
                lambda n, task=task, progress=progress: progress.advance(task, n),
            )
        if result.interrupted:  # the checks are played again by --resume
            console.print("[yellow]interrupted:[/yellow] --resume plays the checks again")
            raise typer.Exit(INTERRUPTED)
        summaries = result.summaries((fresh, other))
        lines = [
            f"start: {describe_variant(fresh.variant)}",
            f"trial {trial.number}: {describe_variant(variant)}",
            method(result.tally),
            verdict(result.tally),
        ]
        for line in lines:
            console.print(line, highlight=False, markup=False)
        labels = ["start", f"trial {trial.number}"]
        print_tables(all_tables(summaries, labels)[:1])
        folder = out / f"best-{rank}"
        extra = "".join(f"<p>{html.escape(line)}</p>" for line in lines)
        save(
            folder,
            summaries,
            list(result.records),
            labels,
            {"comparison": result.tally.to_dict()},
            extra,
        )
        listed.append(
            {
                "trial": trial.number,
                "variant": variant,
                "goals": list(trial.values),
                "report": str(folder / "report.html"),
                "check": {
                    "games": summaries[1]["games"],
                    "order": [entry["value"] for entry in summaries[1]["order"]],
                    "start_order": [entry["value"] for entry in summaries[0]["order"]],
                    "verdict": verdict(result.tally),
                },
            }
        )
    path = out / "tune.json"
    settings = study.user_attrs.get("settings")
    path.write_text(json.dumps({"settings": settings, "best": listed}, indent=2) + "\n")
    console.print(f"wrote {path} and the best variants' reports in {out}/best-*")
