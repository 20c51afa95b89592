"""The event journal: every action as recorded, in order, replayable."""

from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from . import language
from .auth import authenticate, referee
from .documented import Blueprint
from .schemas import EventDetailSchema, EventSchema

blp = Blueprint("events", __name__, url_prefix="/games", description="The event journal")


class EventsQuerySchema(Schema):
    after = fields.Integer(
        load_default=0, validate=validate.Range(min=0, max=2**31), metadata={"description": "Events after this seq"}
    )
    limit = fields.Integer(load_default=500, validate=validate.Range(min=1, max=5000))


@blp.route("/<game_id>/events")
class Events(MethodView):
    @blp.operation("listEvents", language=True)
    @blp.arguments(EventsQuerySchema, location="query")
    @blp.response(200, EventSchema(many=True))
    def get(self, query, game_id: str):
        """The journal from a sequence number on: the creation event first, then every action"""
        authenticate(game_id)
        return referee().events(game_id, query["after"], query["limit"], language.language())


@blp.route("/<game_id>/events/<int(min=1, max=2147483647):seq>")
class Event(MethodView):
    @blp.operation("getEvent", language=True, errors={404: "No such game, or no such event in it"})
    @blp.response(200, EventDetailSchema)
    def get(self, game_id: str, seq: int):
        """One past event with its rulings and the ledger entries it made: why was this paid?"""
        authenticate(game_id)
        return referee().event(game_id, seq, language.language())
