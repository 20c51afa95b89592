"""The store's promises: one writer at a time, checkpoints only under the
writer's lock, durable commits, and a write that fails leaves nothing."""

import fcntl
import os
import sqlite3

import pytest

from referee.store import Store

EVENT = {"seq": 1, "type": "create", "seat": None, "action": {}, "rulings": [], "at": "now", "facts": {"change": None}}
STATE = {"version": 1}


def write_game(store: Store, game_id: str) -> None:
    with store.write() as writer:
        writer.insert_game(game_id, "classic", STATE, ledger_seq=0)
        writer.append_event(game_id, EVENT, [])


def test_every_connection_is_durable_wal_without_automatic_checkpoints(tmp_path):
    store = Store(tmp_path / "db.sqlite3")
    conn = store.db.conn
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0


def test_a_write_outside_store_write_is_refused_instead_of_racing(tmp_path):
    store = Store(tmp_path / "db.sqlite3")
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        store.db.execute("INSERT INTO editions (id, document, created_at) VALUES ('x', '{}', 'now')")
    write_game(store, "g")  # inside write() the same connection may write
    assert store.game("g")["version"] == 1


def test_checkpoints_run_only_while_this_process_holds_the_writer_lock(tmp_path, monkeypatch):
    store = Store(tmp_path / "db.sqlite3", checkpoint_every=3)
    seen = []
    original = Store._checkpoint

    def probing(self, conn):
        with open(self._lock_path) as other:  # another open file: flock must refuse it now
            try:
                fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
                seen.append("unlocked")
                fcntl.flock(other, fcntl.LOCK_UN)
            except BlockingIOError:
                seen.append("locked")
        original(self, conn)

    monkeypatch.setattr(Store, "_checkpoint", probing)
    for i in range(9):
        write_game(store, f"g{i}")
    assert seen == ["locked"] * 3


def test_the_wal_stays_bounded_because_the_writer_checkpoints(tmp_path):
    def wal_after_writes(name: str, every: int) -> int:
        store = Store(tmp_path / name, checkpoint_every=every)
        for i in range(200):
            write_game(store, f"g{i}")
        return os.path.getsize(tmp_path / f"{name}-wal")

    assert 3 * wal_after_writes("kept.sqlite3", 10) < wal_after_writes("never.sqlite3", 10**9)


def test_a_write_that_fails_midway_leaves_nothing_behind(tmp_path):
    store = Store(tmp_path / "db.sqlite3")
    with pytest.raises(RuntimeError):
        with store.write() as writer:
            writer.insert_game("g", "classic", STATE, ledger_seq=0)
            writer.append_event("g", EVENT, [])
            raise RuntimeError("the server died between the event and the state")
    assert store.game("g") is None and store.events("g") == []
    write_game(store, "g")  # and the store writes on
    assert store.count_events("g") == 1


def test_two_events_with_one_sequence_number_cannot_both_be_stored(tmp_path):
    store = Store(tmp_path / "db.sqlite3")
    write_game(store, "g")
    with pytest.raises(sqlite3.IntegrityError):
        with store.write() as writer:
            writer.append_event("g", EVENT, [])
    assert store.count_events("g") == 1


def test_stores_in_two_processes_serialise_on_the_lock_file(tmp_path):
    store = Store(tmp_path / "db.sqlite3")
    to_parent, from_child = os.pipe()
    to_child, from_parent = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child holds the writer lock until the parent has looked
        try:
            child = Store(tmp_path / "db.sqlite3")
            with child.write() as writer:
                writer.insert_game("child", "classic", STATE, ledger_seq=0)
                os.write(from_child, b"in")
                os.read(to_child, 1)
        finally:
            os._exit(0)
    assert os.read(to_parent, 2) == b"in"
    with open(store._lock_path) as other:
        with pytest.raises(BlockingIOError):
            fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
    os.write(from_parent, b"x")
    os.waitpid(pid, 0)
    write_game(store, "parent")
    assert store.game("child") and store.game("parent")
