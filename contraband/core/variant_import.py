"""Loading a private copy of a game's package whose data file has some numbers changed.

A game reads its ``data.toml`` once, at import, into module constants that its rules read
directly (that is what keeps the standard game, and its compiled build, fast). A rule variant
therefore cannot change those constants in place: one server process hosts tables of the
standard game and of several variants at once, and a lab worker may play several variants.
Instead each variant is a separate copy of the game's package, imported under its own name:

    contraband.games.narcos          the published rules (compiled when built)
    contraband_variants.narcos_<tag> the variant <tag>: the same source files, pure Python

``VariantFinder`` (on ``sys.meta_path``) finds every module of a copy in the game's own folder
and executes its source with the package's name rewritten to the copy's, so the copy's modules
import one another and never the standard ones. While a copy's module runs, ``loading`` names
the copy, and ``contraband.core.data.load_data`` applies the copy's overrides to the game's
``data.toml`` (and to no other file, and in no other thread). The copy's code objects are never
written to ``__pycache__`` (they would shadow the standard modules' own).

Which overrides a tag stands for is kept (``_COPIES``) for as long as the process runs, so a
module of a copy imported late (inside a function) still gets the copy's numbers.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import re
import sys
import threading
import types
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: the top-level package holding every variant copy (made on first use, never a real folder)
ROOT = "contraband_variants"


@dataclass(frozen=True)
class Copy:
    """One variant copy: the game's package, its folder, and what to change in its data."""

    name: str  # contraband_variants.narcos_<tag>
    package: str  # contraband.games.narcos
    folder: Path
    apply: Any  # (data: dict) -> dict: the data file with the variant's overrides applied


_COPIES: dict[str, Copy] = {}
_LOCAL = threading.local()
_LOCK = threading.RLock()


def register_copy(copy: Copy) -> None:
    with _LOCK:
        _install()
        _COPIES[copy.name] = copy


def import_copy(copy: Copy) -> types.ModuleType:
    """Import the copy's package (its ``__init__``, which imports the rest)."""
    register_copy(copy)
    with _LOCK:
        return importlib.import_module(copy.name)


def forget(copy: Copy) -> None:
    """Drop a copy's modules from ``sys.modules`` (objects still alive keep working)."""
    with _LOCK:
        prefix = copy.name + "."
        for name in [n for n in sys.modules if n == copy.name or n.startswith(prefix)]:
            del sys.modules[name]


def active_data(path: Path) -> Any:
    """While a copy's module runs in this thread: the copy's ``apply``, when ``path`` is that
    game's ``data.toml``; else None."""
    stack = getattr(_LOCAL, "stack", None)
    if not stack:
        return None
    copy = stack[-1]
    try:
        same = Path(str(path)).resolve() == (copy.folder / "data.toml").resolve()
    except (OSError, ValueError):
        return None
    return copy.apply if same else None


@contextmanager
def _running(copy: Copy) -> Iterator[None]:
    stack = getattr(_LOCAL, "stack", None)
    if stack is None:
        stack = _LOCAL.stack = []
    stack.append(copy)
    try:
        yield
    finally:
        stack.pop()


def _rewrite(source: str, package: str, name: str) -> str:
    """The source with every mention of the game's package (imports, ``files("…")``) turned
    into the copy's name; ``contraband.games.narcos_x`` or ``…narcosy`` stay as they are."""
    return re.sub(re.escape(package) + r"(?![\w])", name, source)


class _Loader(importlib.machinery.SourceFileLoader):
    """Executes a module of a copy from the game's source file, rewritten, without bytecode
    caching (a cached file would be the standard module's)."""

    def __init__(self, fullname: str, path: str, copy: Copy) -> None:
        super().__init__(fullname, path)
        self.copy = copy

    def get_code(self, fullname: str) -> types.CodeType:
        source = Path(self.path).read_text(encoding="utf-8")
        text = _rewrite(source, self.copy.package, self.copy.name)
        return compile(text, self.path, "exec", dont_inherit=True)

    def exec_module(self, module: types.ModuleType) -> None:
        with _running(self.copy):
            super().exec_module(module)


class VariantFinder(importlib.abc.MetaPathFinder):
    """Finds the modules of ``contraband_variants.<copy>`` in their game's folder."""

    def find_spec(
        self, fullname: str, path: object = None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(ROOT + "."):
            return None
        parts = fullname.split(".")
        copy = _COPIES.get(".".join(parts[:2]))
        if copy is None:
            return None
        rest = parts[2:]
        folder = copy.folder.joinpath(*rest[:-1]) if rest else copy.folder
        if rest and (folder / rest[-1]).is_dir():
            folder, rest = folder / rest[-1], []
        if not rest:
            init = folder / "__init__.py"
            if not init.exists():
                return None
            loader = _Loader(fullname, str(init), copy)
            return importlib.util.spec_from_file_location(
                fullname, init, loader=loader, submodule_search_locations=[str(folder)]
            )
        source = folder / (rest[-1] + ".py")
        if not source.exists():
            return None
        return importlib.util.spec_from_file_location(
            fullname, source, loader=_Loader(fullname, str(source), copy)
        )


def _install() -> None:
    if ROOT not in sys.modules:
        root = types.ModuleType(ROOT, "Rule variants: private copies of games' packages.")
        root.__path__ = []
        sys.modules[ROOT] = root
    if not any(isinstance(finder, VariantFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, VariantFinder())


def copies() -> Mapping[str, Copy]:
    return dict(_COPIES)
