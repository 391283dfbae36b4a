"""Alembic migrations of the game server's database."""

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine

HERE = Path(__file__).parent


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest schema (a no-op when it is there already)."""
    config = Config()
    config.set_main_option("script_location", str(HERE))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
