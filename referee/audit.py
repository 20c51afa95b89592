"""Is a stored game whole? Its facts, its ledger and its state must agree.

``audit`` folds the game's facts from the creation on -- every action, undo
and correction, as the rules decided it then, without judging anything
again -- and checks each event as an import does (``referee.soundness``):
the change applies, money is conserved, the ledger runs on, the invariants
hold. Then the stored state (the cache) must be the fold, and every balance
the ledger's. It returns what disagrees (nothing, for a sound game).
``python -m referee audit [GAME]`` runs it on a database.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from referee import editions
from referee.facts import edition_digest, transfer_of
from referee.rules import Edition
from referee.rules.invariants import ledger_problems
from referee.rules.serialize import state_from_dict
from referee.service import Referee
from referee.soundness import final_state
from referee.soundness import problems as fact_problems


def audit(referee: Referee, game_id: str) -> list[str]:
    """Every way the stored game disagrees with its own journal; empty when whole."""
    store = referee.store
    row = store.game(game_id)
    events = store.events(game_id)
    if row is None or not events:
        return [f"game {game_id}: no game row or no journal"]
    problems = []
    seqs = [event["seq"] for event in events]
    if seqs != list(range(1, len(events) + 1)) or row["version"] != seqs[-1]:
        problems.append(f"journal seqs 1..{len(events)} expected, found {seqs[:3]}...; version {row['version']}")
    entries, _ = store.ledger(game_id)
    if [e["seq"] for e in entries] != list(range(1, len(entries) + 1)) or row["ledger_seq"] != len(entries):
        problems.append(f"ledger seqs are not 1..{len(entries)} (game says {row['ledger_seq']})")
    if not all(event["facts"] for event in events):
        return problems + ["kept without facts by a migration: its journal did not replay"]
    moved = defaultdict(list)
    for entry in entries:
        moved[entry["event"]].append(entry)
    judged = _editions_judging(referee, events)
    found = [problem for _, problem in fact_problems(events, [moved[s] for s in seqs], judged.get)]
    if found:
        return problems + found
    if final_state(events) != row["state"]:
        problems.append("the stored state is not the state the facts fold to")
    return problems + ledger_problems(state_from_dict(row["state"]), [transfer_of(e) for e in entries])


def _editions_judging(referee: Referee, events: list[dict[str, Any]]) -> dict[str, Edition]:
    """The editions of the documents the events were judged under, as kept beside them."""
    current = referee.edition(events[0]["action"]["edition"])
    older = {event["facts"]["judged_by"]["edition"] for event in events} - {edition_digest(current)}
    with referee.store.reading() as reader:
        documents = reader.documents(older) if older else {}
    judged = {digest: editions.build(document) for digest, document in documents.items()}
    return {**judged, edition_digest(current): current}


def audit_all(database: str, games: list[str] | None = None) -> dict[str, list[str]]:
    """The problems of each game in ``database`` that has any (``games``: only these)."""
    from pathlib import Path

    from referee.store import Store

    if not Path(database).exists():
        return {database: ["no such database file"]}
    referee = Referee(Store(database))
    ids = games or referee.store.game_ids()
    found = {game_id: audit(referee, game_id) for game_id in ids}
    return {game_id: problems for game_id, problems in found.items() if problems}
