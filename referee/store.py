"""All SQLite access, through sqlite-utils.

Tables: ``games`` (one row per game with its current state snapshot),
``tokens`` (hashed bearer tokens, revoked ones marked), ``seat_moves``
(hashed one-time links that move a seat to another device), ``events`` (the journal, keyed by game and
sequence number), ``ledger`` (transfers, keyed by game and sequence number),
``editions`` (custom editions) and ``idempotency`` (the first answer to a
request sent with an Idempotency-Key, for a limited time). Each event keeps
its facts (``referee.facts``): the journal is the truth, the state row its
cache. The schema's versions are ``referee.migrations``.

Writes are serialised: one writer at a time per database file, across threads
(a lock) and processes (an exclusive ``flock`` on a lock file beside the
database), inside ``BEGIN IMMEDIATE``. The SQLite shipped here (3.40) can
corrupt a WAL database when two connections write or checkpoint at the same
moment (fixed in 3.51.3); with a single writer that never happens, and
writers queue in the app instead of spinning in SQLite's busy handler.

Group commit (``Store.commit``): the writes that threads of one process send
while a transaction is being written and synced wait together, and the next
of them to go runs them all in one transaction with one fsync, each in a
SAVEPOINT of its own, so that one write's failure rolls back that write
alone. Each gets its result (or its error) only once the whole transaction
is durable. A write is a function of the ``Writer``, given only the SQL to
run: the work around it (the rules, the answer) is done before, outside the
lock, which is held only for the statements and the sync.

Checkpoints run under the same lock: every connection has
``wal_autocheckpoint = 0`` and the writer checkpoints (PASSIVE) every
``checkpoint_every`` writes, before it lets the lock go. Outside a write
transaction a connection is ``query_only``, so a write that forgot the lock
fails loudly instead of racing. (SQLite's own checkpoint when the last
connection closes needs an exclusive lock on the database file, so nothing
else is open then.)
"""

from __future__ import annotations

import errno
import fcntl
import logging
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Generic, TypeVar

import sqlite_utils

from referee import migrations
from referee.stored_json import dumps as _dumps
from referee.stored_json import loads as _loads

__all__ = ["KEPT", "Remembered", "Store", "Writer", "trouble"]

log = logging.getLogger("referee.store")

KEPT = 0
"""The top of the actions in effect where an event has no facts (a game a
migration could not replay): no event has seq 0, so nothing is undone past it."""
CHECKPOINT_EVERY = 100  # writes of one process between two checkpoints
BUSY_SECONDS = 10.0  # how long a statement waits for a lock another program holds on the file, before 503
WAL_KEPT_BYTES = 1024 * 1024  # a checkpointed WAL is cut back to this (journal_size_limit): it never only grows

# What the disk or the database file can do to a write that the client should
# hear as "try again later" (503), by SQLite's primary result code and errno.
_TROUBLE_CODES = {
    sqlite3.SQLITE_FULL: "the disk is full",
    sqlite3.SQLITE_READONLY: "the database cannot be written (read-only)",
    sqlite3.SQLITE_BUSY: "the database stayed locked past the timeout",
    sqlite3.SQLITE_LOCKED: "the database stayed locked past the timeout",
    sqlite3.SQLITE_IOERR: "the disk failed to read or write",
    sqlite3.SQLITE_CANTOPEN: "the database file cannot be opened",
}
_TROUBLE_ERRNOS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EROFS: "the database cannot be written (read-only file system)",
    errno.EACCES: "the database cannot be written (permission denied)",
    errno.EIO: "the disk failed to read or write",
}


# Each table that holds a game's rows, and the column naming the game: what removing a game removes.
GAME_ROWS = (
    ("events", "game_id"),
    ("ledger", "game_id"),
    ("tokens", "game_id"),
    ("seat_moves", "game_id"),
    ("idempotency", "scope"),
    ("migration_notes", "game_id"),
    ("games", "id"),
)


