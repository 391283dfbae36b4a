"""``contraband balance``: is this game fair, and what decides it? The lab's seeded games of one
configuration, read as a designer reads them.

    contraband balance narcos --players 2 --agent rules --games 1000
    contraband balance narcos --players 2 --set plantation.prices=[3,6] --vs plantation.slots=4

Every game is the lab's seeded game ``g`` of the run (``runner``: the same seeds give the same
games on any backend), played by a worker that notes what the report needs
(``balance_trace``); ``balance_stats`` turns the records into figures with 95% intervals,
``balance_tables`` and ``balance_report`` show them, ``balance_versus`` plays two variants on
the same deals with a sequential stop. What a run leaves in its folder: ``games.jsonl`` (one
record per game; ``games-b.jsonl`` for the ``--vs`` variant), ``balance.json`` (every figure),
the plots as PNG and ``report.html``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from contraband.lab.balance_report import write_report
from contraband.lab.balance_stats import Record, summarize
from contraband.lab.runner import RunConfig
from contraband.lab.simulate import Progress, Run, run_games


def describe(config: RunConfig, run: Run, records: list[Record]) -> dict[str, Any]:
    """What the report says of a run."""
    return {
        "game": config.game_id,
        "players": config.players,
        "agents": list(config.agents),
        "options": config.options,
        "variant": dict(getattr(config, "variant", None) or {}),
        "seed": config.seed,
        "games_requested": config.games,
        "games_done": len(records),
        "interrupted": run.interrupted,
        "backend": run.backend,
        "workers": run.workers,
        "seconds": round(run.seconds, 3),
        "decision_seconds": round(sum(sum(r["seconds"]) for r in records), 3),
    }


def run_balance(
    config: RunConfig,
    backend: Any,
    indices: list[int] | None = None,
    progress: Progress | None = None,
    keep_on_error: bool = False,
) -> tuple[list[Record], Run]:
    """Play the games ``indices`` (default: all) on a balance backend; their records (by game
    index) and the Run (interrupted on Ctrl-C, with the games finished by then; with
    ``keep_on_error`` a failing game is noted in ``Run.error`` instead of raised)."""
    run = run_games(config, backend, indices, progress, keep_on_error=keep_on_error)
    return run.rows, run


def balance(
    config: RunConfig, backend: Any, progress: Progress | None = None
) -> tuple[dict[str, Any], list[Record], Run]:
    """Play a whole run; its summary, records and Run."""
    records, run = run_balance(config, backend, progress=progress)
    return summarize(records, describe(config, run, records)), records, run


def save(
    directory: Path,
    summaries: list[dict[str, Any]],
    records: list[list[Record]],
    labels: list[str],
    extra: dict[str, Any] | None = None,
    extra_html: str = "",
) -> list[Path]:
    """Write the records, ``balance.json`` and the report; the paths written."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for index, own in enumerate(records):
        path = directory / ("games.jsonl" if index == 0 else "games-b.jsonl")
        with path.open("w", encoding="utf-8") as handle:
            for record in own:
                handle.write(json.dumps(record, sort_keys=True) + "\n")
        paths.append(path)
    figures: dict[str, Any] = {"labels": labels, "summaries": summaries, **(extra or {})}
    path = directory / "balance.json"
    path.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    paths.append(path)
    paths.append(write_report(summaries, records, labels, directory, extra_html))
    return paths


def read_records(path: Path) -> list[Record]:
    """The records of ``games.jsonl``."""
    with Path(path).open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]
