"""Retention: games are not kept for ever. A finished game idle for
``KEEP_FINISHED_DAYS`` and any game idle for ``KEEP_IDLE_DAYS`` is removed
whole -- its state, journal, ledger, tokens, Idempotency-Keys and migration
notes -- by ``python -m referee prune`` (and on start-up with
``REFEREE_PRUNE_ON_START=on``). Custom editions and the edition documents
events were judged under stay: they are shared, and never change.
Deleted rows are zeroed (the store's ``secure_delete``)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from referee.store import Store

KEEP_FINISHED_DAYS = 30
KEEP_IDLE_DAYS = 180


@dataclass(frozen=True)
class Retention:
    """How long games are kept after their last change (days)."""

    finished_days: float = KEEP_FINISHED_DAYS
    idle_days: float = KEEP_IDLE_DAYS

    @classmethod
    def from_environment(cls) -> Retention:
        return cls(
            float(os.environ.get("REFEREE_KEEP_FINISHED_DAYS", KEEP_FINISHED_DAYS)),
            float(os.environ.get("REFEREE_KEEP_IDLE_DAYS", KEEP_IDLE_DAYS)),
        )

    def cutoffs(self, now: datetime) -> tuple[str, str]:
        """The last-change stamps before which a finished game, and any game, is removed."""
        stamp = lambda days: (now - timedelta(days=days)).isoformat(timespec="milliseconds")  # noqa: E731
        return stamp(self.finished_days), stamp(self.idle_days)


def expired(store: Store, retention: Retention, now: datetime | None = None) -> list[str]:
    """The games ``prune`` would remove now."""
    return store.idle_games(*retention.cutoffs(now or datetime.now(UTC)))


def prune(store: Store, retention: Retention, now: datetime | None = None) -> list[str]:
    """Remove every expired game whole, in one transaction; the ids removed."""
    removed = expired(store, retention, now)
    with store.write() as writer:
        writer.remove_games(removed)
    return removed
