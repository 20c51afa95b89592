"""Mortgages: the bank lends a property's mortgage value; lifting it costs
that value plus interest (seed 001: "Для залога Улицы также сначала продайте
все здания её группы. Переверните карточку и возьмите у Банка сумму залога с
оборота. Для снятия залога верните эту сумму плюс 10%").

What the interest comes to is worked out in ``mortgage_terms``; the choice
left to whoever receives a mortgaged property is ``mortgage_choice``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import filterfalse
from types import MappingProxyType
from typing import Any, ClassVar

from .board import board
from .building_auction import RUNNING, running
from .edition import Edition
from .holdings import group_built, owed, require_owner
from .memo import each_later, per_edition, per_holdings
from .mortgage_terms import find_choice, interest, lift_costs, lift_table, lifts
from .rulings import Rule
from .state import BANK, GameState
from .step import Step, action
from .turns import debtors

UNAVAILABLE = Rule("mortgage.unavailable", "This edition has no mortgages.")
NOTHING = Rule("mortgage.nothing", "Name at least one {term.property}.")
ALREADY = Rule("mortgage.already", "{place:space} is mortgaged already.")
BUILDINGS = Rule(
    "mortgage.buildings",
    "{built:space} has buildings: sell every building of the {group:group} group to the bank before mortgaging "
    "{place:space}.",
)
NOT_MORTGAGED = Rule("mortgage.not_mortgaged", "{place:space} is not mortgaged.")
IN_DEBT = Rule(
    "mortgage.in_debt",
    "{name} owes {owed:m}: lifting a mortgage waits until the debt is paid.",
)
CASH = Rule("mortgage.cash", "{name} has {cash:m}, less than the {amount:m} it costs to lift {what}.")
TAKEN = Rule(
    "mortgage.taken",
    "{name} mortgages {place:space}: the bank pays the mortgage value on the deed, {amount:m}. "
    "No rent is collected on it while it is mortgaged.",
)
LIFTED = Rule(
    "mortgage.lifted",
    "{name} lifts the mortgage on {place:space}: {value:m} + {percent}% interest {interest:m} = {amount:m}.",
)
LIFTED_PAID = Rule(
    "mortgage.lifted_paid",
    "{name} lifts the mortgage on {place:space} for its value, {amount:m}: the {percent}% interest was paid on "
    "receiving it.",
)


@dataclass(frozen=True)
class Mortgage:
    type: ClassVar[str]
    seat: int
    positions: tuple[int, ...]


@dataclass(frozen=True)
class Unmortgage:
    type: ClassVar[str]
    seat: int
    positions: tuple[int, ...]


Refusal = tuple[str, Rule, dict[str, Any]]


def named(step: Step, positions: tuple[int, ...]) -> tuple[int, ...]:
    if not positions:
        raise step.refuse("nothing_named", NOTHING)
    return tuple(dict.fromkeys(positions))


def _raise(step: Step, refusal: Refusal | None) -> None:
    if refusal is not None:
        code, rule, values = refusal
        raise step.refuse(code, rule, **values)


def closed(state: GameState, edition: Edition) -> Refusal | None:
    """Why nobody may mortgage now: seed 002, "Застави в цій грі немає"; and
    during a shortage auction nothing changes the groups that want buildings."""
    if not edition.rules.mortgage.enabled:
        return "no_mortgages", UNAVAILABLE, {}
    if state.pending and running(state):
        return "building_auction_running", RUNNING, {}
    return None


def require_mortgages(step: Step) -> None:
    """Seed 002: "Застави в цій грі немає." Every mortgage action says so first."""
    if not step.edition.rules.mortgage.enabled:
        raise step.refuse("no_mortgages", UNAVAILABLE)


@per_holdings
def _mortgageable(state: GameState, edition: Edition) -> Mapping[int, tuple[int, ...]]:
    """Each owning seat's properties that may be mortgaged now, in board
    order: unmortgaged, and not in a group with buildings (seed 001: "сначала
    продайте все здания её группы"). Read-only, shared by every caller; it reads
    nothing of the state but its holdings."""
    facts = board(state, edition)
    if not (facts.mortgaged or facts.built):  # the early game: every property owned may be mortgaged
        return facts.owned
    kept = set(facts.mortgaged)
    for group in facts.built_groups:
        kept.update(edition.group_positions(group))
    found = {}
    for seat, positions in facts.owned.items():
        free = tuple(filterfalse(kept.__contains__, positions))
        if free:
            found[seat] = free
    return MappingProxyType(found)


@per_edition
def _values(edition: Edition) -> Mapping[int, dict[str, int]]:
    """Each property as the options show it, with the value the bank lends on it (read-only, shared)."""
    return MappingProxyType(
        {p: {"position": p, "value": edition.space(p).mortgage} for p in edition.property_positions}
    )


def _not_mortgageable(step: Step, position: int) -> None:
    """Why a property its owner names is not among ``_mortgageable``."""
    if step.state.holdings[position].mortgaged:
        raise step.refuse("already_mortgaged", ALREADY, place=position)
    group = step.edition.space(position).group
    built = group_built(step.state, step.edition, group)
    raise step.refuse("group_has_buildings", BUILDINGS, built=built, group=group, place=position)


def _mortgage_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """For each seat, the properties it may mortgage and the value the bank pays for each."""
    if closed(state, edition) is not None:
        return {}
    free, players = _mortgageable(state, edition), state.players
    return each_later(_mortgage_seat, [seat for seat in sorted(free) if not players[seat].out], edition, free)


def _mortgage_seat(edition: Edition, free: Mapping[int, tuple[int, ...]], seat: int) -> dict[str, Any]:
    entries = _values(edition)
    return {"positions": [entries[p] for p in free[seat]]}


def each_alone(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each property named alone."""
    return [{"positions": [entry["position"]]} for entry in options["positions"][:10]]


def mortgageable(state: GameState, edition: Edition, seat: int) -> list[int]:
    """The seat's properties it could mortgage now (what ``mortgage`` checks)."""
    return [entry["position"] for entry in _mortgage_options(state, edition).get(seat, {}).get("positions", [])]


@action("mortgage", Mortgage, _mortgage_options, each_alone)
def mortgage(step: Step, act: Mortgage) -> None:
    _raise(step, closed(step.state, step.edition))
    positions = named(step, act.positions)
    for position in positions:
        require_owner(step, act.seat, position)
        if position not in _mortgageable(step.state, step.edition).get(act.seat, ()):
            _not_mortgageable(step, position)
    name = step.state.players[act.seat].name
    for position in positions:
        value = step.edition.space(position).mortgage
        step.set_holding(position, mortgaged=True)
        step.transfer(BANK, act.seat, value, "mortgage", step.ruling(TAKEN, name=name, place=position, amount=value))


def _lift_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """For each seat out of debt, the mortgages it has the cash to lift, each
    with its cost (value + interest) and interest, and the seat's cash, the
    limit of several lifted at once."""
    if not edition.rules.mortgage.enabled:
        return {}
    costs, cheapest = lifts(state, edition)
    if not costs:
        return {}
    players = state.players
    owing = debtors(state, edition)
    lifting = [
        seat
        for seat in sorted(cheapest)
        if cheapest[seat] <= players[seat].cash and not players[seat].out and seat not in owing
    ]
    return each_later(_lift_seat, lifting, state, edition, costs)


def _lift_seat(state: GameState, edition: Edition, costs: Mapping[int, int], seat: int) -> dict[str, Any]:
    holdings, cash, entries = state.holdings, state.players[seat].cash, _lifts(edition)
    found = []
    for position, cost in costs.items():
        if holdings[position].owner == seat and cost <= cash:
            entry = entries[position]
            if entry["cost"] != cost:  # the interest was paid on receiving it
                entry = {"position": position, "cost": cost, "interest": cost - edition.spaces[position].mortgage}
            found.append(entry)
    return {"positions": found, "cash": cash}


@per_edition
def _lifts(edition: Edition) -> Mapping[int, dict[str, int]]:
    """Each property as the lift options show it: what lifting costs, and the interest in it (read-only, shared)."""
    table, spaces = lift_table(edition), edition.spaces
    return MappingProxyType(
        {p: {"position": p, "cost": cost, "interest": cost - spaces[p].mortgage} for p, cost in table.items()}
    )


def liftable(state: GameState, edition: Edition, seat: int) -> list[int]:
    """Mortgaged properties of the seat it could lift now, each on its own."""
    return [entry["position"] for entry in _lift_options(state, edition).get(seat, {}).get("positions", [])]


@action("unmortgage", Unmortgage, _lift_options, each_alone)
def unmortgage(step: Step, act: Unmortgage) -> None:
    require_mortgages(step)
    positions = named(step, act.positions)
    player = step.state.players[act.seat]
    for position in positions:
        require_owner(step, act.seat, position)
        if not step.state.holdings[position].mortgaged:
            raise step.refuse("not_mortgaged", NOT_MORTGAGED, place=position)
    if act.seat in debtors(step.state, step.edition):
        raise step.refuse("in_debt", IN_DEBT, name=player.name, owed=owed(step.state, act.seat))
    costs = lift_costs(step.state, step.edition)
    total = sum(costs[p] for p in positions)
    if total > player.cash:
        what = "these mortgages" if len(positions) > 1 else step.edition.space(positions[0]).label()
        raise step.refuse(
            "insufficient_funds", CASH, name=player.name, cash=player.cash, amount=total, what=what, places=positions
        )
    for position in positions:
        due = interest(step.edition, position)
        choice = find_choice(step.state, act.seat, position)
        rule = LIFTED_PAID if choice is not None and choice.fee_paid else LIFTED
        ruling = step.ruling(rule, name=player.name, place=position, amount=costs[position], **due.values())
        if rule is LIFTED:
            ruling = due.explained(ruling, step.edition)
        step.set_holding(position, mortgaged=False)
        if choice is not None:
            step.drop(choice)
        step.transfer(act.seat, BANK, costs[position], "unmortgage", ruling)
