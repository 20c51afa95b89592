"""The ``options`` of each ``allowed`` entry, typed per action type for the
document: one schema per type, in the shape its options function in the
engine gives (``@action(type, record, options)`` in ``referee/rules``), so a
generated client reads a bid's minimum or a street's next building as typed
fields rather than from a free dict.

This module has the moves of play, the auctions, the deal and the end;
``property_option_types`` property development and deals; ``action_types``
maps each action type to its schema. They describe and never reshape: the
state is answered as the engine lists it, and a contract test validates every
entry of random games of every edition and variant against these schemas, as
the document shows them.
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from referee.rules.clock import CONSEQUENCE
from referee.rules.street_levels import HOTEL, HOUSE

BY = ("service", "table")
BUILDINGS = (HOTEL, HOUSE)


def integer(description: str, required: bool = True, nullable: bool = False) -> fields.Integer:
    return fields.Integer(required=required, allow_none=nullable, metadata={"description": description})


def boolean(description: str) -> fields.Boolean:
    return fields.Boolean(required=True, metadata={"description": description})


def choice(values, description: str) -> fields.String:
    return fields.String(required=True, validate=validate.OneOf(sorted(values)), metadata={"description": description})


def integers(description: str, required: bool = True) -> fields.List:
    return fields.List(fields.Integer(), required=required, metadata={"description": description})


def strings(description: str, required: bool = True) -> fields.List:
    return fields.List(fields.String(), required=required, metadata={"description": description})


def each(schema: type[Schema], description: str) -> fields.List:
    return fields.List(fields.Nested(schema), required=True, metadata={"description": description})


def nested(schema: type[Schema], description: str) -> fields.Nested:
    return fields.Nested(schema, required=True, metadata={"description": description})


class AmountChoiceSchema(Schema):
    """An amount to choose: from ``min`` to ``max``; with ``exact``, ``min`` and nothing else."""

    min = integer("The smallest amount the seat may send")
    max = integer("The largest (with exact raises: min itself)")
    step = integer("A bid's least raise over the high bid; an opening bid's stride from min")
    exact = boolean("Only min may be sent (an edition whose raises are exact)")


# -- the moves of play and the auctions -----------------------------------------------------------------


class EndedClaimSchema(Schema):
    position = integer("The stop the rent is owed for")
    owner = integer("Who may still claim it")
    amount = integer("The rent (null while a utility's rent still needs its roll)", nullable=True)


class RollOptionsSchema(Schema):
    """`roll`: who rolls (the table reports the dice, or the service rolls them) and what for."""

    by = choice(BY, "table: send both dice; service: send none, the service rolls")
    faces = integers("The faces a die may show")
    purpose = choice(("jail", "move", "rent"), "To move, to try for doubles in jail, or to fix a utility's rent")
    attempt = integer("jail: which try at doubles this is", required=False)
    of = integer("jail: the tries allowed", required=False)
    position = integer("rent: the utility whose rent the roll fixes", required=False)
    multiplier = integer("rent: the rent is the dice times this", required=False)
    ends_claims = fields.List(
        fields.Nested(EndedClaimSchema),
        required=False,
        metadata={"description": "The open rent claims this roll ends (the turn's first roll); absent when none"},
    )


class BuyOptionsSchema(Schema):
    """`buy`: the property the seat stands on and its price (offered only when the cash covers it)."""

    position = integer("The property")
    price = integer("What buying it costs")


class DeclineOptionsSchema(Schema):
    """`decline`: the property, and whether declining opens an auction (and its first bid)."""

    position = integer("The property")
    price = integer("Its price")
    auction = boolean("Declining opens the bank's auction (false under the no_auction house rule)")
    opening = integer("The auction's smallest first bid (when it opens one)", required=False)


class BidOptionsSchema(Schema):
    """`bid`: the amounts the seat may bid now, its limit and what is auctioned."""

    amount = nested(AmountChoiceSchema, "The bids the seat may make")
    limit = integer("The seat's cash: no bid above it")
    position = integer("The property auctioned (a building auction: the street whose deed sets its opening bid)")
    high_bid = integer("The standing bid; null before the first", nullable=True)


class PassOptionsSchema(Schema):
    """`pass`: the auction the seat leaves (a pass is final). The high bidder may pass too: its
    standing bid stands, and it wins once every other bidder has passed."""

    position = integer("The property auctioned")
    high_bid = integer("The standing bid; null before the first", nullable=True)
    standing = integer(
        "The seat's own standing bid, which its pass leaves standing (it still wins unless another bids more); "
        "null when the seat holds none",
        nullable=True,
    )


class AloudWinnerSchema(Schema):
    seat = integer("A seat that could have won")
    min = integer("The least price it could have won at")
    max = integer("The most (its cash)")
    step = integer("The least raise; with exact, prices lie on min + k * step")
    standing = integer("Its own standing bid, when it is the high bidder", nullable=True)


class AuctionResultOptionsSchema(Schema):
    """`auction_result` (table only): the running auction and who could have won it, at which prices."""

    position = integer("The property auctioned (null for a building auction)", nullable=True)
    high_bid = integer("The standing bid; null before the first", nullable=True)
    high_bidder = integer("Who holds it", nullable=True)
    winner = integers("The seats that could have won")
    winners = each(AloudWinnerSchema, "Each possible winner with its prices")
    exact = boolean("Prices lie on the step only (an edition whose raises are exact)")


class DrawCardOptionsSchema(Schema):
    """`draw_card`: the deck, who draws, and with table decks the cards that may be on top."""

    deck = fields.String(required=True, metadata={"description": "The deck's id"})
    by = choice(BY, "table: send the card drawn; service: send none, the top card is drawn")
    card = strings("table decks: the ids of the cards that may be drawn (none a player keeps)", required=False)


class ChooseOptionsSchema(Schema):
    """`choose`: the options a card offers."""

    option = strings("The option ids")
    card = fields.String(required=True, metadata={"description": "The card's id"})


class RandomMoveOptionsSchema(Schema):
    """`random_move`: the spaces excluded; the service draws the destination, whatever the decks."""

    by = choice(("service",), "service: send none, the service draws the destination and records it")
    excluded = integers("Spaces the move may not end on")


class PayJailFineOptionsSchema(Schema):
    """`pay_jail_fine`: the fine (offered only when the cash covers it)."""

    fine = integer("The fine")


class UseJailCardOptionsSchema(Schema):
    """`use_jail_card`: the Get Out of Jail Free cards the prisoner holds."""

    card = strings("Their ids")


class PropertyToAuctionSchema(Schema):
    position = integer("The property")
    start = nested(AmountChoiceSchema, "The opening bids: from min in strides of step, up to max")


class AuctionPropertyOptionsSchema(Schema):
    """`auction_property`: the seat's properties it may auction to its opponents now."""

    positions = each(PropertyToAuctionSchema, "One entry per property (one per auction)")


