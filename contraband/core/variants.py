"""Rule variants: a game with some numbers of its ``data.toml`` changed, without code.

    parse_set("narcos.plantation.prices=[3,6]")   -> ("narcos.plantation.prices", [3, 6])
    variant_game("narcos", {"plantation.prices": [3, 6]})   -> a Game playing that variant

A key is a dotted path into the game's data file (``flipping.flee_sirens``; an entry of an
array of tables by its index, ``types.card[3].cost``), optionally after the game's id. Every
number of the file may be changed: its schema is the file itself (``schema``): a value has the
published value's type (an integer stays an integer, a list keeps its length), lies in
``0..max(100, 10 × published)`` (a negative number in the mirror range), or in the bounds the game
declares. Text (names, sources) is not a number and stays. A game may declare, in an optional
module ``variants`` of its package: ``BOUNDS`` (data path pattern -> (low, high)), ``LENGTHS``
(pattern -> (shortest, longest) for a list whose length may change) and ``check_variant(data)``,
which raises ValueError where the changed data would break the game's invariants (component
totals, a subset larger than its set, a list that must match the player counts).

How concurrent variants stay exact and the standard game stays fast: a game reads its numbers
once, at import, into module constants. A variant is therefore a private copy of the game's
package, imported under its own name (``contraband.core.variant_import``), whose data file is
read with the overrides applied; the standard package (and its compiled build) is never
touched. One process may hold many variants and the published game side by side, each a
separate set of modules, so states of different variants never share a constant. The copies are
pure Python (slower than a compiled standard game, as fast as the pure one).

A copy is made once per (game, canonical overrides) and cached (the most recent ``CACHE``
variants; an older one is rebuilt on demand, states of it keep working meanwhile). Building one
imports it, which runs the game's own checks of its data, then the game's ``check_variant``, and
plays ``SMOKE_GAMES`` seeded random games at every player count: a variant that fails any of
them is refused with a ValueError naming the key(s) and what went wrong.

The returned ``Game`` is the copy's, with ``variant`` set to the canonical overrides (keys
without the game id, sorted; overrides equal to the published value dropped) and ``info.id`` the
game's id. Its states carry the variant in their ``record()`` and ``to_json()``, and only the
same variant's game loads or replays them (``contraband.core.serialize``).
"""

from __future__ import annotations

import copy as copying
import functools
import hashlib
import importlib
import importlib.util
import json
import re
import threading
import tomllib
import traceback
from collections import OrderedDict
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from contraband.core import registry
from contraband.core.action import quote
from contraband.core.data import load_data
from contraband.core.random import Rng, derive_seed
from contraband.core.variant_import import ROOT, Copy, forget, import_copy
from contraband.core.variant_schema import Leaf, leaves, set_path, split_path

#: the most overrides one variant may have
MAX_OVERRIDES = 32
#: variants kept built per process (a server hosts many tables; a tuner tries many variants)
CACHE = 32
#: seeded random games played at every player count before a variant is accepted
SMOKE_GAMES = 2
#: a smoke game still running after this many actions means the variant does not end
SMOKE_ACTIONS = 20_000

_BUILT: OrderedDict[tuple[str, str], Any] = OrderedDict()
_LOCK = threading.RLock()


# -- parsing ------------------------------------------------------------------------------------
def parse_value(text: str) -> Any:
    """A value in TOML or JSON syntax (``3``, ``1.5``, ``true``, ``[3, 6]``); ValueError else."""
    text = text.strip()
    if not text:
        raise ValueError("the value is empty (write e.g. 3, 1.5, true or [3, 6])")
    try:
        return tomllib.loads(f"value = {text}")["value"]
    except tomllib.TOMLDecodeError:
        pass
    try:
        return json.loads(text)
    except ValueError:
        raise ValueError(
            f"{quote(text)} is not a value: write a number (3, 1.5), true/false or a list ([3, 6])"
        ) from None


def parse_set(text: str, game_id: str | None = None) -> tuple[str, Any]:
    """``KEY=VALUE`` -> (key, value): ``"narcos.plantation.prices=[3,6]"`` ->
    ``("narcos.plantation.prices", [3, 6])``. With ``game_id``, the key may leave the id out
    and is returned without it. Malformed text raises ValueError saying what to write."""
    if not isinstance(text, str) or "=" not in text:
        raise ValueError(
            f"a setting is KEY=VALUE, a data path and a value such as "
            f"narcos.plantation.prices=[3,6], not {quote(text)}"
        )
    key, _, value = text.partition("=")
    key = key.strip()
    if not key:
        raise ValueError(f"the setting {quote(text)} has no key before '='")
    try:
        parsed = parse_value(value)
    except ValueError as error:
        raise ValueError(f"{key}: {error}") from None
    if game_id is not None:
        key = _local_key(game_id, key)
    return key, parsed


