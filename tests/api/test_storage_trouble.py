"""Storage trouble is said, not hidden (issue 16, item 3): a database that
cannot be written (read-only) or that another program keeps locked past the
timeout answers writes with 503, Retry-After and problem details, stores
nothing, and goes on serving reads. The disk filling up under a real server:
tests/server/test_storage_trouble.py."""

import sqlite3

import pytest
import sqlite_utils

from referee import create_app
from referee.store import Store

from .table import Table


def assert_storage_problem(response, says: str) -> None:
    assert response.status_code == 503 and response.mimetype == "application/problem+json"
    assert response.json["code"] == "storage_unavailable" and says in response.json["detail"]
    assert int(response.headers["Retry-After"]) > 0


@pytest.fixture
def locked_app(tmp_path):
    return create_app({"REFEREE_DATABASE": str(tmp_path / "r.sqlite3"), "REFEREE_LOCK_TIMEOUT_SECONDS": 0.2})


def test_a_database_another_program_keeps_locked_is_503_and_nothing_is_stored(locked_app):
    client = locked_app.test_client()
    table = Table(client)
    books = table.books()
    other = sqlite3.connect(locked_app.config["REFEREE_DATABASE"], isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # a backup tool or a sqlite3 shell holding the write lock
    try:
        assert_storage_problem(table.post("/actions", {"type": "roll", "seat": 0, "dice": [1, 2]}), "locked")
        assert table.state()["version"] == 1  # reads go on
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert table.books() == books
    assert table.post("/actions", {"type": "roll", "seat": 0, "dice": [1, 2]}).status_code == 201


def test_a_read_only_database_is_503_for_writes_and_still_serves_reads(app, client, monkeypatch):
    table = Table(client)
    store = app.extensions["referee"].store
    opened = Store._open

    def read_only(self):
        db = opened(self)
        db.conn.close()
        db = sqlite_utils.Database(sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False))
        return db

    monkeypatch.setattr(Store, "_open", read_only)
    store.close()
    assert_storage_problem(table.post("/actions", {"type": "roll", "seat": 0, "dice": [1, 2]}), "read-only")
    assert_storage_problem(
        client.post("/games", json={"edition": "classic", "players": [{"name": "A"}, {"name": "B"}]}), "read-only"
    )
    assert table.state()["version"] == 1
