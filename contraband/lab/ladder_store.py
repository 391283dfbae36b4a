"""A ladder's folder: its configuration and every game it played, kept across runs (issue 46).

    DIR/ladder.json     what is rated: game, players, options, contestants and their specs,
                        master seed (a rerun with another configuration is refused)
    DIR/games.jsonl     one line per finished game: its table, index and result rows
    DIR/sessions.jsonl  one line per run of the command: when, how long, on what, which commit
    DIR/ratings.json    the latest ratings (the JSON ``contraband ladder --out`` writes)
    DIR/lock            held while a run plays (a second run on the folder is refused)

A game is written (and flushed) as soon as it finishes, so a ladder stopped in any way loses
only the games still being played; a line cut short by a kill is dropped when the folder is
opened again. Game ``i`` of a table is always the same deal and seats (its seeds derive from
the master seed, the table and ``i``), whichever run plays it.
"""

from __future__ import annotations

import fcntl
import itertools
import json
import subprocess
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from contraband.core.random import derive_seed
from contraband.lab import ratings
from contraband.lab.runner import RunConfig, make_config

#: a table's game indices are drawn from this many (its RunConfig's ``games``)
INDICES = 10**9


@dataclass(frozen=True)
class Setup:
    """What a ladder rates; two runs continue one ladder only if their Setups are equal."""

    game: str
    players: int
    options: dict[str, Any]
    contestants: dict[str, str]  # name -> agent spec, weakest first
    seed: int
    format: int = ratings.FORMAT

    def tables(self) -> list[tuple[tuple[str, ...], RunConfig]]:
        """Every set of ``players`` contestants and the run that plays its games (seats rotate
        with the game index, see ``contraband.lab.runner``)."""
        found = []
        for group in itertools.combinations(self.contestants, self.players):
            specs = [self.contestants[name] for name in group]
            seed = derive_seed(self.seed, "ladder", *group)
            found.append(
                (group, make_config(self.game, self.players, specs, self.options, seed, INDICES))
            )
        return found


def make_setup(
    game_id: str,
    players: int | None = None,
    names: list[str] | None = None,
    seed: int = 0,
    iterations: int | None = None,
    options: dict[str, Any] | None = None,
    clocked: bool = True,
) -> Setup:
    """A validated Setup; a ValueError says what is wrong with the game, player count,
    contestants, budget or options."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"--seed must be an integer, got {seed!r}")
    probe = make_config(game_id, players, ["random"], options, seed, 1)
    if probe.players < 2:
        raise ValueError(f"{probe.game_id} at 1 player has no opponents to be rated against")
    chosen = ratings.check_names(names, probe.players)
    contestants = {
        name: ratings.contestant_spec(name, iterations, probe.game_id, clocked) for name in chosen
    }
    return Setup(probe.game_id, probe.players, dict(probe.options), contestants, seed)


def differences(stored: dict[str, Any], setup: Setup) -> list[str]:
    """What differs between a folder's configuration and ``setup``, one phrase each."""
    wanted = json.loads(json.dumps(asdict(setup)))  # as the folder stores it
    return [
        f"{key}: the folder has {json.dumps(stored.get(key))}, this run {json.dumps(value)}"
        for key, value in wanted.items()
        if stored.get(key) != value
    ]


def commit() -> str | None:
    """The checkout's commit (with '+' when it has changes), if this is a git checkout."""
    root = Path(__file__).resolve().parents[2]
    try:
        head = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
            capture_output=True, text=True, timeout=10, check=True,
        ).stdout.strip()  # fmt: skip
        dirty = subprocess.run(
            ["git", "-C", str(root), "status", "--porcelain", "--", "contraband"],
            capture_output=True, text=True, timeout=10, check=True,
        ).stdout.strip()  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return None
    return head + ("+" if dirty else "")


class LadderFolder:
    """A ladder's folder, opened for a run of ``setup``: new, or resumed (``resume``)."""

    def __init__(self, path: Path, setup: Setup, resume: bool) -> None:
        self.path = path
        self.setup = setup
        #: the code this run plays: the checkout's commit when the run starts (a commit made
        #: while it plays does not change the modules it has loaded)
        self.commit = commit()
        config = path / "ladder.json"
        if path.exists() and not path.is_dir():
            raise ValueError(f"--dir {path} is a file; give a folder for the ladder")
        if config.exists():
            if not resume:
                raise ValueError(
                    f"--dir {path} already holds a ladder; add --resume to continue it, or "
                    "give another folder"
                )
            try:
                stored = json.loads(config.read_text(encoding="utf-8"))
            except (OSError, ValueError) as error:
                raise ValueError(f"{config} cannot be read: {error}") from None
            changed = differences(stored, setup)
            if changed:
                raise ValueError(
                    f"--dir {path} holds a different ladder, which --resume cannot continue "
                    "(rerun with the folder's configuration, or give another folder): "
                    + "; ".join(changed)
                )
        elif path.exists() and any(item.name != "lock" for item in path.iterdir()):
            raise ValueError(f"--dir {path} is not empty and holds no ladder; give a new folder")
        try:
            path.mkdir(parents=True, exist_ok=True)
            self._lock = (path / "lock").open("w")
        except OSError as error:
            raise ValueError(f"--dir {path}: cannot write there: {error}") from None
        try:  # one run at a time: two would play (and store) the same games
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._lock.close()
            raise ValueError(f"--dir {path} is in use by another run of the ladder") from None
        try:
            if not config.exists():
                config.write_text(json.dumps(asdict(setup), indent=2) + "\n", encoding="utf-8")
        except OSError as error:
            raise ValueError(f"--dir {path}: cannot write there: {error}") from None
        self.games = self._read()
        self._out = (path / "games.jsonl").open("a", encoding="utf-8")

    def _read(self) -> list[dict[str, Any]]:
        """The stored games; a last line cut short by a kill is cut off the file."""
        games_path = self.path / "games.jsonl"
        if not games_path.exists():
            return []
        text = games_path.read_text(encoding="utf-8")
        keep = text if text.endswith("\n") or not text else text[: text.rfind("\n") + 1]
        if keep != text:
            games_path.write_text(keep, encoding="utf-8")
        return [json.loads(line) for line in keep.splitlines() if line.strip()]

    def add(self, table: tuple[str, ...], index: int, rows: list[dict[str, Any]]) -> None:
        """Store a finished game at once."""
        record = {"table": list(table), "index": index, "rows": rows}
        self.games.append(record)
        self._out.write(json.dumps(record, sort_keys=True) + "\n")
        self._out.flush()

    def session(self, record: dict[str, Any]) -> None:
        """Note a run of the command (what it played, how long, where)."""
        with (self.path / "sessions.jsonl").open("a", encoding="utf-8") as out:
            out.write(json.dumps({**record, "commit": self.commit}, sort_keys=True) + "\n")

    def sessions(self) -> list[dict[str, Any]]:
        path = self.path / "sessions.jsonl"
        if not path.exists():
            return []
        lines = path.read_text(encoding="utf-8").splitlines()
        return [json.loads(line) for line in lines if line.strip()]

    def write_ratings(self, data: dict[str, Any]) -> None:
        target = self.path / "ratings.json"
        temporary = target.with_suffix(".json.tmp")
        temporary.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        temporary.replace(target)

    def close(self) -> None:
        self._out.close()
        self._lock.close()
