"""Results written as they arrive, and resuming a run that stopped.

``simulate`` hands every finished chunk's rows to a ``ResultsWriter``, which keeps at most
``FLUSH_ROWS`` of them (or ``FLUSH_SECONDS`` worth) before writing them out, so memory stays
flat however many games are played and a crash loses only the last few seconds:

- Parquet: each flush is a whole file ``results.parts/part-*.parquet``, written beside its place
  and renamed, so a part on disk is always complete. ``finish`` merges the parts into
  ``results.parquet`` (sorted by game index and seat, a block of games at a time, with the run's
  metadata in the schema) and removes them.
- CSV: each flush appends whole lines to ``results.csv``.

``run.json`` (the manifest) holds what defines the run (game, players, agents, options, the rule
variant, seed, games, format) and its state, ``running`` until the results are saved.
``--resume`` reads which game indexes are stored, refuses when the parameters differ, and plays
only the missing games; since a game's seeds derive from the master seed and its index alone,
the resumed run's results equal an uninterrupted run's.
"""

from __future__ import annotations

import io
import json
import math
import os
import shutil
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pa_csv
import pyarrow.parquet as pq

from contraband.lab.results import BATCH_ROWS, SCHEMA, read_table, to_table
from contraband.lab.runner import RunConfig

MANIFEST = "run.json"
PARTS = "results.parts"
FLUSH_ROWS = 2_000  # a row holds the game's detail (about 1.6 kB in Tony & Tino)
FLUSH_SECONDS = 2.0
MERGE_ROWS = 4_096  # rows per block when the parts are merged into results.parquet
ORDER = [("game_index", "ascending"), ("seat", "ascending")]


class ResumeError(ValueError):
    """The output directory holds a run that cannot be continued or must not be overwritten."""


def manifest_of(config: RunConfig, fmt: str) -> dict[str, Any]:
    """What defines a run: a resumed run must match it exactly."""
    return {
        "game": config.game_id,
        "players": config.players,
        "agents": list(config.agents),
        "options": config.options,
        "variant": config.variant,
        "seed": config.seed,
        "games": config.games,
        "format": fmt,
    }


def read_manifest(directory: Path) -> dict[str, Any] | None:
    path = directory / MANIFEST
    if not path.exists():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ResumeError(f"{path} cannot be read: {error}") from None


def _write_manifest(directory: Path, manifest: dict[str, Any], state: str) -> None:
    partial = directory / f".{MANIFEST}.partial"
    partial.write_text(json.dumps({**manifest, "state": state}, indent=2) + "\n", "utf-8")
    os.replace(partial, directory / MANIFEST)


class Missing:
    """The game indexes not stored yet, taken lazily (a generator would not know its length)."""

    def __init__(self, done: np.ndarray) -> None:
        self.done = done

    def __len__(self) -> int:
        return int(self.done.size - np.count_nonzero(self.done))

    def __iter__(self) -> Iterator[int]:
        for index in np.flatnonzero(~self.done):
            yield int(index)


