"""Taxes, fees and the corners that do nothing (seed 001: "Налоги платят
Банку. «Бесплатная парковка» не приносит денег")."""

from __future__ import annotations

from typing import Any

from .movement import Arrival, on_landing
from .rulings import Rule, Ruling
from .state import BANK, POT, Account
from .step import Step

JACKPOT_RULE = "free_parking_jackpot"

TAX = Rule("tax", "{name} lands on {place:space} and pays {amount:m} to {payee:phrase}.")
FREE_PARKING = Rule(
    "free_parking.nothing",
    "{place:space} pays nothing: taxes and fines go to the bank (a jackpot is only a house rule).",
)
JACKPOT = Rule(
    "house.free_parking_jackpot",
    "House rule: {name} lands on {place:space} and takes the pot of {amount:m} (taxes and fines).",
    house_rule=True,
)
JACKPOT_FEE = Rule(
    "house.free_parking_jackpot.fee",
    "House rule: taxes and fines go to the {term.free_parking} pot.",
    house_rule=True,
)


def fee_account(step: Step) -> Account:
    """Where taxes and fines go: the bank, or the pot under the jackpot house rule."""
    return POT if step.state.options.house_rule(JACKPOT_RULE) else BANK


def fee_ruling(step: Step, rule: Rule, **values: Any) -> Ruling:
    """The ruling for a tax or fine. Under the jackpot house rule the house
    rule's own ruling follows it, saying that the house rule, not the booklet,
    sends the money to the pot (in every language, see ``Ruling.followed_by``)."""
    ruling = step.ruling(rule, **values)
    if fee_account(step) != POT:
        return ruling
    return ruling.followed_by(step.ruling(JACKPOT_FEE, house_rule=JACKPOT_RULE))


@on_landing("tax")
def _land_on_tax(step: Step, arrival: Arrival) -> None:
    space = step.edition.space(arrival.position)
    payee = fee_account(step)
    ruling = fee_ruling(
        step,
        TAX,
        name=step.state.players[arrival.seat].name,
        place=arrival.position,
        amount=space.amount,
        payee=step.party(payee),
    )
    step.charge(arrival.seat, payee, space.amount or 0, "tax", ruling)


@on_landing("free_parking")
def _land_on_free_parking(step: Step, arrival: Arrival) -> None:
    place = arrival.position
    if step.state.options.house_rule(JACKPOT_RULE):
        amount = step.state.pot
        name = step.state.players[arrival.seat].name
        ruling = step.ruling(JACKPOT, name=name, place=place, amount=amount, house_rule=JACKPOT_RULE)
        if amount:
            step.transfer(POT, arrival.seat, amount, "jackpot", ruling)
        else:
            step.rulings.append(ruling)  # an empty pot: nothing moves, but the house rule still decided
        return
    step.note(FREE_PARKING, place=place)
