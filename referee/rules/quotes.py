"""What a stop would cost a player right now: the rent with its breakdown,
a tax, or nothing (SPEC §4, the quote endpoint). Reads the rent rules in
``rent``; moves no money."""

from __future__ import annotations

from dataclasses import dataclass

from . import rent
from .edition import Edition
from .rulings import Rule, Ruling
from .state import GameState

NOTHING = Rule("quote.nothing", "{place:space} costs {name} nothing by itself.")
CARD = Rule("quote.card", "{place:space} costs {name} whatever the card drawn says.")
TAX = Rule("quote.tax", "{place:space} costs {name} the tax of {amount:m}.")
OWN = Rule("quote.own", "{name} owns {place:space}: no rent to pay.")
FOR_SALE = Rule("quote.for_sale", "{place:space} belongs to the bank: no rent; {name} may buy it for {price:m}.")
UTILITY_DICE = Rule(
    "quote.utility_dice",
    "Rent on {place:space} is the dice × {multiplier}: {owner} owns {count} of the {term.utility} spaces. Give "
    "the dice for an amount.",
)


@dataclass(frozen=True)
class StopQuote:
    """What a stop on ``position`` costs ``seat`` now.

    amount: None while a utility's rent waits for the dice.
    owner: the property's owner, if any.
    multiplier: a utility's dice multiplier.
    """

    position: int
    seat: int
    amount: int | None
    ruling: Ruling
    owner: int | None = None
    multiplier: int | None = None


def stop_quote(state: GameState, edition: Edition, seat: int, position: int, dice: int | None = None) -> StopQuote:
    space = edition.space(position)
    name = state.players[seat].name
    if not space.is_property:
        if space.kind == "tax":
            made = TAX.ruling(edition, place=position, name=name, amount=space.amount)
            return StopQuote(position, seat, space.amount, made)
        rule = CARD if space.kind == "card" else NOTHING
        return StopQuote(
            position, seat, None if space.kind == "card" else 0, rule.ruling(edition, place=position, name=name)
        )
    holding = state.holdings[position]
    if holding.owner is None:
        return StopQuote(position, seat, 0, FOR_SALE.ruling(edition, place=position, name=name, price=space.price))
    if holding.owner == seat:
        return StopQuote(position, seat, 0, OWN.ruling(edition, place=position, name=name), seat)
    if holding.mortgaged:
        return StopQuote(position, seat, 0, rent.MORTGAGED.ruling(edition, place=position), holding.owner)
    found = rent.quote(state, edition, position, dice)
    if found.amount is None:
        made = UTILITY_DICE.ruling(edition, place=position, **found.values)
        return StopQuote(position, seat, None, made, holding.owner, found.multiplier)
    made = found.rule.ruling(edition, **found.values)
    return StopQuote(position, seat, found.amount, made, holding.owner, found.multiplier)
