"""Help texts in words, not Python types.

Typer 0.2x prints each parameter's Python annotation (``<list[str]>``, ``<bool>``) in ``--help``.
People read ``TEXT``, ``N`` or nothing at all for a flag; this swaps Typer's type display for
that. It only changes what help prints, and if a Typer release moves the hook, help falls back
to Typer's own text (a CLI test notices).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args, get_origin

WORDS = {str: "TEXT", int: "N", float: "NUMBER", Path: "PATH"}


def _word(annotation: Any) -> str | None:
    if get_origin(annotation) is list:
        (item,) = get_args(annotation) or (str,)
        return _word(item)
    args = [arg for arg in get_args(annotation) if arg is not type(None)]
    if len(args) == 1:
        return _word(args[0])
    if annotation is bool:
        return None
    return WORDS.get(annotation, "VALUE")


def _display_type(self: Any, ctx: Any) -> str | None:
    return _word(self.type_descriptor.annotation)


def install() -> None:
    try:
        from typer.core import _TyperParameter
    except ImportError:  # another Typer: keep its own help
        return
    if hasattr(_TyperParameter, "display_type"):
        _TyperParameter.display_type = _display_type
