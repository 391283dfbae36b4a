"""Alembic migrations of the game server's database."""

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import text
from sqlalchemy.engine import Engine

HERE = Path(__file__).parent


#: the PostgreSQL advisory lock that lets one process at a time migrate (any fixed number)
MIGRATION_LOCK = 0x636F6E74


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest schema (a no-op when it is there already).

    On SQLite the references are checked once the migration is done, not while a batch
    migration rebuilds a table that others refer to (a games table with seats and moves).

    Several server processes started at once on one PostgreSQL database (after an upgrade,
    say) take turns: the first migrates under an advisory lock held until its transaction
    ends, the others then find the schema current."""
    config = Config()
    config.set_main_option("script_location", str(HERE))
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:  # a batch migration copies a table: its rows' foreign keys must wait
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        with connection.begin():
            if connection.dialect.name == "postgresql":
                connection.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK}
                )
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
        if sqlite:
            broken = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
            connection.exec_driver_sql("PRAGMA foreign_keys=ON")
            connection.commit()
            if broken:
                raise RuntimeError(f"the migrated database has broken references: {broken[:3]}")
