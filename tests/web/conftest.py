"""Browser tests of the web table: Debian's Chromium driven by Playwright for Python.

The front end is built from contraband/web when its build output is missing or older than its
sources (with the machine's npm); one game server per test session runs on a free loopback
port. Never downloads a browser: without /usr/bin/chromium these tests are skipped.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from tests.server.processes import Server

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "contraband" / "web"
STATIC = ROOT / "contraband" / "server" / "static"
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("CONTRABAND_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


def _stale() -> bool:
    index = STATIC / "index.html"
    if not index.exists():
        return True
    built = index.stat().st_mtime
    sources = [WEB / "index.html", WEB / "package-lock.json", WEB / "vite.config.js"]
    sources += list((WEB / "src").rglob("*"))
    return any(path.is_file() and path.stat().st_mtime > built for path in sources)


def _build() -> None:
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("the web table is not built and npm is not installed")
    if not (WEB / "node_modules").is_dir():
        subprocess.run([npm, "ci", "--prefix", str(WEB)], check=True, cwd=ROOT)
    subprocess.run([npm, "run", "build", "--prefix", str(WEB)], check=True, cwd=ROOT)


def ensure_built() -> Path:
    """The front end, built if it is older than its sources (one build at a time, whatever
    number of test workers)."""
    if _stale():
        with _build_lock():
            if _stale():
                _build()
    return STATIC


@pytest.fixture(scope="session")
def built() -> Path:
    return ensure_built()


@contextlib.contextmanager
def _build_lock():
    import fcntl

    with open(Path(tempfile.gettempdir()) / "contraband-web-build.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def server(built, tmp_path_factory):
    db = tmp_path_factory.mktemp("web") / "games.db"
    # the browser tests play fixed deals, also between two human seats
    # (and a seat nobody has opened for a moment counts as abandoned: the host tests hand one)
    # (and the coach searches a small budget, so hints and reviews come quickly)
    policy = {
        "CONTRABAND_TRUSTED_SEEDS": "1",
        "CONTRABAND_ABANDON_AFTER": "0.5",
        "CONTRABAND_BOT_ITERATIONS": "300",
    }
    srv = Server(f"sqlite:///{db}", bots=2, policy=policy).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser(playwright_driver):
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (Debian's package 'chromium')")
    chromium = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield chromium
    chromium.close()


@pytest.fixture
def context(browser):
    made = []

    def new(**options):
        """A browser context; animations off unless asked for (the tables honour
        prefers-reduced-motion, and the runs are a third faster without them)."""
        viewport = options.pop("viewport", {"width": 1280, "height": 900})
        options.setdefault("reduced_motion", "reduce")
        ctx = browser.new_context(viewport=viewport, **options)
        ctx.set_default_timeout(60_000)
        made.append(ctx)
        return ctx

    yield new
    for ctx in made:
        ctx.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test shows the end of its server's log (the server runs in a process of
    its own, whose log is a temporary file: without this a stalled bot leaves no trace)."""
    outcome = yield
    report = outcome.get_result()
    server = item.funcargs.get("server") if hasattr(item, "funcargs") else None
    if report.when != "call" or not report.failed or not hasattr(server, "log"):
        return
    try:
        text = server.log()
    except OSError as error:
        text = f"(the log could not be read: {error})"
    shown = text[-4000:] or "(empty: no warning or error was logged)"
    report.sections.append(("contraband server log, last 4,000 characters", shown))
