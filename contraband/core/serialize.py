"""Saving, loading and replaying states; every input is checked before anything is built.

``to_json`` is the complete truth of a position (for storage, never for a seat). ``from_json``
accepts exactly what ``to_json`` produces for a position of that game: the engine's fields are
checked here, the game's own fields against its ``SCHEMA``, and the result against the game's
component totals and rules (a running game must offer an action). ``replay`` takes a record.
Every failure is a ValueError (an IllegalAction for an illegal recorded action) naming what
was wrong.

A save is believed only as far as it can be checked. A state with a seed is a game: its
position, generator and log must be exactly what its seed, options and history replay to, so an
edited hand, deck, history, seat list or log is refused (``undo`` and ``record`` rely on it).
A state without a seed is a determinization (``State.determinize``): an AI's guess whose hidden
parts were resampled, kept with only the last move. It has no record to replay, so its fields
are checked as any state's are (schema, totals, rules) and it is loaded as the guess it is: it
has no ``record`` and cannot be undone, and its hidden parts are no one's secret (they were
made up, or whoever removed a real game's seed held its whole truth already).

Its log, though, is saved and loaded empty (``_seedless_log``), because nothing in such a save
could check it, and what a seat is shown must never name what that seat may not see, whatever
save was loaded. A log is text shown to each seat; its hidden fields are shown to their
``owner`` and, once ``log.revealed`` passes them, to everyone; a history label to everyone
once revealed. Without a seed to replay, an edited save could mark a face-down hire revealed,
hand a seat's secret draw to another ``owner``, write a secret into a public field ("sends
<the face-down smuggler> to Ontario") or into a history label. Checking ``revealed`` against
what the position shows face up would close only the first of these: every field of every
kind of event would have to be proven from the position, which a log of past events cannot
be. So a seedless save keeps only its counts (``log.offset``, so the next events are numbered
on), and ``from_json`` refuses one that brings a history or events, naming the field. A
determinization in memory keeps its last move (the engine made it, as its seat saw it).

A rule variant's state (``contraband.core.variants``) carries its overrides in its record and
save (``variant``; none for the published rules); only that variant's game loads them.

Functions here take states and state classes without importing ``State`` (``state`` imports
this module), and find games through ``registry``: no engine module imports one that imports it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from contraband.core.action import Action, IllegalAction, quote
from contraband.core.checks import MAX_SEED, ascii_number, check_seat, check_seed
from contraband.core.native import fields_of
from contraband.core.plain import loaded, plain
from contraband.core.random import MASK64, Rng
from contraband.core.registry import game_of, same_variant, variant_of
from contraband.core.schema import Context, List, Maybe, Seat, Str, check_fields

#: a game's state object and its class (``contraband.core.state.State``), named for the reader
State = Any
StateClass = Any

__all__ = ["MAX_SEED", "check_seed", "from_json", "plain", "record", "replay", "to_json"]

FORMAT = 2
MAX_ACTIONS = 100_000
TOP_FIELDS = (
    "game",
    "format",
    "players",
    "seed",
    "options",
    "rng",
    "history",
    "actors",
    "log",
    "state",
)
#: fields a save may leave out (``variant``: only a rule variant's save has it)
OPTIONAL_FIELDS = ("variant",)
#: attributes the engine keeps itself (not the game's fields)
ENGINE_FIELDS = frozenset(
    {
        "players",
        "seed",
        "options",
        "rng",
        "history",
        "actors",
        "_legal",
        "_events",
        "_count",
        "_starts",
        "_revealed",
        "_offset",
    }
)


# -- records ----------------------------------------------------------------------------------
def record(state: State, seat: Any, complete: bool) -> dict[str, Any]:
    if state.seed is None:
        raise ValueError("a determinized state has no record: it is an AI's guess, not a game")
    if not complete:
        check_seat(seat, state.players)
    full = {
        "game": state.GAME_ID,
        "players": state.players,
        "seed": state.seed,
        "options": dict(state.options),
        "actions": list(state.history),
        "seats": list(state.actors),
        "final": state.is_terminal(),
    }
    variant = variant_of(state)
    if variant:
        full["variant"] = variant
    if complete or full["final"]:
        return full
    del full["seed"]
    full["actions"] = [state.visible_label(i, seat) for i in range(len(state.history))]
    return full


def replay(cls: StateClass, data: Any) -> State:
    """The game a record describes, played again action by action."""
    if not isinstance(data, Mapping):
        raise ValueError(f"a record must be a JSON object, not {quote(data)}")
    game = game_of(cls)
    same_variant(game, data.get("variant"), "record")
    for name in ("players", "seed", "actions"):
        if name not in data:
            if name == "seed":
                raise ValueError(
                    "the record has no seed: it is a seat's record of a running game, which "
                    "cannot be replayed"
                )
            raise ValueError(f"the record is missing {name!r}")
    options = data.get("options") or {}
    if not isinstance(options, Mapping):
        raise ValueError(f"record options must be an object, not {quote(options)}")
    state = game.new(data["players"], check_seed(data["seed"], "record seed"), options)
    actions, seats = data["actions"], data.get("seats")
    if not isinstance(actions, list):
        raise ValueError(f"record actions must be a list of labels, not {quote(actions)}")
    if seats is not None and (not isinstance(seats, list) or len(seats) != len(actions)):
        raise ValueError("record seats must be a list with one seat per action")
    for index, label in enumerate(actions):
        if not isinstance(label, str):
            raise ValueError(f"record action {index} must be a label, not {quote(label)}")
        seat = None if seats is None else seats[index]
        try:
            state.apply(label, seat=seat)
        except IllegalAction as error:
            raise IllegalAction(
                f"record action {index} ({quote(label)}) cannot be replayed: {error}",
                seat=error.seat,
                reason=error.reason,
                legal=error.legal,
                turn=error.turn,
            ) from None
    return state


# -- to_json ----------------------------------------------------------------------------------
def to_json(state: State) -> dict[str, Any]:
    fields = {
        name: plain(value) for name, value in fields_of(state).items() if name not in ENGINE_FIELDS
    }
    saved = {
        "game": state.GAME_ID,
        "format": FORMAT,
        "players": state.players,
        "seed": state.seed,
        "options": dict(state.options),
        "rng": str(state.rng.state),
        "history": list(state.history),
        "actors": list(state.actors),
        "log": {
            "events": [[kind, plain(values)] for kind, values in state.events()],
            "starts": list(state._starts),
            "revealed": list(state._revealed),
            "offset": list(state._offset),
        },
        "state": fields,
    }
    variant = variant_of(state)
    if variant:
        saved["variant"] = variant
    if state.seed is None:
        _seedless_log(state, saved)
    return saved


def _seedless_log(state: State, saved: dict[str, Any]) -> None:
    """A save without a seed keeps no history and no log events, only how many there were
    (``log.offset``): see the module's docstring, and ``_check_seedless`` for loading."""
    actions, events = state._offset
    saved["history"], saved["actors"] = [], []
    saved["log"] = {
        "events": [],
        "starts": [],
        "revealed": [0, 0],
        "offset": [actions + len(state.history), events + len(state.events())],
    }