def trouble(error: BaseException) -> str | None:
    """What went wrong with the storage, when ``error`` is the disk's or the
    database file's fault rather than the code's; None otherwise."""
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        return None if code is None else _TROUBLE_CODES.get(code & 0xFF)
    if isinstance(error, OSError):
        return _TROUBLE_ERRNOS.get(error.errno)
    return None


T = TypeVar("T")


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _account(value: str) -> int | str:
    return int(value) if value.isdigit() else value


def _ledger_entry(row: tuple) -> dict[str, Any]:
    seq, event, source, target, amount, reason, rule, ruling = row
    return {
        "seq": seq,
        "event": event,
        "from": _account(source),
        "to": _account(target),
        "amount": amount,
        "reason": reason,
        "rule": rule,
        "ruling": _loads(ruling),
    }


@dataclass(frozen=True)
class Remembered:
    """The first answer to a request sent with an Idempotency-Key.

    fingerprint: digest of what was asked (endpoint and body), to tell a
        retry from a different request reusing the key.
    status: the answer's status as first given.
    response: the answer, sealed (``referee.idempotency``): text the store
        keeps as it is and cannot read.
    """

    fingerprint: str
    status: int
    response: str


def _events(conn, game_id: str, after: int = 0, limit: int | None = None) -> list[dict[str, Any]]:
    sql = "SELECT seq, type, seat, action, rulings, at, facts FROM events WHERE game_id = ? AND seq > ? ORDER BY seq"
    params: list[Any] = [game_id, after]
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    return [
        {
            "seq": seq,
            "type": kind,
            "seat": seat,
            "action": _loads(action),
            "rulings": _loads(rulings),
            "at": at,
            "facts": None if facts is None else _loads(facts),
        }
        for seq, kind, seat, action, rulings, at, facts in conn.execute(sql, params).fetchall()
    ]


_LEDGER_COLUMNS = "seq, event, source, target, amount, reason, rule, ruling"


def _event_ledger(conn, game_id: str, event: int) -> list[dict[str, Any]]:
    rows = conn.execute(
        f"SELECT {_LEDGER_COLUMNS} FROM ledger WHERE game_id = ? AND event = ? ORDER BY seq", (game_id, event)
    ).fetchall()
    return [_ledger_entry(row) for row in rows]


