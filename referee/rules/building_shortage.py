"""What a shortage of buildings is: who could still put up a house (or a
hotel), how many each could, against how many the bank has left, and which
deed's building price opens the auction of one (seed 000: "В качестве
стартовой цены на торгах берется цена, указанная в соответствующей карточке
Собственника").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .building_demand import demand, open_groups, wanted
from .edition import Edition
from .holdings import owes
from .state import GameState
from .street_levels import HOTEL, HOUSE


def supply_of(state: GameState, kind: str) -> int:
    return state.supply.houses if kind == HOUSE else state.supply.hotels


def demands(state: GameState, edition: Edition, seats: Iterable[int], kind: str) -> dict[int, int]:
    """Of ``seats``, those that could still put up a building of that kind, with how many each could."""
    found = {}
    for seat in seats:
        if not state.players[seat].out and not (state.pending and owes(state, seat)):
            count = demand(state, edition, seat, kind)
            if count > 0:
                found[seat] = count
    return found


def short(left: int, wanted_total: int, bidders: int) -> bool:
    """A shortage worth an auction: two players or more want more than the bank has left (and it has some)."""
    return bidders >= 2 and 0 < left < wanted_total


def measured(state: GameState, edition: Edition) -> dict[str, dict[str, Any]]:
    """For each kind the bank is short of: who wants more, how many are left and wanted."""
    builders = sorted(set(open_groups(state, edition).values()))  # only they could want buildings
    if len(builders) < 2:
        return {}  # fewer than two players could build at all
    found = {}
    for kind in (HOUSE, HOTEL):
        left = supply_of(state, kind)
        if not left:
            continue  # none left: nothing to auction, whatever is wanted
        wanting = demands(state, edition, builders, kind)
        wanted_total = sum(wanting.values())
        if short(left, wanted_total, len(wanting)):
            found[kind] = {"building": kind, "bidders": list(wanting), "left": left, "wanted": wanted_total}
    return found


def priced_place(state: GameState, edition: Edition, seats: Iterable[int], kind: str) -> int:
    """The street whose deed sets the opening bid: the dearest building price
    among the groups the bidders want the building for. Bids start there, so
    whoever wins has paid at least the price on the deed of any street they
    may put it on, and no building is sold below its own deed's price (the
    contested question ``shortage_auction_prices``)."""
    groups = {group for seat in seats for group in wanted(state, edition, seat, kind)}
    firsts = (edition.group_positions(group)[0] for group in groups)
    return max(firsts, key=lambda p: (edition.space(p).building_cost, -p))
