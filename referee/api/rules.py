"""The rule catalog of an edition and its answers to contested questions."""

from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from referee.editions.catalog import catalog

from . import language
from .auth import referee
from .documented import Blueprint
from .schemas import QuoteSchema

blp = Blueprint("rules", __name__, url_prefix="/editions", description="Rules and contested questions")
blp.after_app_request(language.mark)  # Content-Language on every answer explained in a language


AMOUNTS = (
    "Which of `parameters` are amounts of money, in the edition's base unit: show them in its currency as"
    " rulings show money (`jail.fine` 50 reads 50 000 ₽ in rubles)"
)


class RuleSchema(Schema):
    id = fields.String(required=True, metadata={"description": "Stable rule id, as in rulings and refusals"})
    statement = fields.String(required=True, metadata={"description": "The rule in short, in `lang`"})
    lang = fields.String(required=True)
    explanation = fields.String(
        allow_none=True, metadata={"description": "The template a ruling's values fill, in the language asked"}
    )
    house_rule = fields.Boolean(required=True)
    applies = fields.Boolean(
        required=True, metadata={"description": "The rule applies under this edition's parameters"}
    )
    parameters = fields.Dict(required=True, metadata={"description": "The edition parameters it reads, with values"})
    amounts = fields.List(fields.String(), required=True, metadata={"description": AMOUNTS})
    labels = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        required=True,
        metadata={"description": "Each of `parameters` named in the language asked, in the edition's own words"},
    )
    words = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        required=True,
        metadata={"description": "Those of `parameters` whose value is no number, the value in words (`yes`)"},
    )
    booklet = fields.List(fields.Nested(QuoteSchema), required=True)
    contested = fields.List(fields.String(), required=True, metadata={"description": "Contested questions about it"})
    area = fields.String(required=True)
    unused = fields.String(allow_none=True, metadata={"description": "Why the engine never applies it, if so"})


VERDICT = (
    "A short key of the answer, the same in every language (in English words: `no`, `10% rounded up`): equal"
    " verdicts are equal answers, so a client compares editions by it; show `answer`, in the reader's language"
)


class ElsewhereSchema(Schema):
    edition = fields.String(required=True)
    verdict = fields.String(required=True, metadata={"description": VERDICT})
    answer = fields.String(allow_none=True, metadata={"description": "Its answer, for editions the service ships"})
    booklet = fields.List(fields.Nested(QuoteSchema), required=True)
    note = fields.String(allow_none=True)


class AnswerSchema(Schema):
    id = fields.String(required=True)
    game = fields.String(metadata={"description": "The game answered for"})
    question = fields.String(required=True, metadata={"description": "The question, in `lang`"})
    lang = fields.String(required=True)
    verdict = fields.String(required=True, metadata={"description": VERDICT})
    answer = fields.String(required=True, metadata={"description": "The answer, in `lang`"})
    house_rule = fields.Boolean(required=True, metadata={"description": "A house rule or table option decides it"})
    arises = fields.Boolean(
        required=True,
        metadata={"description": "False where the question does not arise in this edition (a mortgage without any)"},
    )
    booklet_verdict = fields.String(
        metadata={
            "description": "For a game: the verdict of the booklet alone, without the table's house rules and options;"
            " in the game's variant where the booklet prints it (a short game's booklet answer is the short game's)"
        }
    )
    rules = fields.List(fields.String(), required=True)
    parameters = fields.Dict(required=True)
    amounts = fields.List(fields.String(), required=True, metadata={"description": AMOUNTS})
    booklet = fields.List(fields.Nested(QuoteSchema), required=True, metadata={"description": "The source"})
    note = fields.String(allow_none=True)
    elsewhere = fields.List(
        fields.Nested(ElsewhereSchema), required=True, metadata={"description": "Editions that answer differently"}
    )
    same_in = fields.List(fields.String(), required=True, metadata={"description": "Editions that answer the same"})


class QuestionQuerySchema(Schema):
    question = fields.String(
        validate=validate.OneOf(sorted(catalog().questions)), metadata={"description": "Only this question"}
    )


@blp.route("/<edition_id>/rules")
class Rules(MethodView):
    @blp.operation("listRules", token=False, language=True, errors={404: "No such edition"})
    @blp.response(200, RuleSchema(many=True))
    def get(self, edition_id: str):
        """Every rule the engine applies: statement, explanation, parameters and the booklet's wording"""
        return referee().rules(edition_id, language.language())


@blp.route("/<edition_id>/rules/<rule_id>")
class OneRule(MethodView):
    @blp.operation("getRule", token=False, language=True, errors={404: "No such edition or rule"})
    @blp.response(200, RuleSchema)
    def get(self, edition_id: str, rule_id: str):
        """One rule of an edition"""
        return referee().rule(edition_id, rule_id, language.language())


@blp.route("/<edition_id>/contested")
class Contested(MethodView):
    @blp.operation("listContested", token=False, language=True, errors={404: "No such edition"})
    @blp.arguments(QuestionQuerySchema, location="query")
    @blp.response(200, AnswerSchema(many=True))
    def get(self, query, edition_id: str):
        """The points tables argue about: this edition's answer, its source, and where others differ"""
        return referee().contested(edition_id, language.language(), query.get("question"))
