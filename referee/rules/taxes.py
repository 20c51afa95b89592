"""Taxes, fees and the corners that do nothing (seed 001: "Налоги платят
Банку. «Бесплатная парковка» не приносит денег")."""

from __future__ import annotations

from .movement import Arrival, on_landing
from .rulings import Rule
from .state import BANK, POT, Account
from .step import Step

TAX = Rule("tax", "{name} lands on {place:space} and pays {amount:m} to {payee}.")
FREE_PARKING = Rule(
    "free_parking.nothing",
    "{place:space} pays nothing: taxes and fines go to the bank (a jackpot is only a house rule).",
)
JACKPOT = Rule(
    "house.free_parking_jackpot",
    "House rule: {name} lands on {place:space} and takes the pot of {amount:m} (taxes and fines).",
    house_rule=True,
)


def fee_account(step: Step) -> Account:
    """Where taxes and fines go: the bank, or the pot under the jackpot house rule."""
    return POT if step.state.options.house_rule("free_parking_jackpot") else BANK


@on_landing("tax")
def _land_on_tax(step: Step, arrival: Arrival) -> None:
    space = step.edition.space(arrival.position)
    payee = fee_account(step)
    ruling = step.ruling(
        TAX,
        name=step.state.players[arrival.seat].name,
        place=arrival.position,
        amount=space.amount,
        payee=step.name(payee),
    )
    step.charge(arrival.seat, payee, space.amount or 0, "tax", ruling)


@on_landing("free_parking")
def _land_on_free_parking(step: Step, arrival: Arrival) -> None:
    place = arrival.position
    if step.state.options.house_rule("free_parking_jackpot"):
        amount = step.state.pot
        name = step.state.players[arrival.seat].name
        step.transfer(POT, arrival.seat, amount, "jackpot", step.ruling(JACKPOT, name=name, place=place, amount=amount))
        return
    step.note(FREE_PARKING, place=place)
