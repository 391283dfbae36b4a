"""The lab: simulate many games between agents, with statistics, plots and a report.

From the command line::

    contraband simulate tony-tino --agent greedy --agent random --games 1000 --seed 1 \\
        --workers 2 [--backend ray] [--ray-address ADDR] [--options JSON] [--format csv] \\
        [--set narcos.plantation.prices=[3,6] ...] \\
        --out DIR [--resume]   # --resume: continue a stopped run, playing only its missing games
    contraband compare tony-tino --agent ismcts:iterations=200 --agent greedy --games 1000
        # a group-sequential sign test: stops once one agent is clearly stronger

From Python::

    from contraband.lab import LocalBackend, make_config, run_games
    config = make_config("tony-tino", 2, ["greedy", "random"], seed=1, games=100)
    # a rule variant: variant={"discs.coloured_per_player": 5, "discs.numbered.1": 5}
    with LocalBackend(workers=2) as backend:
        run = run_games(config, backend)   # run.rows: one dict per game and seat

Modules: ``runner`` (configuration, seat rotation, seeds, one game), ``backends`` (local
processes, Ray), ``simulate`` (the run loop, Ctrl-C), ``results`` (Parquet/CSV), ``stream``
(results written as they arrive, the run manifest, ``--resume``), ``stats``
(Wilson and t intervals), ``house`` (a contestant the game plays itself, Al Cabohne's mafia),
``summary`` (tables), ``report`` (plots, HTML), ``sequential`` (compare's sequential test),
``commands`` (the CLI). pyarrow and matplotlib are imported only by the modules that
write files, and Ray only when the Ray backend is chosen.
"""

from contraband.lab.backends import LocalBackend, RayBackend, make_backend
from contraband.lab.runner import COLUMNS, RunConfig, make_config, play_game
from contraband.lab.simulate import Run, run_games

__all__ = [
    "COLUMNS",
    "LocalBackend",
    "RayBackend",
    "Run",
    "RunConfig",
    "make_backend",
    "make_config",
    "play_game",
    "run_games",
]
