"""Selling buildings back, as the bank's supply allows: what a sale leaves
in the bank, whether a hotel can turn back into houses, and the smallest
sale the bank takes when it cannot (the way out a refusal names)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import product

from .edition import Edition
from .state import GameState, Supply
from .street_levels import can_break_hotel, hotel_level, level


@dataclass(frozen=True)
class Change:
    """One street's development level before and after a request."""

    position: int
    before: int
    after: int


def sale_supply(state: GameState, edition: Edition, changes: Iterable[Change]) -> Supply | Change:
    """Houses sold come back first; a hotel sold outright returns alone (its
    houses went back when it was bought); a hotel turned back into houses
    needs the bank to hand over the full set (seed 000: "Вы не можете
    получить вместо Отеля Дома, если в Банке их не осталось"). Where hotels
    are never sold outright, a hotel sold even with its houses breaks into
    them first (seed 002: "холдинг розпадається на чотири філії, лише якщо
    вони є в запасі"). The supply after the sale, or the change whose hotel
    the bank cannot break."""
    top = hotel_level(state, edition)
    outright = edition.rules.buildings.hotel_sold_outright
    houses, hotels = state.supply.houses, state.supply.hotels
    for change in changes:
        if change.before < top:
            houses += change.before - change.after
        elif change.after == 0 and outright:
            hotels += 1
    for change in changes:
        if change.before == top and (change.after > 0 or not outright):
            if not can_break_hotel(houses, top):
                return change
            hotels += 1
            houses -= change.after
    return Supply(houses, hotels)


def smallest_sale(state: GameState, edition: Edition, seat: int, position: int) -> list[int]:
    """The fewest building levels the bank takes now, evenly and within its
    supply, from the seat's streets of ``position``'s group, ``position``
    among them: what a refusal names as the way out (a request as sent)."""
    group = edition.space(position).group
    levels = {
        p: level(state.holdings[p], state, edition)
        for p in edition.group_positions(group)
        if state.holdings[p].owner == seat
    }
    best: list[int] = []
    for final in product(*(range(value + 1) for value in levels.values())):
        after = dict(zip(levels, final, strict=True))
        if after[position] >= levels[position] or max(final) - min(final) > 1:
            continue
        request = [p for p in levels for _ in range(levels[p] - after[p])]
        if best and len(request) >= len(best):
            continue
        changes = [Change(p, levels[p], after[p]) for p in levels if after[p] < levels[p]]
        if isinstance(sale_supply(state, edition, changes), Supply):
            best = request
    return best
