"""A game's answers to contested questions, its house rules included."""

from __future__ import annotations

from flask.views import MethodView

from . import language
from .auth import authenticate, referee
from .documented import Blueprint
from .rules import AnswerSchema, QuestionQuerySchema

blp = Blueprint("rulings", __name__, url_prefix="/games", description="Rulings for a game")


@blp.route("/<game_id>/rulings")
class Rulings(MethodView):
    @blp.operation("getRulings", language=True)
    @blp.arguments(QuestionQuerySchema, location="query")
    @blp.response(200, AnswerSchema(many=True))
    def get(self, query, game_id: str):
        """Contested questions answered for this game: its edition, house rules and options"""
        authenticate(game_id)
        return referee().rulings(game_id, language.language(), query.get("question"))
