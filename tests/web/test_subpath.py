"""The web table under a sub-path: `contraband serve --root-path /games` behind a reverse proxy
that serves it at http://host/games/ and strips the prefix before forwarding (Caddy's
``handle_path /games/*``, nginx's ``location /games/ { proxy_pass http://…/; }``).

The server writes the root into the page (index.html's asset paths and its
``<meta name="contraband-root">``, contraband/server/pages.py); the front end puts it in front
of every request, live socket and link (contraband/web/src/root.js). Without a root path the
page is served exactly as built.

The browser test runs a real Caddy in front of a real server (skipped without ``caddy``) and
checks that nothing the pages ask for leaves /games/.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import time
from urllib.parse import urlsplit

import httpx
import pytest
from fastapi.testclient import TestClient

from contraband.server.app import create_app
from tests.server.conftest import TEST_POLICY
from tests.server.processes import Server, free_port
from tests.web.table import Played, create_from_lobby, step, version

ROOT = "/games"
ASSET = re.compile(r'\s(?:src|href)="([^"]*/assets/[^"]+)"')
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\ssrc=)")
META = re.compile(r'<meta name="contraband-root" content="([^"]*)" />')
MINE = "() => document.querySelector('.status-bar.mine')"
READY_AGAIN = """() => document.querySelector('.status-bar.mine') ||
    document.querySelector('[data-testid=end-screen]')"""


# --- the page the server hands out (no proxy, no browser) ---------------------------------------


def test_the_page_carries_its_root_and_is_unchanged_without_one(built, tmp_path):
    index = (built / "index.html").read_text(encoding="utf-8")
    assert META.search(index).group(1) == "", "the built page says: at the site's root"
    plain = create_app(f"sqlite:///{tmp_path / 'plain.db'}", bot_threads=1, policy=TEST_POLICY)
    with TestClient(plain) as client:
        for path in ("/", "/table/abc", "/rules/tony-tino", "/replay/abc"):
            answer = client.get(path)
            assert answer.status_code == 200
            assert answer.text == index, f"{path}: the built file as it is"
    rooted = create_app(
        f"sqlite:///{tmp_path / 'rooted.db'}", bot_threads=1, policy=TEST_POLICY, root_path=ROOT
    )
    with TestClient(rooted) as client:
        # the proxy strips the prefix (what reaches the server), or it is still there
        for path in ("/", "/table/abc", "/rules/tony-tino", "/replay/abc", "/games/table/abc"):
            answer = client.get(path)
            assert answer.status_code == 200
            assert answer.headers["cache-control"] == "no-cache"
            assert "script-src 'self'" in answer.headers["content-security-policy"]
            text = answer.text
            assert META.search(text).group(1) == ROOT
            assets = ASSET.findall(text)
            assert assets and all(a.startswith(f"{ROOT}/assets/") for a in assets), assets
            assert '"/assets/' not in text
            assert not INLINE_SCRIPT.search(text), "the policy allows no inline script"
            # only the root changed: the page is the built one otherwise
            unrooted = text.replace(f"{ROOT}/assets/", "/assets/")
            assert unrooted.replace(f'content="{ROOT}"', 'content=""') == index
            for asset in assets:  # each asset is there, asked for with or without the prefix
                assert client.get(asset).status_code == 200
                assert client.get(asset.removeprefix(ROOT)).status_code == 200
        # the API's links stay relative to the root (the page puts the root in front)
        made = client.post("/api/games", json={"game": "tony-tino", "seats": ["human", "easy"]})
        seat = made.json()["seats"][0]["link"]
        assert seat.startswith(f"/table/{made.json()['id']}#token="), seat
    # a root with characters HTML or URLs treat specially is written escaped
    odd = create_app(
        f"sqlite:///{tmp_path / 'odd.db'}", bot_threads=1, policy=TEST_POLICY,
        root_path='/a b/"x<y>/',
    )  # fmt: skip
    with TestClient(odd) as client:
        text = client.get("/").text
        assert META.search(text).group(1) == "/a%20b/%22x%3Cy%3E"
        assert '"x<y>' not in text


# --- the whole table through a real reverse proxy ----------------------------------------------


CADDYFILE = """{
	admin off
	auto_https off
}

