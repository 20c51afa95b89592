import os
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, settings

from referee import create_app
from referee.editions import shipped
from referee.service import records

settings.register_profile("ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


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