class Writer:
    """The statements of one write transaction (only valid inside ``Store.write``)."""

    def __init__(self, conn):
        self.conn = conn

    def insert_game(self, game_id: str, edition: str, state: dict[str, Any], ledger_seq: int) -> None:
        at = now()
        self.conn.execute(
            "INSERT INTO games (id, edition, version, ledger_seq, state, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, edition, state["version"], ledger_seq, _dumps(state), at, at),
        )

    def insert_tokens(self, game_id: str, tokens: list[tuple[str, str, int | None]]) -> None:
        self.conn.executemany(
            "INSERT INTO tokens (token_hash, game_id, role, seat) VALUES (?, ?, ?, ?)",
            [(digest, game_id, role, seat) for digest, role, seat in tokens],
        )

    def token(self, token_hash: str) -> dict[str, Any] | None:
        row = self.conn.execute(
            "SELECT game_id, role, seat, revoked_at, revoked_why FROM tokens WHERE token_hash = ?", (token_hash,)
        ).fetchone()
        keys = ("game_id", "role", "seat", "revoked_at", "revoked_why")
        return None if row is None else dict(zip(keys, row, strict=True))

    def seats(self, game_id: str) -> set[int]:
        """The seats of a game that hold a token."""
        rows = self.conn.execute(
            "SELECT DISTINCT seat FROM tokens WHERE game_id = ? AND role = 'seat'", (game_id,)
        ).fetchall()
        return {seat for (seat,) in rows}

    def revoke_tokens(self, game_id: str, role: str, seat: int | None, why: str, at: str) -> None:
        """Every live token of one role (and seat) of a game stops working; its
        digest stays, marked with why, so that its next request hears it."""
        self.conn.execute(
            "UPDATE tokens SET revoked_at = ?, revoked_why = ?"
            " WHERE game_id = ? AND role = ? AND seat IS ? AND revoked_at IS NULL",
            (at, why, game_id, role, seat),
        )

    def open_seat_move(self, game_id: str, seat: int, link_hash: str, at: str, expires_at: str) -> None:
        """A new one-time link for the seat; the seat's earlier open link is replaced."""
        self.close_seat_moves(game_id, seat, "replaced", at)
        self.conn.execute(
            "INSERT INTO seat_moves (link_hash, game_id, seat, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
            (link_hash, game_id, seat, at, expires_at),
        )

    def close_seat_moves(self, game_id: str, seat: int, why: str, at: str) -> None:
        """The seat's open links close (used, replaced by a newer one or by a new token)."""
        self.conn.execute(
            "UPDATE seat_moves SET closed_at = ?, closed_why = ? WHERE game_id = ? AND seat = ? AND closed_at IS NULL",
            (at, why, game_id, seat),
        )

    def seat_move(self, link_hash: str) -> dict[str, Any] | None:
        row = self.conn.execute(
            "SELECT game_id, seat, expires_at, closed_at, closed_why FROM seat_moves WHERE link_hash = ?",
            (link_hash,),
        ).fetchone()
        keys = ("game_id", "seat", "expires_at", "closed_at", "closed_why")
        return None if row is None else dict(zip(keys, row, strict=True))

    def update_state(self, game_id: str, state: dict[str, Any], ledger_seq: int) -> None:
        self.conn.execute(
            "UPDATE games SET version = ?, ledger_seq = ?, state = ?, updated_at = ? WHERE id = ?",
            (state["version"], ledger_seq, _dumps(state), now(), game_id),
        )

    def append_event(self, game_id: str, event: dict[str, Any], ledger: list[dict[str, Any]]) -> None:
        """Append one event and its transfers; (game_id, seq) keys make a
        second writer of the same sequence number fail instead of forking."""
        self.conn.execute(
            "INSERT INTO events (game_id, seq, type, seat, action, rulings, at, facts) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                event["seq"],
                event["type"],
                event["seat"],
                _dumps(event["action"]),
                _dumps(event["rulings"]),
                event["at"],
                _dumps(event["facts"]),
            ),
        )
        self.conn.executemany(
            "INSERT INTO ledger (game_id, seq, event, source, target, amount, reason, rule, ruling)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    game_id,
                    e["seq"],
                    e["event"],
                    str(e["from"]),
                    str(e["to"]),
                    e["amount"],
                    e["reason"],
                    e["rule"],
                    _dumps(e["ruling"]),
                )
                for e in ledger
            ],
        )

    def events(self, game_id: str, after: int = 0, limit: int | None = None) -> list[dict[str, Any]]:
        """The journal (from event ``after`` + 1 on), as this transaction sees it."""
        return _events(self.conn, game_id, after, limit)

    def event_ledger(self, game_id: str, event: int) -> list[dict[str, Any]]:
        return _event_ledger(self.conn, game_id, event)

    def keep_document(self, digest: str, document: Callable[[], dict[str, Any]]) -> None:
        """Keep the edition document an event was judged under, once per digest
        (``document`` is called only when it is not kept yet)."""
        if self.conn.execute("SELECT 1 FROM edition_documents WHERE digest = ?", (digest,)).fetchone() is None:
            self.conn.execute(
                "INSERT INTO edition_documents (digest, document) VALUES (?, ?)", (digest, _dumps(document()))
            )

    def documents(self, digests: Iterable[str]) -> dict[str, dict[str, Any]]:
        """The kept edition documents of ``digests``."""
        wanted = sorted(set(digests))
        if not wanted:
            return {}
        rows = self.conn.execute(
            f"SELECT digest, document FROM edition_documents WHERE digest IN ({','.join('?' * len(wanted))})", wanted
        ).fetchall()
        return {digest: _loads(document) for digest, document in rows}

    def top(self, game_id: str, seq: int) -> int | None:
        """The action in effect on top after event ``seq``, as its facts say
        (``KEPT`` for an event a migration kept without facts)."""
        row = self.conn.execute(
            "SELECT facts IS NULL, json_extract(facts, '$.top') FROM events WHERE game_id = ? AND seq = ?",
            (game_id, seq),
        ).fetchone()
        return KEPT if row is None or row[0] else row[1]

    # -- idempotency keys ------------------------------------------------------
    def recall(self, scope: str, key_hash: str, at: str) -> Remembered | None:
        row = self.conn.execute(
            "SELECT fingerprint, status, response FROM idempotency WHERE scope = ? AND key_hash = ? AND expires_at > ?",
            (scope, key_hash, at),
        ).fetchone()
        return Remembered(row[0], row[1], row[2]) if row else None

    def remember(self, scope: str, key_hash: str, answer: Remembered, at: str, expires_at: str) -> None:
        """Keep a first answer; an expired record of the same key gives way."""
        self.conn.execute("DELETE FROM idempotency WHERE expires_at <= ?", (at,))
        self.conn.execute(
            "INSERT INTO idempotency (scope, key_hash, fingerprint, status, response, created_at, expires_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (scope, key_hash, answer.fingerprint, answer.status, answer.response, at, expires_at),
        )

    def remove_games(self, game_ids: list[str]) -> None:
        """Every row of these games, in every table that holds one."""
        for table, column in GAME_ROWS:
            self.conn.executemany(f"DELETE FROM {table} WHERE {column} = ?", [(game_id,) for game_id in game_ids])

    def edition_exists(self, edition_id: str) -> bool:
        return self.conn.execute("SELECT 1 FROM editions WHERE id = ?", (edition_id,)).fetchone() is not None

    def insert_edition(self, edition_id: str, document: dict[str, Any]) -> None:
        self.conn.execute(
            "INSERT INTO editions (id, document, created_at) VALUES (?, ?, ?)", (edition_id, _dumps(document), now())
        )

    def version(self, game_id: str) -> int | None:
        row = self.conn.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
        return row[0] if row else None

    def game(self, game_id: str) -> dict[str, Any] | None:
        row = self.conn.execute(
            "SELECT edition, version, ledger_seq, state FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            return None
        edition, version, ledger_seq, state = row
        return {
            "id": game_id,
            "edition": edition,
            "version": version,
            "ledger_seq": ledger_seq,
            "state": _loads(state),
        }


class _Job(Generic[T]):
    """One write waiting for a group commit, then its result or its error."""

    def __init__(self, work: Callable[[Writer], T]):
        self.work = work
        self.done = False
        self.result: T | None = None
        self.error: BaseException | None = None

    def outcome(self) -> T:
        if self.error is not None:
            raise self.error
        return self.result  # type: ignore[return-value]


class Store:
    """The database: per-thread connections, one writer at a time."""

    def __init__(self, path: str | Path, checkpoint_every: int = CHECKPOINT_EVERY, busy_seconds: float = BUSY_SECONDS):
        self.path = str(path)
        self.checkpoint_every = checkpoint_every
        self.busy_ms = int(busy_seconds * 1000)
        self.writes = self.commits = 0  # committed by this process (writes per commit: the batching)
        self._waiting: list[_Job] = []  # writes sent to the next group commit
        self._leading = False  # a thread is running a group commit
        self._turn = threading.Condition()
        self._local = threading.local()
        self._thread_lock = threading.Lock()
        self._lock_path = self.path + ".lock"
        with self._exclusive():
            self.db.execute("PRAGMA query_only = OFF")
            migrations.apply(self.db)
            self.db.execute("PRAGMA query_only = ON")

    # -- connections ---------------------------------------------------------
    def _open(self) -> sqlite_utils.Database:
        db = sqlite_utils.Database(self.path)
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        db.execute(f"PRAGMA busy_timeout = {self.busy_ms}")
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA secure_delete = ON")  # what is deleted (old answers, revoked seats) is zeroed, not left
        db.execute("PRAGMA wal_autocheckpoint = 0")  # only Store.write checkpoints, under the lock
        db.execute(f"PRAGMA journal_size_limit = {WAL_KEPT_BYTES}")
        db.execute("PRAGMA query_only = ON")  # writes happen only inside Store.write
        return db

    @property
    def db(self) -> sqlite_utils.Database:
        db = getattr(self._local, "db", None)
        if db is None:
            db = self._local.db = self._open()
        return db

    @contextmanager
    def _exclusive(self) -> Iterator[None]:
        with self._thread_lock, open(self._lock_path, "a") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)

    @contextmanager
    def write(self) -> Iterator[Writer]:
        """One write transaction, alone: commits on success, rolls back on error."""
        conn = self.db.conn
        with self._exclusive():
            conn.execute("PRAGMA query_only = OFF")
            try:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    yield Writer(conn)
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
                self._written(conn, 1)
            finally:
                conn.execute("PRAGMA query_only = ON")

    def commit(self, work: Callable[[Writer], T]) -> T:
        """Run ``work`` in the next group commit and return its result once
        that transaction is durable (or raise its error: the work's own, with
        only its own statements rolled back, or the commit's)."""
        job = _Job(work)
        with self._turn:
            self._waiting.append(job)
            while self._leading and not job.done:
                self._turn.wait()
            lead = not job.done
            self._leading = self._leading or lead
        if lead:
            try:
                self._lead()
            except BaseException:
                with self._turn:  # never run later a write whose caller was told it failed
                    if job in self._waiting:
                        self._waiting.remove(job)
                raise
            finally:
                with self._turn:
                    self._leading = False
                    self._turn.notify_all()
        return job.outcome()

    def _lead(self) -> None:
        """Take every write waiting once the lock is ours (those sent while
        we waited for it too) and commit them together."""
        conn = self.db.conn
        with self._exclusive():
            with self._turn:
                batch, self._waiting = self._waiting, []
            conn.execute("PRAGMA query_only = OFF")
            try:
                self._run(conn, batch)
            finally:
                conn.execute("PRAGMA query_only = ON")

    def _run(self, conn, batch: list[_Job]) -> None:
        writer = Writer(conn)
        try:
            conn.execute("BEGIN IMMEDIATE")
            for job in batch:
                conn.execute("SAVEPOINT job")
                try:
                    job.result = job.work(writer)
                except Exception as error:  # this write alone is undone
                    conn.execute("ROLLBACK TO job")
                    job.error = error
                conn.execute("RELEASE job")
            conn.execute("COMMIT")
        except BaseException as error:  # nothing of the batch is stored: every write gets the error
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            for job in batch:
                job.result, job.error = None, job.error or error
            self._deliver(batch)
            if not isinstance(error, Exception):
                raise
            return
        self._deliver(batch)
        self._written(conn, len(batch))

    def _deliver(self, batch: list[_Job]) -> None:
        with self._turn:
            for job in batch:
                job.done = True
            self._turn.notify_all()

    def _written(self, conn, writes: int) -> None:
        """Count a commit and its writes; checkpoint every ``checkpoint_every`` writes (under the lock)."""
        before, self.writes = self.writes, self.writes + writes
        self.commits += 1
        if before // self.checkpoint_every != self.writes // self.checkpoint_every:
            try:
                self._checkpoint(conn)
            except (sqlite3.Error, OSError) as failed:  # the writes are durable in the WAL: said in the log only
                log.warning("checkpoint failed, the WAL keeps the writes until the next one: %s", failed)

    @contextmanager
    def reading(self) -> Iterator[Writer]:
        """Reads that see one moment of the database (a read transaction on
        this thread's connection, outside the write lock): what a write is
        worked out from before it is sent to ``commit``."""
        conn = self.db.conn
        conn.execute("BEGIN")
        try:
            yield Writer(conn)
        finally:
            conn.execute("COMMIT")

    def _checkpoint(self, conn) -> None:
        """Copy the WAL back into the database; only ever called holding the writer lock."""
        conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def close(self) -> None:
        """Close this thread's connection (under the lock: closing may checkpoint)."""
        db = getattr(self._local, "db", None)
        if db is not None:
            with self._exclusive():
                db.close()
            self._local.db = None

    # -- operations ------------------------------------------------------------
    def check(self, at: str) -> None:
        """Read and write the database, as every request would: a row of the
        ``health`` table stored in the next group commit (raises what the
        storage raises)."""
        self.db.execute("SELECT COUNT(*) FROM games").fetchone()
        self.commit(
            lambda writer: writer.conn.execute("INSERT OR REPLACE INTO health (id, checked_at) VALUES (1, ?)", (at,))
        )

    def backup(self, target: str | Path) -> None:
        """A consistent copy of the database in ``target`` (SQLite's online
        backup API), taken while the server runs: writers wait only for the copy."""
        with self._exclusive(), sqlite3.connect(str(target)) as copy:
            self.db.conn.backup(copy)
        copy.close()

    # -- reads -----------------------------------------------------------------
    def game(self, game_id: str) -> dict[str, Any] | None:
        return Writer(self.db.conn).game(game_id)

    def version(self, game_id: str) -> int | None:
        """The game's version alone: what a poll compares, without the state."""
        return Writer(self.db.conn).version(game_id)

    def ends_at(self, game_id: str) -> str | None:
        """A timed game's end time while it goes on (None once it is over, and
        for any other game): what every read checks first, without the state."""
        row = self.db.execute(
            "SELECT json_extract(state, '$.options.ends_at') FROM games"
            " WHERE id = ? AND IFNULL(json_extract(state, '$.finished'), 0) = 0",
            (game_id,),
        ).fetchone()
        return row[0] if row else None

    def game_ids(self) -> list[str]:
        """Every game, oldest first."""
        return [row[0] for row in self.db.execute("SELECT id FROM games ORDER BY created_at, id")]

    def idle_games(self, finished_before: str, idle_before: str) -> list[str]:
        """Games last changed before ``idle_before``, and finished ones last changed before ``finished_before``."""
        rows = self.db.execute(
            "SELECT id FROM games WHERE updated_at < ? OR (json_extract(state, '$.finished') AND updated_at < ?)"
            " ORDER BY updated_at",
            (idle_before, finished_before),
        ).fetchall()
        return [game_id for (game_id,) in rows]

    def token(self, token_hash: str) -> dict[str, Any] | None:
        """Whose token this digest is, and when and why it was revoked (None while it works)."""
        return Writer(self.db.conn).token(token_hash)

    def events(self, game_id: str, after: int = 0, limit: int | None = None) -> list[dict[str, Any]]:
        return _events(self.db.conn, game_id, after, limit)

    def count_events(self, game_id: str) -> int:
        return self.db.execute("SELECT COUNT(*) FROM events WHERE game_id = ?", (game_id,)).fetchone()[0]

    def ledger(
        self, game_id: str, seat: int | None = None, offset: int = 0, limit: int | None = None
    ) -> tuple[list[dict[str, Any]], int]:
        """Ledger entries in order (optionally those touching one seat), and their total count."""
        where = "game_id = ?"
        params: list[Any] = [game_id]
        if seat is not None:
            where += " AND (source = ? OR target = ?)"
            params += [str(seat), str(seat)]
        total = self.db.execute(f"SELECT COUNT(*) FROM ledger WHERE {where}", params).fetchone()[0]
        sql = (
            "SELECT seq, event, source, target, amount, reason, rule, ruling FROM ledger"
            f" WHERE {where} ORDER BY seq LIMIT ? OFFSET ?"
        )
        rows = self.db.execute(sql, params + [-1 if limit is None else limit, offset]).fetchall()
        entries = [_ledger_entry(row) for row in rows]
        return entries, total

    def edition_of(self, game_id: str) -> str | None:
        row = self.db.execute("SELECT edition FROM games WHERE id = ?", (game_id,)).fetchone()
        return row[0] if row else None

    def event_ledger(self, game_id: str, event: int) -> list[dict[str, Any]]:
        """The ledger entries one event made, in order."""
        return _event_ledger(self.db.conn, game_id, event)

    def custom_edition(self, edition_id: str) -> dict[str, Any] | None:
        row = self.db.execute("SELECT document FROM editions WHERE id = ?", (edition_id,)).fetchone()
        return _loads(row[0]) if row else None
