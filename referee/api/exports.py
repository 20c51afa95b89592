"""Moving a game between servers: its journal out, and back in elsewhere.

``GET /games/{id}/export`` gives the whole journal, its facts and ledger
included; ``POST /games/import`` takes that document on any server, checks
that its facts add up, and opens the same game -- same state, same ledger --
under a new id with new tokens. A journal whose facts do not add up is
refused, naming the first bad event.
"""

from __future__ import annotations

import dataclasses

from flask import request
from flask.views import MethodView
from marshmallow import INCLUDE, Schema, ValidationError, fields, pre_load, validate, validates_schema

from referee.rules import HOUSE_RULES, Options
from referee.service.exports import EXPORT_FORMAT, FORMATS

from .actions import ActionSchema
from .auth import authenticate, referee
from .documented import Blueprint
from .games import GameCreatedSchema
from .player_names import PlayerName
from .retries import KeyHeaderSchema, answered, retry_of
from .schemas import FactsSchema, LedgerEntrySchema, RecordedEventSchema, RulingSchema

blp = Blueprint("exports", __name__, url_prefix="/games", description="Export and import of a game's journal")

MAX_IMPORT_BYTES = 32 * 1024 * 1024  # a long game's journal; every other body stays under MAX_CONTENT_LENGTH
MAX_EVENTS = 10_000  # a long evening's game is a few thousand; judging one event again costs ~0.1 ms
OPTION_NAMES = {f.name for f in dataclasses.fields(Options)}


class ExportSchema(Schema):
    format = fields.String(required=True, metadata={"description": f"Always {EXPORT_FORMAT!r}"})
    game = fields.String(required=True, metadata={"description": "The game's id on the server that exported it"})
    edition = fields.String(required=True)
    version = fields.Integer(required=True)
    events = fields.List(
        fields.Nested(RecordedEventSchema), required=True, metadata={"description": "Every event, in order"}
    )
    editions = fields.Dict(
        keys=fields.String(),
        values=fields.Dict(),
        required=True,
        metadata={"description": "The complete edition documents the events were judged under, by `judged_by.edition`"},
    )


class RecordedOptionsSchema(Schema):
    """The options as the creation event records them; options this schema
    does not type are let through if the engine knows them."""

    class Meta:
        unknown = INCLUDE

    variant = fields.String(required=True, validate=validate.OneOf(("standard", "short", "timed")))
    rent_collection = fields.String(required=True, validate=validate.OneOf(("claim", "automatic")))
    dice = fields.String(required=True, validate=validate.OneOf(("table", "virtual")))
    decks = fields.String(required=True, validate=validate.OneOf(("table", "virtual")))
    house_rules = fields.List(fields.String(validate=validate.OneOf(HOUSE_RULES)), required=True)
    ends_at = fields.String(required=True, allow_none=True, validate=validate.Length(max=40))
    jackpot_start = fields.Integer(strict=True, validate=validate.Range(min=0, max=10**9))
    ends_after_rounds = fields.Integer(strict=True, allow_none=True, validate=validate.Range(min=1, max=1000))

    @validates_schema(pass_original=True)
    def _known_options(self, data, original, **kwargs):
        unknown = set(original) - OPTION_NAMES if isinstance(original, dict) else set()
        if unknown:
            raise ValidationError({name: ["Unknown option."] for name in sorted(unknown)})


class CreationSchema(Schema):
    type = fields.String(required=True, validate=validate.Equal("create"))
    edition = fields.String(required=True, validate=validate.Length(min=1, max=40))
    players = fields.List(
        fields.String(validate=[validate.Length(min=1, max=40), PlayerName()]),
        required=True,
        validate=validate.Length(min=1, max=12),
    )
    options = fields.Nested(RecordedOptionsSchema, required=True)
    decks = fields.Dict(
        keys=fields.String(validate=validate.Length(max=60)),
        values=fields.List(fields.String(validate=validate.Length(max=60)), validate=validate.Length(max=200)),
        required=True,
    )


