"""Who did a recorded action, read from the action itself (the fact).

The seat an action carries is not always who did it: an action done for the
whole table (an auction's result, a deal, a lapsed limit, the end of a timed
game: its type's ``for_table``) is sent with some seat in it, and the end the
service records at the end time was done by the clock, not by the player whose
turn it was. The journal's
undo and correction rulings, the events clients read and the page's history
all name the actor from here, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.rules import ACTIONS
from referee.rules.phrases import player

TABLE = "table"
END_TIME = "end_time"
PLAYER = "player"

_TABLE_EVENTS = frozenset({"create", "undo"})


def actor_seat(action: Mapping[str, Any]) -> int | None:
    """The seat an event is recorded under: the action's, a correction's
    replacement's; none for the creation or an undo."""
    if action["type"] == "correction":
        return action["action"]["seat"]
    return action.get("seat") if action["type"] not in _TABLE_EVENTS else None


def actor(action: Mapping[str, Any]) -> str | int:
    """``END_TIME`` for the end recorded at the end time, ``TABLE`` for the
    creation, an undo and an action done for the table, else the seat it is
    recorded under. A correction is done by whoever did its replacement action."""
    done = action["action"] if action["type"] == "correction" else action
    if done["type"] == "end_game" and done.get("time_up"):
        return END_TIME
    spec = ACTIONS.get(done["type"])
    seat = actor_seat(action)
    if seat is None or (spec is not None and spec.for_table):
        return TABLE
    return seat


def kind_of(action: Mapping[str, Any]) -> str:
    """The actor as a language-neutral key: ``TABLE``, ``END_TIME`` or ``PLAYER``
    (the event's seat then says which)."""
    who = actor(action)
    return who if isinstance(who, str) else PLAYER


def phrase(action: Mapping[str, Any], names: Sequence[str]) -> str | dict[str, Any]:
    """The actor as a ruling's ``{by:phrase}`` value: a key, or the player by seat and name."""
    who = actor(action)
    return who if isinstance(who, str) else player(who, names[who])
