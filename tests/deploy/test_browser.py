"""Two people play Tony & Tino in Chromium through Caddy over https, the way it is deployed.

The game is created in the lobby by a browser Caddy balances over both processes; then each
player's browser is pinned to one process (a cookie Caddy routes on), so every move one player
makes reaches the other's table from the OTHER process, over PostgreSQL and the other
player's WebSocket (wss, through Caddy). The certificate is Caddy's own authority's, trusted by
the browser, not ignored.
"""

from __future__ import annotations

import contextlib
import json
import random

from tests.deploy.stack import PIN, UPSTREAM
from tests.web.table import Played, create_from_lobby, step, version

#: decisions each player makes (the test plays until both have made this many)
DECISIONS = 4


class Seen:
    """What one browser context received: its responses' upstreams and its WebSockets."""

    def __init__(self, ctx) -> None:
        self.upstreams: set[str] = set()
        self.sockets: list[str] = []
        self.versions: list[int] = []  # the version of every message a socket brought
        ctx.on("response", self._response)
        ctx.on("page", lambda page: page.on("websocket", self._socket))

    def _response(self, response) -> None:
        upstream = response.headers.get(UPSTREAM.lower())
        if upstream:
            self.upstreams.add(upstream)

    def _socket(self, ws) -> None:
        self.sockets.append(ws.url)
        ws.on("framereceived", self._frame)

    def _frame(self, data) -> None:
        with contextlib.suppress(TypeError, ValueError, KeyError):
            self.versions.append(json.loads(data)["version"])


def on_move(pages) -> int | None:
    """The index of the page whose seat decides now (None: the game is over)."""
    for _ in range(1000):
        for index, page in enumerate(pages):
            if page.locator("[data-testid=end-screen]").count():
                return None
            if (
                page.locator(".status-bar.mine").count()
                and not page.locator(".table-page[data-busy=true]").count()
            ):
                return index
        pages[0].wait_for_timeout(30)
    raise AssertionError("neither seat is on move")


def test_two_players_through_caddy_over_https(deployment, context, tmp_path):
    site = deployment.game
    first, second = (deployment.upstream(s) for s in deployment.servers)
    # the lobby, balanced over both processes by Caddy
    lobby_ctx = context()
    lobby_seen = Seen(lobby_ctx)
    lobby = lobby_ctx.new_page()
    answer = lobby.goto(f"{site.url}/")
    assert answer.ok
    tls = answer.security_details()
    assert tls and "Caddy Local Authority" in tls["issuer"], tls
    assert tls["protocol"].startswith("TLS"), tls
    links = create_from_lobby(lobby, site.url, "tony-tino", ["human", "human"])
    assert links[0].startswith(f"{site.url}/table/"), links
    assert lobby_seen.upstreams == {first, second}, "Caddy did not balance over both processes"
    # each player's browser pinned to one process
    pages, seen, errors = [], [], []
    for seat, pin in ((0, "first"), (1, "second")):
        ctx = context()
        ctx.add_cookies([{"name": PIN, "value": pin, "url": site.url}])
        seen.append(Seen(ctx))
        page = ctx.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        answer = page.goto(links[seat])
        assert answer.ok and "Caddy Local Authority" in answer.security_details()["issuer"]
        page.get_by_test_id("status-bar").wait_for()
        assert page.evaluate("() => [location.protocol, isSecureContext]") == ["https:", True]
        pages.append(page)
    for seat, upstream in enumerate((first, second)):
        for _ in range(200):
            if seen[seat].versions:  # the live connection has brought the table
                break
            pages[seat].wait_for_timeout(25)
        assert seen[seat].sockets, "the table opened no live connection"
        for url in seen[seat].sockets:  # wss, through Caddy
            assert url.startswith(f"wss://localhost:{site.port}/api/games/"), url
        assert seen[seat].upstreams == {upstream}, seen[seat].upstreams
    # play: every decision reaches the other player's table over its WebSocket
    rng = random.Random(3)
    played = [Played(), Played()]
    made = [0, 0]
    while min(made) < DECISIONS:
        mover = on_move(pages)
        assert mover is not None, "the game ended before both players made their decisions"
        other = 1 - mover
        if step(pages[mover], rng, played[mover]) != "acted":
            continue
        made[mover] += 1
        now = version(pages[mover])
        pages[other].wait_for_function(
            "v => +document.querySelector('.table-page').dataset.version >= v", arg=now
        )
        for _ in range(200):  # the socket's message, not a reload, brought it
            if any(v >= now for v in seen[other].versions):
                break
            pages[other].wait_for_timeout(25)
        else:
            raise AssertionError(f"no live update of version {now} reached seat {other}")
    assert seen[0].upstreams == {first} and seen[1].upstreams == {second}
    # the table, as each player sees it now (1280x800)
    for seat, page in enumerate(pages):
        page.screenshot(path=tmp_path / f"tony-tino-seat-{seat}.png")
    assert not errors, errors
    print(f"screenshots: {tmp_path}")
