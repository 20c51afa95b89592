"""Houses and hotels: buying them from the bank and selling them back (seed
001, "Как строить дома и отели"; seed 000, "Дома", "Отель", "Продажа
собственности").

Both may be done at any time, not only on one's turn, and from jail (seed
001: "ждать своего хода для покупки не обязательно"; "Тюрьма не запрещает
... покупать здания"). A player with a debt pending may sell but not build:
the money is owed. During a shortage auction nobody builds or sells, except
the winner placing the building just won, so what is auctioned stays what
was wanted. Other pending decisions (a property auction, a card, someone
else's debt) do not stop building: it spends only the builder's own cash,
and a rent already owed was fixed when the token landed. A request names one entry per
building and is carried out entirely or not at all (see ``development``).

Editions may narrow this (seed 002): branches are opened only on one's own
turn after the roll, only on the enterprise the token stands on, one per
visit; and collapsed only on one's own turn (or to pay a debt).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

from . import building_auction
from .building_choices import (
    PER_VISIT,
    affordable_builds,
    build_examples,
    build_options,
    build_refusal,
    built_this_visit,
    sell_examples,
    sell_options,
    sell_refusal,
)
from .development import Change, Plan, apply_plan, plan_build, plan_sale
from .edition import Edition
from .errors import RuleViolation
from .holdings import group_owner, require_space
from .memo import per_holdings
from .rulings import Rule
from .state import BANK, GameState
from .step import Step, action
from .street_levels import hotel_level, house_limit

CASH = Rule("building.cash", "{name} has {cash:m}, less than the {amount:m} these buildings cost.")
STANDING = Rule(
    "building.standing",
    "{name}'s token stands on {here:space}: a {house:term} goes only on the {street:term} the token stands on, "
    "not on {place:space}.",
)
BUY_HOUSES = Rule(
    "building.buy.houses",
    "{name} buys {count:n.house} for {place:space} from the bank at the deed's price: {count} × {cost:m} = {amount:m}.",
)
BUY_HOTEL = Rule(
    "building.buy.hotel",
    "{name} buys a {hotel:term} for {place:space} at the deed's price, {amount:m}, and returns the buildings "
    "there to the bank ({houses:n.house}).",
)
SELL_HOUSES = Rule(
    "building.sell.houses",
    "{name} sells {count:n.house} on {place:space} back to the bank at {percent}% of the price: "
    "{count} × {half:m} = {amount:m}.",
)
SELL_HOTEL = Rule(
    "building.sell.hotel",
    "{name} sells the {hotel:term} on {place:space} back to the bank for {percent}% of its price, {half:m}; the "
    "buildings it was exchanged for come back from the bank ({houses:n.house}).",
)
SELL_HOTEL_AND_HOUSES = Rule(
    "building.sell.hotel_and_houses",
    "{name} sells the {hotel:term} on {place:space} back to the bank for {percent}% of its price, {half:m}; the "
    "buildings it was exchanged for come back ({houses:n.house}) and {sold} of them are sold at {half:m} "
    "each: {amount:m} in all.",
)
SELL_HOTEL_OUTRIGHT = Rule(
    "building.sell.hotel_outright",
    "{name} sells the {hotel:term} on {place:space} outright: {percent}% of it and of the buildings it was "
    "exchanged for ({houses:n.house}), {levels} × {half:m} = {amount:m}.",
)


@dataclass(frozen=True)
class Build:
    """positions: one entry per building; a street named twice gets two. The
    next building on a street is a house, or its hotel once it has its houses."""

    type: ClassVar[str]
    seat: int
    positions: tuple[int, ...]


@dataclass(frozen=True)
class SellBuilding:
    """positions: one entry per building level sold back to the bank; a hotel
    sold once turns back into its houses, sold with them it goes outright."""

    type: ClassVar[str]
    seat: int
    positions: tuple[int, ...]


def _cost(step: Step, plan: Plan) -> int:
    return sum((c.after - c.before) * step.edition.space(c.position).building_cost for c in plan.changes)


def legal_builds(state: GameState, edition: Edition, seat: int) -> list[int]:
    """Streets where one more building, on its own, is allowed and affordable
    now (what ``build`` checks, for one building)."""
    if build_refusal(state, edition, seat) is not None:
        return []
    return [position for position, _ in affordable_builds(state, edition, seat)]


def _held_back(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """Each seat holding a whole group of streets where one building may not go now: those streets, each
    with ``why``, the code of the refusal a build of that street alone meets (seed 001 l.39: evenly; seed 002
    l.82: only where the token stands, one per visit); a street that takes one is left out. A winner placing
    a building won at auction is left out: its options name where it goes."""
    found = {}
    for seat, streets in _whole_groups(state, edition).items():
        if state.players[seat].bankrupt or building_auction.placement_of(state, seat) is not None:
            continue
        closed = build_refusal(state, edition, seat)  # what ``build`` refuses first, whatever the street
        if closed is not None:
            held = [{"position": p, "why": closed[0]} for p in streets]
        else:
            taken = {p for p, _ in affordable_builds(state, edition, seat)}  # the options' streets
            held = [
                {"position": p, "why": why}
                for p in streets
                if p not in taken and (why := _refusal_at(state, edition, seat, p))
            ]
        if held:
            found[seat] = {"positions": held}
    return found


@per_holdings
def _whole_groups(state: GameState, edition: Edition) -> Mapping[int, tuple[int, ...]]:
    """The streets of each seat's whole groups (mortgaged ones too: a mortgage is a reason), in board
    order (read-only, shared). It reads nothing of the state but its holdings."""
    found: dict[int, list[int]] = {}
    for group in edition.street_groups():
        owner = group_owner(state, edition, group)
        if owner is not None:
            found.setdefault(owner, []).extend(edition.group_positions(group))
    return MappingProxyType({seat: tuple(sorted(streets)) for seat, streets in found.items()})


def _refusal_at(state: GameState, edition: Edition, seat: int, position: int) -> str | None:
    """The code of the refusal one building on ``position`` meets now, or None when it is taken: ``build``
    itself judges it, so the reason is the one a request would get."""
    try:
        build(Step(state, edition), Build(seat, (position,)))
    except RuleViolation as refusal:
        return refusal.code
    return None


@action("build", Build, build_options, build_examples, refused=_held_back)
def build(step: Step, act: Build) -> None:
    placement = building_auction.placement_of(step.state, act.seat)
    if placement is not None:
        building_auction.place(step, placement, act.positions)
        return
    refusal = build_refusal(step.state, step.edition, act.seat)
    if refusal is not None:
        code, rule, values = refusal
        raise step.refuse(code, rule, **values)
    player = step.state.players[act.seat]
    _require_where(step, act.seat, act.positions)
    plan = plan_build(step, act.seat, act.positions)
    total = _cost(step, plan)
    if total > player.cash:
        raise step.refuse("insufficient_funds", CASH, name=player.name, cash=player.cash, amount=total)
    apply_plan(step, plan)
    for change in plan.changes:
        _pay_for(step, act.seat, change)
    if step.edition.rules.buildings.one_per_visit:
        step.set_player(act.seat, built_visit=player.visits)


def _require_where(step: Step, seat: int, positions: tuple[int, ...]) -> None:
    """Seed 002: "Філію відкривають лише на тому підприємстві, де стоїть ваша фішка, і не більше однієї за
    відвідування"."""
    rules = step.edition.rules.buildings
    player = step.state.players[seat]
    terms = dict(name=player.name, house="house", street="street")
    if rules.one_per_visit and len(positions) > 1:
        raise step.refuse("one_per_visit", PER_VISIT, why="several_at_once", **terms)
    if rules.standing_only:
        elsewhere = next((p for p in positions if p != player.position), None)
        if elsewhere is not None:
            require_space(step, elsewhere)  # the refusal below names the space
            raise step.refuse("not_standing", STANDING, here=player.position, place=elsewhere, **terms)
    if built_this_visit(step.state, step.edition, seat):  # closes the street it stands on: a new arrival reopens it
        raise step.refuse("one_per_visit", PER_VISIT, why="built_this_visit", **terms)


