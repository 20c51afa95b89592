"""Which colour groups are open to building now, and how many buildings of a
kind each seat could put up on them (supply and cash aside): what a shortage
of buildings is measured against.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .edition import Edition
from .memo import per_holdings
from .state import GameState
from .street_levels import HOUSE, house_limit


@per_holdings
def open_groups(state: GameState, edition: Edition) -> Mapping[str, int]:
    """Colour groups open to building: each owned whole by one seat, with no
    street mortgaged (group -> owner; read-only, shared by every caller).
    It reads nothing of the state but its holdings."""
    found = {}
    holdings = state.holdings
    for group in edition.street_groups():
        positions = edition.group_positions(group)
        owner = holdings[positions[0]].owner
        if owner is None:
            continue
        for p in positions:
            holding = holdings[p]
            if holding.owner != owner or holding.mortgaged:
                break
        else:
            found[group] = owner
    return MappingProxyType(found)


def wanted(state: GameState, edition: Edition, seat: int, kind: str) -> dict[str, int]:
    """How many buildings of a kind the seat could put up now on each of its
    groups, supply and cash aside: houses up to the limit on its open groups,
    or hotels on the streets of groups that have all their houses."""
    limit = house_limit(state, edition)
    found = {}
    for group, owner in open_groups(state, edition).items():
        if owner != seat:
            continue
        holdings = [state.holdings[p] for p in edition.group_positions(group)]
        if kind == HOUSE:
            count = sum(limit - h.houses for h in holdings if not h.hotel)
        elif all(h.hotel or h.houses >= limit for h in holdings):
            count = sum(1 for h in holdings if not h.hotel)
        else:
            count = 0
        if count:
            found[group] = count
    return found


def demand(state: GameState, edition: Edition, seat: int, kind: str) -> int:
    return sum(wanted(state, edition, seat, kind).values())
