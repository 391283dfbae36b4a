"""Result tables on disk: Parquet (default) or CSV, one row per game and seat."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.csv as pa_csv
import pyarrow.parquet as pq

from contraband.lab.runner import COLUMNS

FORMATS = ("parquet", "csv")

SCHEMA = pa.schema(
    [
        ("game", pa.string()),
        ("players", pa.int64()),
        ("options", pa.string()),
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
    """Rows back from a results file (either format)."""
    path = Path(path)
    if path.suffix == ".csv":
        options = pa_csv.ConvertOptions(column_types=SCHEMA)
        table = pa_csv.read_csv(path, convert_options=options)
    else:
        table = pq.read_table(path)
    return table.to_pylist()
