"""Facts about one state that several rules ask of it.

``allowed`` asks every rule area who may act now, and several of them ask
the same question of the board first (which colour groups are open to
building, which have buildings on them). States never change, so such a fact
is worked out once for the last state it was asked of, and given again as
long as that same state (the same object, with the same edition) is asked.
Facts of an edition alone (a table of its properties) are kept for good.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from .edition import Edition
from .state import GameState

T = TypeVar("T")


def per_state(fact: Callable[[GameState, Edition], T]) -> Callable[[GameState, Edition], T]:
    """Remember ``fact(state, edition)`` for the last state asked about.

    The value is shared by every caller: it must not be changed (return
    frozensets, tuples, read-only mappings). Threads may evict each other's
    entry; they never see another state's value, since the entry holds the
    state itself and is compared by identity.
    """
    last: tuple[Any, Any, Any] | None = None

    @wraps(fact)
    def remembered(state: GameState, edition: Edition) -> T:
        nonlocal last
        seen = last
        if seen is not None and seen[0] is state and seen[1] is edition:
            return seen[2]
        value = fact(state, edition)
        last = (state, edition, value)
        return value

    return remembered


def per_edition(fact: Callable[[Edition], T]) -> Callable[[Edition], T]:
    """Remember ``fact(edition)`` for every edition asked about: editions
    never change (and are not hashable, so they are told apart by identity).
    The value is shared: it must not be changed."""
    kept: dict[int, tuple[Edition, T]] = {}

    @wraps(fact)
    def remembered(edition: Edition) -> T:
        found = kept.get(id(edition))
        if found is None or found[0] is not edition:
            found = kept[id(edition)] = (edition, fact(edition))
        return found[1]

    return remembered
