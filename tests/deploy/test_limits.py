"""Per-address limits behind Caddy: each client is counted by its own address, not the proxy's.

The limits pair allows two games per address (``CONTRABAND_CREATE_BURST=2``, none refilled
within the test), per process: Caddy balances round robin over the two, so a client reaching
them through Caddy gets two games from each, four in all. Clients are told apart by their
source address (127.0.0.2, 127.0.0.3, ... are all this machine).
"""

from __future__ import annotations

from tests.deploy.stack import client

GAME = {"game": "tony-tino", "seats": ["human", "human"]}
FORGED = {"X-Forwarded-For": "9.9.9.9", "Forwarded": "for=9.9.9.9", "X-Real-IP": "9.9.9.9"}


def creations(http, url: str, times: int, headers: dict | None = None) -> list[int]:
    """The status of each of ``times`` attempts to create a game (201 made, 429 refused)."""
    statuses = []
    for _ in range(times):
        answer = http.post(f"{url}/api/games", json=GAME, headers=headers or {})
        assert answer.status_code in (201, 429), answer.text
        if answer.status_code == 429:
            assert "too many games created from this address" in answer.json()["error"]
        statuses.append(answer.status_code)
    return statuses


def test_caddy_forwards_the_real_address_and_drops_a_forged_one(deployment):
    """What reaches an upstream: X-Forwarded-For set by Caddy to the client's own address (the
    client's header replaced, not appended to), and the scheme https."""
    caddy, site = deployment.caddy, deployment.limits
    with client("127.0.0.2", caddy) as http:
        seen = http.get(f"{site.url}/echo", headers=FORGED).json()
    headers = {name.lower(): value for name, value in seen["headers"]}
    assert seen["peer"] == "127.0.0.1"  # Caddy's own connection
    assert headers["x-forwarded-for"] == "127.0.0.2"
    assert headers["x-forwarded-proto"] == "https"
    # Caddy passes a client's `Forwarded` header on untouched: behind Caddy the server must
    # read X-Forwarded-For (its default), never --forwarded-header forwarded
    assert headers.get("forwarded") == "for=9.9.9.9"


def test_each_address_behind_caddy_has_its_own_allowance(deployment):
    caddy, site = deployment.caddy, deployment.limits
    first, second = deployment.limited
    with client("127.0.0.2", caddy) as two, client("127.0.0.3", caddy) as three:
        # 127.0.0.2 spends its allowance: two games at each process, then refused at both
        assert creations(two, site.url, 8) == [201] * 4 + [429] * 4
        # 127.0.0.3, through the same Caddy at the same moment, is served at both
        assert creations(three, site.url, 2) == [201, 201]
        # a forged X-Forwarded-For (or Forwarded, X-Real-IP) through Caddy wins nothing:
        # Caddy forwards the real address, and the server counts that one
        assert creations(two, site.url, 4, FORGED) == [429] * 4
    # directly at a process (not through a trusted proxy) the forged header is ignored: the
    # client is counted as its own address, 127.0.0.4, and the forged one gets no allowance
    with client("127.0.0.4") as four:
        assert creations(four, first.url, 3, FORGED) == [201, 201, 429]
        assert creations(four, first.url, 1, {"X-Forwarded-For": "9.9.9.8"}) == [429]
        assert creations(four, second.url, 1) == [201]  # the other process counts on its own
    # 9.9.9.9 was never charged for any of that: from a trusted proxy's address (127.0.0.1,
    # where Caddy connects from) the header is believed, and 9.9.9.9's allowance is whole
    with client("127.0.0.1") as proxy:
        for server in (first, second):
            told = creations(proxy, server.url, 3, {"X-Forwarded-For": "9.9.9.9"})
            assert told == [201, 201, 429]
        # a trusted proxy's own requests (no header) are its own address's, still whole
        assert creations(proxy, first.url, 1) == [201]
