"""The game server's tables (SQLAlchemy Core); Alembic's migrations bring a database to them."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("version", Integer, nullable=False),
    Column("status", String(16), nullable=False),  # open | running | over | abandoned | expired
    Column("to_move", Integer, nullable=True),  # the seat on move, None once over
    Column("bot_turn", Boolean, nullable=False),  # a bot (or an opted-in forced move) is due
    Column("claimed_by", String(64), nullable=True),
    Column("claimed_until", Float, nullable=True),
    Column("host_hash", String(64), nullable=False),
    Column("spectator_hash", String(64), nullable=True),  # None: games made before 0002
    Column("public", Boolean, nullable=False, default=False),  # listed, watchable by anyone
    Column("seed_chosen", Boolean, nullable=False, default=False),  # by the creator
    Column("hints", Boolean, nullable=False, default=False),  # the coach may be asked (0003)
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    # 0004: live or turn-based; the clock (seconds: each human seat's bank at the start and the
    # credit per decision; None: no clock); an open table's expiry; a rematch's game ids
    Column("mode", String(8), nullable=False, default="live"),
    Column("clock_bank", Float, nullable=True),
    Column("clock_credit", Float, nullable=True),
    Column("open_until", Float, nullable=True),
    Column("rematch", String(32), nullable=True),
    Column("rematch_of", String(32), nullable=True),
    # 0007: the rule variant (data path -> value, contraband.core.variants); None: the rulebook's
    Column("variant", JSON, nullable=True),
    Index("games_bot_turn", "status", "bot_turn"),
    Index("games_open", "status", "public"),
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("agent", String(200), nullable=True),  # None: a human seat
    Column("token_hash", String(64), nullable=True, unique=True),
    Column("autoplay", Boolean, nullable=False, default=False),
    Column("last_seen", Float, nullable=True),  # the seat's human was last heard from then
    # 0004: the player's display name; the seat's clock: seconds left as of ``turn_since`` (when
    # its running decision began; None: not running), when it ran out; an open seat kept for
    # one player (a rematch: the hash of their seat token at the old table)
    Column("name", String(64), nullable=True),
    Column("bank", Float, nullable=True),
    Column("turn_since", Float, nullable=True),
    Column("out_of_time", Float, nullable=True),
    Column("reserved_hash", String(64), nullable=True),
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("label", Text, nullable=False),
    Column("time", Float, nullable=False),
)

snapshots = Table(
    "snapshots",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("actions", Integer, primary_key=True),  # how many actions the snapshot follows
    Column("state", Text, nullable=False),  # to_json, as text
)
