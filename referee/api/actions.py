"""Actions: what happened at the table, one at a time."""

from __future__ import annotations

from flask.views import MethodView
from flask_smorest import abort
from marshmallow import Schema, fields

from referee.rules import ACTIONS

from . import examples, language
from .action_types import ActionSchema
from .auth import authenticate, authorise_seat, referee
from .documented import Blueprint
from .retries import GameWriteHeaderSchema, answered, if_match_versions, retry_of
from .schemas import EventSchema, LedgerEntrySchema, RulingSchema, StateSchema
from .shape import Shape

blp = Blueprint("actions", __name__, url_prefix="/games", description="Table actions")


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
    @blp.operation(
        "postAction",
        language=True,
        etag=True,
        errors={
            403: "The token may not act for this seat, or the action is the table's",
            409: "The rules forbid this action now: `code`, `rule` and `ruling` say why; nothing changed",
        },
        request_examples=examples.ACTIONS,
    )
    @blp.arguments(ACTION)
    @blp.arguments(WRITE_HEADERS, location="headers")
    @blp.response(201, ActionResultSchema)
    def post(self, body, headers, game_id: str):
        """Report one table action; returns the event, its ledger entries, rulings and the new state"""
        principal = authenticate(game_id)
        authorise_seat(principal, body["seat"])
        if ACTIONS[body["type"]].table and principal.role != "table":
            abort(403, message=f"Only the table's token may send {body['type']}.")
        lang = language.language()
        retry = retry_of(headers, "actions", body, scope=game_id, language=lang)
        answer = referee().act(game_id, body, if_match_versions(), lang, retry)
        return answered(answer, shape=RESULT)
