"""Is a stored game whole? The journal, the ledger and the state must agree.

``audit`` rebuilds the game from its journal alone -- every action, undo and
correction -- and compares: the stored state with the rebuilt one, each
event's stored ledger entries with the transfers the rebuild made, and every
balance with the ledger. It returns what disagrees (nothing, for a sound
game). The crash, race and stateful tests run it; so can an operator.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.journal import Journal
from referee.rules import RuleViolation
from referee.rules.serialize import state_to_dict, transfer_to_dict
from referee.rules.state import POT
from referee.service import Referee


def _movement(entry: dict[str, Any]) -> tuple:
    return entry["from"], entry["to"], entry["amount"], entry["reason"], entry["rule"]


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
    stored = {seq: [] for seq in seqs}
    for entry in entries:
        stored.setdefault(entry["event"], []).append(_movement(entry))

    journal = Journal(referee.edition(events[0]["action"]["edition"]), events[0]["action"])
    rebuilt = {1: journal.created.transfers}
    for event in events[1:]:
        try:
            rebuilt[event["seq"]] = journal.apply(event)[1].transfers
        except RuleViolation as refused:
            return problems + [f"event {event['seq']} does not replay: {refused}"]
    for seq, transfers in rebuilt.items():
        expected = [_movement(transfer_to_dict(t)) for t in transfers]
        if stored.get(seq, []) != expected:
            problems.append(f"event {seq}: ledger {stored.get(seq)} but the journal makes {expected}")

    state = journal.state
    if state_to_dict(state) != row["state"]:
        problems.append("the stored state is not the state the journal rebuilds")
    balances: Counter = Counter()
    for entry in entries:
        balances[entry["from"]] -= entry["amount"]
        balances[entry["to"]] += entry["amount"]
    for player in state.players:
        if player.cash != balances[player.seat]:
            problems.append(f"{player.name}: cash {player.cash}, ledger balance {balances[player.seat]}")
    if state.pot != balances[POT]:
        problems.append(f"pot {state.pot}, ledger balance {balances[POT]}")
    if sum(balances.values()) != 0:
        problems.append(f"the ledger does not balance: {sum(balances.values())}")
    return problems
