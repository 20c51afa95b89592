"""The ``options`` of property development and deals, typed per action type
for the document (see ``option_types``): building and selling buildings,
mortgages, sales to the bank, rent claims, trades, payments in property and
bankruptcy."""

from __future__ import annotations

from marshmallow import Schema, fields

from .option_types import BUILDINGS, AmountChoiceSchema, boolean, choice, each, integer, integers, nested, strings
from .schemas import ACCOUNT


class StreetToBuildSchema(Schema):
    position = integer("The street")
    building = choice(BUILDINGS, "What one more building there is, as this game counts its houses")
    price = integer("What it costs (0 for a building already won at auction)")
    headroom = integer("The levels the street may still take, its hotel counted")


class RoundToBuildSchema(Schema):
    group = fields.String(required=True, metadata={"description": "The colour group"})
    positions = integers("One more building on each of the group's least developed streets: sent as it is")
    building = choice(BUILDINGS, "What each of them is")
    cost = integer("What they cost in all")


class BuildOptionsSchema(Schema):
    """`build`: the streets one building may go on now, and each group's next round."""

    positions = each(StreetToBuildSchema, "One entry per street")
    rounds = fields.List(
        fields.Nested(RoundToBuildSchema),
        required=False,
        metadata={
            "description": "Per group, one more on each of its least developed streets at once (absent when placing)"
        },
    )
    paid = integer("Placing a building won at auction: what was paid for it", required=False)
    at_once = integer(
        "The most buildings one build may take, where a rule limits it (one per visit); absent otherwise",
        required=False,
    )


class StreetToSellSchema(Schema):
    position = integer("The street")
    building = choice(BUILDINGS, "The building sold first")
    refund = integer("What the bank pays for one level")
    levels = integer("The levels standing")


class GroupToSellSchema(Schema):
    group = fields.String(required=True, metadata={"description": "The colour group"})
    positions = integers("Every level of the group, one entry per building: sent as it is, it sells them all")
    refund = integer("What the bank pays for them all")


class SellBuildingOptionsSchema(Schema):
    """`sell_building`: the streets one level may be sold off alone, and the groups sold whole."""

    positions = each(StreetToSellSchema, "One level off one street")
    groups = each(GroupToSellSchema, "Every building of a group at once")


class PropertyToMortgageSchema(Schema):
    position = integer("The property")
    value = integer("What the bank lends")


class MortgageOptionsSchema(Schema):
    """`mortgage`: the properties the seat may mortgage and what each brings."""

    positions = each(PropertyToMortgageSchema, "One entry per property")


class MortgageToLiftSchema(Schema):
    position = integer("The property")
    cost = integer("What lifting it costs: the value and the interest")
    interest = integer("The interest in that cost")


class UnmortgageOptionsSchema(Schema):
    """`unmortgage`: the mortgages the seat has the cash to lift, each alone."""

    positions = each(MortgageToLiftSchema, "One entry per mortgage")
    cash = integer("The seat's cash: the limit of several lifted at once")


class MortgageReceivedSchema(Schema):
    position = integer("The property received mortgaged")
    interest = integer("What keeping it mortgaged costs now (0 when paid on receipt)")
    lift = integer("What lifting it later costs")


class KeepMortgageOptionsSchema(Schema):
    """`keep_mortgage`: the mortgaged properties just received."""

    positions = each(MortgageReceivedSchema, "One entry per property")


class PropertyForTheBankSchema(Schema):
    position = integer("The property")
    price = integer("What the bank pays, its buildings included")


class SellToBankOptionsSchema(Schema):
    """`sell_to_bank`: the properties the bank would buy from the debtor now."""

    positions = each(PropertyForTheBankSchema, "One entry per property")


class RentToClaimSchema(Schema):
    position = integer("The stop")
    payer = integer("The seat that owes it")
    amount = integer("The rent; null while a utility's rent still needs its roll", nullable=True)
    multiplier = integer("A utility's dice multiplier", required=False)


class ClaimRentOptionsSchema(Schema):
    """`claim_rent`: the rents the owner may claim now."""

    positions = each(RentToClaimSchema, "One entry per claim")


# -- deals and debts ---------------------------------------------------------------------


class OfferedPropertySchema(Schema):
    position = integer("The property")
    mortgaged = boolean("It is mortgaged (its receiver then lifts or keeps the mortgage)")


class PaidPropertySchema(OfferedPropertySchema):
    interest = integer(
        "Where mortgaged: the interest its receiver pays the bank to keep it mortgaged (or lifts it)", required=False
    )
    percent = integer("Where mortgaged: that interest, in percent of the mortgage value", required=False)


class MortgagedOfferedSchema(PaidPropertySchema):
    offer = integer("The offer it is in")


class TradedPropertySchema(OfferedPropertySchema):
    bank_price = integer("Where a sale is floored: the least it sells for", required=False)


