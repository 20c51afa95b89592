"""What a player may build or sell now, stated once: the refusals that close
building to a seat altogether (``build`` and ``sell_building`` raise them,
``allowed`` skips the seat), and the streets where one building, on its own,
passes the planner in ``development`` (the options ``allowed`` lists).

A request of several buildings is judged by the planner as a whole; the
options name what one building at a time may be, and, for selling, each
group's buildings sold all at once, so a client offers only what the engine
accepts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .board import board
from .building_auction import RUNNING, PlaceBuilding, placements, running
from .building_demand import open_groups
from .edition import Edition
from .holdings import owed
from .memo import later
from .rulings import Rule
from .state import GameState
from .street_levels import HOTEL, HOUSE, can_break_hotel, hotel_level, level, level_under, next_kind
from .timing import in_window
from .turns import debtors

Refusal = tuple[str, Rule, dict[str, Any]]

IN_DEBT = Rule(
    "building.in_debt",
    "{name} owes {owed:m} and cannot buy buildings until it is paid; selling buildings and mortgaging raise it.",
)
BUILD_TURN = Rule(
    "building.own_turn",
    "{name} may buy a {house:term} only on their own turn after its roll; now it is {current}'s turn{why:phrase}.",
)
PER_VISIT = Rule(
    "building.per_visit",
    "One {house:term} per visit: {name} {why:phrase}; a new arrival on the {street:term} is a new visit.",
)
SELL_TURN = Rule(
    "building.sell_own_turn",
    "{name} may sell a {house:term} back to the bank only on their own turn, or to pay a debt; it is {current}'s turn.",
)


def build_refusal(state: GameState, edition: Edition, seat: int) -> Refusal | None:
    """Why the seat may buy no building now, whatever it names, or None.

    Seed 002: "Після кидка можна купувати, розширюватися ... а тоді натиснути «Завершити хід»"; "не більше
    однієї за відвідування".
    """
    if state.pending and running(state):
        return "building_auction_running", RUNNING, {}
    rules = edition.rules.buildings
    player = state.players[seat]
    if not in_window(state, seat, rules.build_when):
        why = "before_roll" if state.turn.seat == seat else ""
        current = state.players[state.turn.seat].name
        return "not_your_turn", BUILD_TURN, dict(name=player.name, current=current, why=why, house="house")
    if seat in debtors(state, edition):
        return "in_debt", IN_DEBT, dict(name=player.name, owed=owed(state, seat))
    return None


def built_this_visit(state: GameState, edition: Edition, seat: int) -> bool:
    """Whether the seat's one building of this visit is built (seed 002: "не більше однієї за
    відвідування"): it closes the street the token stands on; the others are closed by where it stands."""
    player = state.players[seat]
    return edition.rules.buildings.one_per_visit and player.built_visit == player.visits


def sell_refusal(state: GameState, edition: Edition, seat: int) -> Refusal | None:
    """Why the seat may sell no building back now, or None. Seed 002: "У свій хід філію чи холдинг можна
    згорнути"; and a debtor raises the debt ("Кнопка «Знайти гроші» відкриває портфель: там можна згорнути
    філії чи холдинги за півціни")."""
    if state.pending and running(state):
        return "building_auction_running", RUNNING, {}
    if in_window(state, seat, edition.rules.buildings.sell_when):
        return None
    if seat in debtors(state, edition):
        return None
    names = state.players
    return "not_your_turn", SELL_TURN, dict(name=names[seat].name, current=names[state.turn.seat].name, house="house")


def buildable(state: GameState, edition: Edition, seat: int) -> list[tuple[int, int]]:
    """(position, level) of every street where one more building, on its own,
    passes ``plan_build``: in the seat's open groups, the least developed
    streets (so the group stays even), below their hotel, with that building
    in the bank (cash and where the edition lets one build aside)."""
    top = hotel_level(state, edition)
    supply, holdings = state.supply, state.holdings
    found = []
    for group, owner in open_groups(state, edition).items():
        if owner != seat:
            continue
        levels = [(p, level_under(holdings[p], top)) for p in edition.group_positions(group)]
        lowest = min(value for _, value in levels)
        if lowest < top and (supply.hotels if lowest + 1 == top else supply.houses):
            found += [(p, value) for p, value in levels if value == lowest]
    return sorted(found)


def affordable_builds(state: GameState, edition: Edition, seat: int) -> list[tuple[int, int]]:
    """``buildable`` streets the seat has the cash for, where the edition lets
    it build (seed 002: "Філію відкривають лише на тому підприємстві, де стоїть
    ваша фішка")."""
    player = state.players[seat]
    standing = edition.rules.buildings.standing_only
    if built_this_visit(state, edition, seat):
        return []
    return [
        (p, value)
        for p, value in buildable(state, edition, seat)
        if edition.space(p).building_cost <= player.cash and (not standing or p == player.position)
    ]


def sale_levels(state: GameState, edition: Edition, seat: int) -> dict[str, dict[int, int]]:
    """For each group where the seat has buildings, the level of each of its
    streets there (the streets ``plan_sale`` keeps even)."""
    holdings, spaces = state.holdings, edition.spaces
    groups = {spaces[p].group for p in board(state, edition).built if holdings[p].owner == seat}
    top = hotel_level(state, edition)
    return {
        group: {p: level_under(holdings[p], top) for p in edition.group_positions(group) if holdings[p].owner == seat}
        for group in sorted(groups)
    }


def sold_alone(state: GameState, edition: Edition, levels: Mapping[int, int], position: int) -> bool:
    """One level off ``position`` alone passes ``plan_sale``: it is among the
    group's most developed (so the group stays even), and a hotel sold down
    to houses finds them in the bank."""
    value, top = levels[position], hotel_level(state, edition)
    return 0 < value == max(levels.values()) and (value < top or can_break_hotel(state.supply.houses, top))


