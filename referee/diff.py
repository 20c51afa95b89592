"""Reversible differences between two values of plain JSON data.

A difference is ``None`` (no change), ``[old, new]`` (the value replaced), or
an object of differences by member: by key for an object, by index (as a
string) for an array of unchanged length. Both sides are kept, so a
difference applies forwards (``patched``) and backwards (``reverted``):
an event's change to the game rebuilds the state after it from the state
before, and the state before from the state after.

RFC 6902 patches (the ``jsonpatch`` package) only go forwards; the undo of
the last action and the chart of net worth walk a game backwards from its
last state, so each change keeps what it replaced.
"""

from __future__ import annotations

from typing import Any

Change = list | dict | None


def diff(old: Any, new: Any) -> Change:
    """What turns ``old`` into ``new``."""
    return None if old == new else _changed(old, new)


def _changed(old: Any, new: Any) -> Change:
    """``diff`` of two values that differ: members are compared first (in C)
    and only those that differ are walked, so an unchanged part of a state
    costs no call."""
    if isinstance(old, dict) and isinstance(new, dict) and old.keys() == new.keys():
        return {key: _changed(old[key], new[key]) for key in old if old[key] != new[key]}
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return {str(i): _changed(a, b) for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b}
    return [old, new]


def patched(value: Any, change: Change) -> Any:
    """``value`` with ``change`` applied (unchanged parts are shared, not copied)."""
    return _applied(value, change, 1)


def reverted(value: Any, change: Change) -> Any:
    """``value`` with ``change`` taken back."""
    return _applied(value, change, 0)


def _applied(value: Any, change: Change, side: int) -> Any:
    if change is None:
        return value
    if isinstance(change, list):
        return change[side]
    if isinstance(value, list):
        if not all(index.isdigit() and int(index) < len(value) for index in change):
            raise ValueError(f"a change to items that are not there: {sorted(change)}")
        copy = list(value)
        for index, member in change.items():
            copy[int(index)] = _applied(copy[int(index)], member, side)
        return copy
    if not isinstance(value, dict):
        raise ValueError(f"a change by member does not apply to {type(value).__name__}")
    if not change.keys() <= value.keys():
        raise ValueError(f"a change to members that are not there: {sorted(change.keys() - value.keys())}")
    return {key: _applied(item, change[key], side) if key in change else item for key, item in value.items()}