def _pay_for(step: Step, seat: int, change: Change) -> None:
    limit = house_limit(step.state, step.edition)
    cost = step.edition.space(change.position).building_cost
    name = step.state.players[seat].name
    houses = min(change.after, limit) - change.before
    if houses > 0:
        values = dict(name=name, count=houses, place=change.position, cost=cost, amount=houses * cost, house="house")
        step.transfer(seat, BANK, houses * cost, "building", step.ruling(BUY_HOUSES, **values))
    if change.after == hotel_level(step.state, step.edition):
        values = dict(name=name, place=change.position, amount=cost, houses=limit, hotel="hotel")
        step.transfer(seat, BANK, cost, "building", step.ruling(BUY_HOTEL, **values))


@action("sell_building", SellBuilding, sell_options, sell_examples)
def sell_building(step: Step, act: SellBuilding) -> None:
    refusal = sell_refusal(step.state, step.edition, act.seat)
    if refusal is not None:
        code, rule, values = refusal
        raise step.refuse(code, rule, **values)
    plan = plan_sale(step, act.seat, act.positions)
    apply_plan(step, plan)
    for change in plan.changes:
        _paid_for(step, act.seat, change)


def _paid_for(step: Step, seat: int, change: Change) -> None:
    """The bank pays the sale fraction of the building price for every level sold."""
    percent = step.edition.rules.buildings.sale_fraction_percent
    half = step.edition.space(change.position).building_cost * percent // 100
    limit = house_limit(step.state, step.edition)
    levels = change.before - change.after
    values = dict(
        name=step.state.players[seat].name, place=change.position, percent=percent, half=half, amount=levels * half
    )
    if change.before < hotel_level(step.state, step.edition):
        ruling = step.ruling(SELL_HOUSES, count=levels, house="house", **values)
    elif change.after == 0 and step.edition.rules.buildings.hotel_sold_outright:
        ruling = step.ruling(SELL_HOTEL_OUTRIGHT, houses=limit, levels=levels, hotel="hotel", **values)
    elif levels == 1:
        ruling = step.ruling(SELL_HOTEL, houses=limit, hotel="hotel", **values)
    else:
        ruling = step.ruling(SELL_HOTEL_AND_HOUSES, houses=limit, sold=levels - 1, hotel="hotel", **values)
    step.transfer(BANK, seat, levels * half, "building_sale", ruling)
