"""The checks every write passes before it is stored, and every imported or
audited event too: the facts of one event must add up.

- money is conserved by the event: each account's cash moves by exactly
  what the event's transfers move (the bank issues and takes back money);
- the state after it keeps the engine's invariants (``referee.rules.invariants``):
  no cash below zero outside a debt, buildings within the supply, even
  building, one owner.

They are cheap: a sum over a few transfers and one pass over the board.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from referee.rules import Edition, GameState
from referee.rules.invariants import violations
from referee.rules.serialize import state_from_dict
from referee.rules.state import POT


def money_moves(before: Mapping[str, Any] | None, after: Mapping[str, Any], entries: Iterable[Mapping[str, Any]]):
    """Where the accounts' change from ``before`` to ``after`` differs from the event's ledger entries."""
    moved: Counter = Counter()
    for entry in entries:
        moved[entry["from"]] -= entry["amount"]
        moved[entry["to"]] += entry["amount"]
    old = _balances(before) if before is not None else Counter()
    new = _balances(after)
    for account in sorted({*old, *new}, key=str):
        if new[account] - old[account] != moved[account]:
            yield f"account {account} moves by {new[account] - old[account]}, its transfers by {moved[account]}"


def _balances(state: Mapping[str, Any]) -> Counter:
    balances = Counter({player["seat"]: player["cash"] for player in state["players"]})
    balances[POT] = state["pot"]
    return balances


def problems(
    before: Mapping[str, Any] | None,
    after: Mapping[str, Any],
    entries: Iterable[Mapping[str, Any]],
    edition: Edition,
    state: GameState | None = None,
) -> list[str]:
    """Everything wrong with an event that took the game from ``before`` to
    ``after`` (``state``: the same as a ``GameState``, when at hand)."""
    found = list(money_moves(before, after, entries))
    return found + violations(state or state_from_dict(after), edition)
