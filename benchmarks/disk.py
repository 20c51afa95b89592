"""The raw cost of a durable commit on this machine's disk: plain ``sqlite3``,
WAL, ``synchronous=FULL``, one row the size of a game's state snapshot. Every
write action pays at least this; it varies with the disk's other load."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from .stats import timed

SNAPSHOT = "x" * 3000  # a two-player classic state is about 3 KB of JSON


class CommitProbe:
    def __init__(self, path: Path, synchronous: str = "FULL"):
        self.conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.conn.execute("PRAGMA journal_mode = WAL")
        self.conn.execute(f"PRAGMA synchronous = {synchronous}")
        self.conn.execute("CREATE TABLE IF NOT EXISTS probe (id INTEGER PRIMARY KEY, state TEXT)")

    def _commit(self, rows: int) -> None:
        self.conn.execute("BEGIN IMMEDIATE")
        self.conn.executemany("INSERT INTO probe (state) VALUES (?)", [(SNAPSHOT,)] * rows)
        self.conn.execute("COMMIT")

    def sample(self, rows: int = 1) -> float:
        """One commit of ``rows`` snapshot-sized rows (``rows`` > 1: several
        writes sharing one commit, as a group commit would)."""
        elapsed, _ = timed(lambda: self._commit(rows))
        return elapsed

    def close(self) -> None:
        self.conn.close()