def sold_together(state: GameState, edition: Edition, levels: Mapping[int, int]) -> bool:
    """Every level of the group sold at once passes ``plan_sale``: its houses
    come back first, then each hotel goes outright, or, where hotels are
    never sold outright, breaks into houses the bank must have."""
    top = hotel_level(state, edition)
    if edition.rules.buildings.hotel_sold_outright or top not in levels.values():
        return True
    returned = sum(value for value in levels.values() if value < top)
    return can_break_hotel(state.supply.houses + returned, top)


# -- the options allowed lists ---------------------------------------------------


def _street(edition: Edition, position: int, value: int, top: int, price: int | None = None) -> dict[str, Any]:
    cost = edition.space(position).building_cost
    return {
        "position": position,
        "building": next_kind(value, top),
        "price": cost if price is None else price,
        "headroom": top - value,
    }


def build_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """For each seat that may build now, the streets one building may go on:
    its kind (the hotel once the street has its houses, as this game counts
    them), its price, and ``headroom``, the levels the street may still take
    (its hotel counted). The winner of a shortage auction places the building
    won, already ``paid``."""
    top = hotel_level(state, edition)
    placing = [p for p in state.pending if isinstance(p, PlaceBuilding)]
    if placing:
        return {
            p.seat: {
                "positions": [
                    _street(edition, q, level(state.holdings[q], state, edition), top, 0)
                    for q in placements(state, edition, p)
                ],
                "paid": p.price,
            }
            for p in placing
        }
    owners = set(open_groups(state, edition).values())
    if not owners or (state.pending and running(state)):
        return {}
    found = {}
    for seat in sorted(owners):
        if state.players[seat].out or build_refusal(state, edition, seat) is not None:
            continue
        streets = affordable_builds(state, edition, seat)
        if streets:
            found[seat] = later(_streets, state, edition, seat, streets, top)
    return found


def _streets(state: GameState, edition: Edition, seat: int, streets: list[tuple[int, int]], top: int) -> dict[str, Any]:
    """``at_once``: the most buildings one ``build`` may take, where a rule
    limits it (one per visit); absent where the streets' headroom is the limit."""
    found = {
        "positions": [_street(edition, p, value, top) for p, value in streets],
        "rounds": _rounds(state, edition, seat, top),
    }
    if edition.rules.buildings.one_per_visit:
        found["at_once"] = 1
    return found


def _rounds(state: GameState, edition: Edition, seat: int, top: int) -> list[dict[str, Any]]:
    """Per group, one more building on each of its least developed streets at
    once (the group one level higher, still even), where the bank has that
    many buildings and the seat the cash for them all: a table builds a group
    round by round. None where one builds one at a time, where one stands."""
    rules, cash = edition.rules.buildings, state.players[seat].cash
    if rules.one_per_visit or rules.standing_only:
        return []
    groups: dict[str, list[tuple[int, int]]] = {}
    for position, value in buildable(state, edition, seat):
        groups.setdefault(edition.space(position).group, []).append((position, value))
    found = []
    for group, streets in groups.items():
        kind = next_kind(streets[0][1], top)
        cost = sum(edition.space(p).building_cost for p, _ in streets)
        supply = state.supply.hotels if kind == HOTEL else state.supply.houses
        if cost <= cash and len(streets) <= supply:
            found.append({"group": group, "positions": [p for p, _ in streets], "building": kind, "cost": cost})
    return found


def build_examples(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each street alone, and each group's round."""
    alone = [{"positions": [street["position"]]} for street in options["positions"][:10]]
    return alone + [{"positions": list(r["positions"])} for r in options.get("rounds", ())]


def _sale(edition: Edition, position: int, value: int, top: int) -> dict[str, Any]:
    refund = edition.space(position).building_cost * edition.rules.buildings.sale_fraction_percent // 100
    return {"position": position, "building": HOTEL if value == top else HOUSE, "refund": refund, "levels": value}


def sale_options(state: GameState, edition: Edition, seat: int) -> dict[str, Any]:
    """The streets one level may be sold off alone (the building sold first,
    what the bank pays for one level, the levels standing), and the groups
    whose buildings may all be sold at once (what the bank pays for all)."""
    top = hotel_level(state, edition)
    percent = edition.rules.buildings.sale_fraction_percent
    streets, groups = [], []
    for group, levels in sale_levels(state, edition, seat).items():
        streets += [_sale(edition, p, v, top) for p, v in levels.items() if sold_alone(state, edition, levels, p)]
        if sold_together(state, edition, levels):
            every = [p for p, value in levels.items() for _ in range(value)]
            refund = sum(value * (edition.space(p).building_cost * percent // 100) for p, value in levels.items())
            groups.append({"group": group, "positions": every, "refund": refund})
    return {"positions": streets, "groups": groups}


def sell_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """For each seat that may sell buildings back now, what it may sell."""
    holdings = state.holdings
    owners = {holdings[p].owner for p in board(state, edition).built}
    if not owners or (state.pending and running(state)):
        return {}
    found = {}
    for seat in sorted(owners):
        if state.players[seat].out or sell_refusal(state, edition, seat) is not None:
            continue
        choices = sale_options(state, edition, seat)
        if choices["positions"] or choices["groups"]:
            found[seat] = choices
    return found


def sell_examples(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One level off each street alone, and each group's buildings all at once."""
    alone = [{"positions": [street["position"]]} for street in options["positions"]]
    return (alone + [{"positions": group["positions"]} for group in options["groups"]])[:10]