# -- from_json --------------------------------------------------------------------------------
def from_json(cls: StateClass, data: Any) -> State:
    if not isinstance(data, Mapping):
        raise ValueError(f"a saved state must be a JSON object, not {quote(data)}")
    missing = [name for name in TOP_FIELDS if name not in data]
    unknown = [str(name)[:30] for name in data if name not in TOP_FIELDS + OPTIONAL_FIELDS]
    if data.get("format") != FORMAT and "format" not in missing:
        raise ValueError(f"unsupported state format {quote(data.get('format'))}; expected {FORMAT}")
    if missing:
        raise ValueError(f"the saved state is missing field(s) {', '.join(missing)}")
    if unknown:
        raise ValueError(f"the saved state has unknown field(s) {', '.join(unknown)}")
    if data["game"] != cls.GAME_ID:
        raise ValueError(f"this is a {quote(data['game'])} state, not {cls.GAME_ID!r}")
    game = game_of(cls)
    same_variant(game, data.get("variant"), "save")
    players = game.check_players(data["players"])
    seed = data["seed"]
    if seed is not None:
        check_seed(seed)
    options = data["options"]
    if not isinstance(options, Mapping):
        raise ValueError(f"options must be an object, not {quote(options)}")
    resolved = game.resolve_options(players, options)
    if dict(options) != resolved:
        absent = sorted(set(resolved) - set(options))
        raise ValueError(f"options must name every option of the game; missing {absent}")
    rng = data["rng"]
    number = ascii_number(rng, most_digits=20) if isinstance(rng, str) else None
    if number is None or number > MASK64:
        raise ValueError(f"rng must be a decimal string of a 64-bit number, not {quote(rng)}")
    ctx = Context(players, resolved)
    List(Maybe(Str()), max_length=MAX_ACTIONS).check(data["history"], "history", ctx)
    List(Seat(), length=len(data["history"])).check(data["actors"], "actors", ctx)
    events, starts, revealed, offset = _check_log(cls, data["log"], len(data["history"]))
    if seed is None:
        _check_seedless(data["history"], events)
    check_fields(data["state"], cls.SCHEMA, "state", ctx)
    state = cls.__new__(cls)
    state.players = players
    state.seed = seed
    state.options = dict(resolved)
    state.rng = Rng(number)
    state.history = list(data["history"])
    state.actors = list(data["actors"])
    state._legal = None
    state._events = events
    state._count = len(events)
    state._starts = starts
    state._revealed = revealed
    state._offset = offset
    for name, value in data["state"].items():
        setattr(state, name, loaded(value))
    _check_consistent(state)
    if seed is not None:
        _check_replays(state)
    return state