def parse_sets(texts: list[str] | tuple[str, ...], game_id: str | None = None) -> dict[str, Any]:
    """Repeated ``--set KEY=VALUE`` options as one overrides dict (a key given twice is an
    error, not a silent choice)."""
    overrides: dict[str, Any] = {}
    for text in texts:
        key, value = parse_set(text, game_id)
        if key in overrides:
            raise ValueError(f"{key} is set twice")
        overrides[key] = value
    return overrides


def _local_key(game_id: str, key: str) -> str:
    """The key without the game's id; a key naming another game is refused."""
    head, _, rest = key.partition(".")
    if head == game_id and rest:
        return rest
    if head in registry.game_ids() and head != game_id:
        raise ValueError(f"{key!r} is a key of {head}, not of {game_id}")
    return key


# -- the schema ---------------------------------------------------------------------------------
def data_path(game_id: str) -> Path:
    """The published ``data.toml`` of a registered game."""
    module = _package(game_id)
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:
        raise ValueError(f"{game_id} is not a package with a data file")
    path = Path(list(spec.submodule_search_locations)[0]) / "data.toml"
    if not path.exists():
        raise ValueError(f"{game_id} has no data.toml, so it has no numbers to change")
    return path


def _package(game_id: str) -> str:
    registry.load(game_id)  # an unknown id says which games there are
    game = registry._GAMES[game_id]
    module = registry._LAZY.get(game_id) or type(game).__module__.rpartition(".")[0]
    return module


def _declared(game_id: str) -> Any:
    """The game's optional ``variants`` module (bounds, lengths, check_variant), or None."""
    name = _package(game_id) + ".variants"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


def schema(game_id: str) -> dict[str, Leaf]:
    """Every number of the game's data file that a variant may change, by data path."""
    return dict(_schema(game_id))


@functools.lru_cache(maxsize=16)
def _schema(game_id: str) -> dict[str, Leaf]:
    """The schema, read once per game (a data file does not change while a process runs)."""
    declared = _declared(game_id)
    return leaves(
        load_data(data_path(game_id)),
        getattr(declared, "BOUNDS", {}),
        getattr(declared, "LENGTHS", {}),
    )


def canonical(game_id: str, overrides: Mapping[str, Any] | None) -> dict[str, Any]:
    """The overrides checked against the schema: keys without the game id and in the schema's
    spelling, values of the published type within bounds, sorted; a value equal to the
    published one is dropped. Anything else raises ValueError naming the key."""
    if overrides is None:
        return {}
    if not isinstance(overrides, Mapping):
        raise ValueError(f"a variant must be an object of data path: value, not {quote(overrides)}")
    if len(overrides) > MAX_OVERRIDES:
        raise ValueError(f"a variant changes at most {MAX_OVERRIDES} numbers, not {len(overrides)}")
    if not overrides:
        registry.load(game_id)  # an unknown game is still an error
        return {}
    known = schema(game_id)
    result: dict[str, Any] = {}
    for raw, value in overrides.items():
        if not isinstance(raw, str):
            raise ValueError(f"a variant's keys are data paths, not {quote(raw)}")
        key = _spelled(_local_key(game_id, raw.strip()), known)
        leaf = known.get(key)
        if leaf is None:
            raise ValueError(_unknown(game_id, key, known))
        checked = leaf.check(value)
        if key in result:
            raise ValueError(f"{key} is set twice")
        if checked != leaf.published:
            result[key] = checked
    return dict(sorted(result.items()))


def _spelled(key: str, known: Mapping[str, Leaf]) -> str:
    """The schema's spelling of a key: ``types.card.3.cost`` is ``types.card[3].cost``."""
    split_path(key)  # a malformed path says so
    if key in known:
        return key
    indexed = re.sub(r"\.(\d+)(?=\.|$)", r"[\1]", key)
    return indexed if indexed in known else key


def _unknown(game_id: str, key: str, known: Mapping[str, Leaf]) -> str:
    import difflib

    try:
        found: Any = load_data(data_path(game_id))
        for part in split_path(key):
            found = found[part]
    except (KeyError, IndexError, TypeError, ValueError):
        found = None
    if found is not None:
        return (
            f"{game_id}'s {key} is not a number a variant may change (only numbers, true/false "
            "and lists of numbers can be; names, text and whole tables stay as published)"
        )
    near = difflib.get_close_matches(key, list(known), n=4, cutoff=0.5)
    hint = f"; did you mean {', '.join(near)}?" if near else ""
    return (
        f"{game_id} has no number {key!r} to change{hint} (keys are data paths into its "
        f"data.toml, such as {next(iter(known), 'start.money')}; `contraband variants {game_id}` "
        "lists them)"
    )


