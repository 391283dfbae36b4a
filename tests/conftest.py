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


#: the folder whose tests are one unit of work: the worker that runs them starts the deployment
#: (Caddy, two servers, a database: about 25 s) once
DEPLOYMENT = "tests/deploy/"


#: the folders whose files are handed out first: their files are few but long (a browser, a
#: deployment), and one of them handed out last would end the run on one worker while the other
#: idles (``make test`` passes ``--no-loadscope-reorder``, so the files go in this order rather
#: than by their numbers of tests)
LONG_FILES_FIRST = ("tests/web/", DEPLOYMENT)


def work_unit(nodeid: str) -> str:
    """The unit of work of pytest-xdist's scheduler that a test belongs to: the Ray tests are one
    (two Ray clusters at once would contend for the machine and its ports), the deployment's
    another; every other test is a unit of its own, so the two workers stay evenly loaded to the
    end of the run."""
    path = nodeid.split("::", 1)[0]
    if "/test_ray" in path:
        return "ray"
    if path.startswith(DEPLOYMENT):
        return "deploy"
    return nodeid


def pytest_collection_modifyitems(config, items) -> None:
    """Hand out the browser and deployment files first (``make test`` passes
    ``--no-loadscope-reorder``, so the tests go in this order rather than by unit size)."""
    items.sort(key=lambda item: not item.nodeid.startswith(LONG_FILES_FIRST))  # stable


try:
    from xdist.scheduler import LoadScopeScheduling
except ImportError:  # without pytest-xdist the tests run in one process: nothing to schedule
    pass
else:

    class WorkUnitScheduling(LoadScopeScheduling):
        """xdist's scope scheduler over :func:`work_unit`.

        ``--dist loadgroup`` would read the groups of ``xdist_group`` marks from the node ids,
        which pytest 9.2 no longer lets xdist 3.8 rewrite (pytest-xdist issue 1386): every test
        was handed out alone. This scheduler takes the units from the node ids themselves, the
        hook xdist's own group scheduler overrides."""

        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    @pytest.hookimpl(tryfirst=True, optionalhook=True)  # optional: -p no:xdist
    def pytest_xdist_make_scheduler(config, log):
        """``make test`` runs ``-n 2 --dist loadgroup``: schedule by :func:`work_unit`."""
        if config.getvalue("dist") == "loadgroup":
            return WorkUnitScheduling(config, log)
        return None


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
