"""Debts: a payment the payer's cash does not cover stays pending, whole,
until it can be paid (seed 001: "Если денег на обязательный платёж нет,
продайте здания и/или заложите собственность")."""

from __future__ import annotations

from .pending import Debt
from .rulings import Rule
from .step import Step

SETTLED = Rule("debt.settled", "{debtor}'s debt of {amount:m} to {creditor:phrase} is paid now that cash covers it.")


def settle_debts(step: Step) -> None:
    """Pay every pending debt that the debtor's cash now covers, in order, and
    again while a payment lets a creditor who is a debtor too pay an earlier debt."""
    if not step.state.pending:
        return  # after most actions nothing at all is pending: no debt to look for
    paid = True
    while paid:
        paid = False
        for debt in step.state.pending_of(Debt):
            if step.state.players[debt.debtor].cash >= debt.amount:
                step.drop(debt)
                step.note(
                    SETTLED,
                    debtor=step.state.players[debt.debtor].name,
                    amount=debt.amount,
                    creditor=step.party(debt.creditor),
                )
                step.transfer(debt.debtor, debt.creditor, debt.amount, debt.reason, debt.ruling)
                paid = True