class KeptPropertySchema(Schema):
    position = integer("The property")
    why = choice(
        ("group_has_buildings", "mortgage_undecided"),
        "The refusal a trade naming it meets: group_has_buildings, a building stands on its group (sold to the "
        "bank first); mortgage_undecided, its mortgage choice is open",
    )


class TradeSideSchema(Schema):
    positions = each(TradedPropertySchema, "The properties this side may include")
    cash = nested(AmountChoiceSchema, "The cash this side may include")
    cards = strings("The jail cards this side may include")
    kept = fields.List(
        fields.Nested(KeptPropertySchema),
        required=False,
        metadata={"description": "The properties this side holds but may not include now, and why"},
    )


class TradePartnerSchema(TradeSideSchema):
    seat = integer("The partner")


class TradeOptionsSchema(Schema):
    """`trade`: the partners and what each side may include."""

    to = integers("The seats the offer may be made to")
    give = nested(TradeSideSchema, "What the offering seat may give")
    partners = each(TradePartnerSchema, "What each partner may give")
    sale_only = boolean("Only a debtor's sale is open: its properties for the buyer's cash")
    sale_floor = boolean("A sale of property for money takes at least each property's bank_price")
    two_forms = boolean(
        "An offer is an exchange (the partner's property or card alone, for money, one's own property or both) "
        "or a sale (one's own property for the partner's money alone)"
    )


class OfferIdsSchema(Schema):
    """The open offers the seat may answer (accepting: only those that would be accepted)."""

    offer = integers("Their ids")


class AcceptPropertyOptionsSchema(OfferIdsSchema):
    """`accept_property`: the offers the creditor may accept, and the mortgaged properties in them."""

    mortgaged = each(MortgagedOfferedSchema, "The mortgaged properties of those offers, with the interest to pay")


class CreditorSchema(Schema):
    seat = integer("The creditor")
    owed = integer("What the debtor owes it")
    value = nested(AmountChoiceSchema, "How much of that the properties may pay")


class OfferPropertyOptionsSchema(Schema):
    """`offer_property`: the debtor's creditors and the properties it may pay them in."""

    to = integers("The creditors the offer may be made to")
    creditors = each(CreditorSchema, "One entry per creditor")
    positions = each(PaidPropertySchema, "The properties it may offer")


class EstateSchema(Schema):
    cash = integer("The player's cash")
    positions = integers("Their properties")
    cards = strings("Their jail cards")


class MortgagesSchema(Schema):
    """The estate's mortgaged properties and what a player who takes them pays the bank at once."""

    positions = integers("The mortgaged properties")
    interest = integer("Their interest together, which a player taking them pays the bank at once")
    percent = integer("The interest, in percent of each mortgage value")


def estate_mortgages() -> fields.Nested:
    return fields.Nested(
        MortgagesSchema,
        required=True,
        allow_none=True,
        metadata={
            "description": "The estate's mortgaged properties (null: none): a player who takes them pays the bank "
            "their interest at once, then lifts or keeps each; the bank that takes them back cancels the mortgages"
        },
    )


class DebtOwedSchema(Schema):
    creditor = fields.Raw(required=True, metadata={"description": "Whom it is owed to", **ACCOUNT})
    amount = integer("What is owed to it")
    lapses = boolean("It lapses unpaid: its creditor gets nothing, another takes the estate")


class DeclareBankruptcyOptionsSchema(Schema):
    """`declare_bankruptcy`: the debt, what the debtor could raise, and what the bankruptcy does with the estate."""

    owed = integer("What the debtor owes")
    creditor = fields.Raw(required=True, metadata={"description": "The creditor of the oldest debt", **ACCOUNT})
    can_raise = integer("Cash and everything the bank would pay")
    estate = nested(EstateSchema, "What the debtor holds")
    cash_to = fields.Raw(required=True, metadata={"description": "Who takes the cash", **ACCOUNT})
    cash = integer("The cash taken, with the price of the buildings where they are sold to the bank first")
    properties_to = fields.Raw(
        required=True, metadata={"description": "Who takes the properties: the creditor, or the bank", **ACCOUNT}
    )
    properties = choice(
        ("handed_over", "auction", "free"),
        "How: handed over to the creditor (mortgaged ones with the interest to pay), auctioned by the bank one by "
        "one, or back to the bank free",
    )
    buildings = choice(
        ("sold", "handed_over", "supply"),
        "Sold to the bank first (their price goes with the cash), handed over with the properties, or back to the "
        "bank's supply",
    )
    cards_to = fields.Raw(
        required=True,
        metadata={
            "description": "Who takes the jail cards: the creditor's seat, or `decks` (back to their decks)",
            "oneOf": [{"type": "integer", "minimum": 0}, {"type": "string", "enum": ["decks"]}],
        },
    )
    mortgages = estate_mortgages()
    debts = each(DebtOwedSchema, "The debtor's debts, one per creditor in the order they arose")
    ends_game = boolean("The game ends with this bankruptcy")
