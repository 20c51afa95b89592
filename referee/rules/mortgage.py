"""Mortgages: the bank lends a property's mortgage value; lifting it costs
that value plus interest (seed 001: "Для залога Улицы также сначала продайте
все здания её группы. Переверните карточку и возьмите у Банка сумму залога с
оборота. Для снятия залога верните эту сумму плюс 10%").

When the interest is not a whole amount the edition's ``mortgage.rounding``
decides: modern Hasbro deeds print the lifting price rounded up (175 → 193,
75 → 83), and ``classic`` follows them. A mortgaged property received from
another player leaves its new owner a choice (``MortgageChoice``): lift it at
once, or keep it mortgaged and pay the interest now.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import ClassVar

from .building_auction import require_no_building_auction, running
from .edition import Edition
from .holdings import built_groups, group_built, owed, owes, require_owner
from .pending import Pending
from .rulings import Rule
from .state import BANK, GameState
from .step import Step, action

UNAVAILABLE = Rule("mortgage.unavailable", "This edition has no mortgages.")
NOTHING = Rule("mortgage.nothing", "Name at least one property.")
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
NO_CHOICE = Rule("mortgage.no_choice", "{name} has no decision to make about {place:space}.")
TAKEN = Rule(
    "mortgage.taken",
    "{name} mortgages {place:space}: the bank pays the mortgage value on the deed, {amount:m}. "
    "No rent is collected on it while it is mortgaged.",
)
LIFTED = Rule(
    "mortgage.lifted",
    "{name} lifts the mortgage on {place:space}: {value:m} + {percent}% interest {interest:m} = {amount:m} "
    "({percent}% of {value:m} is {exact:m}; this edition rounds interest {rounding}).",
)
CHOICE = Rule(
    "mortgage.choice",
    "{name} receives {place:space} mortgaged: lift it at once for {lift:m} (value + {percent}%), or keep it "
    "mortgaged and pay the bank {interest:m} ({percent}%) now.",
)
CHOICE_PAID = Rule(
    "mortgage.choice_paid",
    "{name} has paid the {percent}% on {place:space} and now lifts it for {lift:m} or keeps it mortgaged.",
)
LIFTED_PAID = Rule(
    "mortgage.lifted_paid",
    "{name} lifts the mortgage on {place:space} for its value, {amount:m}: the {percent}% interest was paid on "
    "receiving it.",
)
KEPT = Rule(
    "mortgage.kept",
    "{name} keeps {place:space} mortgaged and pays the bank {percent}% of {value:m} now: {amount:m} "
    "({exact:m}; this edition rounds interest {rounding}). This does not lift it: lifting later costs {lift:m}.",
)
KEPT_PAID = Rule(
    "mortgage.kept_paid",
    "{name} keeps {place:space} mortgaged; the {percent}% was paid on receiving it. Lifting later costs {lift:m}.",
)

ROUNDING: dict[str, Callable[[int], int]] = {
    "up": lambda hundredths: -(-hundredths // 100),
    "down": lambda hundredths: hundredths // 100,
    "nearest": lambda hundredths: (hundredths + 50) // 100,  # halves up
}


@dataclass(frozen=True)
class Interest:
    """The interest on a mortgage value, rounded by the edition's rule.

    exact: the unrounded amount as text ("17.5"), for the ruling.
    """

    value: int
    percent: int
    amount: int
    exact: str
    rounding: str

    @property
    def lift(self) -> int:
        return self.value + self.amount

    def values(self) -> dict:
        return dict(
            value=self.value, percent=self.percent, interest=self.amount, exact=self.exact, rounding=self.rounding
        )


def interest(edition: Edition, position: int) -> Interest:
    rules = edition.rules.mortgage
    value = edition.space(position).mortgage
    hundredths = value * rules.interest_percent
    exact = str(Decimal(hundredths) / 100)
    return Interest(value, rules.interest_percent, ROUNDING[rules.rounding](hundredths), exact, rules.rounding)


def lift_cost(edition: Edition, position: int) -> int:
    """What lifting the mortgage on ``position`` costs: ``interest(...).lift``,
    without the figures a ruling shows (asked of every mortgage, every action)."""
    rules = edition.rules.mortgage
    value = edition.space(position).mortgage
    return value + ROUNDING[rules.rounding](value * rules.interest_percent)


@dataclass(frozen=True)
class MortgageChoice(Pending):
    """A mortgaged property just received: its new owner lifts it at once
    (``unmortgage``) or keeps it mortgaged (``keep_mortgage``), paying the
    interest now; lifting later costs value + interest again (seed 001).

    fee_paid: the interest was paid on receipt already, so keeping it costs
        nothing more.
    """

    type: ClassVar[str] = "mortgage_choice"
    seat: int
    position: int
    fee_paid: bool = False

    def describe(self, state: GameState, edition: Edition) -> str:
        name, place = state.players[self.seat].name, edition.space(self.position).label()
        return f"{name}'s choice to lift or keep the mortgage on {place}"


def offer_choice(step: Step, seat: int, position: int, fee_paid: bool = False) -> None:
    """Ask the new owner of a mortgaged property what to do with it."""
    due = interest(step.edition, position)
    name = step.state.players[seat].name
    lift = due.value if fee_paid else due.lift
    step.note(CHOICE_PAID if fee_paid else CHOICE, name=name, place=position, lift=lift, **due.values())
    step.push(MortgageChoice(seat, position, fee_paid))


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


@dataclass(frozen=True)
class KeepMortgage:
    """positions: mortgaged properties just received, kept mortgaged."""

    type: ClassVar[str]
    seat: int
    positions: tuple[int, ...]


def _named(step: Step, positions: tuple[int, ...]) -> tuple[int, ...]:
    if not positions:
        raise step.refuse("nothing_named", NOTHING)
    return tuple(dict.fromkeys(positions))


def _require_mortgageable(step: Step, seat: int, position: int) -> None:
    require_owner(step, seat, position)
    if step.state.holdings[position].mortgaged:
        raise step.refuse("already_mortgaged", ALREADY, place=position)
    group = step.edition.space(position).group
    built = group_built(step.state, step.edition, group) if step.edition.space(position).kind == "street" else None
    if built is not None:
        raise step.refuse("group_has_buildings", BUILDINGS, built=built, group=group, place=position)


def _mortgageable(state: GameState, edition: Edition):
    """Every owned property that could be mortgaged now, whoever owns it."""
    built = built_groups(state, edition)
    for holding in state.holdings.values():
        if holding.owner is None or holding.mortgaged:
            continue
        space = edition.space(holding.position)
        if space.kind != "street" or space.group not in built:
            yield holding


def mortgageable(state: GameState, edition: Edition, seat: int) -> list[int]:
    """The seat's properties it could mortgage now (what ``mortgage`` checks)."""
    return sorted(h.position for h in _mortgageable(state, edition) if h.owner == seat)