class BuildingShortageSchema(Schema):
    building = choice(BUILDINGS, "The kind the bank is short of")
    bidders = integers("Every seat wanting more than is left (a report names two or more, itself among them)")
    left = integer("How many the bank has")
    wanted = integer("How many are wanted")


class AuctionBuildingsOptionsSchema(Schema):
    """`auction_buildings`: the shortages of buildings the seat may report."""

    buildings = each(BuildingShortageSchema, "One entry per kind")


# -- the deal, the end and the clock ----------------------------------------------------


class DealDeedsOptionsSchema(Schema):
    """`deal_deeds`: how many deeds each seat gets and the deeds to deal."""

    count = integer("Deeds to each seat")
    seats = integer("How many hands (every seat, in seat order)")
    positions = integers("The deeds that may be dealt")


class EndTurnOptionsSchema(Schema):
    """`end_turn`: nothing to choose."""


class EndGameOptionsSchema(Schema):
    """`end_game`: a timed game stopped by the table."""

    time_up = boolean("The agreed end time has come (then ending is all that is left)")


class TimeoutOptionsSchema(Schema):
    """`timeout`: the table clock's wait that ran out."""

    kind = choice(CONSEQUENCE, "What was waited for")
    seats = integers("Who was waited for")
    limit = integer("The seconds allowed")
    consequence = choice(set(CONSEQUENCE.values()), "What running out means")
    ends_game = boolean("Reporting it ends the game (a decision's timeout puts the last but one player out)")
