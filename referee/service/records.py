"""An event as the journal records it: the entry, its ledger entries, and the
time it is stamped with -- the service's clock, which also times the table
clock's waits and a timed game's end."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from referee.rules.serialize import ruling_to_dict, transfer_to_dict
from referee.store import now


def current_time() -> datetime:
    """The service's clock: the time events are stamped with."""
    return datetime.fromisoformat(now())


def record(
    seq: int, seat: int | None, action: dict[str, Any], outcome, ledger_seq: int
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Event ``seq`` (``action`` by ``seat``, and what the engine made of it)
    and its ledger entries, numbered on from ``ledger_seq``."""
    ledger = [
        {"seq": ledger_seq + i, "event": seq, **transfer_to_dict(t)} for i, t in enumerate(outcome.transfers, start=1)
    ]
    event = {
        "seq": seq,
        "type": action["type"],
        "seat": seat,
        "action": action,
        "rulings": [ruling_to_dict(r) for r in outcome.rulings],
        "at": now(),
    }
    return event, ledger