class ResultsWriter:
    """Rows of one run to disk as they arrive; see the module docstring.

    ``resume=False`` starts afresh (removing the results of an earlier, saved run in the
    directory) but refuses to overwrite a run that did not finish saving: that one is continued
    with ``resume=True`` or moved away.
    """

    def __init__(self, directory: Path, config: RunConfig, fmt: str, resume: bool = False):
        self.directory = Path(directory)
        self.config = config
        self.fmt = fmt
        self.manifest = manifest_of(config, fmt)
        self.parts = self.directory / PARTS
        self.path = self.directory / f"results.{fmt}"
        self.done = np.zeros(config.games, dtype=bool)
        self.seated: Counter = Counter()  # (seat, agent) -> seats played in the stored games
        self._buffer: list[dict[str, Any]] = []
        self._flushed = time.monotonic()
        self._session = uuid.uuid4().hex[:8]
        self._count = 0
        stored = read_manifest(self.directory)
        if resume:
            self._resume(stored)
        else:
            self._fresh(stored)
        _write_manifest(self.directory, self.manifest, "running")

    # -- opening ---------------------------------------------------------------------------------
    def _fresh(self, stored: dict[str, Any] | None) -> None:
        if stored is not None and stored.get("state") == "running":
            raise ResumeError(
                f"{self.directory} holds a run that stopped before its results were saved; "
                "continue it with --resume, or give another --out"
            )
        shutil.rmtree(self.parts, ignore_errors=True)
        for name in ("results.parquet", "results.csv"):
            (self.directory / name).unlink(missing_ok=True)

    def _resume(self, stored: dict[str, Any] | None) -> None:
        if stored is None:
            raise ResumeError(f"--resume: there is no run to resume in {self.directory}")
        if "variant" not in stored:  # its rows have no variant column: new rows would not fit
            raise ResumeError(
                f"--resume: the run in {self.directory} was stored by a contraband from before "
                "rule variants (its results have no variant column); resume it with that "
                "version, or give another --out for a new run"
            )
        differ = [key for key in self.manifest if stored.get(key) != self.manifest[key]]
        if differ:
            pairs = "; ".join(
                f"{key}: stored {stored.get(key)!r}, given {self.manifest[key]!r}" for key in differ
            )
            raise ResumeError(
                f"--resume: the run in {self.directory} was made with other parameters ({pairs}); "
                "give the same ones, or another --out for a new run"
            )
        if self.fmt == "csv":
            self._load_csv()
        else:
            self._load_parquet()

    def _mark(self, table: pa.Table) -> None:
        indexes = table.column("game_index").to_numpy()
        if indexes.size and (indexes.min() < 0 or indexes.max() >= self.config.games):
            raise ResumeError(f"{self.directory}: stored game indexes outside 0..games-1")
        self.done[indexes] = True
        counts = table.group_by(["seat", "agent"]).aggregate([("seat", "count")])
        columns = (counts[name].to_pylist() for name in ("seat", "agent", "seat_count"))
        for seat, agent, count in zip(*columns, strict=True):
            self.seated[seat, agent] += count

    def _load_parquet(self) -> None:
        self.parts.mkdir(exist_ok=True)
        if self.path.exists():  # a saved (interrupted) run: its table becomes a part again
            os.replace(self.path, self.parts / f"part-saved-{self._session}.parquet")
        if any(self.parts.glob("part-*.parquet")):
            self._mark(read_table(self.parts, ["game_index", "seat", "agent"]))

    def _load_csv(self) -> None:
        if not self.path.exists():
            return
        with open(self.path, "rb+") as handle:  # a line cut by a crash is dropped
            data = handle.read()
            handle.truncate(data.rfind(b"\n") + 1)
        if self.path.stat().st_size == 0:
            return
        table = read_table(self.path)
        seats = table.group_by("game_index").aggregate([("seat", "count")])
        whole = seats.filter(pc.equal(seats.column("seat_count"), self.config.players))
        if whole.num_rows < seats.num_rows:  # rows of a game cut short: keep whole games only
            keep = pc.is_in(table.column("game_index"), whole.column("game_index"))
            partial = self.directory / ".results.csv.partial"
            pa_csv.write_csv(table.filter(keep), partial)
            os.replace(partial, self.path)
            table = table.filter(keep)
        self._mark(table)

    # -- writing ---------------------------------------------------------------------------------
    @property
    def stored(self) -> int:
        """Games stored before this session."""
        return int(np.count_nonzero(self.done))

    def missing(self) -> Missing:
        return Missing(self.done)

    def write(self, rows: list[dict[str, Any]]) -> None:
        """Take the rows of finished games; they reach the disk within FLUSH_ROWS or
        FLUSH_SECONDS."""
        self._buffer.extend(rows)
        if len(self._buffer) >= FLUSH_ROWS or time.monotonic() - self._flushed >= FLUSH_SECONDS:
            self.flush()

    def flush(self) -> None:
        """Write the buffered rows; the buffer is emptied only once they are on disk."""
        self._flushed = time.monotonic()
        if not self._buffer:
            return
        table = to_table(self._buffer)
        if self.fmt == "csv":
            data = io.BytesIO()
            header = not self.path.exists() or self.path.stat().st_size == 0
            pa_csv.write_csv(table, data, pa_csv.WriteOptions(include_header=header))
            with open(self.path, "ab") as handle:
                handle.write(data.getvalue())
                handle.flush()
                os.fsync(handle.fileno())
        else:
            self.parts.mkdir(exist_ok=True)
            self._count += 1
            name = f"part-{self._session}-{self._count:06d}.parquet"
            partial = self.parts / f".{name}.partial"
            # sorted, in small row groups: the merge's block filter skips the others by their
            # statistics instead of reading every part for every block
            pq.write_table(table.sort_by(ORDER), partial, row_group_size=BATCH_ROWS)
            os.replace(partial, self.parts / name)
        self._buffer = []

    def finish(self, meta: dict[str, Any]) -> Path:
        """Write what is left, merge the parts into the results file, mark the run saved; the
        results file's path. Memory stays within a block of MERGE_ROWS rows."""
        self.flush()
        if self.fmt == "csv":
            if not self.path.exists():
                pa_csv.write_csv(to_table([]), self.path)
        else:
            self._merge(meta)
        _write_manifest(self.directory, self.manifest, "saved")
        return self.path

    def _merge(self, meta: dict[str, Any]) -> None:
        """Parts into results.parquet, a block of games at a time: each block reads only the
        row groups whose game index statistics overlap it (the parts are sorted, and games
        are handed out in order, so a block touches few of them)."""
        schema = to_table([], meta).schema
        partial = self.directory / ".results.parquet.partial"
        groups = row_groups(self.parts)
        try:
            with pq.ParquetWriter(partial, schema) as writer:
                if not groups:
                    writer.write_table(to_table([], meta))
                step = max(1, MERGE_ROWS // self.config.players)
                for low in range(0, self.config.games, step) if groups else ():
                    high = low + step
                    pieces = []
                    for first, last, path, group in groups:
                        if last >= low and first < high:
                            table = pq.ParquetFile(path).read_row_group(group)
                            index = table.column("game_index")
                            keep = pc.and_(pc.greater_equal(index, low), pc.less(index, high))
                            pieces.append(table.filter(keep).cast(SCHEMA))
                    block = pa.concat_tables(pieces) if pieces else None
                    if block is not None and block.num_rows:
                        block = block.sort_by(ORDER).cast(schema)
                        writer.write_table(block, row_group_size=BATCH_ROWS)
            os.replace(partial, self.path)
        finally:
            partial.unlink(missing_ok=True)
        shutil.rmtree(self.parts, ignore_errors=True)


def row_groups(parts: Path) -> list[tuple[float, float, Path, int]]:
    """(lowest, highest game index, file, row group) of every row group of the parts; a group
    without statistics spans every index."""
    found = []
    for path in sorted(parts.glob("part-*.parquet")) if parts.exists() else []:
        metadata = pq.ParquetFile(path).metadata
        column = metadata.schema.names.index("game_index")
        for group in range(metadata.num_row_groups):
            stats = metadata.row_group(group).column(column).statistics
            if stats is not None and stats.has_min_max:
                found.append((stats.min, stats.max, path, group))
            else:
                found.append((-math.inf, math.inf, path, group))
    return found