http://:PROXY {
	bind 127.0.0.1
	handle_path /games/* {
		reverse_proxy 127.0.0.1:SERVER
	}
	# anything outside the sub-path is not the table's: a page that asks for it gets a 404
	handle {
		respond "outside /games/" 404
	}
}
"""


@pytest.fixture(scope="module")
def rooted_server(built, tmp_path_factory):
    db = tmp_path_factory.mktemp("subpath") / "games.db"
    srv = Server(
        f"sqlite:///{db}",
        bots=1,
        extra=("--root-path", ROOT, "--proxy-headers"),
        policy={"CONTRABAND_TRUSTED_SEEDS": "1"},
    ).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def proxy(rooted_server, tmp_path_factory):
    """Caddy at http://localhost:<port>/games/ in front of the server, stripping /games."""
    caddy = shutil.which("caddy")
    if caddy is None:
        pytest.skip("no caddy on PATH (Debian's package 'caddy'): the sub-path test needs a proxy")
    home = tmp_path_factory.mktemp("caddy")
    port = free_port()
    config = home / "Caddyfile"
    text = CADDYFILE.replace("PROXY", str(port)).replace("SERVER", str(rooted_server.port))
    config.write_text(text, encoding="utf-8")
    env = {
        **os.environ,
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"),
    }
    log = (home / "caddy.log").open("w")
    process = subprocess.Popen(
        [caddy, "run", "--config", str(config), "--adapter", "caddyfile"],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
        cwd=home,
    )
    base = f"http://localhost:{port}{ROOT}"
    try:
        end = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                raise RuntimeError((home / "caddy.log").read_text()[-2000:])
            try:
                if httpx.get(f"http://127.0.0.1:{port}{ROOT}/api/registry", timeout=1).is_success:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > end:
                raise RuntimeError("caddy did not start: " + (home / "caddy.log").read_text())
            time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


class Traffic:
    """Every request and WebSocket of a browser context's pages, and the live frames."""

    def __init__(self, ctx) -> None:
        self.requests: list[str] = []
        self.sockets: list[str] = []
        self.frames: list[dict] = []
        self.errors: list[str] = []
        self.actions = []  # the answers to this seat's moves
        ctx.on("request", lambda request: self.requests.append(request.url))
        ctx.on("response", self._response)
        ctx.on("page", self._page)

    def _page(self, page) -> None:
        page.on("websocket", self._socket)
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _socket(self, socket) -> None:
        self.sockets.append(socket.url)
        socket.on("framereceived", lambda payload: self.frames.append(_frame(payload)))

    def _response(self, response) -> None:
        if response.request.method == "POST" and response.url.endswith("/actions"):
            self.actions.append(response)

    def outside(self, base: str) -> list[str]:
        """The URLs asked for that are not below ``base``/ (data: URLs are no requests)."""
        site = urlsplit(base)
        stray = []
        for address in self.requests + self.sockets:
            parts = urlsplit(address)
            if parts.scheme == "data":
                continue
            same_host = parts.hostname == site.hostname and parts.port == site.port
            if not same_host or not parts.path.startswith(f"{site.path}/"):
                stray.append(address)
        return stray


def _frame(payload) -> dict:
    try:
        return json.loads(payload)
    except (TypeError, ValueError):
        return {}


def test_the_table_works_under_the_sub_path(proxy, context, artifacts):
    base = proxy  # http://localhost:<port>/games
    ctx = context(viewport={"width": 1280, "height": 800})
    traffic = Traffic(ctx)
    page = ctx.new_page()
    # the lobby under /games/: a Tony & Tino game against a bot
    links = create_from_lobby(page, base, "tony-tino", ["human", "random"], seed=3)
    for name, link in links.items():
        assert link.startswith(f"{base}/table/"), (name, link)
    game_id = links[0].split("/table/")[1].split("#")[0]
    # the lobby's own link opens the seat's table
    assert page.get_by_test_id("open-seat-0").get_attribute("href").startswith(f"{ROOT}/table/")
    page.get_by_test_id("open-seat-0").click()
    page.get_by_test_id("status-bar").wait_for()
    assert page.url == links[0]
    page.wait_for_function(MINE)
    assert traffic.sockets, "the table opened no live connection"
    assert traffic.sockets[0].startswith(f"ws://localhost:{urlsplit(base).port}{ROOT}/api/games/")
    # moves by clicking; the bot's answers come over the live socket through the proxy
    rng = random.Random(5)
    played = Played()
    for _ in range(6):
        if step(page, rng, played) == "over":
            break
    page.wait_for_function(READY_AGAIN)
    assert played.clicks >= 3
    mine = {response.json()["version"] for response in traffic.actions}
    assert mine, "no move was answered"
    updates = [f for f in traffic.frames if f.get("type") == "update"]
    bots = {f["version"] for f in updates} - mine
    assert bots, f"no bot move came over the socket: {len(traffic.frames)} frames, mine {mine}"
    assert any(f.get("to_move") == 0 and f["version"] in bots for f in updates)
    assert version(page) >= max(bots)
    assert page.get_by_test_id("offline").count() == 0
    page.screenshot(path=artifacts / "subpath-table-1280.png")
    # the same seat on a phone
    phone = context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )  # fmt: skip
    phone_traffic = Traffic(phone)
    small = phone.new_page()
    small.goto(links[0])
    small.get_by_test_id("status-bar").wait_for()
    small.wait_for_function(READY_AGAIN)
    assert version(small) == version(page)
    small.screenshot(path=artifacts / "subpath-table-390.png")
    wide = small.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= 392, f"the page is {wide} px wide on a 390 px phone"
    # the rules panel beside the table, and its link to the rules page (a new tab)
    page.get_by_test_id("rules-button").click()
    panel = page.get_by_test_id("rules-panel")
    panel.get_by_test_id("rules-body").wait_for()
    with ctx.expect_page() as opened:
        panel.locator(".rules-panel-head a").click()
    rules_tab = opened.value
    rules_tab.get_by_test_id("rules-body").wait_for()
    assert rules_tab.url == f"{base}/rules/tony-tino"
    anchor = rules_tab.locator(".rules-anchor").first.evaluate("a => a.href")
    assert anchor.startswith(f"{base}/rules/tony-tino#"), anchor
    rules_tab.close()
    # back to the lobby: it lists the game (its link under the root); its Rules link
    page.locator("a.home").click()
    page.get_by_test_id("pick-tony-tino").wait_for()
    assert page.url == f"{base}/"
    running = page.get_by_test_id("my-running").get_by_test_id(f"my-game-{game_id}").first
    running.wait_for()
    assert running.locator("a").first.evaluate("a => a.href").startswith(f"{base}/table/")
    page.get_by_test_id("rules-tony-tino").click()
    page.get_by_test_id("rules-body").wait_for()
    assert page.url == f"{base}/rules/tony-tino"
    page.locator("a.home").click()
    page.get_by_test_id("pick-tony-tino").wait_for()
    # nothing left /games/, and nothing failed on the way
    assert traffic.outside(base) == [], traffic.outside(base)
    assert phone_traffic.outside(base) == [], phone_traffic.outside(base)
    assert not traffic.errors and not phone_traffic.errors, traffic.errors + phone_traffic.errors
    asked = {urlsplit(url).path for url in traffic.requests}
    assert any(path.startswith(f"{ROOT}/assets/") for path in asked), asked
    assert f"{ROOT}/api/games/{game_id}" in asked, asked
