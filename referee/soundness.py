"""Do a journal's facts add up? Checked event by event without the rules:
what an import accepts and what the audit reports.

For each event: its change applies to the state before it and gives a
state the engine can read; its place among the actions in effect is what
its action says (an undo takes back the action on top, a correction takes
its place); an undo returns the game to the state before the action it
undoes; its ledger entries run on without a gap and move each account by
exactly what its cash moved (money conserved); and the state after it keeps
every invariant (supply, evenness, one owner, no cash below zero).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from referee import guard
from referee.diff import patched
from referee.facts import Links, bare, fold, versioned
from referee.rules import Edition
from referee.rules.serialize import state_from_dict
from referee.rules.state import BANK, POT

Event = Mapping[str, Any]


def problems(
    events: Sequence[Event], ledgers: Sequence[Sequence[Mapping[str, Any]]], edition_of: Callable[[str], Edition | None]
) -> Iterator[tuple[int, str]]:
    """(index, problem) for each event whose facts do not add up, in order;
    the walk stops at an event whose change cannot be followed.
    ``edition_of``: the edition of a ``judged_by`` digest, None if unknown."""
    walk = _Walk(edition_of)
    for index, (event, ledger) in enumerate(zip(events, ledgers, strict=True)):
        found = walk.step(event, ledger)
        if found:
            yield index, found
            if walk.lost:
                return


def final_state(events: Sequence[Event]) -> dict[str, Any]:
    """The state the facts come to (once they are found sound)."""
    *_, (_, state) = fold(events)
    return state


class _Walk:
    """The fold of facts, checking as it goes."""

    def __init__(self, edition_of: Callable[[str], Edition | None]):
        self.edition_of = edition_of
        self.state: dict[str, Any] | None = None
        self.states: dict[int, dict[str, Any]] = {}  # the state after each event, bare
        self.in_effect: dict[int, Links] = {}
        self.top: int | None = None
        self.ledger_seq = 0
        self.lost = False

    def step(self, event: Event, ledger: Sequence[Mapping[str, Any]]) -> str | None:
        facts, seq = event.get("facts"), event["seq"]
        if not isinstance(facts, Mapping) or not {"change", "top", "judged_by"} <= facts.keys():
            self.lost = True
            return f"Event {seq} has no facts (change, top, judged_by)."
        links = self._expected_links(event)
        if links is None or Links.of(facts) != links:
            self.lost = True
            return f"Event {seq} is not where its action puts it among the actions in effect."
        edition = self.edition_of(str((facts["judged_by"] or {}).get("edition")))
        if edition is None:
            self.lost = True
            return f"Event {seq} was judged under an edition document the journal does not hold."
        try:
            after = patched(self.state, facts["change"])
            state = state_from_dict(versioned(after, seq))
            found = self._ledger_problem(seq, ledger, after) or self._undo_problem(event, links, after)
            found = found or (_creation_problem(event["action"], after) if seq == 1 else None)
            found = found or "; ".join(guard.problems(self.state, after, ledger, edition, state))
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as bad:
            self.lost = True
            return f"Event {seq}'s change does not apply to the game before it: {bad!r}"
        self._moved_on(seq, links, after, len(ledger))
        return f"Event {seq}: {found}" if found else None

    def _expected_links(self, event: Event) -> Links | None:
        if event["seq"] == 1:
            return Links(None)
        try:
            return Links.after(event.get("action") or {}, event["seq"], self.top, self.in_effect)
        except KeyError:
            return None

    def _ledger_problem(self, seq: int, ledger: Sequence[Mapping[str, Any]], after: Mapping[str, Any]) -> str | None:
        numbers = [entry.get("seq") for entry in ledger]
        accounts = {player["seat"] for player in after["players"]} | {BANK, POT}
        if any(entry.get("from") not in accounts or entry.get("to") not in accounts for entry in ledger):
            return "a ledger entry moves money from or to an account that is not a player, the bank or the pot"
        if numbers != list(range(self.ledger_seq + 1, self.ledger_seq + 1 + len(ledger))):
            return f"its ledger entries are numbered {numbers}, not on from {self.ledger_seq}"
        if any(entry.get("event") != seq for entry in ledger):
            return "its ledger entries name another event"
        if any(not isinstance(entry.get("amount"), int) or entry["amount"] <= 0 for entry in ledger):
            return "a ledger entry's amount is not a positive whole number"
        return None

    def _undo_problem(self, event: Event, links: Links, after: Mapping[str, Any]) -> str | None:
        action = event.get("action") or {}
        if action.get("type") != "undo":
            return None
        undone = self.in_effect[action["event"]]
        if bare(after) != self.states.get(undone.base):
            return f"it does not return the game to the state before event {action['event']}"
        return None

    def _moved_on(self, seq: int, links: Links, after: dict[str, Any], entries: int) -> None:
        if links.base is not None:
            self.in_effect[seq] = links
        self.top, self.state = links.top, after
        self.states[seq] = after
        self.ledger_seq += entries


def _creation_problem(created: Mapping[str, Any], state: Mapping[str, Any]) -> str | None:
    """The game the creation's facts set up is the one its action asked for."""
    if [player["name"] for player in state["players"]] != list(created.get("players", ())):
        return "its players are not the ones the creation names"
    if state["options"] != created.get("options") or state["edition"] != created.get("edition"):
        return "its edition or options are not the ones the creation names"
    return None
