"""Seats that move and lost phones shut out (``referee.service.seats``).

A seat's phone asks for a one-time move link (valid 10 minutes); the device
that opens it takes the seat with a new token, and the old token's next
request is 401 (``code: seat_moved``). The table token replaces any seat's
token, or the spectator's, at once (the old one: 401, ``code:
token_revoked``). A link used, replaced or expired is 410 naming which.
"""

from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from .auth import authenticate, authorise_seat, authorise_table, referee
from .documented import Blueprint
from .retries import KeyHeaderSchema, given, retry_of

blp = Blueprint("seats", __name__, url_prefix="/games", description="Seats: moving to another device, lost phones")

GONE = "The move link was used, replaced by a newer one, or expired: `code` says which; nothing changed"
NOT_TABLE = "Only the table token replaces a phone's token"


class MoveLinkSchema(Schema):
    seat = fields.Integer(required=True)
    move_token = fields.String(
        required=True,
        metadata={
            "description": "The one-time secret of the link; the device that sends it to takeSeat takes the seat"
        },
    )
    expires_at = fields.String(required=True, metadata={"description": "When the link stops working (ISO 8601)"})
    valid_seconds = fields.Integer(required=True, metadata={"description": "How long a link works: 600"})


class TakeSchema(Schema):
    move_token = fields.String(
        required=True, validate=validate.Length(min=1, max=100), metadata={"description": "The link's secret"}
    )


class IssuedSchema(Schema):
    seat = fields.Integer(
        required=True, allow_none=True, metadata={"description": "The seat the token acts for; null: the spectator"}
    )
    token = fields.String(required=True, metadata={"description": "The new token; the one it replaces is revoked"})


@blp.route("/<game_id>/seats/<int:seat>/move")
class MoveLink(MethodView):
    @blp.operation(
        "createMoveLink",
        limited=True,
        errors={403: "Only the seat's own token (or the table's) asks for its move link", 404: "No such game or seat"},
    )
    @blp.arguments(KeyHeaderSchema, location="headers")
    @blp.response(201, MoveLinkSchema)
    def post(self, headers, game_id: str, seat: int):
        """Ask for a one-time link that moves this seat to another device, valid 10 minutes"""
        principal = authenticate(game_id)
        authorise_seat(principal, seat)
        retry = retry_of(headers, "seat-move", {"seat": seat}, scope=game_id)
        return given(referee().move_link(principal, seat, retry))


@blp.route("/<game_id>/seats/take")
class Take(MethodView):
    @blp.operation(
        "takeSeat",
        token=False,
        limited=True,
        errors={
            401: "The move link is not known",
            404: "No such game (a link of another game gets the same answer)",
            410: GONE,
        },
    )
    @blp.arguments(TakeSchema)
    @blp.arguments(KeyHeaderSchema, location="headers")
    @blp.response(201, IssuedSchema)
    def post(self, body, headers, game_id: str):
        """Open a move link on this device: a new token for its seat; the old device's token stops working"""
        retry = retry_of(headers, "seat-take", body, scope=game_id)
        return given(referee().take_seat(game_id, body["move_token"], retry))


@blp.route("/<game_id>/seats/<int:seat>/token")
class SeatToken(MethodView):
    @blp.operation("reissueSeatToken", limited=True, errors={403: NOT_TABLE, 404: "No such game or seat"})
    @blp.arguments(KeyHeaderSchema, location="headers")
    @blp.response(201, IssuedSchema)
    def post(self, headers, game_id: str, seat: int):
        """Shut out a lost phone: a new token for the seat, the old one revoked at once"""
        authorise_table(authenticate(game_id), NOT_TABLE)
        retry = retry_of(headers, "seat-token", {"seat": seat}, scope=game_id)
        return given(referee().reissue(game_id, seat, retry))


@blp.route("/<game_id>/spectator/token")
class SpectatorToken(MethodView):
    @blp.operation("reissueSpectatorToken", limited=True, errors={403: NOT_TABLE})
    @blp.arguments(KeyHeaderSchema, location="headers")
    @blp.response(201, IssuedSchema)
    def post(self, headers, game_id: str):
        """A new spectator token (the first, or one replacing a watch link given out), the old one revoked"""
        authorise_table(authenticate(game_id), NOT_TABLE)
        retry = retry_of(headers, "spectator-token", {}, scope=game_id)
        return given(referee().reissue(game_id, None, retry))
