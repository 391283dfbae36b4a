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
the plots as PNG and ``report.html``; ``balance-run.json`` names the run's configuration, so
that ``--resume`` continues a stopped run (its records are appended to ``games.jsonl`` as games
finish) and plays only the games it misses.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from contraband.lab.balance_report import write_report
from contraband.lab.balance_stats import Record, summarize
from contraband.lab.runner import RunConfig
from contraband.lab.simulate import Progress, Run, run_games

#: the file naming a run's configuration, for --resume
MANIFEST = "balance-run.json"


def describe(
    config: RunConfig, run: Run, records: list[Record], resumed: int = 0
) -> dict[str, Any]:
    """What the report says of a run (``seconds``: this session's; ``resumed``: the games an
    earlier session had stored)."""
    return {
        **manifest(config),
        "games_requested": config.games,
        "games_done": len(records),
        "games_resumed": resumed,
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
    config: RunConfig,
    backend: Any,
    progress: Progress | None = None,
    out: Path | None = None,
    stored: list[Record] | None = None,
) -> tuple[dict[str, Any], list[Record], Run]:
    """Play a run's games, but those in ``stored`` (a resumed run's records); the summary of
    all, their records (by game index) and the Run of this session. With ``out`` each record is
    appended to ``out/games.jsonl`` as its game finishes, so that a stopped run loses nothing."""
    records = list(stored or [])
    done = {record["game_index"] for record in records}
    todo = [index for index in range(config.games) if index not in done]
    if out is None:
        run = run_games(config, backend, todo, progress)
        records += run.rows
    else:
        with (out / "games.jsonl").open("a", encoding="utf-8") as handle:

            def keep(rows: list[Record]) -> None:
                for record in rows:
                    handle.write(json.dumps(record, sort_keys=True) + "\n")
                handle.flush()
                records.extend(rows)

            run = run_games(config, backend, todo, progress, sink=keep)
    records.sort(key=lambda record: record["game_index"])
    resumed = len(done)
    return summarize(records, describe(config, run, records, resumed)), records, run


def manifest(config: RunConfig) -> dict[str, Any]:
    """What makes a balance run: the games it plays (all but their number, which a resumed run
    may raise)."""
    return {
        "game": config.game_id,
        "players": config.players,
        "agents": list(config.agents),
        "options": config.options,
        "variant": dict(getattr(config, "variant", None) or {}),
        "seed": config.seed,
    }


def start(out: Path, config: RunConfig, resume: bool) -> list[Record]:
    """Open ``out`` for a run of ``config``: the records it already holds (a resumed run), or
    none (a new run). A ValueError says why the folder cannot be used."""
    path = out / MANIFEST
    if not resume:
        if path.exists() or (out / "games.jsonl").exists():
            raise ValueError(
                f"--out {out} already holds a balance run; add --resume to continue it, or "
                "give another directory"
            )
        path.write_text(json.dumps(manifest(config), indent=2) + "\n", encoding="utf-8")
        return []
    if not path.exists():
        raise ValueError(f"--resume: {out} holds no balance run ({MANIFEST} is missing)")
    stored = json.loads(path.read_text(encoding="utf-8"))
    wanted = manifest(config)
    differ = [key for key in wanted if stored.get(key) != wanted[key]]
    if differ:
        told = ", ".join(f"{key} {json.dumps(stored.get(key))}" for key in differ)
        raise ValueError(f"--resume: {out} holds a different run ({told}); give the same settings")
    kept: dict[int, Record] = {}
    games = out / "games.jsonl"
    if games.exists():
        for line in games.read_text(encoding="utf-8").splitlines():
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line torn by a stop mid-write: that game is played again
            if record["game_index"] < config.games:
                kept[record["game_index"]] = record
    return [kept[index] for index in sorted(kept)]


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
