"""Who holds what, read off the holdings in one pass per state.

Trades, mortgages, building and the shortage auction all ask the same state
which properties each seat owns, which are mortgaged and which carry
buildings; ``allowed`` asks them all of every state, so the holdings are
walked once and each rule reads the answer it needs.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import compress, repeat
from operator import attrgetter, eq
from types import MappingProxyType
from typing import NamedTuple

from .edition import Edition
from .memo import per_holdings
from .state import GameState


class Board(NamedTuple):
    """The holdings of one state, sorted by what rules ask of them (read-only).

    owned: each owning seat's properties, in the holdings' order.
    mortgaged: the mortgaged properties, in the holdings' order.
    built: the properties with buildings on them, in the holdings' order.
    built_groups: the groups with buildings on any of their streets.
    """

    owned: Mapping[int, tuple[int, ...]]
    mortgaged: tuple[int, ...]
    built: tuple[int, ...]
    built_groups: frozenset[str]


_POSITION, _OWNER, _MORTGAGED = attrgetter("position"), attrgetter("owner"), attrgetter("mortgaged")
_BUILT = attrgetter("houses", "hotel")
_BARE = (0, False)


@per_holdings
def board(state: GameState, edition: Edition) -> Board:
    """The board of the state's holdings (it reads nothing else of the state)."""
    # each fact in passes the interpreter runs without a Python loop per holding
    holdings = tuple(state.holdings.values())
    positions = tuple(map(_POSITION, holdings))
    owners = tuple(map(_OWNER, holdings))
    seats = sorted(set(owners) - {None}, key=owners.index)  # in the order of their first holding
    built = tuple(compress(positions, map(_BARE.__ne__, map(_BUILT, holdings))))
    spaces = edition.spaces
    return Board(
        owned=MappingProxyType({seat: tuple(compress(positions, map(eq, owners, repeat(seat)))) for seat in seats}),
        mortgaged=tuple(compress(positions, map(_MORTGAGED, holdings))),
        built=built,
        built_groups=frozenset(spaces[p].group for p in built),
    )
