"""Undo and corrections: taking back the last action in effect, or replacing it.

Only the table token may do either (a seat token could otherwise take back
another player's purchase). What can be undone is set out in
``referee.journal``: the last action in effect, one at a time, never a roll
of the service's own dice.
"""

from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from . import language
from .actions import ActionResultSchema, ActionSchema
from .auth import authenticate, authorise_table, referee
from .documented import Blueprint
from .retries import GameWriteHeaderSchema, answered, if_match_versions, retry_of

blp = Blueprint("corrections", __name__, url_prefix="/games", description="Undo and corrections")


class UndoSchema(Schema):
    event = fields.Integer(
        strict=True,
        validate=validate.Range(min=2),
        metadata={
            "description": "The event to take back: it must be the last action in effect. Optional, but a retry"
            " that names it cannot take back a second action."
        },
    )


class CorrectionSchema(UndoSchema):
    action = fields.Nested(
        ActionSchema, required=True, metadata={"description": "The action that should have been reported"}
    )


@blp.route("/<game_id>/undo")
class Undo(MethodView):
    @blp.operation(
        "undo",
        language=True,
        etag=True,
        errors={
            403: "Only the table token may undo",
            409: "Nothing to undo, not the last action, or the service's own dice roll",
        },
    )
    @blp.arguments(UndoSchema, required=False)  # no body: the last action in effect
    @blp.arguments(GameWriteHeaderSchema, location="headers")
    @blp.response(201, ActionResultSchema)
    def post(self, body, headers, game_id: str):
        """Undo the last action in effect: a new event reverses its transfers; the game is as before it"""
        authorise_table(authenticate(game_id))
        lang = language.language()
        retry = retry_of(headers, "undo", body, scope=game_id, language=lang)
        return answered(referee().correct(game_id, body.get("event"), None, if_match_versions(), lang, retry))


@blp.route("/<game_id>/corrections")
class Corrections(MethodView):
    @blp.operation(
        "correct",
        language=True,
        etag=True,
        errors={
            403: "Only the table token may correct",
            409: "The replacement is illegal, or the action cannot be undone",
        },
    )
    @blp.arguments(CorrectionSchema)
    @blp.arguments(GameWriteHeaderSchema, location="headers")
    @blp.response(201, ActionResultSchema)
    def post(self, body, headers, game_id: str):
        """Correct the last action in effect (a mistyped dice value): undo it and apply the right one"""
        authorise_table(authenticate(game_id))
        lang = language.language()
        retry = retry_of(headers, "corrections", body, scope=game_id, language=lang)
        return answered(referee().correct(game_id, body.get("event"), body["action"], if_match_versions(), lang, retry))
