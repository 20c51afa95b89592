"""How far a street is developed. A street's *level* is its number of houses,
or one above the most houses it may hold when it has a hotel; the variant
may lower the houses a hotel needs (seed 000, short game).
"""

from __future__ import annotations

from dataclasses import replace

from .edition import Edition
from .state import GameState, Holding

HOUSE, HOTEL = "house", "hotel"


def hotel_after(state: GameState, edition: Edition) -> int:
    """Houses each street of a group needs before a hotel: the edition's
    parameter (4 in the classic game), unless the game's variant lowers it
    (seed 000, short game: "Вы должны построить только три Дома (вместо
    четырех) на каждом Владении цветовой группы прежде, чем Вы сможете купить
    Отель")."""
    return edition.rules.variant(state.options.variant).hotel_after or edition.rules.buildings.hotel_after


def house_limit(state: GameState, edition: Edition) -> int:
    """The most houses a street holds; the next building is its hotel."""
    return min(edition.rules.buildings.max_houses, hotel_after(state, edition))


def hotel_level(state: GameState, edition: Edition) -> int:
    return house_limit(state, edition) + 1


def level(holding: Holding, state: GameState, edition: Edition) -> int:
    return level_under(holding, hotel_level(state, edition))


def level_under(holding: Holding, top: int) -> int:
    """``level`` with the hotel's level already worked out (for a whole group at once)."""
    return top if holding.hotel else holding.houses


def at_level(holding: Holding, value: int, state: GameState, edition: Edition) -> Holding:
    top = hotel_level(state, edition)
    return replace(holding, houses=0 if value == top else value, hotel=value == top)


def can_break_hotel(houses: int, top: int) -> bool:
    """A hotel turns back into its houses only if the bank has them all."""
    return houses >= top - 1


def next_kind(value: int, top: int) -> str:
    """The building that takes a street from ``value`` one level up."""
    return HOTEL if value + 1 == top else HOUSE
