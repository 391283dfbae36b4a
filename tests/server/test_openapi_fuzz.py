"""Fuzz the API from its own OpenAPI document: whatever comes in, no answer is a server error.

Schemathesis builds requests from the schema (valid and invalid ones); every answer must be a
clear 2xx or 4xx with a message, never a 5xx or a traceback.
"""

import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings

from contraband.server.app import create_app
from tests.server.conftest import TEST_POLICY

_folder = Path(tempfile.mkdtemp(prefix="contraband-fuzz-"))
app = create_app(
    f"sqlite:///{_folder / 'fuzz.db'}",
    bot_threads=1,
    rate=1e9,
    burst=10**9,
    bot_pace=0,
    policy=TEST_POLICY,
)
schema = schemathesis.openapi.from_asgi("/openapi.json", app)
_made = app.state.tables.create("tony-tino", None, {}, ["human", "human"], 5)


@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_makes_the_server_fail(case):
    # half the requests aim at a real game with a real seat token, so they get past the lookup
    if case.path_parameters and "game_id" in case.path_parameters and len(repr(case)) % 2:
        case.path_parameters["game_id"] = _made["id"]
        case.headers = {
            **(case.headers or {}),
            "Authorization": f"Bearer {_made['seat_tokens'][0]}",
        }
    response = case.call()
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        assert response.json()["error"]
