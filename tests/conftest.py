import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_report_header() -> str:
    """Which contraband the tests run: the compiled build (make fast) or the sources."""
    from contraband.compiled import running, why_sources

    reason = why_sources()
    return f"contraband: {running()}" + (f" ({reason})" if reason else "")


#: the folders whose files are handed out first: their files are few but long (a browser, a
#: deployment), and one of them handed out last would end the run on one worker while the other
#: idles (``make test`` passes ``--no-loadscope-reorder``, so the files go in this order rather
#: than by their numbers of tests)
LONG_FILES_FIRST = ("tests/web/", "tests/deploy/")


#: the folder whose files are one group: each worker that runs one of them starts the
#: deployment (Caddy, two servers, a database: about 25 s) once
DEPLOYMENT = "tests/deploy/"


def pytest_collection_modifyitems(config, items) -> None:
    """Spread over pytest-xdist's workers a file at a time (``make test`` runs ``-n 2 --dist
    loadgroup``): a file's tests share their fixtures (one server, one browser); the two Ray
    files share one group, since two Ray clusters at once would contend for its ports, and the
    deployment's files another.

    Not in effect with pytest 9.2: xdist 3.8 marks a test's group by rewriting its node id,
    which pytest 9.2 no longer reads (pytest-xdist issue 1386, fix pending), so each test is
    handed out alone, in the order sorted here. The groups take effect again with that fix."""
    items.sort(key=lambda item: not item.nodeid.startswith(LONG_FILES_FIRST))  # stable
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        group = "ray" if "/test_ray" in path else "deploy" if path.startswith(DEPLOYMENT) else path
        item.add_marker(pytest.mark.xdist_group(group))


@pytest.fixture(scope="session")
def playwright_driver():
    """Playwright's driver, once per test process: the browser tests and the deployment tests
    each launch their own Chromium from it (a second sync driver in one process refuses to
    start while the first runs)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        yield driver


@pytest.fixture
def wide_console(monkeypatch):
    """The ``contraband`` command's console at 200 columns for one test: Rich fixes a console's
    width when it is made if ``COLUMNS`` was set then, so another test of the same worker may
    have left it narrower than the ``COLUMNS`` a test passes to ``CliRunner``."""
    from contraband.cli_common import console

    monkeypatch.setattr(console, "_width", 200)
    return console
