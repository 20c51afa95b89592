"""Who holds what, read off the holdings in one pass per state.

Trades, mortgages, building and the shortage auction all ask the same state
which properties each seat owns, which are mortgaged and which carry
buildings; ``allowed`` asks them all of every state, so the holdings are
walked once and each rule reads the answer it needs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .edition import Edition
from .memo import per_state
from .state import GameState


@dataclass(frozen=True)
class Board:
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


@per_state
def board(state: GameState, edition: Edition) -> Board:
    owned: dict[int, list[int]] = {}
    mortgaged, built = [], []
    for holding in state.holdings.values():
        position, owner = holding.position, holding.owner
        if owner is not None:
            if owner in owned:
                owned[owner].append(position)
            else:
                owned[owner] = [position]
        if holding.mortgaged:
            mortgaged.append(position)
        if holding.houses or holding.hotel:
            built.append(position)
    spaces = edition.spaces
    return Board(
        owned=MappingProxyType({seat: tuple(positions) for seat, positions in owned.items()}),
        mortgaged=tuple(mortgaged),
        built=tuple(built),
        built_groups=frozenset(spaces[p].group for p in built),
    )
