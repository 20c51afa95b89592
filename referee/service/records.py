"""An event as the journal records it: the entry with its facts, its ledger
entries, and the time it is stamped with -- the service's clock, which also
times the table clock's waits and a timed game's end."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from referee import guard
from referee.editions import thawed
from referee.facts import Links, edition_digest, facts
from referee.rules import Edition
from referee.rules.serialize import ruling_to_dict, state_to_dict, transfer_to_dict
from referee.service.errors import InvariantBroken
from referee.store import Writer, now


def current_time() -> datetime:
    """The service's clock: the time events are stamped with."""
    return datetime.fromisoformat(now())


def record(
    seq: int,
    seat: int | None,
    action: dict[str, Any],
    outcome,
    ledger_seq: int,
    event_facts: Mapping[str, Any],
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Event ``seq`` (``action`` by ``seat``, what the engine made of it and
    its facts) and its ledger entries, numbered on from ``ledger_seq``."""
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
        "facts": dict(event_facts),
    }
    return event, ledger


def keep_document(writer: Writer, edition: Edition) -> None:
    """The edition document the events are judged under, kept beside them (once)."""
    writer.keep_document(edition_digest(edition), lambda: thawed(edition.document))


def guarded(
    game_id: str,
    seq: int,
    before: Mapping[str, Any] | None,
    outcome,
    links: Links,
    edition: Edition,
    seat: int | None,
    action: dict[str, Any],
    ledger_seq: int,
) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    """Event ``seq`` recorded with its facts, once they add up (else
    ``InvariantBroken``: a bug in a rule never reaches the ledger); with the
    state after it."""
    after = state_to_dict(outcome.state)
    event, ledger = record(seq, seat, action, outcome, ledger_seq, facts(before, after, links, edition))
    broken = guard.problems(before, after, ledger, edition, outcome.state)
    if broken:
        raise InvariantBroken(game_id, seq, broken)
    return event, ledger, after
