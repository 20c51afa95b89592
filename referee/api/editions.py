"""Editions: the boards, decks and rule parameters the service knows, and the
custom editions a table submits."""

from __future__ import annotations

from flask.views import MethodView
from flask_smorest import abort
from marshmallow import INCLUDE, Schema, fields

from referee.editions.schema import EDITION_ID, EditionSchema
from referee.service.errors import NotFound

from .auth import referee
from .documented import Blueprint

blp = Blueprint("editions", __name__, url_prefix="/editions", description="Editions as data")


class CurrencySummarySchema(Schema):
    symbol = fields.String()
    scale = fields.Integer(metadata={"description": "Display multiplier: shown amount = stored integer × scale"})
    unit = fields.Dict()
    base_unit = fields.Dict(metadata={"description": "What one stored unit is, per language"})


class VariantChoiceSchema(Schema):
    id = fields.String(required=True, metadata={"description": "The `variant` of POST /games"})
    end_time = fields.Boolean(required=True, metadata={"description": "The game needs `options.ends_at`"})


class ClockChoiceSchema(Schema):
    decision_seconds = fields.Integer(required=True)
    bid_seconds = fields.Integer(required=True)
    answer_seconds = fields.Integer(required=True)


class EditionSummarySchema(Schema):
    id = fields.String(required=True)
    name = fields.Dict(required=True)
    language = fields.String(required=True)
    based_on = fields.String(allow_none=True)
    sources = fields.List(fields.Dict())
    notes = fields.Dict()
    confirmed = fields.Boolean(
        metadata={"description": "False when some values are defaults to confirm against the table's own board"}
    )
    unconfirmed = fields.List(
        fields.Integer(),
        metadata={"description": "Positions of spaces with unconfirmed values (see spaces[].unconfirmed)"},
    )
    variants = fields.List(
        fields.Nested(VariantChoiceSchema), metadata={"description": "The games a table may choose at creation"}
    )
    clock = fields.Nested(
        ClockChoiceSchema, allow_none=True, metadata={"description": "The table clock's limits; null: no clock"}
    )
    currency = fields.Nested(CurrencySummarySchema)


class EditionSubmissionSchema(Schema):
    """A complete edition document (the shape of GET /editions/{edition}), or a
    derived edition: ``base`` (an edition id), ``id``, optional ``name`` and
    ``overrides`` shaped like a partial document (spaces matched by position,
    decks and cards by id)."""

    class Meta:
        unknown = INCLUDE

    id = fields.String(required=True, validate=EDITION_ID)
    base = fields.String(metadata={"description": "Derive from this edition"})
    overrides = fields.Dict(metadata={"description": "Changes to the base edition, shaped like its document"})


@blp.route("")
class Editions(MethodView):
    @blp.operation("listEditions", token=False)
    @blp.response(200, EditionSummarySchema(many=True))
    def get(self):
        """List the shipped editions (custom editions are read by their id)"""
        return referee().edition_summaries()

    @blp.operation("createEdition", token=False, limited=True, errors={409: "An edition with this id already exists"})
    @blp.arguments(EditionSubmissionSchema)
    @blp.response(201, EditionSchema)
    def post(self, body):
        """Submit a custom edition: a full document, or a base edition plus overrides"""
        return referee().create_edition(body)


@blp.route("/<edition_id>")
class EditionDocument(MethodView):
    @blp.operation("getEdition", token=False, errors={404: "No such edition"})
    @blp.response(200, EditionSchema)
    def get(self, edition_id: str):
        """Show one edition: board, decks, names and rule parameters"""
        try:
            return referee().edition_document(edition_id)
        except NotFound as missing:
            abort(404, message=str(missing))