def _check_replays(state: State) -> None:
    """A game's save must be what its seed, options and history replay to (see the module's
    docstring): the position, the generator and the log, exactly."""
    record = {
        "players": state.players,
        "seed": state.seed,
        "options": state.options,
        "actions": state.history,
        "seats": state.actors,
        "variant": variant_of(state),
    }
    try:
        again = replay(state.__class__, record)
    except ValueError as error:
        raise ValueError(f"the saved history does not replay from the seed: {error}") from None
    saved, replayed = to_json(state), to_json(again)
    if saved != replayed:
        differ = _differences(saved, replayed)
        raise ValueError(
            "the saved position is not what its seed and history replay to "
            f"({', '.join(differ)} differ): a save must come from playing the game"
        )


def _differences(saved: dict[str, Any], replayed: dict[str, Any]) -> list[str]:
    """The fields of two ``to_json`` results that differ (inside ``state`` and ``log``, by name)."""
    differ = []
    for top in TOP_FIELDS:
        mine, theirs = saved[top], replayed[top]
        if top in ("state", "log"):
            differ += [f"{top}.{name}" for name in mine if mine[name] != theirs.get(name)]
        elif mine != theirs:
            differ.append(top)
    return differ


def _check_log(
    cls: StateClass, log: Any, actions: int
) -> tuple[list[tuple[str, tuple[Any, ...]]], list[int], tuple[int, int], tuple[int, int]]:
    if not isinstance(log, Mapping) or set(log) != {"events", "starts", "revealed", "offset"}:
        raise ValueError("log must be an object with events, starts, revealed and offset")
    raw = log["events"]
    if not isinstance(raw, list) or len(raw) > 20 * MAX_ACTIONS:
        raise ValueError("log.events must be a list of [kind, values]")
    events = []
    for index, event in enumerate(raw):
        where = f"log.events[{index}]"
        if not isinstance(event, list) or len(event) != 2 or not isinstance(event[1], list):
            raise ValueError(f"{where} must be [kind, [values]]")
        kind, values = event
        if not isinstance(kind, str) or kind not in cls.EVENTS:
            raise ValueError(f"{where} has an unknown kind {quote(kind)}")
        if len(values) != len(cls.EVENTS[kind].fields):
            raise ValueError(f"{where} must have {len(cls.EVENTS[kind].fields)} values")
        for value in values:
            if not _plain_value(value, depth=2):
                raise ValueError(f"{where} holds a value that is not plain data")
        events.append((kind, tuple(loaded(v) for v in values)))
    starts = log["starts"]
    if (
        not isinstance(starts, list)
        or len(starts) != actions
        or any(isinstance(s, bool) or not isinstance(s, int) for s in starts)
        or any(not 0 <= s <= len(events) for s in starts)
        or any(a > b for a, b in zip(starts, starts[1:], strict=False))
    ):
        raise ValueError(
            "log.starts must list, per action, where its events begin (ascending, in range)"
        )
    pairs = []
    for name, limits in (("revealed", (actions, len(events))), ("offset", (None, None))):
        pair = log[name]
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in pair)
            or any(limit is not None and v > limit for v, limit in zip(pair, limits, strict=True))
            or any(v > MAX_ACTIONS * 20 for v in pair)
        ):
            raise ValueError(f"log.{name} must be two counts in range")
        pairs.append((pair[0], pair[1]))
    return events, list(starts), pairs[0], pairs[1]


