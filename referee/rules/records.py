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
from functools import cache
from typing import Any, TypeVar

R = TypeVar("R")


@cache
def _copyable(cls: type) -> frozenset[str] | None:
    """The field names ``evolve`` may set directly, or None when ``__init__`` must run."""
    if hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        return None
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields):
        return None
    return frozenset(f.name for f in fields)


def evolve(record: R, **changes: Any) -> R:
    """A copy of a frozen dataclass instance with some fields changed."""
    names = _copyable(type(record))
    if names is None or len(record.__dict__) != len(names):
        # __init__ must run, or the instance holds more than its fields (a cached value)
        return dataclasses.replace(record, **changes)
    if not names.issuperset(changes):
        unknown = sorted(changes.keys() - names)
        raise TypeError(f"{type(record).__name__} has no field {unknown[0]!r}")
    copy = object.__new__(type(record))
    attributes = copy.__dict__
    attributes.update(record.__dict__)
    attributes.update(changes)
    return copy
