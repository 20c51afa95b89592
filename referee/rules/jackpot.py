"""The house rule "jackpot starts at N": the bank seeds the Free Parking pot
at the start of the game (a table's choice; no booklet has a pot at all).
Only with the jackpot house rule, whose pot it seeds."""

from __future__ import annotations

from .rulings import Rule
from .state import BANK, POT
from .step import Step
from .taxes import JACKPOT_RULE

SEEDED = Rule(
    "house.jackpot_start",
    "House rule: the bank puts {amount:m} in the {term.free_parking} pot to start the jackpot.",
    house_rule=True,
)
NO_JACKPOT = Rule(
    "setup.jackpot_start",
    "A jackpot start of {amount:m} needs the house rule “{house_rule:phrase}”, and is 0 to {most:m}.",
)
MOST = 10**9


def seed_pot(step: Step) -> None:
    """Put the agreed start in the pot; refuse a start without the house rule or out of range."""
    amount = step.state.options.jackpot_start
    if not amount:
        return
    if not step.state.options.house_rule(JACKPOT_RULE) or not 0 < amount <= MOST:
        raise step.refuse("jackpot_start", NO_JACKPOT, amount=amount, house_rule=JACKPOT_RULE, most=MOST)
    ruling = step.ruling(SEEDED, amount=amount, house_rule=JACKPOT_RULE)
    step.transfer(BANK, POT, amount, "jackpot_start", ruling)
