"""What the engine needs to know about compiled states (the optional mypyc build).

In pure Python a state keeps every field in its instance ``__dict__``, which is what makes a
copy one dict copy. ``make fast`` compiles the engine's ``State`` and some games' rules with
mypyc (see ``contraband.compiled``); a compiled class keeps its declared fields in C slots
instead, outside ``__dict__`` (and a compiled game's state has no ``__dict__`` at all). The
helpers here let the copies, determinizations and saves read and write both kinds alike; in
pure Python they cost one dictionary lookup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # pure Python without mypy's extensions: the marker does nothing

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        """Stand-in for mypy_extensions.mypyc_attr, which only the compiler reads."""
        return lambda cls: cls


_list_copy = list.copy

#: a public method's parameter that the method checks itself: compiled, a parameter annotated
#: with a concrete type is checked on entry, and bad input would raise TypeError instead of the
#: method's own error, which names what is allowed
Input = Any

_SLOTS: dict[type, tuple[str, ...]] = {}


def slot_fields(cls: type) -> tuple[str, ...]:
    """The attributes that instances of ``cls`` keep outside ``__dict__`` (none in pure Python),
    from the ``__mypyc_attrs__`` that mypyc gives each compiled class."""
    found = _SLOTS.get(cls)
    if found is None:
        names: list[str] = []
        for klass in cls.__mro__:
            for name in getattr(klass, "__mypyc_attrs__", ()):
                if name != "__dict__" and name not in names:
                    names.append(name)
        found = _SLOTS[cls] = tuple(names)
    return found


def fields_of(state: Any) -> dict[str, Any]:
    """Every attribute of ``state`` by name (a new dict; the values are not copied)."""
    try:
        data = state.__dict__.copy()
    except AttributeError:  # a compiled game's state keeps everything in slots
        data = {}
    for name in slot_fields(type(state)):
        if hasattr(state, name):  # a slot that was never set stays unset in the copy
            data[name] = getattr(state, name)
    return data


def copy_game_fields(state: Any, new: Any) -> None:
    """``State._copy_game_fields`` for a game in pure Python (the engine compiled): its fields
    are in ``__dict__``, copied at once, its lists copied. A compiled game's state has no
    ``__dict__``: it copies its slots itself, overriding the method field by field."""
    try:
        data = state.__dict__.copy()
    except AttributeError:
        raise TypeError(
            f"{type(state).__name__} is compiled: it must copy its own fields "
            "(override _copy_game_fields, as the games in contraband.compiled.MODULES do)"
        ) from None
    for name in state.FLAT_LISTS:
        data[name] = data[name].copy()
    for name in state.NESTED_LISTS:
        data[name] = [*map(_list_copy, data[name])]
    new.__dict__ = data


def rules_as_methods(cls: type, **functions: Callable[..., Any]) -> None:
    """Make the rules' functions themselves ``cls``'s methods (``_setup=rules.setup``, ...) when
    ``cls`` is pure Python, as the games' states had them before the compiled build: a call
    less per decision than the methods that call them. A compiled class keeps those methods:
    a compiled function does not bind as a method, and the class takes no new attributes."""
    if "__mypyc_attrs__" not in vars(cls):
        for name, function in functions.items():
            setattr(cls, name, function)
