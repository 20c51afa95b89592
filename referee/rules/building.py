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

from dataclasses import dataclass
from typing import ClassVar

from . import building_auction
from .development import (
    Change,
    Plan,
    apply_plan,
    hotel_level,
    house_limit,
    level,
    open_groups,
    plan_build,
    plan_sale,
)
from .edition import Edition
from .holdings import owed, owes
from .rulings import Rule
from .state import BANK, GameState
from .step import Step, action
from .timing import in_window

IN_DEBT = Rule(
    "building.in_debt",
    "{name} owes {owed:m} and cannot buy buildings until it is paid; selling buildings and mortgaging raise it.",
)
CASH = Rule("building.cash", "{name} has {cash:m}, less than the {amount:m} these buildings cost.")
BUILD_TURN = Rule(
    "building.own_turn",
    "{name} may buy a {house:term} only on their own turn after its roll; now it is {current}'s turn{why}.",
)
STANDING = Rule(
    "building.standing",
    "{name}'s token stands on {here:space}: a {house:term} goes only on the {street:term} the token stands on, "
    "not on {place:space}.",
)
PER_VISIT = Rule(
    "building.per_visit",
    "One {house:term} per visit: {name} {why}; a new arrival on the {street:term} is a new visit.",
)
SELL_TURN = Rule(
    "building.sell_own_turn",
    "{name} may sell a {house:term} back to the bank only on their own turn, or to pay a debt; it is {current}'s turn.",
)
BUY_HOUSES = Rule(
    "building.buy.houses",
    "{name} buys {count} {house:term}(s) for {place:space} from the bank at the deed's price: "
    "{count} × {cost:m} = {amount:m}.",
)
BUY_HOTEL = Rule(
    "building.buy.hotel",
    "{name} buys a {hotel:term} for {place:space} at the deed's price, {amount:m}, and returns the street's "
    "{houses} houses to the bank.",
)
SELL_HOUSES = Rule(
    "building.sell.houses",
    "{name} sells {count} {house:term}(s) on {place:space} back to the bank at {percent}% of the price: "
    "{count} × {half:m} = {amount:m}.",
)
SELL_HOTEL = Rule(
    "building.sell.hotel",
    "{name} sells the {hotel:term} on {place:space} back to the bank for {percent}% of its price, {half:m}; "
    "the street gets its {houses} houses back from the bank.",
)
SELL_HOTEL_AND_HOUSES = Rule(
    "building.sell.hotel_and_houses",
    "{name} sells the {hotel:term} on {place:space} back to the bank for {percent}% of its price, {half:m}; "
    "the street gets its {houses} houses back and {sold} of them are sold at {half:m} each: {amount:m} in all.",
)
SELL_HOTEL_OUTRIGHT = Rule(
    "building.sell.hotel_outright",
    "{name} sells the {hotel:term} on {place:space} outright: {percent}% of the hotel and of the {houses} houses "
    "it was exchanged for, {levels} × {half:m} = {amount:m}.",
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
    now (what ``build`` checks, for one building): a least developed street
    of an open group, below its hotel, with that building in the bank, and
    where and when the edition allows building."""
    rules = edition.rules.buildings
    player = state.players[seat]
    if not in_window(state, seat, rules.build_when) or (rules.one_per_visit and player.built_visit == player.visits):
        return []
    top = hotel_level(state, edition)
    supply = state.supply
    found = []
    for group, owner in open_groups(state, edition).items():
        if owner != seat:
            continue
        levels = {p: level(state.holdings[p], state, edition) for p in edition.group_positions(group)}
        lowest = min(levels.values())
        in_bank = supply.hotels if lowest + 1 == top else supply.houses
        for position, value in levels.items():
            affordable = edition.space(position).building_cost <= player.cash
            where = not rules.standing_only or position == player.position
            if value == lowest < top and in_bank and affordable and where:
                found.append(position)
    return sorted(found)


def _who_builds(state: GameState, edition: Edition):
    placing = state.pending_of(building_auction.PlaceBuilding)
    if placing:
        return [p.seat for p in placing]
    if building_auction.running(state):
        return []
    owners = set(open_groups(state, edition).values())
    return [s for s in state.active_seats() if s in owners and not owes(state, s) and legal_builds(state, edition, s)]


@action("build", Build, who=_who_builds)
def build(step: Step, act: Build) -> None:
    placement = building_auction.placement_of(step.state, act.seat)
    if placement is not None:
        building_auction.place(step, placement, act.positions)
        return
    building_auction.require_no_building_auction(step)
    player = step.state.players[act.seat]
    _require_build_window(step, act.seat)
    if owes(step.state, act.seat):
        raise step.refuse("in_debt", IN_DEBT, name=player.name, owed=owed(step.state, act.seat))
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


def _require_build_window(step: Step, seat: int) -> None:
    """Seed 002: "Після кидка можна купувати, розширюватися ... а тоді натиснути «Завершити хід»"."""
    state = step.state
    if in_window(state, seat, step.edition.rules.buildings.build_when):
        return
    why = ", before its roll" if state.turn.seat == seat else ""
    current = state.players[state.turn.seat].name
    raise step.refuse(
        "not_your_turn", BUILD_TURN, name=state.players[seat].name, current=current, why=why, house="house"
    )


def _require_where(step: Step, seat: int, positions: tuple[int, ...]) -> None:
    """Seed 002: "Філію відкривають лише на тому підприємстві, де стоїть ваша фішка, і не більше однієї за
    відвідування"."""
    rules = step.edition.rules.buildings
    player = step.state.players[seat]
    terms = dict(name=player.name, house="house", street="street")
    if rules.one_per_visit and len(positions) > 1:
        raise step.refuse("one_per_visit", PER_VISIT, why="asks for several at once", **terms)
    if rules.one_per_visit and player.built_visit == player.visits:
        raise step.refuse("one_per_visit", PER_VISIT, why="has built during this visit already", **terms)
    if rules.standing_only:
        elsewhere = next((p for p in positions if p != player.position), None)
        if elsewhere is not None:
            raise step.refuse("not_standing", STANDING, here=player.position, place=elsewhere, **terms)


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


def may_sell_now(state: GameState, edition: Edition, seat: int) -> bool:
    """Seed 002: "У свій хід філію чи холдинг можна згорнути"; and a debtor raises the debt
    ("Кнопка «Знайти гроші» відкриває портфель: там можна згорнути філії чи холдинги за півціни")."""
    return in_window(state, seat, edition.rules.buildings.sell_when) or owes(state, seat)


def _who_sells(state: GameState, edition: Edition):
    if building_auction.running(state):
        return []
    owners = {h.owner for h in state.holdings.values() if h.houses or h.hotel}
    return sorted(seat for seat in owners if may_sell_now(state, edition, seat))


@action("sell_building", SellBuilding, who=_who_sells)
def sell_building(step: Step, act: SellBuilding) -> None:
    building_auction.require_no_building_auction(step)
    if not may_sell_now(step.state, step.edition, act.seat):
        names = step.state.players
        current = names[step.state.turn.seat].name
        raise step.refuse("not_your_turn", SELL_TURN, name=names[act.seat].name, current=current, house="house")
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
