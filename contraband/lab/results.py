"""Result tables on disk: Parquet (default) or CSV, one row per game and seat.

``write_results`` writes rows held in memory at once (``compare``). ``simulate`` streams them
through ``contraband.lab.store.ResultsWriter`` instead; ``iter_batches`` and ``iter_games``
read either kind back without holding the whole table.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.csv as pa_csv
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from contraband.lab.runner import COLUMNS

FORMATS = ("parquet", "csv")
BATCH_ROWS = 2048  # rows per row group and per batch read back (bounded memory)

SCHEMA = pa.schema(
    [
        ("game", pa.string()),
        ("players", pa.int64()),
        ("options", pa.string()),
        ("variant", pa.string()),
        ("seed", pa.int64()),
        ("seat", pa.int64()),
        ("agent", pa.string()),
        ("score", pa.float64()),
        ("rank", pa.int64()),
        ("win", pa.float64()),
        ("decisions", pa.int64()),
        ("seconds", pa.float64()),
        ("game_index", pa.int64()),
        ("detail", pa.string()),
    ]
)
assert tuple(SCHEMA.names) == COLUMNS


def to_table(rows: list[dict[str, Any]], meta: dict[str, Any] | None = None) -> pa.Table:
    table = pa.Table.from_pylist(rows, schema=SCHEMA)
    if meta is not None:
        table = table.replace_schema_metadata({"contraband": json.dumps(meta, sort_keys=True)})
    return table


def write_results(
    rows: list[dict[str, Any]],
    directory: Path,
    fmt: str = "parquet",
    meta: dict[str, Any] | None = None,
) -> Path:
    """Write ``results.parquet`` (run metadata in the schema) or ``results.csv``; its path.

    The file is written beside its place and then renamed, so a results file is always whole:
    a failed write leaves the previous one, if any."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown results format {fmt!r}; formats are: {', '.join(FORMATS)}")
    directory.mkdir(parents=True, exist_ok=True)
    table = to_table(rows, meta)
    path = directory / f"results.{fmt}"
    partial = directory / f".results.{fmt}.partial"
    try:
        if fmt == "parquet":
            pq.write_table(table, partial)
        else:
            pa_csv.write_csv(table, partial)
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)
    return path


def read_results(path: Path) -> list[dict[str, Any]]:
    """Rows back from a results file (either format), sorted by game index and seat."""
    table = read_table(Path(path))
    return table.sort_by([("game_index", "ascending"), ("seat", "ascending")]).to_pylist()


def read_table(path: Path, columns: list[str] | None = None) -> pa.Table:
    """A results file (or a directory of Parquet parts) as one Arrow table of ``columns``."""
    if path.suffix == ".csv":
        options = pa_csv.ConvertOptions(column_types=SCHEMA, include_columns=columns)
        return pa_csv.read_csv(path, convert_options=options)
    return pq.read_table(path, columns=columns)


def iter_batches(path: Path, columns: list[str] | None = None) -> Iterator[pa.RecordBatch]:
    """A results file in record batches of ``columns``: memory does not grow with its size."""
    path = Path(path)
    if path.suffix == ".csv":
        options = pa_csv.ConvertOptions(column_types=SCHEMA, include_columns=columns)
        reader = pa_csv.open_csv(path, convert_options=options)
        yield from reader
        return
    if path.is_dir():
        yield from ds.dataset(path, format="parquet").to_batches(columns=columns)
        return
    parquet = pq.ParquetFile(path)
    for group in range(parquet.metadata.num_row_groups):  # one row group in memory at a time
        yield from parquet.read_row_group(group, columns=columns).to_batches(BATCH_ROWS)


#: the columns the summary and the report read (not the run-wide ones: game, options, seed)
SUMMARY_COLUMNS = [
    "game_index",
    "seat",
    "agent",
    "score",
    "rank",
    "win",
    "decisions",
    "seconds",
    "detail",
]


def iter_games(path: Path, columns: list[str] | None = None) -> Iterator[list[dict[str, Any]]]:
    """The rows of a results file game by game (a game's rows are stored together)."""
    game: list[dict[str, Any]] = []
    for batch in iter_batches(path, columns):
        for row in batch.to_pylist():
            if game and row["game_index"] != game[0]["game_index"]:
                yield game
                game = []
            game.append(row)
    if game:
        yield game
