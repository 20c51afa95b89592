"""Actions: what happened at the table, one at a time."""

from __future__ import annotations

import dataclasses

from flask.views import MethodView
from flask_smorest import abort
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from referee.rules import ACTIONS

from . import language
from .auth import authenticate, authorise_seat, referee
from .request_body import Blueprint
from .retries import GameWriteHeaderSchema, answered, if_match_versions, retry_of
from .schemas import EventSchema, LedgerEntrySchema, RulingSchema, StateSchema
from .shape import Shape

blp = Blueprint("actions", __name__, url_prefix="/games", description="Table actions")


def _fields_of(action_type: str) -> tuple[set[str], set[str]]:
    """The fields an action type takes, and those it requires."""
    names, required = set(), set()
    for field in dataclasses.fields(ACTIONS[action_type].cls):
        names.add(field.name)
        if field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            required.add(field.name)
    return names, required


class TradeTermsSchema(Schema):
    """What one side of a trade hands over."""

    positions = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=0, max=63)),
        load_default=list,
        validate=validate.Length(max=40),
        metadata={"description": "Streets, stations and utilities, by board position"},
    )
    cash = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=10**9))
    cards = fields.List(
        fields.String(validate=validate.Length(min=1, max=60)),
        load_default=list,
        validate=validate.Length(max=10),
        metadata={"description": "Ids of Get Out of Jail Free cards"},
    )


class ActionSchema(Schema):
    """One table action. Which fields apply depends on ``type``."""

    type = fields.String(required=True, validate=validate.OneOf(sorted(ACTIONS)))
    seat = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=11))
    dice = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=1, max=6)),
        validate=validate.Length(equal=2),
        allow_none=True,
        metadata={"description": "roll: both dice; omit with virtual dice"},
    )
    card = fields.String(
        allow_none=True, validate=validate.Length(min=1, max=60), metadata={"description": "draw_card: the card's id"}
    )
    amount = fields.Integer(
        strict=True, validate=validate.Range(min=1, max=10**9), metadata={"description": "bid: the amount"}
    )
    option = fields.String(validate=validate.Length(min=1, max=60), metadata={"description": "choose: the option id"})
    position = fields.Integer(
        strict=True,
        allow_none=True,
        validate=validate.Range(min=0, max=63),
        metadata={
            "description": "claim_rent: which stop; random_move: the destination (omit with virtual decks); "
            "auction_property: the property auctioned"
        },
    )
    start = fields.Integer(
        validate=validate.Range(min=0, max=10**9), metadata={"description": "auction_property: the opening bid"}
    )
    elapsed = fields.Float(
        allow_none=True,
        metadata={"description": "timeout: measured by the service from its own clock; omit"},
    )
    positions = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=0, max=63)),
        validate=validate.Length(min=1, max=60),
        metadata={
            "description": "build, sell_building: one entry per building (a street named twice gets two); "
            "mortgage, unmortgage, keep_mortgage, offer_property: the properties"
        },
    )
    to = fields.Integer(
        strict=True,
        validate=validate.Range(min=0, max=11),
        metadata={"description": "trade: the other seat; offer_property: the creditor"},
    )
    give = fields.Nested(TradeTermsSchema, metadata={"description": "trade: what the offering seat hands over"})
    get = fields.Nested(TradeTermsSchema, metadata={"description": "trade: what it asks for in return"})
    offer = fields.Integer(
        strict=True,
        allow_none=True,
        validate=validate.Range(min=1),
        metadata={
            "description": "accept_trade, reject_trade, accept_property, reject_property: the offer's id "
            "(when there are several)"
        },
    )
    building = fields.String(
        validate=validate.OneOf(("house", "hotel")), metadata={"description": "auction_buildings: which kind"}
    )
    bidders = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=0, max=11)),
        validate=validate.Length(min=2, max=12),
        metadata={"description": "auction_buildings: the seats that want more than the bank has"},
    )
    deeds = fields.List(
        fields.List(fields.Integer(validate=validate.Range(min=0, max=63)), validate=validate.Length(max=10)),
        validate=validate.Length(min=1, max=12),
        metadata={"description": "deal_deeds: the title deeds dealt to each seat, in seat order (by board position)"},
    )
    value = fields.Integer(
        validate=validate.Range(min=1, max=10**9),
        metadata={"description": "offer_property: how much of the debt the properties pay"},
    )

    @validates_schema
    def _fits_type(self, data, **kwargs):
        if data.get("type") not in ACTIONS:
            return
        names, required = _fields_of(data["type"])
        errors = {k: [f"not used by {data['type']}"] for k in data if k not in names and k != "type"}
        errors.update({k: [f"required by {data['type']}"] for k in required if k not in data})
        if errors:
            raise ValidationError(errors)


class ActionResultSchema(Schema):
    event = fields.Nested(EventSchema, required=True)
    ledger = fields.List(fields.Nested(LedgerEntrySchema), required=True)
    rulings = fields.List(fields.Nested(RulingSchema), required=True)
    state = fields.Nested(StateSchema, required=True)


# Built once: webargs would build a schema given as a class anew for every request.
ACTION, WRITE_HEADERS = ActionSchema(), GameWriteHeaderSchema()
RESULT = Shape(ActionResultSchema)


@blp.route("/<game_id>/actions")
class Actions(MethodView):
    @blp.doc(parameters=[language.ACCEPT_LANGUAGE])
    @blp.arguments(ACTION)
    @blp.arguments(WRITE_HEADERS, location="headers")
    @blp.response(201, ActionResultSchema)
    @blp.alt_response(409, description="The rules forbid this action now; the body names the rule")
    @blp.alt_response(412, description="If-Match named a stale version; the body gives current_version")
    @blp.alt_response(403, description="The token may not act for this seat, or the action is the table's")
    def post(self, body, headers, game_id: str):
        """Report one table action; returns the event, its ledger entries, rulings and the new state"""
        principal = authenticate(game_id)
        authorise_seat(principal, body["seat"])
        if ACTIONS[body["type"]].table and principal.role != "table":
            abort(403, message=f"Only the table's token may send {body['type']}.")
        retry = retry_of(headers, "actions", body, scope=game_id)
        answer = referee().act(game_id, body, if_match_versions(), language.language(), retry)
        return answered(answer, shape=RESULT)