class RecordedUndoSchema(Schema):
    type = fields.String(required=True, validate=validate.Equal("undo"))
    event = fields.Integer(required=True, strict=True, validate=validate.Range(min=2))


class RecordedCorrectionSchema(RecordedUndoSchema):
    type = fields.String(required=True, validate=validate.Equal("correction"))
    action = fields.Nested(ActionSchema, required=True)


RECORDED = {"create": CreationSchema, "undo": RecordedUndoSchema, "correction": RecordedCorrectionSchema}


class ImportedEventSchema(Schema):
    seq = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    type = fields.String(required=True, validate=validate.Length(min=1, max=40))
    seat = fields.Integer(required=True, strict=True, allow_none=True, validate=validate.Range(min=0, max=11))
    action = fields.Dict(required=True)
    rulings = fields.List(fields.Nested(RulingSchema), required=True)
    at = fields.String(required=True, validate=validate.Length(max=40))
    facts = fields.Nested(FactsSchema, allow_none=True, metadata={"description": "Required from referee-journal/2 on"})
    ledger = fields.List(fields.Nested(LedgerEntrySchema), validate=validate.Length(max=1000))

    @validates_schema
    def _action_fits_type(self, data, **kwargs):
        if "type" not in data or "action" not in data:
            return
        schema = RECORDED.get(data["type"], ActionSchema)()
        errors = schema.validate(data["action"])
        if errors:
            raise ValidationError(errors, "action")
        if data["action"].get("type") != data["type"]:
            raise ValidationError("The action's type must be the event's.", "action")


class ImportSchema(Schema):
    format = fields.String(required=True, validate=validate.OneOf(FORMATS))
    game = fields.String(validate=validate.Length(max=100))
    edition = fields.String(validate=validate.Length(max=40))
    version = fields.Integer(strict=True)
    events = fields.List(
        fields.Nested(ImportedEventSchema), required=True, validate=validate.Length(min=1, max=MAX_EVENTS)
    )
    editions = fields.Dict(
        keys=fields.String(validate=validate.Length(max=80)),
        values=fields.Dict(),
        validate=validate.Length(max=20),
        metadata={"description": "The edition documents the events were judged under (referee-journal/2)"},
    )
    spectator = fields.Boolean(
        load_default=False, truthy={True}, falsy={False}, metadata={"description": "Also issue a spectator token"}
    )

    @pre_load
    def _not_too_long(self, data, **kwargs):
        """Counted before each event is read: a journal past the limit costs no more than its parse."""
        events = data.get("events") if isinstance(data, dict) else None
        if isinstance(events, list) and len(events) > MAX_EVENTS:
            raise ValidationError(f"At most {MAX_EVENTS} events (this journal has {len(events)}).", "events")
        return data


@blp.before_request
def _journals_may_be_long():
    if request.method == "POST":
        request.max_content_length = MAX_IMPORT_BYTES


@blp.route("/<game_id>/export")
class Export(MethodView):
    @blp.operation("exportGame", errors={403: "A game with virtual decks, and not the table token"})
    @blp.response(200, ExportSchema)
    def get(self, game_id: str):
        """The game's whole journal, ready to import on another server (with virtual decks, for the
        table token only: the journal holds the shuffled order, which a player could read ahead in)"""
        return referee().export(game_id, authenticate(game_id))


@blp.route("/import")
class Import(MethodView):
    @blp.operation("importGame", token=False, etag=True, limited=True)
    @blp.arguments(ImportSchema)
    @blp.arguments(KeyHeaderSchema, location="headers")
    @blp.response(201, GameCreatedSchema)
    def post(self, body, headers):
        """Open an exported game here: its facts are checked (and judged again where this server's rules
        judged them); new id, new tokens (body up to 32 MiB)"""
        retry = retry_of(headers, "import", body)
        journal = (body["events"], body.get("editions", {}), body["format"])
        return answered(referee().import_game(*journal, spectator=body["spectator"], retry=retry))
