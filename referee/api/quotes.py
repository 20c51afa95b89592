"""Quotes: what a stop would cost a player now, and every player's net worth."""

from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from . import language
from .auth import authenticate, referee
from .documented import Blueprint
from .schemas import RulingSchema

blp = Blueprint("quotes", __name__, url_prefix="/games", description="Rent quotes, net worth and standings")


class QuoteQuerySchema(Schema):
    position = fields.Integer(
        required=True, validate=validate.Range(min=0, max=63), metadata={"description": "The space, 0 = GO"}
    )
    seat = fields.Integer(
        required=True, validate=validate.Range(min=0, max=11), metadata={"description": "The player who would stop"}
    )
    dice = fields.Integer(
        load_default=None,
        validate=validate.Range(min=2, max=12),
        metadata={"description": "Total of the dice, for a utility's rent"},
    )


class StopQuoteSchema(Schema):
    version = fields.Integer(required=True, metadata={"description": "The game version the quote is for"})
    position = fields.Integer(required=True)
    seat = fields.Integer(required=True)
    dice = fields.Integer(allow_none=True, required=True)
    owner = fields.Integer(allow_none=True, required=True, metadata={"description": "The property's owner, if any"})
    amount = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "What the stop costs now; null while a utility waits for the dice, or for a card"},
    )
    multiplier = fields.Integer(allow_none=True, required=True, metadata={"description": "A utility's dice multiplier"})
    rule = fields.String(required=True)
    ruling = fields.Nested(RulingSchema, required=True, metadata={"description": "The breakdown, with the numbers"})


class StandingRowSchema(Schema):
    rank = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "1 = richest; ties share a rank; null once out of the game (bankrupt or left)"},
    )
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    bankrupt = fields.Boolean(required=True)
    left = fields.Boolean(
        required=True, metadata={"description": "Out because the player left the table, not bankrupt"}
    )
    cash = fields.Integer(required=True)
    properties = fields.Integer(required=True, metadata={"description": "Unmortgaged properties at printed price"})
    mortgaged = fields.Integer(required=True, metadata={"description": "Mortgaged properties at half price"})
    buildings = fields.Integer(
        required=True, metadata={"description": "Houses at cost; hotels at cost with the houses exchanged for them"}
    )
    debts = fields.Integer(required=True, metadata={"description": "Debts the player has not paid yet (subtracted)"})
    claims = fields.Integer(required=True, metadata={"description": "Debts owed to the player, not paid yet (added)"})
    total = fields.Integer(required=True, metadata={"description": "Net worth"})


class StandingsSchema(Schema):
    version = fields.Integer(required=True)
    parts = fields.List(
        fields.String(validate=validate.OneOf(["cash", "properties", "mortgaged", "buildings", "debts", "claims"])),
        required=True,
        metadata={
            "description": "The parts a net worth has in this edition, in the order they count (no mortgaged part "
            "without mortgages); `debts` is subtracted, every other part added"
        },
    )
    standings = fields.List(fields.Nested(StandingRowSchema), required=True)


class WorthQuerySchema(Schema):
    after = fields.Integer(
        load_default=0, validate=validate.Range(min=0), metadata={"description": "Only events after this seq"}
    )


class WorthPointSchema(Schema):
    event = fields.Integer(required=True, metadata={"description": "The event's seq (1 = the game's creation)"})
    totals = fields.List(
        fields.Integer(), required=True, metadata={"description": "Net worth after the event, by seat"}
    )


class WorthHistorySchema(Schema):
    version = fields.Integer(required=True)
    points = fields.List(fields.Nested(WorthPointSchema), required=True)


@blp.route("/<game_id>/quote")
class Quote(MethodView):
    @blp.operation("getQuote", language=True)
    @blp.arguments(QuoteQuerySchema, location="query")
    @blp.response(200, StopQuoteSchema)
    def get(self, query, game_id: str):
        """What a stop on a space would cost a player now: rent with its breakdown, a tax, or nothing"""
        authenticate(game_id)
        return referee().quote(game_id, query["position"], query["seat"], query["dice"], language.language())


@blp.route("/<game_id>/standings")
class Standings(MethodView):
    @blp.operation("getStandings")
    @blp.response(200, StandingsSchema)
    def get(self, game_id: str):
        """Every player's net worth (cash, properties, mortgaged at half, buildings at cost), richest first"""
        authenticate(game_id)
        return referee().standings(game_id)


@blp.route("/<game_id>/standings/history")
class WorthHistory(MethodView):
    @blp.operation("getWorthHistory")
    @blp.arguments(WorthQuerySchema, location="query")
    @blp.response(200, WorthHistorySchema)
    def get(self, query, game_id: str):
        """Every player's net worth after each event, valued as the standings value it (for a chart)"""
        authenticate(game_id)
        return referee().worth_history(game_id, query["after"])
