"""Creating a game: its seats, their secret tokens, and a seed nobody can know in advance.

A seed that is known shows every hidden card, so the server draws it from a secure source. A
creator may choose it only where no hidden information is at stake between people: a game with
at most one human seat (against bots, or a solo game); the game then says so (``seed_chosen``).

A table is *live* (everyone at it together) or *turn-based* (played over days), with a game
clock (``contraband.server.clock``). A public table may leave seats ``open`` for whoever joins
from the lobby (``contraband.server.joining``): it waits, dealt but not begun, until the last
seat is taken or its host starts it with bots in the open seats.

The host may choose a rule variant (``variant``: numbers of the game's data file changed,
``contraband.core.variants``): typed and bounded by the data file, checked against the game's
invariants, stored with the table and shown to every seat. It changes numbers of the rules
only: the seed stays the server's (or, as above, the creator's where no secret is at stake).
"""

from __future__ import annotations

import secrets
import time
from typing import Any

import contraband
from contraband.core.variants import variant_game
from contraband.server import clock
from contraband.server import seats as tokens
from contraband.server.held import Keeper, Live, Refused, after
from contraband.server.names import BadName, check_unique, clean
from contraband.server.policy import Policy, SpecRefused, check_bot, server_seed
from contraband.server.store import GameRow


def create_table(
    tables: Keeper,
    game_id: str,
    players: int | None,
    options: dict[str, Any],
    seat_specs: list[str],
    seed: int | None,
    public: bool,
    policy: Policy,
    hints: bool | None = None,
    mode: str = "live",
    clock_name: str | None = None,
    names: list[str | None] | None = None,
    now: float | None = None,
    kept: bool = False,
    variant: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The new table's id, status, links and tokens. ``kept``: its open seats are kept for
    known players (a rematch's), so it need not be public. ``variant``: the rule variant."""
    try:
        game = contraband.load(game_id)
    except ValueError as error:
        raise Refused(404, str(error)) from None
    try:
        game = variant_game(game_id, variant)
    except ValueError as error:
        raise Refused(422, f"variant: {error}") from None
    count = players if players is not None else len(seat_specs) or game.info.default_players
    specs = seat_specs or ["human"] + ["random"] * (count - 1)
    if len(specs) != count:
        raise Refused(422, f"give one seat per player: {count} players, {len(specs)} seats")
    for number, spec in enumerate(specs):
        if spec not in ("human", "open"):
            try:
                check_bot(spec, policy)
            except SpecRefused as error:
                raise Refused(422, f"seats.{number}: {error}") from None
    opened = specs.count("open")
    if opened and not public and not kept:
        raise Refused(
            422, "seats: a table with open seats must be public (the lobby lists it for joining)"
        )
    if opened == count and not kept:
        raise Refused(422, "seats: keep at least one seat for yourself (or a bot)")
    try:
        table_clock = clock.preset(mode, clock_name)
        seat_names = _names(names, count, specs)
    except BadName as error:
        raise error.refusal() from None
    except ValueError as error:
        raise Refused(422, str(error)) from None
    now = time.time() if now is None else now
    humans = specs.count("human") + opened
    if seed is not None and humans > 1 and not policy.trusted_seeds:
        raise Refused(
            422,
            "seed: a seed may be chosen only for a game with at most one human seat (with two "
            "or more, whoever knows the seed knows every hidden card); leave it out",
        )
    seed_chosen = seed is not None
    if hints and humans > 1:
        raise Refused(
            422,
            "hints: the coach is for a table with at most one human seat (between people it "
            f"would help one against another); this one has {humans}",
        )
    hints = humans <= 1 if hints is None else hints  # the coach helps a lone human by default
    try:
        state = game.new(count, seed=server_seed() if seed is None else seed, options=options)
    except ValueError as error:
        raise Refused(422, str(error)) from None
    table_id = secrets.token_urlsafe(9)
    host, spectator = tokens.new_token(), tokens.new_token()
    seat_tokens: list[str | None] = []
    seat_rows = []
    status = "open" if opened else "running"
    mover = None if state.is_terminal() else state.current_player
    for seat, spec in enumerate(specs):
        token = tokens.new_token() if spec == "human" else None
        seat_tokens.append(token)
        human = spec in ("human", "open")
        bank = table_clock.bank if table_clock is not None and human else None
        runs = bank is not None and seat == mover and status == "running"
        seat_rows.append(
            {
                "seat": seat,
                "agent": None if human else spec,
                "token_hash": None if token is None else tokens.token_hash(token),
                "autoplay": False,
                "name": seat_names[seat],
                "bank": bank,
                "turn_since": now if runs else None,
            }
        )
    row = GameRow(
        id=table_id,
        game=game_id,
        players=count,
        options=dict(state.options),
        seed=state.seed,
        version=0,
        to_move=None,
        host_hash=tokens.token_hash(host),
        created=time.time(),
        seats=seat_rows,
        spectator_hash=tokens.token_hash(spectator),
        public=public,
        seed_chosen=seed_chosen,
        hints=hints,
        status=status,
        mode=mode,
        clock_bank=None if table_clock is None else table_clock.bank,
        clock_credit=None if table_clock is None else table_clock.credit,
        open_until=now + policy.open_for if opened else None,
        variant=dict(game.variant),
    )
    columns = {
        "id": table_id,
        "game": game_id,
        "players": count,
        "options": dict(state.options),
        "seed": state.seed,
        "version": 0,
        "host_hash": row.host_hash,
        "spectator_hash": row.spectator_hash,
        "public": public,
        "seed_chosen": seed_chosen,
        "hints": hints,
        "mode": mode,
        "clock_bank": row.clock_bank,
        "clock_credit": row.clock_credit,
        "open_until": row.open_until,
        "variant": dict(game.variant) or None,
        **after(state, row),
    }
    row.status, row.to_move = columns["status"], columns["to_move"]  # as stored
    tables.store.create(columns, seat_rows, state.to_json())
    with tables.guard:
        tables.live[table_id] = Live(row, state, 0)
    tables.announce(table_id)
    return {
        "id": table_id,
        "host_token": host,
        "spectator_token": spectator,
        "seat_tokens": seat_tokens,
        "seats": specs,
        "public": public,
        "seed_chosen": seed_chosen,
        "hints": hints,
        "mode": mode,
        "clock": None if table_clock is None else table_clock.to_dict(),
        "status": status,
        "variant": dict(game.variant),
    }


def _names(names: list[str | None] | None, count: int, specs: list[str]) -> list[str | None]:
    """The host's preset names, cleaned and unique (a bot's seat gets none)."""
    names = list(names or [])
    if len(names) > count:
        raise BadName(f"names: at most one per seat ({count}), got {len(names)}", "names_count")
    names += [None] * (count - len(names))
    cleaned: list[str | None] = []
    for seat, name in enumerate(names):
        if name is None or specs[seat] not in ("human", "open"):
            cleaned.append(None)
            continue
        name = clean(name)
        check_unique(name, cleaned)
        cleaned.append(name)
    return cleaned
