"""The optional compiled build: the engine's hot path and some games' rules, compiled by mypyc.

    python -m contraband.fast build     # compile MODULES in place (make fast)
    python -m contraband.fast clean     # remove the build (make pure)
    python -m contraband.fast status    # which runs: the build or the sources

Pure Python is the reference and the default: everything works without the build, and the
build changes nothing a game does, only how fast it does it (the tests run the games' suites
against it, see ``make test-fast``). It needs mypy (the extra ``fast``) and a C compiler.

The build lives beside the sources (``*.so`` next to each ``*.py``, and the shared
``contraband/native__mypyc*.so``). ``guard()``, run when ``contraband`` is imported, makes the
sources win over a build that is older than any of them, so an edited file is never shadowed
by its old compiled self, and over any build when ``CONTRABAND_PURE=1``. The modules of one
build share one library, so the choice is all or none.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from pathlib import Path
from types import ModuleType

#: the modules the build compiles, as paths from the repository root; the engine's State (and
#: its base, Copies) must be among them: a compiled game's state inherits its compiled layout
MODULES = (
    "contraband/core/copies.py",
    "contraband/core/state.py",
    "contraband/core/native.py",
    "contraband/games/tony_tino/state.py",
    "contraband/games/tony_tino/rules.py",
    "contraband/games/tony_tino/cards.py",
    "contraband/games/tony_tino/board.py",
    "contraband/games/tony_tino/labels.py",
    "contraband/games/tony_tino/lookup.py",
    "contraband/games/nacho_incident/state.py",
    "contraband/games/nacho_incident/turn.py",
    "contraband/games/nacho_incident/choosing.py",
    "contraband/games/nacho_incident/smuggling.py",
    "contraband/games/nacho_incident/arrests.py",
    "contraband/games/nacho_incident/round_end.py",
    "contraband/games/nacho_incident/restock.py",
    "contraband/games/nacho_incident/draw.py",
    "contraband/games/al_cabohne/state.py",
    "contraband/games/al_cabohne/setup.py",
    "contraband/games/al_cabohne/legal.py",
    "contraband/games/al_cabohne/flow.py",
    "contraband/games/al_cabohne/turning.py",
    "contraband/games/al_cabohne/harvest.py",
    "contraband/games/al_cabohne/tribute.py",
    "contraband/games/al_cabohne/planting.py",
    "contraband/games/al_cabohne/trading.py",
    "contraband/games/al_cabohne/zero_sales.py",
    "contraband/games/al_cabohne/leftovers.py",
    "contraband/games/narcos/state.py",
    "contraband/games/narcos/turn.py",
    "contraband/games/narcos/flipping.py",
    "contraband/games/narcos/flow.py",
    "contraband/games/narcos/network.py",
    "contraband/games/narcos/sales.py",
    "contraband/games/narcos/improve.py",
    "contraband/games/narcos/cartel.py",
    "contraband/games/narcos/dea.py",
    "contraband/games/narcos/dangers.py",
    "contraband/games/narcos/deck.py",
    "contraband/games/narcos/ledger.py",
    "contraband/games/narcos/setup.py",
    "contraband/games/counterfeiters/state.py",
    "contraband/games/counterfeiters/flow.py",
    "contraband/games/counterfeiters/placement.py",
    "contraband/games/counterfeiters/selling.py",
    "contraband/games/counterfeiters/market.py",
    "contraband/games/counterfeiters/round_end.py",
    "contraband/games/counterfeiters/game_end.py",
    "contraband/games/counterfeiters/printing.py",
    "contraband/games/counterfeiters/money.py",
    "contraband/games/counterfeiters/police.py",
    "contraband/games/counterfeiters/tax.py",
    "contraband/games/counterfeiters/flights.py",
    "contraband/games/counterfeiters/setup.py",
)
#: the build's shared library (mypyc's group), inside the package so that it imports from
#: anywhere the package does
GROUP = "contraband.native"

ROOT = Path(__file__).resolve().parent.parent
PURE_VARIABLE = "CONTRABAND_PURE"


def module_name(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def built_files() -> list[Path]:
    """Every compiled file in the package now (the build's, and any an older build left), in
    the folders a build may compile (not the web table's thousands of files)."""
    package = ROOT / "contraband"
    folders = [package, package / "core", package / "agents", *package.glob("games/*/")]
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(
        path for folder in folders for path in folder.glob("*.*") if path.name.endswith(suffixes)
    )


def _source_of(built: Path) -> str:
    """The source path (from the root) of a compiled module's file, e.g. ``x.cpython-311...so``
    -> ``contraband/.../x.py``."""
    return str(built.relative_to(ROOT).parent / (built.name.split(".", 1)[0] + ".py"))


def why_sources(built: list[Path] | None = None) -> str | None:
    """Why the sources run instead of the build (None: the build runs, or there is none);
    ``built``: the build's files, when the caller has listed them already."""
    built = built_files() if built is None else built
    if not built:
        return None
    if os.environ.get(PURE_VARIABLE) == "1":
        return f"{PURE_VARIABLE}=1"
    compiled = {_source_of(path) for path in built if not path.name.startswith("native__mypyc")}
    if compiled != set(MODULES):
        return "the build does not match the modules it should compile"
    oldest = min(path.stat().st_mtime for path in built)
    newer = [path for path in MODULES if (ROOT / path).stat().st_mtime > oldest]
    if newer:
        return f"{newer[0]} is newer than the build"
    return None


class _Sources(importlib.abc.MetaPathFinder):
    """Finds compiled modules' sources, ahead of the build beside them."""

    def __init__(self, built: list[Path]) -> None:
        sources = {_source_of(path) for path in built} | set(MODULES)
        self.paths = {module_name(path): ROOT / path for path in sources if (ROOT / path).exists()}

    def find_spec(
        self, fullname: str, path: object = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        source = self.paths.get(fullname)
        return None if source is None else importlib.util.spec_from_file_location(fullname, source)


def guard() -> None:
    """Run the sources instead of the build when the build is stale or not wanted (see the
    module's docstring); a stale build is reported once, as a warning."""
    built = built_files()
    reason = why_sources(built)
    if reason is None:
        return
    if not any(isinstance(finder, _Sources) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Sources(built))
    if os.environ.get(PURE_VARIABLE) != "1":
        warnings.warn(
            f"contraband: the compiled build is not used ({reason}): "
            "`make fast` rebuilds it, `make pure` removes it",
            stacklevel=2,
        )


def running() -> str:
    """'compiled' when the build runs, else 'pure Python'."""
    from contraband.core.state import COMPILED

    return "compiled" if COMPILED else "pure Python"
