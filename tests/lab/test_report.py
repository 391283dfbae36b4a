"""A small run produces every file: results, summary, each plot and a self-contained report."""

import base64
import json
import re

from contraband.lab.backends import LocalBackend
from contraband.lab.report import PLOTS, write_report
from contraband.lab.results import read_results, write_results
from contraband.lab.runner import COLUMNS, make_config
from contraband.lab.simulate import run_games
from contraband.lab.summary import save_summary, summarize

PNG = b"\x89PNG\r\n\x1a\n"


def small_run():
    config = make_config("tony-tino", 2, ["random", "greedy"], seed=4, games=6)
    with LocalBackend(1) as backend:
        return run_games(config, backend)


def test_report_has_every_plot_embedded(tmp_path):
    run = small_run()
    summary = summarize(run.rows, run.meta())
    path = write_report(run.rows, summary, tmp_path)
    page = path.read_text(encoding="utf-8")
    embedded = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert len(embedded) == len(PLOTS) == 4
    for name, data in zip(PLOTS, embedded, strict=True):
        image = (tmp_path / name).read_bytes()
        assert image.startswith(PNG)
        assert base64.b64decode(data) == image
    # self-contained: nothing is fetched from elsewhere
    assert not re.search(r'(src|href)="(?!data:)', page)
    for agent in ("random", "greedy"):
        assert agent in page


def test_results_round_trip_in_both_formats(tmp_path):
    run = small_run()
    parquet = write_results(run.rows, tmp_path, "parquet", run.meta())
    csv = write_results(run.rows, tmp_path, "csv")
    assert read_results(parquet) == run.rows
    assert [tuple(row) for row in read_results(csv)] == [COLUMNS] * 12
    assert [row["seed"] for row in read_results(csv)] == [row["seed"] for row in run.rows]
    import pyarrow.parquet as pq

    meta = json.loads(pq.read_schema(parquet).metadata[b"contraband"])
    assert meta["game"] == "tony-tino" and meta["seed"] == 4


def test_summary_files(tmp_path):
    run = small_run()
    json_path, text_path = save_summary(summarize(run.rows, run.meta()), tmp_path)
    saved = json.loads(json_path.read_text())
    assert saved["run"]["games_done"] == 6 and saved["run"]["rotation_balanced"]
    assert [agent["seats"] for agent in saved["agents"]] == [6, 6]
    assert "seat advantage" in text_path.read_text()


def test_an_empty_run_still_reports(tmp_path):
    config = make_config("tony-tino", 2, ["random"], games=2)
    from contraband.lab.simulate import Run

    run = Run(config, interrupted=True)
    summary = summarize([], run.meta())
    write_report([], summary, tmp_path)
    assert all((tmp_path / name).exists() for name in PLOTS)
