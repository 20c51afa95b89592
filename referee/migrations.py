"""The database schema, version by version (sqlite-utils ``Migrations``).

Each migration runs once per database, in its own transaction, when a store
opens it. A database written before the journal kept facts gets them by
one replay of each game with the rules of the day it migrates; a game that
no longer replays is kept as it is -- readable, its facts missing -- and
listed in ``migration_notes`` and the log, never dropped.
"""

from __future__ import annotations

import json
import logging

import sqlite_utils
from sqlite_utils.migrations import Migrations

log = logging.getLogger("referee.migrations")

MIGRATIONS = Migrations("referee")
_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


@MIGRATIONS(name="001_tables")
def _tables(db: sqlite_utils.Database) -> None:
    db["games"].create(
        {
            "id": str,
            "edition": str,
            "version": int,
            "ledger_seq": int,
            "state": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        if_not_exists=True,
    )
    db["tokens"].create(
        {"token_hash": str, "game_id": str, "role": str, "seat": int},
        pk="token_hash",
        if_not_exists=True,
    )
    db["events"].create(
        {"game_id": str, "seq": int, "type": str, "seat": int, "action": str, "rulings": str, "at": str},
        pk=("game_id", "seq"),
        if_not_exists=True,
    )
    db["ledger"].create(
        {
            "game_id": str,
            "seq": int,
            "event": int,
            "source": str,
            "target": str,
            "amount": int,
            "reason": str,
            "rule": str,
            "ruling": str,
        },
        pk=("game_id", "seq"),
        if_not_exists=True,
    )
    db["editions"].create({"id": str, "document": str, "created_at": str}, pk="id", if_not_exists=True)
    db["idempotency"].create(
        {
            "scope": str,
            "key_hash": str,
            "fingerprint": str,
            "status": int,
            "response": str,
            "created_at": str,
            "expires_at": str,
        },
        pk=("scope", "key_hash"),
        if_not_exists=True,
    )
    db["idempotency"].create_index(["expires_at"], if_not_exists=True)
    db["ledger"].create_index(["game_id", "source"], if_not_exists=True)
    db["ledger"].create_index(["game_id", "target"], if_not_exists=True)
    db["tokens"].create_index(["game_id"], if_not_exists=True)


@MIGRATIONS(name="002_event_facts")
def _event_facts(db: sqlite_utils.Database) -> None:
    db["events"].add_column("facts", str)
    db["edition_documents"].create({"digest": str, "document": str}, pk="digest")
    db["migration_notes"].create({"game_id": str, "migration": str, "problem": str}, pk=("game_id", "migration"))
    for (game_id,) in db.execute("SELECT id FROM games ORDER BY created_at, id").fetchall():
        problem = _give_facts(db, game_id)
        if problem:
            log.warning("game %s kept without facts: %s", game_id, problem)
            db["migration_notes"].insert({"game_id": game_id, "migration": "002_event_facts", "problem": problem})


def _give_facts(db: sqlite_utils.Database, game_id: str) -> str | None:
    """Replay one game and store its events' facts; what went wrong, if it does not replay."""
    from referee import editions
    from referee.rejudge import judged_again
    from referee.rules import RuleViolation, UnknownAction
    from referee.rules.serialize import state_to_dict
    from referee.store import _events

    events = _events(db.conn, game_id)
    edition_id, snapshot = db.execute("SELECT edition, state FROM games WHERE id = ?", (game_id,)).fetchone()
    try:
        edition = editions.shipped().get(edition_id) or editions.build(_custom_document(db, edition_id))
        judged = list(judged_again(edition, events))
    except (RuleViolation, UnknownAction, KeyError, ValueError, TypeError) as failed:
        return f"does not replay: {failed}"
    if state_to_dict(judged[-1][1].state) != json.loads(snapshot):
        return "replays to another state than the one stored"
    db.conn.execute(
        "INSERT OR IGNORE INTO edition_documents (digest, document) VALUES (?, ?)",
        (judged[0][2]["judged_by"]["edition"], _dumps(editions.thawed(edition.document))),
    )
    db.conn.executemany(
        "UPDATE events SET facts = ? WHERE game_id = ? AND seq = ?",
        [(_dumps(found), game_id, event["seq"]) for event, (_, _, found) in zip(events, judged, strict=True)],
    )
    return None


def _custom_document(db: sqlite_utils.Database, edition_id: str) -> dict:
    row = db.execute("SELECT document FROM editions WHERE id = ?", (edition_id,)).fetchone()
    if row is None:
        raise KeyError(f"no edition {edition_id!r}")
    return json.loads(row[0])


@MIGRATIONS(name="003_ledger_by_event")
def _ledger_by_event(db: sqlite_utils.Database) -> None:
    """An undo reads the transfers of one event: found by index, whatever the game's length."""
    db["ledger"].create_index(["game_id", "event", "seq"], if_not_exists=True)


@MIGRATIONS(name="004_sealed_answers")
def _sealed_answers(db: sqlite_utils.Database) -> None:
    """First answers were kept in the clear, new games' tokens in them; they are
    kept sealed now (``referee.idempotency``) and the old ones are forgotten: a
    retry of a request sent before the upgrade is judged as a new request."""
    db.execute("DELETE FROM idempotency")


@MIGRATIONS(name="005_health")
def _health(db: sqlite_utils.Database) -> None:
    """The row ``GET /health`` writes, to know the database takes writes."""
    db["health"].create({"id": int, "checked_at": str}, pk="id", if_not_exists=True)


def apply(db: sqlite_utils.Database) -> None:
    MIGRATIONS.apply(db)


def notes(db: sqlite_utils.Database) -> list[dict]:
    """What the migrations reported: games kept without facts."""
    return list(db["migration_notes"].rows) if db["migration_notes"].exists() else []


@MIGRATIONS(name="006_seat_moves")
def _seat_moves(db: sqlite_utils.Database) -> None:
    """A seat's token may be revoked (the seat moved to another device, or the
    table shut a lost phone out): its digest stays, marked, so that its next
    request hears why. One-time move links are kept as digests, like tokens."""
    db["tokens"].add_column("revoked_at", str)
    db["tokens"].add_column("revoked_why", str)
    db["seat_moves"].create(
        {
            "link_hash": str,
            "game_id": str,
            "seat": int,
            "created_at": str,
            "expires_at": str,
            "closed_at": str,
            "closed_why": str,
        },
        pk="link_hash",
    )
    db["seat_moves"].create_index(["game_id", "seat"])