def apply_overrides(data: dict[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``data`` with each data path set to its value."""
    changed = copying.deepcopy(data)
    for key, value in overrides.items():
        set_path(changed, split_path(key), copying.deepcopy(value))
    return changed


# -- building a variant's game ------------------------------------------------------------------
def variant_game(game_id: str, overrides: Mapping[str, Any] | None) -> Any:
    """The game playing ``overrides`` (validated, see the module's docstring); no overrides (or
    only published values) give the standard registered game."""
    variant = canonical(game_id, overrides)
    if not variant:
        return registry.load(game_id)
    tag = hashlib.sha256(json.dumps([game_id, variant]).encode()).hexdigest()[:16]
    built = _BUILT.get((game_id, tag))  # without the lock: a build elsewhere takes seconds
    if built is not None:
        return built
    with _LOCK:
        game = _BUILT.get((game_id, tag))
        if game is not None:
            _BUILT.move_to_end((game_id, tag))
            return game
        game = _build(game_id, variant, tag)
        _BUILT[(game_id, tag)] = game
        while len(_BUILT) > CACHE:
            _, old = _BUILT.popitem(last=False)
            forget(old._variant_copy)
        return game


def _build(game_id: str, variant: dict[str, Any], tag: str) -> Any:
    keys = ", ".join(variant)
    data = apply_overrides(load_data(data_path(game_id)), variant)
    declared = _declared(game_id)
    check = getattr(declared, "check_variant", None)
    if check is not None:
        try:
            check(data)
        except ValueError as error:
            raise ValueError(f"{game_id} with {keys} changed: {error}") from None
    package = _package(game_id)
    name = f"{ROOT}.{package.rpartition('.')[2]}_{tag}"
    folder = data_path(game_id).parent
    copy = Copy(name, package, folder, lambda _data: apply_overrides(_data, variant))
    try:
        module = import_copy(copy)
        game = module.GAME
    except Exception as error:  # the game's own checks of its data, or a rule tripping on it
        forget(copy)
        raise ValueError(
            f"{game_id} with {keys} changed breaks the game's rules: {_reason(error)}"
        ) from None
    game.variant = dict(variant)
    game._variant_copy = copy
    setattr(game.state_class, registry.VARIANT_GAME, game)
    try:
        smoke(game)
    except ValueError:
        forget(copy)
        raise
    return game


def _reason(error: BaseException) -> str:
    """What went wrong, with the game's line that found it (a failed check of the data is often
    an ``assert`` without a message)."""
    text = str(error).strip()
    frames = traceback.extract_tb(error.__traceback__)
    where = ""
    if frames:
        last = frames[-1]
        line = (last.line or "").strip()
        where = f" at {Path(last.filename).name}:{last.lineno} ({line[:160]})"
    return f"{type(error).__name__}{': ' + text[:300] if text else ''}{where}"


def smoke(game: Any, games: int = SMOKE_GAMES) -> None:
    """Play ``games`` seeded random games at every player count; a game that fails, does not
    end, or loses components raises ValueError naming the variant and what happened."""
    keys = ", ".join(game.variant) or "nothing"
    for players in range(game.info.min_players, game.info.max_players + 1):
        for index in range(games):
            seed = derive_seed(0, "variant-smoke", players, index)
            where = f"{game.id} with {keys} changed, at {players} players (seed {seed})"
            try:
                _random_game(game, players, seed)
            except ValueError as error:
                raise ValueError(f"{where}: {error}") from None
            except Exception as error:
                raise ValueError(f"{where} breaks the game's rules: {_reason(error)}") from None


def _random_game(game: Any, players: int, seed: int) -> None:
    state = game.new(players, seed=seed)
    rng = Rng(seed)
    totals = state.TOTALS
    for _ in range(SMOKE_ACTIONS):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        if not legal:
            raise ValueError("a position has no legal action before the game is over")
        state.apply(rng.choice(legal))
        if totals is not None and state.conserved() != dict(totals):
            raise ValueError("the components no longer add up")
    raise ValueError(f"random play did not end the game within {SMOKE_ACTIONS} actions")


def describe(game_id: str) -> list[dict[str, Any]]:
    """Every changeable number: key, published value, what is allowed (for help and the web)."""
    return [
        {"key": key, "value": leaf.published, "allowed": leaf.allowed()}
        for key, leaf in schema(game_id).items()
    ]


def differences(game: Any) -> list[dict[str, Any]]:
    """What a variant game changes: key, the rulebook's value, the variant's value."""
    return changed_numbers(game.id, game.variant)


def changed_numbers(game_id: str, variant: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each number a (canonical) variant changes: key, the rulebook's value, the variant's."""
    if not variant:
        return []
    known = _schema(game_id)
    return [
        {"key": key, "published": known[key].published, "value": value}
        for key, value in variant.items()
        if key in known
    ]
