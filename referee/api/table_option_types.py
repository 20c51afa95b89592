"""The ``options`` of the table's own decisions (moving money outside the
rules, renaming, a player leaving) and of a counter-offer, typed for the
document as ``option_types`` types the moves of play."""

from __future__ import annotations

from marshmallow import Schema, fields

from .option_types import AmountChoiceSchema, boolean, choice, each, integer, integers, nested, strings
from .property_option_types import EstateSchema, TradeSideSchema, estate_mortgages
from .schemas import ACCOUNT


class AvailableSchema(Schema):
    """What each account could pay now (the bank: up to its cap for one adjustment)."""

    bank = integer("The bank")
    seat = integer("The seat's cash")
    pot = integer("The Free Parking pot (only with the jackpot house rule)", required=False)


class AdjustOptionsSchema(Schema):
    """`adjust`: the accounts money may move between, what each could pay, the amount and the reason's length."""

    accounts = fields.List(
        fields.String(), required=True, metadata={"description": "bank, seat; pot with the jackpot rule"}
    )
    available = nested(AvailableSchema, "What each account could pay")
    amount = nested(AmountChoiceSchema, "The amounts that may be moved")
    amounts = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(AmountChoiceSchema),
        required=True,
        metadata={
            "description": "The amounts each account may pay, by account (bank, seat, pot): a player at most their"
            " cash; an account with nothing to pay is not listed"
        },
    )
    reason = integer("The longest reason, in characters")


class NameLengthSchema(Schema):
    min_length = integer("The shortest name")
    max_length = integer("The longest name")


class RenameOptionsSchema(Schema):
    """`rename`: the name's length, the names the others have and the seat's own."""

    name = nested(NameLengthSchema, "How long a name may be")
    taken = strings("The other players' names (a new name may not be one of them)")
    current = fields.String(required=True, metadata={"description": "The seat's name now"})


BUILDINGS_GO = ("sold", "handed_over", "supply")
BUILDINGS_SAID = "Sold to the bank first (their price goes with the cash), handed over, or back to the bank's supply"


class EstateBuildingsSchema(Schema):
    bank = choice(BUILDINGS_GO, BUILDINGS_SAID)
    player = choice(BUILDINGS_GO, BUILDINGS_SAID)


class EstateCardsSchema(Schema):
    bank = choice(("decks",), "Back to the bottom of their decks")
    player = choice(("heir", "decks"), "To the heir, or back to the bottom of their decks")


class LeaverDebtSchema(Schema):
    creditor = fields.Raw(required=True, metadata={"description": "Whom it is owed to", **ACCOUNT})
    amount = integer("What is owed to it")
    lapses = fields.List(
        fields.Raw(metadata=ACCOUNT),
        required=True,
        metadata={
            "description": "The heirs (`bank`, or seats) with whom it lapses unpaid, its creditor getting nothing; "
            "with any other, the creditor takes the estate in its stead"
        },
    )


class LeaveOptionsSchema(Schema):
    """`leave`: who could take the estate, what it holds and what the settlement does with it."""

    to = integers("The players who could take the estate (omit `to`: the bank)")
    estate = nested(EstateSchema, "What the leaving player holds")
    to_bank = choice(("auction", "free"), "To the bank: the properties are auctioned, or go back free")
    to_player = choice(("cash", "estate"), "To a player: everything, or only the cash")
    mortgages = estate_mortgages()
    debts = each(LeaverDebtSchema, "The leaving player's debts, one per creditor in the order they arose")
    buildings = nested(EstateBuildingsSchema, "What becomes of the buildings, to the bank and to a player")
    cards = nested(EstateCardsSchema, "What becomes of the jail cards held, to the bank and to a player")
    ends_game = boolean("The game ends when this player leaves")


class CounterSchema(Schema):
    offer = integer("The offer answered")
    to = integer("Its offerer")
    give = nested(TradeSideSchema, "What the seat could give")
    get = nested(TradeSideSchema, "What the offerer could give back")


class CounterTradeOptionsSchema(Schema):
    """`counter_trade`: the offers the seat could counter, and per offer what each side may include."""

    offer = integers("The offers' ids")
    counters = each(CounterSchema, "One entry per offer")
    two_forms = boolean("A counter-offer is an exchange or a sale, as a trade offer is (see `trade`)")
