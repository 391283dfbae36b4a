"""Backups as deployed: a backup of the PostgreSQL database taken while games run behind the
proxy, the database wiped, the backup restored with the servers stopped, and every game back
through https, replaying and going on (bots included).

It stops and restarts the deployment's servers, so it runs after the other deployment tests
(its file sorts last).
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from sqlalchemy import create_engine, text

from tests.deploy.stack import client
from tests.server.conftest import auth, wait_until


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "contraband.cli", *args], capture_output=True, text=True, timeout=120
    )


def _wipe(db_url: str) -> None:
    engine = create_engine(db_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as db:
        db.execute(text("DROP SCHEMA public CASCADE"))
        db.execute(text("CREATE SCHEMA public"))
    engine.dispose()


# the long tier (make test-slow): games played on while a backup is taken, then restored
@pytest.mark.slow
def test_a_backup_taken_while_games_run_is_restored_and_every_game_goes_on(deployment, tmp_path):
    caddy, site = deployment.caddy, deployment.game
    with client("127.0.0.5", caddy) as http:
        human = http.post(
            f"{site.url}/api/games", json={"game": "tony-tino", "seats": ["human", "human"]}
        ).json()
        bots = [
            http.post(
                f"{site.url}/api/games",
                json={"game": "counterfeiters", "seats": ["random", "random", "random"]},
            ).json()
            for _ in range(2)
        ]
        tokens = [s["token"] for s in human["seats"]]
        for _ in range(3):  # a few moves by the two people
            table = http.get(f"{site.url}/api/games/{human['id']}", headers=auth(tokens[0])).json()
            mover = table["to_move"]
            mine = http.get(
                f"{site.url}/api/games/{human['id']}", headers=auth(tokens[mover])
            ).json()
            http.post(
                f"{site.url}/api/games/{human['id']}/actions",
                json={"label": mine["legal"][0]["label"], "version": mine["version"]},
                headers=auth(tokens[mover]),
            ).raise_for_status()
        before = http.get(f"{site.url}/api/games/{human['id']}", headers=auth(tokens[0])).json()
        backup = tmp_path / "games.dump"
        made = _cli("backup", str(backup), "--db", deployment.db_url)  # the bots still play
        assert made.returncode == 0, made.stderr
    for server in deployment.servers + deployment.limited:
        server.stop()
    _wipe(deployment.db_url)
    restored = _cli("restore", str(backup), "--db", deployment.db_url, "--yes")
    assert restored.returncode == 0, restored.stderr + restored.stdout
    assert "failed" not in restored.stdout.lower()
    for server in deployment.servers + deployment.limited:
        server.start()
    with client("127.0.0.5", caddy) as http:
        again = http.get(f"{site.url}/api/games/{human['id']}", headers=auth(tokens[0])).json()
        assert again["version"] == before["version"] and again["log"] == before["log"]
        mover = again["to_move"]
        mine = http.get(f"{site.url}/api/games/{human['id']}", headers=auth(tokens[mover])).json()
        moved = http.post(
            f"{site.url}/api/games/{human['id']}/actions",
            json={"label": mine["legal"][0]["label"], "version": mine["version"]},
            headers=auth(tokens[mover]),
        )
        assert moved.status_code == 200, moved.text
        for game in bots:  # the bots go on from where the backup left them
            watch = auth(game["spectator_token"])
            start = http.get(f"{site.url}/api/games/{game['id']}", headers=watch).json()["version"]
            wait_until(
                lambda g=game, w=watch, v=start: (
                    http.get(f"{site.url}/api/games/{g['id']}", headers=w).json()["version"] > v
                    or http.get(f"{site.url}/api/games/{g['id']}", headers=w).json()["over"]
                ),
                timeout=60,
            )