def _check_seedless(history: list[Any], events: list[Any]) -> None:
    """A save without a seed brings no history and no log events (``to_json`` saves none): with
    no seed to replay them, nothing could prove they name only what each seat may see (see the
    module's docstring)."""
    if history:
        raise ValueError(
            "history must be empty in a save without a seed: its labels could not be checked "
            "(a determinization's save keeps no history)"
        )
    if events:
        raise ValueError(
            "log.events must be empty in a save without a seed: its events could not be "
            "checked against anything, and a log may only show a seat what it may see"
        )


def _plain_value(value: Any, depth: int) -> bool:
    if value is None or isinstance(value, (bool, int, str)):
        return not isinstance(value, str) or len(value) <= 500
    if isinstance(value, list) and depth > 0 and len(value) <= 100:
        return all(_plain_value(item, depth - 1) for item in value)
    return False


def _check_consistent(state: State) -> None:
    """The loaded fields must make a position of the game: totals kept, an action to take."""
    try:
        state._check_position()
        totals = state.TOTALS
        if totals is not None and state.conserved() != dict(totals):
            got = state.conserved()
            wrong = [name for name in totals if got.get(name) != totals[name]]
            raise ValueError(
                f"the components do not add up: {', '.join(wrong)} "
                f"({', '.join(f'{n} {got.get(n)} instead of {totals[n]}' for n in wrong)})"
            )
        if state.is_terminal():
            if state.current_player is not None:
                raise ValueError("state.current_player must be null once the game is over")
        else:
            current = state.current_player
            if isinstance(current, bool) or not isinstance(current, int):
                raise ValueError("state.current_player must name the seat on move")
            if not 0 <= current < state.players:
                raise ValueError(f"state.current_player must be a seat, got {current}")
            legal = state._cached_legal()
            if not legal:
                raise ValueError("the position has no legal action, but the game is not over")
            if any(type(a) is not Action or a.player != current for a in legal):
                raise ValueError("the position offers actions to a seat not on move")
        state.view(None)
        state._legal = None
    except ValueError:
        raise
    except Exception as error:  # a rule tripping over impossible data: still the input's fault
        raise ValueError(
            f"the saved fields do not make a valid {state.GAME_ID} position "
            f"({type(error).__name__} while checking it)"
        ) from None


def without_last(state: Any) -> Any:
    """The game of ``state`` replayed without its last decision (``State.undo``)."""
    record = state.record()
    record["actions"] = record["actions"][:-1]
    record["seats"] = record["seats"][:-1]
    return replay(state.__class__, record)
