"""Facts about one state that several rules ask of it.

``allowed`` asks every rule area who may act now, and several of them ask
the same question of the board first (which colour groups are open to
building, which have buildings on them). States never change, so such a fact
is worked out once for the last state it was asked of, and given again as
long as that same state (the same object, with the same edition) is asked.
A fact of the holdings alone is kept while the next states share that same
holdings object, as they do until an action changes a holding.
Facts of an edition alone (a table of its properties) are kept for good.
An action's options, which a caller of ``allowed`` mostly never reads, are
worked out when first read (``later``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
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


def per_holdings(fact: Callable[[GameState, Edition], T]) -> Callable[[GameState, Edition], T]:
    """Remember ``fact(state, edition)`` for the last holdings asked about
    (the state's ``holdings`` object, compared by identity, with the same
    edition).

    States never change and share the parts an action leaves alone with the
    state before, so a fact of the holdings alone is worked out again only
    when an action changes a holding, not for every state. The fact must
    read nothing of the state but its holdings (its docstring says so); its
    value is shared as ``per_state``'s is.
    """
    last: tuple[Any, Any, Any] | None = None

    @wraps(fact)
    def remembered(state: GameState, edition: Edition) -> T:
        nonlocal last
        seen = last
        if seen is not None and seen[0] is state.holdings and seen[1] is edition:
            return seen[2]
        value = fact(state, edition)
        last = (state.holdings, edition, value)
        return value

    return remembered


def per_holdings_and(
    part: Callable[[GameState], Hashable],
) -> Callable[[Callable[[GameState, Edition], T]], Callable[[GameState, Edition], T]]:
    """``per_holdings`` for a fact that reads, besides the holdings, a small
    part of the state that ``part(state)`` gives (compared by equality: the
    positions of the mortgage choices pending, say); asked again of the very
    same state, the value is given at once."""

    def decorate(fact: Callable[[GameState, Edition], T]) -> Callable[[GameState, Edition], T]:
        last: tuple[Any, ...] | None = None

        @wraps(fact)
        def remembered(state: GameState, edition: Edition) -> T:
            nonlocal last
            seen = last
            if seen is not None and seen[1] is edition:
                if seen[0] is state:
                    return seen[4]
                if seen[2] is state.holdings and seen[3] == part(state):
                    last = (state, *seen[1:])
                    return seen[4]
            value = fact(state, edition)
            last = (state, edition, state.holdings, part(state), value)
            return value

        return remembered

    return decorate


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


_UNREAD = object()
"""The one key an unread ``Later`` holds, under it how to work it out, so
that code reading a dict's storage directly (the JSON encoder's test for an
empty dict) never takes it for an empty one; every way of reading it goes
through ``_read`` first. Compiled code that walks the storage itself (a Rust
schema validator) gets the options as they go over the wire, in JSON."""


class Later(dict):
    """A read-only dict worked out the first time it is read.

    ``allowed`` lists every entry with its options, but a caller mostly
    reads only a few of them (a chooser picks one entry; a state view is
    serialised once): an options function says at once which seats have an
    entry and gives each seat's options as ``later(build, seat)``, which
    calls ``build(seat)`` when they are first read. It compares, copies,
    iterates and serialises as the dict it stands for. Each call of
    ``allowed`` makes its own, so one thread reads it.

    Until read, its storage holds only ``{_UNREAD: (build, args)}``: made by
    the dict's own constructor, with no Python code run (``allowed`` makes
    a score of them for every state).
    """

    __slots__ = ()

    def _read(self) -> dict:
        recipe = dict.get(self, _UNREAD)
        if recipe is not None:
            build, args = recipe
            made = build(*args)
            dict.clear(self)
            dict.update(self, made)
        return self

    def __missing__(self, key: Any) -> Any:
        if not dict.__contains__(self, _UNREAD):
            raise KeyError(key)
        return self._read()[key]

    def __eq__(self, other: object) -> bool:
        return dict.__eq__(self._read(), other._read() if isinstance(other, Later) else other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple:
        return dict, (dict(self._read()),)


def later(build: Callable[..., dict], *args: Any) -> Later:
    """The options ``build(*args)`` gives, worked out when first read."""
    return Later({_UNREAD: (build, args)})


def each_later(build: Callable[..., dict], seats: Iterable[int], *args: Any) -> dict[int, Later]:
    """For each seat, ``later(build, *args, seat)``: an options function's
    usual answer, made in one call however many seats there are."""
    return {seat: Later({_UNREAD: (build, (*args, seat))}) for seat in seats}


def _reading(name: str) -> Callable[..., Any]:
    method = getattr(dict, name)

    @wraps(method)
    def read(self: Later, *args: Any, **kwargs: Any) -> Any:
        return method(self._read(), *args, **kwargs)

    return read


for _name in (
    "__contains__", "__iter__", "__len__", "__repr__", "__or__", "__ror__", "__reversed__",
    "get", "keys", "values", "items", "copy",
    "__setitem__", "__delitem__", "__ior__", "pop", "popitem", "setdefault", "update", "clear",
):  # fmt: skip
    setattr(Later, _name, _reading(_name))
