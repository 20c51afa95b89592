"""Bankruptcy: a debtor who cannot raise what they owe leaves the game, and
the creditor takes the estate, settled by ``estate`` (seed 001, "Банкротство и победа"; seed 000,
"Банкротство").

When. ``declare_bankruptcy`` is open to a debtor whose cash, plus everything
the bank would pay them (every building sold back, every property
mortgaged), is less than what they owe; a debtor who could raise it must
(seed 001: "Если после продажи зданий и залога вы всё равно не можете
погасить долг, вы банкрот"). The debtor need not sell or mortgage first: the
settlement does it. Bankruptcy is always declared, never automatic: until
then the table may still set a mistake right, and a debtor may still sell a
mortgaged property or a card to another player for more than the bank pays;
the state shows each debt with what its debtor could raise, so the table
sees when declaring is the only way on.

To whom. The creditor of the debtor's oldest pending debt takes the estate;
any other debt of the bankrupt lapses. The booklets know a single creditor;
several debts at once come mostly from a card paying each player, whose
first unpaid debt is the one the debtor's cash stopped at. Money owed to the
bankrupt is owed to whoever takes the estate. A debt owed to the Free
Parking pot (a house rule) is a debt to the bank, except that the cash goes
to the pot.

Out of time. With the table clock on, a player who lets a decision's time run
out is out of the game, bankrupt to the bank (seed 002: "Хто вибув,
вважається банкрутом перед банком"): registered with the clock here, settled
as a bankruptcy to the bank, whatever the player owed to others lapsing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .building_auction import running
from .clock import on_out_of_time
from .edition import Edition
from .estate import buildings_value, settle, settlement
from .holdings import bank_price, owed, owes
from .memo import later
from .offers import pending_of
from .pending import Debt
from .rulings import Rule
from .state import BANK, GameState
from .step import Step, action

NO_DEBT = Rule("bankruptcy.no_debt", "{name} owes nothing: bankruptcy is declared over a debt that cannot be paid.")
CAN_RAISE = Rule(
    "bankruptcy.can_raise",
    "{name} owes {owed:m} and can raise it: cash {cash:m} + buildings sold back {buildings:m} + mortgages "
    "{mortgages:m} = {total:m}. Sell buildings and mortgage to pay; only a debtor who cannot is bankrupt.",
)
WAIT_AUCTION = Rule(
    "bankruptcy.building_auction",
    "The bank is auctioning scarce buildings: a bankruptcy waits until that auction ends.",
)
DECLARED = Rule(
    "bankruptcy.declared",
    "{name} owes {owed:m} and can raise only {total:m} (cash {cash:m} + buildings sold back {buildings:m} + "
    "mortgages {mortgages:m}): {name} is bankrupt and out of the game; {creditor:phrase} takes the estate.",
)
CAN_RAISE_SALES = Rule(
    "bankruptcy.can_raise.sales",
    "{name} owes {owed:m} and can raise it: cash {cash:m} + buildings sold back {buildings:m} + "
    "{term.property.pl} sold to the bank {sales:m} = {total:m}. Collapse buildings, auction "
    "{term.property.pl} and sell them to pay; only a debtor who cannot gives up.",
)
SURRENDERED = Rule(
    "bankruptcy.declared.sales",
    "{name} owes {owed:m} and can raise only {total:m} (cash {cash:m} + buildings sold back {buildings:m} + "
    "{term.property.pl} sold to the bank {sales:m}): {name} gives up and is out of the game.",
)
OUT_LAPSED = Rule(
    "bankruptcy.out_debt_lapsed",
    "{name}'s debt of {amount:m} to {creditor:phrase} lapses: {name} is out of the game, bankrupt to the bank.",
)
LAPSED = Rule(
    "bankruptcy.debt_lapsed",
    "{name}'s debt of {amount:m} to {creditor:phrase} lapses: the estate goes to the first creditor.",
)


@dataclass(frozen=True)
class Raisable:
    """What the bank would pay a player for everything they could still turn
    into cash: buildings sold back at their sale value, then every property
    not yet mortgaged at its mortgage value, or, in an edition without
    mortgages whose bank buys property back from a debtor (seed 002), at
    the bank's price."""

    buildings: int
    mortgages: int
    sales: int = 0

    @property
    def total(self) -> int:
        return self.buildings + self.mortgages + self.sales


def sells_to_bank(edition: Edition) -> bool:
    """A debtor raises money by selling property to the bank, not by mortgaging it."""
    return edition.rules.debt.bank_sale and not edition.rules.mortgage.enabled


def raisable(state: GameState, edition: Edition, seat: int) -> Raisable:
    mortgages = edition.rules.mortgage.enabled
    sales = sells_to_bank(edition)
    mortgage_values = sale_values = 0
    for holding in state.owned_by(seat):
        if mortgages and not holding.mortgaged:
            mortgage_values += edition.space(holding.position).mortgage
        elif sales:
            sale_values += bank_price(edition, holding.position)
    return Raisable(buildings_value(state, edition, seat), mortgage_values, sale_values)


