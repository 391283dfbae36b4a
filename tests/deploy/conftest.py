"""The server as deployed, once per session: Caddy (TLS, ``tls internal``) in front of two
``contraband serve --proxy-headers`` processes on one fresh PostgreSQL database.

Also a second pair of processes on the same database with a small allowance of games per
address, behind a second site of the same Caddy, for the per-address limits; and Debian's
Chromium started with a HOME whose NSS database trusts Caddy's root certificate (so nothing is
ignored: a certificate the browser did not trust would fail the page).

Nothing is installed here: `.ci/run` installs Debian's ``caddy`` and ``libnss3-tools`` (and
Chromium) and starts PostgreSQL (``CONTRABAND_TEST_POSTGRES``); without them the tests skip.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.deploy.stack import CADDY, CERTUTIL, Caddy, Echo, Site, trusting_home
from tests.server.conftest import POSTGRES, drop_postgres, fresh_postgres
from tests.server.processes import Server
from tests.web import conftest as web

#: what every process runs with behind the proxy: Caddy, on this machine, is the one trusted
BEHIND_CADDY = ("--proxy-headers", "--forwarded-allow-ips", "127.0.0.1,::1")
#: the table's pair: many games from one address (every browser here comes from 127.0.0.1)
MANY = {"CONTRABAND_CREATE_BURST": "1000"}
#: the small allowance of the limits pair: two games per address, then none for an hour
SMALL = {"CONTRABAND_CREATE_BURST": "2", "CONTRABAND_CREATE_EVERY": "3600"}


@dataclass
class Deployment:
    db_url: str
    caddy: Caddy
    game: Site  # the table: two processes, load-balanced
    servers: list[Server]
    limits: Site  # the small-allowance pair, with /echo
    limited: list[Server]

    def upstream(self, server: Server) -> str:
        return f"127.0.0.1:{server.port}"


@pytest.fixture(scope="session")
def deployment():
    if not POSTGRES:
        pytest.skip("no PostgreSQL server: set CONTRABAND_TEST_POSTGRES (.ci/run starts one)")
    if CADDY is None:
        pytest.skip("Debian's caddy is not installed (.ci/run installs it: apt-get install caddy)")
    web.ensure_built()  # the table's front end, built as the browser tests build it
    db_url = fresh_postgres()
    servers = [Server(db_url, extra=BEHIND_CADDY, policy=MANY) for _ in range(2)]
    limited = [Server(db_url, extra=BEHIND_CADDY, policy=SMALL) for _ in range(2)]
    echo = Echo()
    game = Site([f"127.0.0.1:{s.port}" for s in servers], pins=True)
    limits = Site([f"127.0.0.1:{s.port}" for s in limited], echo=echo.address)
    caddy = Caddy([game, limits])
    try:
        # a pair at a time, side by side (the first to migrate the schema holds the other back
        # with an advisory lock); one process per core, so each starts well within its 60 s
        with ThreadPoolExecutor(2) as pool:
            for pair in (servers, limited):
                list(pool.map(Server.start, pair))
        caddy.start()
        yield Deployment(db_url, caddy, game, servers, limits, limited)
    finally:
        caddy.stop()
        for server in servers + limited:
            server.stop()
        echo.stop()
        drop_postgres(db_url)


@pytest.fixture(scope="session")
def browser(deployment, tmp_path_factory, playwright_driver):
    """Debian's Chromium trusting Caddy's root certificate (its NSS database, in a HOME of its
    own), with no certificate error ignored."""
    if not Path(web.CHROMIUM).exists():
        pytest.skip(f"no Chromium at {web.CHROMIUM} (Debian's package 'chromium')")
    if CERTUTIL is None:
        pytest.skip("certutil is not installed (.ci/run installs it: Debian's libnss3-tools)")
    home = trusting_home(deployment.caddy.root, tmp_path_factory.mktemp("chromium-home"))
    args = [arg for arg in web.ARGS if "certificate" not in arg]
    chromium = playwright_driver.chromium.launch(
        executable_path=web.CHROMIUM, args=args, env={**os.environ, "HOME": str(home)}
    )
    yield chromium
    chromium.close()


@pytest.fixture
def context(browser):
    made = []

    def new(**options):
        """A browser context at 1280x800, animations off."""
        options.setdefault("viewport", {"width": 1280, "height": 800})
        options.setdefault("reduced_motion", "reduce")
        ctx = browser.new_context(**options)
        ctx.set_default_timeout(30_000)
        made.append(ctx)
        return ctx

    yield new
    for ctx in made:
        ctx.close()
