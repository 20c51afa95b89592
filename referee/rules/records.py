"""A quicker ``dataclasses.replace`` for the engine's frozen records.

``dataclasses.replace`` walks every field and calls ``__init__`` again; the
engine copies a ``GameState`` several times per action, and that walk was its
largest single cost. ``evolve`` copies the instance's attributes and sets the
changed ones, with the same result for records without ``__post_init__`` that
hold nothing but their fields (the state's records), and it still refuses a
name that is not a field. Other records go through ``dataclasses.replace``.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

R = TypeVar("R")


def _copyable(cls: type) -> frozenset[str] | None:
    """The field names ``evolve`` may set directly, or None when ``__init__`` must run."""
    if hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        return None
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields):
        return None
    return frozenset(f.name for f in fields)


_COPYABLE: dict[type, frozenset[str] | None] = {}
"""``_copyable`` of each record class met so far (a plain dict: asked several times per action)."""
_UNSEEN = object()
_new = object.__new__
_set = object.__setattr__  # a frozen record refuses setattr; its copy gets its whole dict at once


def evolve(record: R, **changes: Any) -> R:
    """A copy of a frozen dataclass instance with some fields changed."""
    cls = record.__class__
    names = _COPYABLE.get(cls, _UNSEEN)
    if names is _UNSEEN:
        names = _COPYABLE[cls] = _copyable(cls)
    attributes = record.__dict__
    if names is None or len(attributes) != len(names):
        # __init__ must run, or the instance holds more than its fields (a cached value)
        return dataclasses.replace(record, **changes)
    if not names.issuperset(changes):
        unknown = sorted(changes.keys() - names)
        raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
    copy = _new(cls)
    _set(copy, "__dict__", attributes | changes)  # the fields in their order, the changed ones replaced
    return copy
