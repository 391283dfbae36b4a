"""The throughput measurement counts the games it played and the CPU its workers used."""

from contraband.lab.throughput import measure


def test_measure_reports_games_per_second_and_per_cpu_second():
    for workers in (1, 2):
        row = measure("tony-tino", ["random"], 6, workers, "local")
        assert (row["game"], row["players"], row["workers"], row["games"]) == (
            "tony-tino",
            2,
            workers,
            6,
        )
        assert row["games_per_second"] > 0 and row["games_per_cpu_second"] > 0
