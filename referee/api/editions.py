"""Editions: the boards, decks and rule parameters the service knows."""

from __future__ import annotations

from flask.views import MethodView
from flask_smorest import Blueprint, abort
from marshmallow import Schema, fields

from referee.editions.schema import EditionSchema
from referee.service import NotFound

from .auth import referee

blp = Blueprint("editions", __name__, url_prefix="/editions", description="Editions as data")


class EditionSummarySchema(Schema):
    id = fields.String(required=True)
    name = fields.Dict(required=True)
    language = fields.String(required=True)
    sources = fields.List(fields.Dict())
    notes = fields.Dict()


@blp.route("")
class Editions(MethodView):
    @blp.response(200, EditionSummarySchema(many=True))
    def get(self):
        """List the shipped editions"""
        return referee().edition_documents()


@blp.route("/<edition_id>")
class EditionDocument(MethodView):
    @blp.response(200, EditionSchema)
    @blp.alt_response(404, schema=None, description="No such edition")
    def get(self, edition_id: str):
        """Show one edition: board, decks, names and rule parameters"""
        try:
            return referee().edition(edition_id).document
        except NotFound as missing:
            abort(404, message=str(missing))
