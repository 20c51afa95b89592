"""What the rules decided, kept with every event: facts to fold, never
requests to judge again.

Beside the action as reported and its rulings, each stored event keeps:

- ``change``: what it did to the game, a reversible difference (``referee.diff``)
  of the stored state form, the version left out (an event's version is its seq);
- ``top``: the action in effect on top after it, the one an undo would take
  back (None when nothing is);
- ``below`` and ``base``, for an action in effect: the action in effect under
  it (the top again once it is undone) and the event whose state an undo
  returns to;
- ``judged_by``: the rules that decided it: the package's version with a
  digest of the code that judges (``PACKAGE``), and the edition document's
  digest.

A game's state is the fold of its changes from nothing; the state before any
event is the last state with the later changes taken back. Neither runs the
rules, so a rule fixed mid-game leaves undo, history and export working: only
new actions are judged, by the rules of the day.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from referee.diff import diff, patched, reverted
from referee.rules import Edition
from referee.rules.ledger import Transfer
from referee.rules.serialize import ruling_from_dict

JUDGING_CODE = ("rules/*.py", "journal.py")
"""The code that decides an event's outcome, under the package's root: the engine, and the journal's undo
and corrections."""


def judging_digest(root: Path = Path(__file__).parent) -> str:
    """A digest of the code that judges: two servers with the same one decide every action alike, whatever
    their version numbers say (a rule fixed without a new version still gets a new digest)."""
    digest = hashlib.sha256()
    for path in sorted(p for pattern in JUDGING_CODE for p in root.glob(pattern)):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


try:
    _VERSION = metadata.version("referee")
except metadata.PackageNotFoundError:  # run from a source tree that was never installed
    _VERSION = "unknown"
PACKAGE = f"{_VERSION}+rules.{judging_digest()}"
"""Which rules judged an event (``judged_by.package``): the version, and the digest of the code that judges.
An import judges a journal again only where every event names this very code."""

_digests: dict[int, tuple[Mapping[str, Any], str]] = {}


def edition_digest(edition: Edition) -> str:
    """``<id>@<sha256 prefix>`` of the edition's complete document: which data judged an event."""
    known = _digests.get(id(edition.document))
    if known is None or known[0] is not edition.document:
        known = (edition.document, f"{edition.id}@{document_digest(edition.document)}")
        _digests[id(edition.document)] = known
    return known[1]


def document_digest(document: Mapping[str, Any]) -> str:
    canonical = json.dumps(document, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=_plain)
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def _plain(value: Any) -> Any:
    """The frozen document's mappings and tuples, as JSON sees them."""
    return dict(value) if isinstance(value, Mapping) else list(value)


def judged_by(edition: Edition) -> dict[str, str]:
    return {"package": PACKAGE, "edition": edition_digest(edition)}


@dataclass(frozen=True)
class Links:
    """An event's place in the stack of actions in effect (see the module's docstring)."""

    top: int | None
    below: int | None = None
    base: int | None = None

    @classmethod
    def of(cls, facts: Mapping[str, Any]) -> Links:
        return cls(facts["top"], facts.get("below"), facts.get("base"))

    @classmethod
    def action(cls, seq: int, top_before: int | None) -> Links:
        """A new action in effect: on top of what was, returning to the state just before it."""
        return cls(seq, top_before, seq - 1)

    def undone(self) -> Links:
        """After this action is undone: the one under it is on top again."""
        return Links(self.below)

    def corrected(self, seq: int) -> Links:
        """Event ``seq`` replaces this action: in its place in the stack."""
        return Links(seq, self.below, self.base)

    @classmethod
    def after(cls, action: Mapping[str, Any], seq: int, top: int | None, in_effect: Mapping[int, Links]) -> Links:
        """Where event ``seq``, recording ``action``, stands: an undo or a
        correction of the action on top (its links in ``in_effect``), or a new
        action on top of ``top``. KeyError when an undo or correction names an
        action that is not on top."""
        if action["type"] in ("undo", "correction"):
            if action["event"] != top:
                raise KeyError(action["event"])
            undone = in_effect[action["event"]]
            return undone.undone() if action["type"] == "undo" else undone.corrected(seq)
        return cls.action(seq, top)


def bare(state: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The stored state form without its version (which every event moves on)."""
    return None if state is None else {key: value for key, value in state.items() if key != "version"}


def facts(before: Mapping[str, Any] | None, after: Mapping[str, Any], links: Links, edition: Edition) -> dict:
    """The facts of an event that took the game from ``before`` (None for the creation) to ``after``."""
    recorded: dict[str, Any] = {"change": diff(bare(before), bare(after)), "top": links.top}
    if links.base is not None:
        recorded.update(below=links.below, base=links.base)
    recorded["judged_by"] = judged_by(edition)
    return recorded


def versioned(state: Mapping[str, Any], seq: int) -> dict[str, Any]:
    return {"version": seq, **state}


def fold(events: Iterable[Mapping[str, Any]]) -> Iterator[tuple[int, dict[str, Any]]]:
    """The state after each event, from the creation on: (seq, state)."""
    state = None
    for event in events:
        state = patched(state, event["facts"]["change"])
        yield event["seq"], versioned(state, event["seq"])


def rewind(last: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> Iterator[tuple[int, dict[str, Any]]]:
    """From ``last``, the state after the last of ``events``, the state before
    each of them, last first: (seq of the event before, state)."""
    state = bare(last)
    for event in reversed(events):
        state = reverted(state, event["facts"]["change"])
        yield event["seq"] - 1, versioned(state, event["seq"] - 1)


def transfer_of(entry: Mapping[str, Any]) -> Transfer:
    return Transfer(entry["from"], entry["to"], entry["amount"], entry["reason"], ruling_from_dict(entry["ruling"]))


def own_transfers(entries: Iterable[Mapping[str, Any]]) -> tuple[Transfer, ...]:
    """The transfers an event's own action made: a correction's entries start
    with the reversal of the action it replaced, which is not its own."""
    return tuple(transfer_of(entry) for entry in entries if entry["reason"] != "reversal")
