import fcntl
import os
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, settings

from referee import create_app
from referee.editions import shipped
from referee.service import records

from .scheduling import LongestFirst

settings.register_profile("ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Under pytest-xdist every test runs holding a shared lock of the run, and a test marked
    ``alone`` the exclusive one: it starts once the other workers' tests end, and theirs wait
    for it, so that its bound is measured with nothing else of ours running. A test passes a
    gate first, which the alone test keeps shut while it waits: new tests cannot keep taking
    the shared lock ahead of it."""
    if not hasattr(item.config, "workerinput"):  # one process: every test runs alone already
        return (yield)
    run = item.config._tmp_path_factory.getbasetemp().parent  # shared by the run's workers
    alone = item.get_closest_marker("alone") is not None
    with open(run / "gate.lock", "a") as gate, open(run / "tests.lock", "a") as tests:
        fcntl.flock(gate, fcntl.LOCK_EX)
        fcntl.flock(tests, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
        if not alone:
            fcntl.flock(gate, fcntl.LOCK_UN)
        return (yield)


def pytest_xdist_make_scheduler(config, log):
    """Whole files, as ``--dist loadfile`` hands them out, the longest first (tests/scheduling.py)."""
    return LongestFirst(config, log) if config.getvalue("dist") == "loadfile" else None


@pytest.fixture
def classic():
    return shipped()["classic"]


@pytest.fixture
def app(tmp_path):
    return create_app({"REFEREE_DATABASE": str(tmp_path / "referee.sqlite3"), "TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


class HandClock:
    """Stands in for the service's clock (event stamps, the table clock, a timed game's end):
    time moves only when the test says. It starts at the real time, so that a page's own
    timers, which read the browser's clock, agree with it."""

    def __init__(self):
        self.at = datetime.now(UTC)

    def __call__(self) -> str:
        return self.at.isoformat(timespec="milliseconds")

    def advance(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


@pytest.fixture
def hand_clock(monkeypatch) -> HandClock:
    hand = HandClock()
    monkeypatch.setattr(records, "now", hand)
    return hand