def _who_mortgages(state: GameState, edition: Edition):
    if not edition.rules.mortgage.enabled or running(state):
        return []
    owners = {h.owner for h in _mortgageable(state, edition)}
    return [s for s in state.active_seats() if s in owners]


def require_mortgages(step: Step) -> None:
    """Seed 002: "Застави в цій грі немає." Every mortgage action says so first."""
    if not step.edition.rules.mortgage.enabled:
        raise step.refuse("no_mortgages", UNAVAILABLE)


@action("mortgage", Mortgage, who=_who_mortgages)
def mortgage(step: Step, act: Mortgage) -> None:
    require_mortgages(step)
    require_no_building_auction(step)
    positions = _named(step, act.positions)
    for position in positions:
        _require_mortgageable(step, act.seat, position)
    name = step.state.players[act.seat].name
    for position in positions:
        value = step.edition.space(position).mortgage
        step.set_holding(position, mortgaged=True)
        step.transfer(BANK, act.seat, value, "mortgage", step.ruling(TAKEN, name=name, place=position, amount=value))


def lifting_cost(state: GameState, edition: Edition, seat: int, position: int) -> int:
    """Value plus interest; only the value when the interest was paid on
    receiving it just now (from a bankrupt: the interest is not paid twice)."""
    choice = _choice(state, seat, position)
    return edition.space(position).mortgage if choice is not None and choice.fee_paid else lift_cost(edition, position)


