"""The ledger: every money movement, with its reason and rule."""

from __future__ import annotations

import csv
import io

from flask import Response
from flask.views import MethodView
from marshmallow import Schema, fields, validate

from . import language
from .auth import authenticate, referee
from .documented import Blueprint
from .schemas import LedgerEntrySchema

blp = Blueprint("ledger", __name__, url_prefix="/games", description="The bank's ledger")

LAST_OFFSET = 2**62  # SQLite integers are 64-bit
CSV_COLUMNS = ("seq", "event", "from", "to", "amount", "reason", "rule", "explanation")
CSV = {"type": "string", "description": f"A header row ({', '.join(CSV_COLUMNS)}), then one row per entry"}


class LedgerSeatSchema(Schema):
    seat = fields.Integer(validate=validate.Range(min=0, max=11), metadata={"description": "Only entries of this seat"})


class LedgerQuerySchema(LedgerSeatSchema):
    format = fields.String(
        load_default="json",
        validate=validate.OneOf(("json", "csv")),
        metadata={
            "description": "csv: the whole ledger as CSV, as GET /games/{game_id}/ledger.csv answers (kept for "
            "clients that ask this way; a generated client should call that operation)"
        },
    )


# A spreadsheet reads a cell starting with one of these as a formula (OWASP, CSV
# injection): a player named =HYPERLINK(…) would be a live link in the download.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell: object) -> object:
    """The cell as text a spreadsheet shows and never runs: a leading quote
    before a formula's first character (OWASP's advice); numbers as they are.
    defusedcsv does the same but leaves a leading tab or CR live."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


def _csv(game_id: str, entries: list[dict]) -> Response:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for e in entries:
        row = [e["seq"], e["event"], e["from"], e["to"], e["amount"], e["reason"], e["rule"], e["ruling"]["text"]]
        writer.writerow(map(spreadsheet_safe, row))
    return Response(
        out.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="ledger-{game_id}.csv"'},
    )


@blp.route("/<game_id>/ledger")
class Ledger(MethodView):
    @blp.operation("getLedger", language=True)
    @blp.arguments(LedgerQuerySchema, location="query")
    @blp.response(200, LedgerEntrySchema(many=True))
    @blp.alt_response(
        200,
        schema=CSV,
        content_type="text/csv",
        description="A page of entries; with format=csv, the whole ledger as CSV",
    )
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


@blp.route("/<game_id>/ledger.csv")
class LedgerCsv(MethodView):
    @blp.operation("getLedgerCsv", language=True)
    @blp.arguments(LedgerSeatSchema, location="query")
    @blp.response(200, CSV, content_type="text/csv", description="The whole ledger (or one seat's), as CSV")
    def get(self, query, game_id: str):
        """Every money movement in order, as CSV for a spreadsheet (explanations in the reader's language)"""
        authenticate(game_id)
        entries, _ = referee().ledger(game_id, query.get("seat"), 0, None, language.language())
        return _csv(game_id, entries)
