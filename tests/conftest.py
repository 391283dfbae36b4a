import os

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