def raising_parts(edition: Edition) -> tuple[str, ...]:
    """The parts of what a debtor could raise that this edition has, in the
    order they add up: the cash, the buildings sold back, then the properties
    mortgaged or, without mortgages, sold to the bank (seed 002: «Застави в
    цій грі немає»), or neither."""
    if edition.rules.mortgage.enabled:
        return ("cash", "buildings", "mortgages")
    return ("cash", "buildings", "bank_sales") if sells_to_bank(edition) else ("cash", "buildings")


def _means(state: GameState, edition: Edition, seat: int) -> dict:
    """A debtor's means, as the bankruptcy rulings show them."""
    could = raisable(state, edition, seat)
    cash = state.players[seat].cash
    found = dict(cash=cash, buildings=could.buildings, total=cash + could.total)
    if sells_to_bank(edition):
        return dict(found, sales=could.sales)
    return dict(found, mortgages=could.mortgages)


def cannot_pay(state: GameState, edition: Edition, seat: int) -> bool:
    """The seat owes more than its cash and everything the bank would pay it."""
    return owes(state, seat) and state.players[seat].cash + raisable(state, edition, seat).total < owed(state, seat)


# -- declaring -------------------------------------------------------------------


@dataclass(frozen=True)
class DeclareBankruptcy:
    type: ClassVar[str]
    seat: int


def _refusal(state: GameState, edition: Edition, seat: int) -> tuple[str, Rule, dict[str, Any]] | None:
    """Why the seat may not declare bankruptcy now, or None when it may."""
    name = state.players[seat].name
    if not owes(state, seat):
        return "no_debt", NO_DEBT, dict(name=name)
    if running(state):
        return "building_auction_running", WAIT_AUCTION, {}
    if not cannot_pay(state, edition, seat):
        rule = CAN_RAISE_SALES if sells_to_bank(edition) else CAN_RAISE
        return "can_raise", rule, dict(name=name, owed=owed(state, seat), **_means(state, edition, seat))
    return None


def _declare_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """For each debtor who cannot raise what they owe: the debt ("owed"), the
    creditor who takes the estate (that of the oldest debt: a seat, "bank" or
    "pot"), what the debtor could raise ("can_raise": cash and everything
    the bank would pay) and where the estate would go (``estate.settlement``)."""
    debts = pending_of(state, edition, Debt)
    if not debts:
        return {}
    found: dict[int, dict[str, Any]] = {}
    seen: set[int] = set()
    for debt in debts:
        seat = debt.debtor
        if seat in seen:
            continue
        seen.add(seat)
        if _refusal(state, edition, seat) is not None:
            continue
        found[seat] = later(_declare_seat, state, edition, seat, debt.creditor)
    return dict(sorted(found.items()))


def _declare_seat(state: GameState, edition: Edition, seat: int, creditor: Any) -> dict[str, Any]:
    """The debt, what the debtor could raise, and what the bankruptcy would do
    with the estate (``estate.settlement``), for the table to read before it confirms."""
    can_raise = state.players[seat].cash + raisable(state, edition, seat).total
    return {
        "owed": owed(state, seat),
        "creditor": creditor,
        "can_raise": can_raise,
        **settlement(state, edition, seat, creditor),
    }


@action("declare_bankruptcy", DeclareBankruptcy, _declare_options, answers=Debt)
def declare_bankruptcy(step: Step, act: DeclareBankruptcy) -> None:
    refused = _refusal(step.state, step.edition, act.seat)
    if refused is not None:
        code, rule, values = refused
        raise step.refuse(code, rule, **values)
    go_bankrupt(step, act.seat)


def go_bankrupt(step: Step, seat: int) -> None:
    """Settle a declared bankruptcy: the estate to the first creditor, the
    player out, and the game over if this bankruptcy ends it."""
    state = step.state
    player = state.players[seat]
    debts = [d for d in state.pending_of(Debt) if d.debtor == seat]
    creditor = debts[0].creditor
    means = _means(state, step.edition, seat)
    owes_all = sum(d.amount for d in debts)
    if sells_to_bank(step.edition):
        step.note(SURRENDERED, name=player.name, owed=owes_all, **means)
    else:
        step.note(DECLARED, name=player.name, owed=owes_all, creditor=step.party(creditor), **means)
    settle(step, seat, creditor, LAPSED)


@on_out_of_time
def out_of_time(step: Step, seat: int) -> None:
    """The table clock puts a player out, bankrupt to the bank (seed 002: "Хто вибув, вважається банкрутом перед
    банком."); a player out already, or a game over, is left as it is."""
    if step.state.finished or step.state.players[seat].out:
        return
    settle(step, seat, BANK, OUT_LAPSED)
