"""The ledger: every money movement, with its reason and rule."""

from __future__ import annotations

import csv
import io

from flask import Response
from flask.views import MethodView
from marshmallow import Schema, fields, validate

from . import language
from .auth import authenticate, referee
from .request_body import Blueprint
from .schemas import LedgerEntrySchema

blp = Blueprint("ledger", __name__, url_prefix="/games", description="The bank's ledger")

LAST_OFFSET = 2**62  # SQLite integers are 64-bit
CSV_COLUMNS = ("seq", "event", "from", "to", "amount", "reason", "rule", "explanation")


class LedgerQuerySchema(Schema):
    seat = fields.Integer(validate=validate.Range(min=0, max=11), metadata={"description": "Only entries of this seat"})
    format = fields.String(load_default="json", validate=validate.OneOf(("json", "csv")))


def _csv(game_id: str, entries: list[dict]) -> Response:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for e in entries:
        writer.writerow(
            [e["seq"], e["event"], e["from"], e["to"], e["amount"], e["reason"], e["rule"], e["ruling"]["text"]]
        )
    return Response(
        out.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="ledger-{game_id}.csv"'},
    )


@blp.route("/<game_id>/ledger")
class Ledger(MethodView):
    @blp.doc(parameters=[language.ACCEPT_LANGUAGE])
    @blp.arguments(LedgerQuerySchema, location="query")
    @blp.response(200, LedgerEntrySchema(many=True))
    @blp.doc(responses={200: {"content": {"text/csv": {"schema": {"type": "string", "description": "format=csv"}}}}})
    @blp.paginate(page_size=100, max_page_size=1000)
    def get(self, query, game_id: str, pagination_parameters):
        """Every money movement in order, filterable by seat; JSON pages (or all of it as CSV)"""
        authenticate(game_id)
        seat = query.get("seat")
        lang = language.language()
        if query["format"] == "csv":
            entries, pagination_parameters.item_count = referee().ledger(game_id, seat, 0, None, lang)
            return _csv(game_id, entries)
        page = pagination_parameters
        offset = min(page.first_item, LAST_OFFSET)  # a page past any ledger is empty, not an overflow
        entries, page.item_count = referee().ledger(game_id, seat, offset, page.page_size, lang)
        return entries
