"""A write to a game, worked out before the write lock (``Writes._write``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.facts import Links
from referee.rules import Edition
from referee.service.records import guarded, keep_document
from referee.store import Writer


@dataclass
class Plan:
    """One request's write to a game, worked out before the write lock: the
    events to append (each with its facts and ledger entries) and the game's
    state after them; the answer to give once they are stored, or the
    refusal to give then (a timeout recorded before a refused action).

    version: the game's version it was worked out from.
    """

    game_id: str
    version: int
    events: list[tuple[dict[str, Any], list[dict[str, Any]]]] = field(default_factory=list)
    snapshot: dict[str, Any] | None = None
    ledger_seq: int = 0
    answer: dict[str, Any] | None = None
    refusal: Exception | None = None
    edition: Edition | None = None

    @property
    def fresh(self) -> list[dict[str, Any]]:
        """The planned events, not stored yet."""
        return [event for event, _ in self.events]

    def add(
        self,
        row: Mapping[str, Any],
        seat: int | None,
        action: dict[str, Any],
        outcome,
        edition: Edition,
        links: Links | None = None,
    ) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
        """Plan the event after ``row`` (a new action in effect, unless ``links``
        say otherwise), its transfers and the new state."""
        seq = row["version"] + 1
        links = links or Links.action(seq, row["top"])
        event, ledger, snapshot = guarded(
            self.game_id, seq, row["state"], outcome, links, edition, seat, action, row["ledger_seq"]
        )
        self.events.append((event, ledger))
        self.edition = edition
        self.snapshot, self.ledger_seq = snapshot, row["ledger_seq"] + len(ledger)
        return event, ledger, snapshot

    def store(self, writer: Writer) -> None:
        if self.edition is not None:
            keep_document(writer, self.edition)
        for event, ledger in self.events:
            writer.append_event(self.game_id, event, ledger)
        if self.snapshot is not None:
            writer.update_state(self.game_id, self.snapshot, self.ledger_seq)


def after(row: Mapping[str, Any], event: Mapping[str, Any], ledger: list, snapshot: dict[str, Any]) -> dict[str, Any]:
    """The game's row once ``event`` has been stored."""
    return {
        **row,
        "version": event["seq"],
        "ledger_seq": row["ledger_seq"] + len(ledger),
        "state": snapshot,
        "top": event["facts"]["top"],
    }
