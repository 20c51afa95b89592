"""A mortgaged property received from another player (a trade, a payment in
kind, a bankrupt's estate): its new owner lifts the mortgage at once
(``unmortgage``) or keeps it mortgaged and pays the interest now
(``keep_mortgage``); lifting later costs value + interest again (seed 001).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .edition import Edition
from .holdings import require_space
from .mortgage import each_alone, named, require_mortgages
from .mortgage_terms import MortgageChoice, find_choice, interest, lift_table
from .rulings import Rule
from .state import BANK, GameState
from .step import Step, action

NO_CHOICE = Rule("mortgage.no_choice", "{name} has no decision to make about {place:space}.")
CHOICE = Rule(
    "mortgage.choice",
    "{name} receives {place:space} mortgaged: lift it at once for {lift:m} (value + {percent}%), or keep it "
    "mortgaged and pay the bank {interest:m} ({percent}%) now.",
)
CHOICE_PAID = Rule(
    "mortgage.choice_paid",
    "{name} has paid the {percent}% on {place:space} and now lifts it for {lift:m} or keeps it mortgaged.",
)
KEPT = Rule(
    "mortgage.kept",
    "{name} keeps {place:space} mortgaged and pays the bank {percent}% of {value:m} now: {amount:m}. "
    "This does not lift it: lifting later costs {lift:m}.",
)
KEPT_PAID = Rule(
    "mortgage.kept_paid",
    "{name} keeps {place:space} mortgaged; the {percent}% was paid on receiving it. Lifting later costs {lift:m}.",
)


def offer_choice(step: Step, seat: int, position: int, fee_paid: bool = False) -> None:
    """Ask the new owner of a mortgaged property what to do with it."""
    due = interest(step.edition, position)
    name = step.state.players[seat].name
    lift = due.value if fee_paid else due.lift
    step.note(CHOICE_PAID if fee_paid else CHOICE, name=name, place=position, lift=lift, **due.values())
    step.push(MortgageChoice(seat, position, fee_paid))


@dataclass(frozen=True)
class KeepMortgage:
    """positions: mortgaged properties just received, kept mortgaged."""

    type: ClassVar[str]
    seat: int
    positions: tuple[int, ...]


def _keep_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """For each seat with mortgaged properties just received, each of them:
    the interest keeping it costs now (nothing when paid on receipt) and what
    lifting it later costs."""
    if not state.pending or not edition.rules.mortgage.enabled:
        return {}
    table, spaces = lift_table(edition), edition.spaces
    found: dict[int, list] = {}
    for choice in state.pending:
        if isinstance(choice, MortgageChoice):
            lift = table[choice.position]
            due = 0 if choice.fee_paid else lift - spaces[choice.position].mortgage
            found.setdefault(choice.seat, []).append({"position": choice.position, "interest": due, "lift": lift})
    return {seat: {"positions": found[seat]} for seat in sorted(found)}


@action("keep_mortgage", KeepMortgage, _keep_options, each_alone, answers=MortgageChoice)
def keep_mortgage(step: Step, act: KeepMortgage) -> None:
    require_mortgages(step)
    positions = named(step, act.positions)
    name = step.state.players[act.seat].name
    choices = []
    for position in positions:
        require_space(step, position)  # the refusal below names the space
        choice = find_choice(step.state, act.seat, position)
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
        step.charge(
            act.seat, BANK, due.amount, "mortgage_interest", due.explained(step.ruling(KEPT, **values), step.edition)
        )
