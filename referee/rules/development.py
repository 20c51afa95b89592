"""Planning building work: what a request to build or to sell would leave on the board and in the bank, and whether the
rules allow it. A request is checked as a whole, so it is carried out
entirely or not at all (seed 001: "Застраивайте равномерно ... Разница между
улицами одной группы не должна превышать один дом").

Building adds levels (``street_levels``), selling removes them; the money
is always the level difference times the deed's building price (or half of
it), and the bank's supply follows the houses and hotels that move.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .holdings import group_owner, require_owner, require_space
from .hotel_sales import Change, sale_supply, smallest_sale
from .rulings import Rule
from .state import Supply
from .step import Step
from .street_levels import at_level, hotel_level, house_limit, level

NOTHING = Rule("building.nothing", "Name at least one space to build on or sell from.")
STREETS_ONLY = Rule(
    "building.streets_only", "{place:space} is not a {term.street} space: buildings stand only on those."
)
INCOMPLETE = Rule(
    "building.complete_group",
    "{name} does not own the whole {group:group} group: building needs every space of the group.",
)
GROUP_MORTGAGED = Rule(
    "building.group_mortgaged",
    "{mortgaged:space} is mortgaged: nothing may be built in the {group:group} group until every mortgage in it "
    "is lifted.",
)
LIMIT = Rule(
    "building.limit",
    "{place:space} cannot take {count} more: at most {houses:n.house}, then one {term.hotel}, and nothing beside it.",
)
HOTEL_NEEDS_HOUSES = Rule(
    "building.hotel_needs_houses",
    "A {term.hotel} on {place:space} needs {needed:n.house} on every space of the {group:group} group "
    "first; {short:space} would have {has}.",
)
UNEVEN = Rule(
    "building.even",
    "Build evenly: {high:space} would be at {high_level} and {low:space} at {low_level} (building levels; a "
    "{term.hotel} counts {hotel_level}); no space of the {group:group} group may be more than one ahead.",
)
UNEVEN_SALE = Rule(
    "building.sell_even",
    "Sell evenly: {high:space} would keep {high_level} and {low:space} {low_level} (building levels; a "
    "{term.hotel} counts {hotel_level}); no space of the {group:group} group may be more than one ahead.",
)
UNEVEN_HOTEL_SALE = Rule(
    "building.sell_even.hotels",
    "Sell evenly: {high:space} would keep {high_level} and {low:space} {low_level} (building levels; a "
    "{term.hotel} counts {hotel_level}); no space of the {group:group} group may be more than one ahead, so "
    "every {term.hotel} of a group is sold outright together.",
)
NO_HOUSES = Rule(
    "building.supply.houses",
    "The bank has no {house:term} left for {place:space}: wait until buildings are sold back "
    "(nothing may stand in for them).",
)
NO_HOTELS = Rule(
    "building.supply.hotels",
    "The bank has no {hotel:term} left for {place:space}: wait until one is sold back.",
)
NONE_TO_SELL = Rule("building.none_to_sell", "Building levels on {place:space}: {has}; {count} cannot be sold.")
HOTEL_BREAK = Rule(
    "building.hotel_break_supply",
    "The bank has {houses:n.house}, fewer than the {needed} a {term.hotel} on {place:space} turns back "
    "into: it can only be sold outright, with the buildings it was exchanged for, and evenly: the smallest sale "
    "the bank accepts now takes building levels off {streets:space}, {levels} in all (positions {request}).",
)
HOTEL_BREAK_WAITS = Rule(
    "building.hotel_break_waits",
    "The bank has {houses:n.house}, fewer than the {needed} a {hotel:term} on {place:space} breaks into: "
    "it cannot be sold back until the bank has them.",
)


@dataclass(frozen=True)
class Plan:
    """What a whole request does: each street's change and the bank's supply afterwards."""

    seat: int
    changes: tuple[Change, ...]
    supply: Supply


def _counts(step: Step, positions: Iterable[int]) -> Counter:
    counts = Counter(positions)
    if not counts:
        raise step.refuse("nothing_named", NOTHING)
    for position in counts:
        require_space(step, position)
        if step.edition.space(position).kind != "street":
            raise step.refuse("streets_only", STREETS_ONLY, place=position)
    return counts


def _require_buildable(step: Step, seat: int, position: int) -> None:
    """The seat owns the whole group and no street of it is mortgaged."""
    require_owner(step, seat, position)
    group = step.edition.space(position).group
    if group_owner(step.state, step.edition, group) != seat:
        raise step.refuse("incomplete_group", INCOMPLETE, name=step.state.players[seat].name, group=group)
    mortgaged = [p for p in step.edition.group_positions(group) if step.state.holdings[p].mortgaged]
    if mortgaged:
        raise step.refuse("group_mortgaged", GROUP_MORTGAGED, mortgaged=mortgaged[0], group=group)


def _final_levels(step: Step, changes: Iterable[Change]) -> dict[str, dict[int, int]]:
    """Every street of each group touched that the same player owns, at its
    level after the request. That is the whole group, except where the bank
    has taken a built street of it back (seed 002: "банк забирає клітинку
    одразу"): the owner then builds and sells evenly across what is left."""
    state, edition = step.state, step.edition
    after = {c.position: c.after for c in changes}
    owners = {state.holdings[p].owner for p in after}
    groups = {edition.space(p).group for p in after}
    return {
        group: {
            p: after.get(p, level(state.holdings[p], state, edition))
            for p in edition.group_positions(group)
            if state.holdings[p].owner in owners
        }
        for group in sorted(groups)
    }


def _require_even(step: Step, final: dict[str, dict[int, int]], rule: Rule, with_hotel: Rule | None = None) -> None:
    """Levels within one of each other in every group; ``with_hotel`` is the
    rule to cite instead when a street of the group has a hotel now."""
    state, edition = step.state, step.edition
    top = hotel_level(state, edition)
    for group, levels in final.items():
        high = max(levels, key=lambda p: (levels[p], -p))
        low = min(levels, key=lambda p: (levels[p], p))
        if levels[high] - levels[low] > 1:
            hotel = any(level(state.holdings[p], state, edition) == top for p in levels)
            raise step.refuse(
                "uneven",
                with_hotel if with_hotel is not None and hotel else rule,
                high=high,
                high_level=levels[high],
                low=low,
                low_level=levels[low],
                group=group,
                hotel_level=top,
            )


def plan_build(step: Step, seat: int, positions: Iterable[int]) -> Plan:
    """Check a request to build (one entry per building) and plan it."""
    state, edition = step.state, step.edition
    counts = _counts(step, positions)
    for position in counts:
        _require_buildable(step, seat, position)
    top = hotel_level(state, edition)
    changes = []
    for position, count in sorted(counts.items()):
        before = level(state.holdings[position], state, edition)
        if before + count > top:
            raise step.refuse("building_limit", LIMIT, place=position, count=count, houses=top - 1)
        changes.append(Change(position, before, before + count))
    final = _final_levels(step, changes)
    for change in changes:
        if change.after == top:
            _require_hotel_houses(step, change.position, final[edition.space(change.position).group])
    _require_even(step, final, UNEVEN)
    return Plan(seat, tuple(changes), _supply_after_build(step, changes))


def _require_hotel_houses(step: Step, position: int, levels: dict[int, int]) -> None:
    needed = house_limit(step.state, step.edition)
    short = next((p for p, value in levels.items() if value < needed), None)
    if short is not None:
        group = step.edition.space(position).group
        raise step.refuse(
            "hotel_needs_houses",
            HOTEL_NEEDS_HOUSES,
            place=position,
            needed=needed,
            group=group,
            short=short,
            has=levels[short],
        )


def _supply_after_build(step: Step, changes: Iterable[Change]) -> Supply:
    """Take the buildings from the bank lowest level first, as a table would:
    a hotel hands its street's houses back, which later houses may use."""
    top = hotel_level(step.state, step.edition)
    houses, hotels = step.state.supply.houses, step.state.supply.hotels
    for value, position in sorted((v, c.position) for c in changes for v in range(c.before + 1, c.after + 1)):
        if value == top:
            if hotels == 0:
                raise step.refuse("no_hotels", NO_HOTELS, place=position, hotel="hotel")
            hotels -= 1
            houses += top - 1
        else:
            if houses == 0:
                raise step.refuse("no_houses", NO_HOUSES, place=position, house="house")
            houses -= 1
    return Supply(houses, hotels)


def plan_sale(step: Step, seat: int, positions: Iterable[int]) -> Plan:
    """Check a request to sell buildings back to the bank (one entry per
    building level) and plan it."""
    state, edition = step.state, step.edition
    counts = _counts(step, positions)
    changes = []
    for position, count in sorted(counts.items()):
        require_owner(step, seat, position)
        before = level(state.holdings[position], state, edition)
        if count > before:
            raise step.refuse("none_to_sell", NONE_TO_SELL, place=position, has=before, count=count)
        changes.append(Change(position, before, before - count))
    _require_even(step, _final_levels(step, changes), UNEVEN_SALE, UNEVEN_HOTEL_SALE)
    return Plan(seat, tuple(changes), _supply_after_sale(step, seat, changes))


def _supply_after_sale(step: Step, seat: int, changes: Iterable[Change]) -> Supply:
    """The bank's supply after a sale, or the refusal of a hotel the bank cannot break."""
    supply = sale_supply(step.state, step.edition, changes)
    if isinstance(supply, Supply):
        return supply
    outright = step.edition.rules.buildings.hotel_sold_outright
    values = dict(houses=step.state.supply.houses, needed=hotel_level(step.state, step.edition) - 1)
    values["place"] = supply.position
    if not outright:
        raise step.refuse("hotel_break", HOTEL_BREAK_WAITS, house="house", hotel="hotel", **values)
    request = smallest_sale(step.state, step.edition, seat, supply.position)
    values.update(request=request, levels=len(request), streets=sorted(set(request)))
    raise step.refuse("hotel_break", HOTEL_BREAK, **values)


def apply_plan(step: Step, plan: Plan) -> None:
    """Put the planned buildings on the board and the bank's supply in order."""
    for change in plan.changes:
        holding = at_level(step.state.holdings[change.position], change.after, step.state, step.edition)
        step.set_holding(change.position, houses=holding.houses, hotel=holding.hotel)
    step.set(supply=plan.supply)
