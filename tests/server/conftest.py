"""A game server on a fresh database per test: SQLite always, PostgreSQL where one runs.

PostgreSQL comes from ``CONTRABAND_TEST_POSTGRES`` (a server URL; `.ci/run` starts one and sets
it). Without it the PostgreSQL cases are skipped with that reason.
"""

from __future__ import annotations

import os
import time
import uuid

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from contraband.server.app import create_app
from contraband.server.policy import Policy

#: the server's defaults, but many games from one address and fixed deals for two humans
TEST_POLICY = Policy(create_burst=10_000, trusted_seeds=True)

POSTGRES = os.environ.get("CONTRABAND_TEST_POSTGRES")


#: the databases this test process made (``fresh_postgres``), dropped when its session ends
MADE: list[str] = []


def _admin(statement: str) -> None:
    admin = create_engine(POSTGRES.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with admin.connect().execution_options(isolation_level="AUTOCOMMIT") as db:
            db.execute(text(statement))
    finally:
        admin.dispose()


def fresh_postgres() -> str:
    """A new empty database on the test server; its URL. It is dropped at the end of the test
    session (a test server kept every one before: a thousand databases slowed its start)."""
    name = f"contraband_{uuid.uuid4().hex[:12]}"
    _admin(f'CREATE DATABASE "{name}"')
    MADE.append(name)
    base, _, _ = POSTGRES.rpartition("/")
    return f"{base}/{name}"


def drop_postgres(db_url: str) -> None:
    """Drop a database ``fresh_postgres`` made (its connections closed first)."""
    _admin(f'DROP DATABASE IF EXISTS "{db_url.rpartition("/")[2]}" WITH (FORCE)')


@pytest.fixture(scope="session", autouse=True)
def _drop_made_databases():
    yield
    while MADE:
        drop_postgres(MADE.pop())


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    if not POSTGRES:
        pytest.skip("no PostgreSQL server: set CONTRABAND_TEST_POSTGRES (.ci/run starts one)")
    return fresh_postgres()


@pytest.fixture
def server(db_url):
    """A client of a server whose bots think in a thread (fast to start)."""
    app = create_app(db_url, bot_threads=1, bot_pace=0, policy=TEST_POLICY)
    with TestClient(app) as client:
        client.app_state = app.state
        yield client


def create(client, game="tony-tino", seats=("human", "human"), public=True, **extra):
    """A new game (public by default, so that a request without a token watches it)."""
    body = {"game": game, "seats": list(seats), "public": public, **extra}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def wait_until(check, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("timed out waiting")


@pytest.fixture
def make(tmp_path):
    """Servers with a policy of the test's choosing (the server's own defaults otherwise, not
    ``TEST_POLICY``) and any other ``create_app`` options; each on its own database."""
    clients = []

    def start(policy: Policy | None = None, **options):
        options.setdefault("bot_pace", 0)
        options.setdefault("bot_threads", 1)
        app = create_app(f"sqlite:///{tmp_path / f'{len(clients)}.db'}", policy=policy, **options)
        client = TestClient(app).__enter__()
        client.app_state = app.state
        clients.append(client)
        return client

    yield start
    for client in clients:
        client.__exit__(None, None, None)


def new(client, **body):
    """A new game as a client would create it (private unless the body says otherwise)."""
    body = {"game": "tony-tino", "seats": ["human", "human"], **body}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def migrate_to(engine, revision: str) -> None:
    """Bring ``engine``'s database to Alembic ``revision`` (a schema older than the server's)."""
    from alembic import command
    from alembic.config import Config

    from contraband.server.migrations import HERE

    config = Config()
    config.set_main_option("script_location", str(HERE))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
