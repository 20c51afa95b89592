"""Games: creating a table and reading its state."""

from __future__ import annotations

from flask import request
from flask.views import MethodView
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from referee.rules import HOUSE_RULES
from referee.service import names

from . import examples, language
from .auth import authenticate, referee
from .documented import Blueprint
from .player_names import NameField, PlayerName
from .retries import KeyHeaderSchema, answered, retry_of
from .schemas import StateSchema
from .shape import Shape

blp = Blueprint("games", __name__, url_prefix="/games", description="Games at a table")
STATE = Shape(StateSchema)  # GET /games/{id} sends the service's state in this shape, without a dump


class PlayerInSchema(Schema):
    name = NameField(
        required=True,
        validate=[validate.Length(min=1, max=40), PlayerName()],
    )


class OptionsInSchema(Schema):
    rent_collection = fields.String(
        validate=validate.OneOf(("claim", "automatic")),
        metadata={"description": "claim: the owner asks before the next roll; automatic: the bank collects"},
    )
    dice = fields.String(validate=validate.OneOf(("table", "virtual")))
    decks = fields.String(validate=validate.OneOf(("table", "virtual")))
    house_rules = fields.List(fields.String(validate=validate.OneOf(HOUSE_RULES)), validate=validate.Length(max=20))
    ends_at = fields.AwareDateTime(format="iso", metadata={"description": "End time of a timed game"})
    clock = fields.Boolean(
        metadata={
            "description": "The table clock, for editions that have one: whoever must act has limited time "
            "(the state's `clock` says who and how long)"
        }
    )
    jackpot_start = fields.Integer(
        strict=True,
        validate=validate.Range(min=0, max=10**9),
        # money: the start page takes it as the edition shows amounts (its currency's scale)
        metadata={
            "description": 'House rule "jackpot starts at N": with `free_parking_jackpot`, the pot\'s seed',
            "money": True,
        },
    )
    ends_after_rounds = fields.Integer(
        strict=True,
        allow_none=True,
        validate=validate.Range(min=1, max=1000),
        metadata={"description": "The game ends after this many rounds; the richest by worth wins"},
    )


class GameCreateSchema(Schema):
    edition = fields.String(required=True, validate=validate.Length(min=1, max=40))
    players = fields.List(
        fields.Nested(PlayerInSchema),
        required=True,
        validate=validate.Length(min=1, max=12),
        metadata={"description": "Names in turn order; seat 0 starts"},
    )
    variant = fields.String(load_default="standard", validate=validate.OneOf(("standard", "short", "timed")))
    options = fields.Nested(OptionsInSchema, load_default=dict)
    spectator = fields.Boolean(
        load_default=False,
        truthy={True},
        falsy={False},
        metadata={"description": "Also issue a read-only spectator token"},
    )

    @validates_schema
    def _names_differ(self, data, **kwargs):
        alike = names.look_alike([p["name"] for p in data.get("players", [])])
        if alike is not None:
            raise ValidationError(names.look_alike_message(alike), "players")


class SeatTokenSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    token = fields.String(required=True, metadata={"description": "May act only for this seat"})


class GameCreatedSchema(Schema):
    id = fields.String(required=True)
    token = fields.String(required=True, metadata={"description": "The table token: may act for every seat"})
    players = fields.List(fields.Nested(SeatTokenSchema), required=True)
    spectator_token = fields.String(metadata={"description": "Read-only; issued when asked for"})
    state = fields.Nested(StateSchema, required=True)


@blp.route("")
class Games(MethodView):
    @blp.operation(
        "createGame",
        token=False,
        etag=True,
        limited=True,
        request_examples=examples.CREATE,
    )
    @blp.arguments(GameCreateSchema)
    @blp.arguments(KeyHeaderSchema, location="headers")
    @blp.response(201, GameCreatedSchema)
    def post(self, body, headers):
        """Create a game: seats in turn order, options and house rules"""
        if body["options"].get("ends_at") is not None:
            body["options"]["ends_at"] = body["options"]["ends_at"].isoformat()
        lang = language.language()
        return answered(referee().create_game(body, retry_of(headers, "games", body, language=lang), lang))


@blp.route("/<game_id>")
class Game(MethodView):
    @blp.operation("getGame", language=True, etag=True, parameters=("IfNoneMatch",), response_examples=examples.STATE)
    @blp.response(200, StateSchema)
    @blp.alt_response(
        304,
        schema=None,
        description="Not modified since the given ETag",
        headers={"ETag": {"description": "The game's version", "schema": {"type": "string"}}},
    )
    def get(self, game_id: str):
        """The game's state: players, properties, bank, turn, pending and allowed actions"""
        authenticate(game_id)
        if request.if_none_match:
            # Phones poll with the version they hold: answer 304 before building the view.
            version = referee().version(game_id)
            if request.if_none_match.contains(str(version)):
                return "", 304, {"ETag": f'"{version}"'}
        state = referee().game(game_id, language.language())
        return STATE.response(state), 200, {"ETag": f'"{state["version"]}"'}