def liftable(state: GameState, edition: Edition, seat: int) -> list[int]:
    """Mortgaged properties of the seat it could lift now, each on its own."""
    if owes(state, seat):
        return []
    cash = state.players[seat].cash
    return sorted(
        h.position
        for h in state.owned_by(seat)
        if h.mortgaged and lifting_cost(state, edition, seat, h.position) <= cash
    )


def _who_lifts(state: GameState, edition: Edition):
    """Seats ``liftable`` finds something for: out of debt, with cash for their cheapest lift."""
    cheapest: dict[int, int] = {}
    paid = {(c.seat, c.position) for c in state.pending_of(MortgageChoice) if c.fee_paid}  # see lifting_cost
    for holding in state.holdings.values():
        if holding.mortgaged:
            paid_for = (holding.owner, holding.position) in paid
            cost = edition.space(holding.position).mortgage if paid_for else lift_cost(edition, holding.position)
            cheapest[holding.owner] = min(cost, cheapest.get(holding.owner, cost))
    cash = [p.cash for p in state.players]
    return [s for s in state.active_seats() if s in cheapest and cheapest[s] <= cash[s] and not owes(state, s)]


@action("unmortgage", Unmortgage, who=_who_lifts)
def unmortgage(step: Step, act: Unmortgage) -> None:
    require_mortgages(step)
    positions = _named(step, act.positions)
    player = step.state.players[act.seat]
    for position in positions:
        require_owner(step, act.seat, position)
        if not step.state.holdings[position].mortgaged:
            raise step.refuse("not_mortgaged", NOT_MORTGAGED, place=position)
    if owes(step.state, act.seat):
        raise step.refuse("in_debt", IN_DEBT, name=player.name, owed=owed(step.state, act.seat))
    total = sum(lifting_cost(step.state, step.edition, act.seat, p) for p in positions)
    if total > player.cash:
        what = "these mortgages" if len(positions) > 1 else step.edition.space(positions[0]).label()
        raise step.refuse(
            "insufficient_funds", CASH, name=player.name, cash=player.cash, amount=total, what=what, places=positions
        )
    for position in positions:
        due = interest(step.edition, position)
        step.set_holding(position, mortgaged=False)
        choice = _choice(step.state, act.seat, position)
        if choice is not None:
            step.drop(choice)
        if choice is not None and choice.fee_paid:
            ruling = step.ruling(LIFTED_PAID, name=player.name, place=position, amount=due.value, **due.values())
            step.transfer(act.seat, BANK, due.value, "unmortgage", ruling)
            continue
        ruling = step.ruling(LIFTED, name=player.name, place=position, amount=due.lift, **due.values())
        step.transfer(act.seat, BANK, due.lift, "unmortgage", ruling)


def _choice(state: GameState, seat: int, position: int) -> MortgageChoice | None:
    return next((c for c in state.pending_of(MortgageChoice) if c.seat == seat and c.position == position), None)


def _who_keeps(state: GameState, edition: Edition):
    return sorted({c.seat for c in state.pending_of(MortgageChoice)})


@action("keep_mortgage", KeepMortgage, who=_who_keeps)
def keep_mortgage(step: Step, act: KeepMortgage) -> None:
    require_mortgages(step)
    positions = _named(step, act.positions)
    name = step.state.players[act.seat].name
    choices = []
    for position in positions:
        choice = _choice(step.state, act.seat, position)
        if choice is None:
            raise step.refuse("no_choice", NO_CHOICE, name=name, place=position)
        choices.append(choice)
    for choice in choices:
        step.drop(choice)
        due = interest(step.edition, choice.position)
        if choice.fee_paid:
            step.note(KEPT_PAID, name=name, place=choice.position, percent=due.percent, lift=due.lift)
            continue
        values = dict(name=name, place=choice.position, amount=due.amount, lift=due.lift, **due.values())
        step.charge(act.seat, BANK, due.amount, "mortgage_interest", step.ruling(KEPT, **values))
