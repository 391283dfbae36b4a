"""``balance --vs``: two variants on the same deals, side by side, stopping once they clearly
differ.

Both variants play game ``g`` with the same seeds (the run's master seed and ``g``), in batches.
After each batch the lab's group-sequential sign test (``sequential``, the one ``compare``
uses, at most a 5% chance over the whole run of calling a difference that is not there) looks
at the pairs: game ``g`` counts for A when A's first player took more of its game's returns than
B's first player of theirs, for B when less, and as a draw when the same. That is the exact
McNemar test of the first player's win share, run sequentially; it stops once the variants
clearly differ in first-player advantage and otherwise plays every game asked for. The other
figures are reported side by side with their difference and interval whenever it stops.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from contraband.lab.balance import describe, run_balance
from contraband.lab.balance_stats import Record, summarize
from contraband.lab.runner import RunConfig
from contraband.lab.sequential import METHOD, Comparison, next_batch
from contraband.lab.simulate import Progress, Run


@dataclass
class Versus:
    """Both variants' records and runs, and the sequential test's tally."""

    tally: Comparison
    records: tuple[list[Record], list[Record]] = field(default_factory=lambda: ([], []))
    runs: list[Run] = field(default_factory=list)
    interrupted: bool = False

    def summaries(self, configs: tuple[RunConfig, RunConfig]) -> list[dict[str, Any]]:
        out = []
        for config, records in zip(configs, self.records, strict=True):
            run = Run(config, interrupted=self.interrupted)
            own = [r for r in self.runs if r.config is config]
            if own:
                run.backend, run.workers = own[0].backend, own[0].workers
                run.seconds = sum(r.seconds for r in own)
            out.append(summarize(records, describe(config, run, records)))
        return out


def first_share(record: Record) -> float:
    """The first mover's share of the game's returns."""
    return record["win"][record["order"][0]]


def versus(
    configs: tuple[RunConfig, RunConfig],
    backend: Any,
    labels: tuple[str, str] = ("A", "B"),
    progress: Progress | None = None,
) -> Versus:
    """Play both configurations on the same game indices in batches until the sign test on the
    first player's win share stops or every game is played."""
    games = configs[0].games
    result = Versus(Comparison(labels[0], labels[1], games_requested=games))
    start = 0
    while start < games:
        stop = min(games, start + next_batch(start, backend.workers))
        batch: list[list[Record]] = []
        for config, kept in zip(configs, result.records, strict=True):
            records, run = run_balance(config, backend, list(range(start, stop)), progress)
            result.runs.append(run)
            kept.extend(records)
            batch.append(records)
            if run.interrupted:
                result.interrupted = True
                break
        if result.interrupted:  # an incomplete batch is not looked at; unpaired games dropped
            paired = {r["game_index"] for r in result.records[0]} & {
                r["game_index"] for r in result.records[1]
            }
            for kept in result.records:
                kept[:] = [r for r in kept if r["game_index"] in paired]
            break
        for a, b in zip(*batch, strict=True):
            result.tally.count(first_share(a), first_share(b))
        if result.tally.look():
            break
        start = stop
    return result


def verdict(tally: Comparison) -> str:
    """What the sequential test found, in a designer's words."""
    counts = (
        f"in {tally.games} paired games the first player did better under {tally.a} in "
        f"{tally.wins}, under {tally.b} in {tally.losses}, the same in {tally.draws}"
    )
    if tally.decided:
        more = tally.a if tally.wins > tally.losses else tally.b
        return (
            f"the variants differ: the first player fares better under {more} ({counts}; "
            f"stopped at look {len(tally.test.looks)} of the sequential test)"
        )
    return f"no clear difference in the first player's win share ({counts})"


def method(tally: Comparison) -> str:
    return (
        f"test of the first player's win share on paired deals: {METHOD}, over at most "
        f"{tally.games_requested} games, at most a {tally.test.alpha:.0%} chance of a false "
        "difference"
    )
