import os

import pytest
from hypothesis import HealthCheck, settings

from referee import create_app
from referee.editions import shipped

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
