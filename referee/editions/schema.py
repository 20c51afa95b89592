"""The schema every edition document must satisfy, shipped or submitted.

Field names follow the API contract (SPEC §4): ``spaces[]`` with
``position``, ``name``, ``kind``, ``group``, ``price``, ``rent``,
``mortgage``, ``building_cost``, ``amount``; ``decks[].cards[]`` with ``id``,
``text`` per language and a machine-readable ``effect``.
"""

from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from referee.rules.parameters import Rules
from referee.rules.plurals import CATEGORIES

from .params import MAX_LANGUAGES, Strict, Texts, schema_of
from .sources import SourceSchema

SPACE_KINDS = ("go", "street", "station", "utility", "tax", "card", "jail", "free_parking", "go_to_jail")
# Space fields whose value may be a default still to be confirmed against the table's own board.
CONFIRMABLE = ("name", "kind", "group", "price", "rent", "mortgage", "building_cost", "amount", "deck")
EDITION_ID = validate.Regexp(r"^[a-z0-9][a-z0-9-]{1,39}$", error="lowercase letters, digits and dashes, 2-40 long")
Money = lambda **kw: fields.Integer(validate=validate.Range(min=0, max=10**12), **kw)  # noqa: E731


# Limits on a document's size (a submitted edition is stored whole, and a stranger may submit one).
MAX_DECKS = 8
MAX_ENTRIES = 64  # groups, terms, sources


class SpaceSchema(Strict):
    position = fields.Integer(required=True, validate=validate.Range(min=0, max=63))
    kind = fields.String(required=True, validate=validate.OneOf(SPACE_KINDS))
    name = Texts(required=True)
    group = fields.String(load_default=None, allow_none=True)
    price = Money(load_default=None, allow_none=True)
    rent = fields.List(Money(), load_default=list)
    mortgage = Money(load_default=None, allow_none=True)
    building_cost = Money(load_default=None, allow_none=True)
    amount = Money(load_default=None, allow_none=True)
    deck = fields.String(load_default=None, allow_none=True)
    unconfirmed = fields.List(
        fields.String(validate=validate.OneOf(CONFIRMABLE)),
        load_default=list,
        metadata={"description": "Fields whose value is a default, not confirmed by the edition's sources"},
    )

    @validates_schema
    def _by_kind(self, data, **kwargs):
        kind = data["kind"]
        needed = {
            "street": ("group", "price", "mortgage", "building_cost"),
            "station": ("group", "price", "mortgage"),
            "utility": ("group", "price", "mortgage"),
            "tax": ("amount",),
            "card": ("deck",),
        }.get(kind, ())
        errors = {name: [f"required on a {kind} space"] for name in needed if data.get(name) is None}
        if kind == "street" and len(data["rent"]) != 6:
            errors["rent"] = ["a street's rent lists base, 1-4 houses and hotel: 6 amounts"]
        if kind in ("station", "utility") and not data["rent"]:
            errors["rent"] = [f"a {kind}'s rent lists one amount per number owned"]
        if errors:
            raise ValidationError(errors)


Amount = lambda **kw: fields.Integer(strict=True, validate=validate.Range(min=0, max=10**12), **kw)  # noqa: E731
Flag = lambda **kw: fields.Boolean(truthy={True}, falsy={False}, **kw)  # noqa: E731


class EffectSchema(Strict):
    """A card's machine-readable effect: its ``kind`` and exactly the fields
    that kind reads (referee.rules.cards: ``@effect(kind)``). Positions are
    checked against the board, and decks against the edition, by EditionSchema."""

    kind = fields.String(required=True)


class PositionEffect(EffectSchema):
    position = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=63))
    salary = Flag(metadata={"description": "Whether passing GO pays the salary (default: forward moves do)"})


class MoveToEffect(PositionEffect):
    direction = fields.String(validate=validate.OneOf(("forward", "backward")))


class NearestEffect(EffectSchema):
    space_kind = fields.String(required=True, validate=validate.OneOf(SPACE_KINDS))
    rent_multiplier = fields.Integer(strict=True, validate=validate.Range(min=1, max=10))
    utility_multiplier = fields.Integer(strict=True, validate=validate.Range(min=1, max=100))


class StepsBackEffect(EffectSchema):
    steps = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=63))


class AmountEffect(EffectSchema):
    amount = Amount(required=True)


class RepairsEffect(EffectSchema):
    per_house = Amount(required=True)
    per_hotel = Amount(required=True)


class DrawEffect(EffectSchema):
    deck = fields.String(required=True)


class WithEffect(Strict):
    """A card or a card's option: an id and an effect, checked by its kind."""

    id = fields.String(required=True, validate=validate.Regexp(r"^[A-Za-z0-9_.:-]{1,60}$"))
    effect = fields.Dict(required=True)

    @validates_schema
    def _effect(self, data, **kwargs):
        errors = effect_errors(data["effect"])
        if errors:
            raise ValidationError({"effect": errors})


class OptionSchema(WithEffect):
    text = Texts(optional=True)


class ChoiceEffect(EffectSchema):
    options = fields.List(fields.Nested(OptionSchema), required=True, validate=validate.Length(min=1, max=10))


# The fields of each effect kind; tests/test_editions.py checks the kinds are
# exactly those the engine registers with ``@effect(kind)``.
EFFECTS: dict[str, type[EffectSchema]] = {
    "advance_to": PositionEffect,
    "move_to": MoveToEffect,
    "advance_to_nearest": NearestEffect,
    "move_back": StepsBackEffect,
    "go_to_jail": EffectSchema,
    "collect": AmountEffect,
    "pay": AmountEffect,
    "pay_each_player": AmountEffect,
    "collect_from_each_player": AmountEffect,
    "repairs": RepairsEffect,
    "jail_free": EffectSchema,
    "choice": ChoiceEffect,
    "draw": DrawEffect,
    "random_move": EffectSchema,
}


def effect_errors(effect: dict) -> dict | list[str]:
    """Field errors of one effect (empty when it is valid)."""
    kind = effect.get("kind")
    if not isinstance(kind, str) or kind not in EFFECTS:
        return {"kind": [f"unknown effect kind {kind!r}; known: {', '.join(EFFECTS)}"]}
    return EFFECTS[kind]().validate(effect)


class CardSchema(WithEffect):
    text = Texts(required=True)


class DeckSchema(Strict):
    id = fields.String(required=True, validate=validate.Regexp(r"^[a-z0-9_]{1,40}$"))
    name = Texts(required=True)
    cards = fields.List(fields.Nested(CardSchema), required=True, validate=validate.Length(min=1, max=64))


# The rule parameters' sections (auction, rent, …, variants) are derived from
# the engine's dataclasses, where each parameter is declared once.
RulesSchema = schema_of(Rules, "Rules")


class NoteSchema(Strict):
    value = fields.Integer(required=True, validate=validate.Range(min=1))
    count = fields.Integer(required=True, validate=validate.Range(min=0))


class CurrencySchema(Strict):
    symbol = fields.String(load_default="M", validate=validate.Length(max=8))
    scale = fields.Integer(load_default=1, validate=validate.Range(min=1, max=10**6))
    unit = Texts(optional=True, load_default=dict)
    base_unit = Texts(
        optional=True,
        load_default=dict,
        metadata={"description": "What one unit of the stored integers is (e.g. a thousand rubles)"},
    )
    start_notes = fields.List(fields.Nested(NoteSchema), load_default=list)


class GroupSchema(Strict):
    name = Texts(required=True)
    color = fields.String(load_default=None, allow_none=True)


class EditionSchema(Strict):
    id = fields.String(required=True, validate=EDITION_ID)
    name = Texts(required=True)
    language = fields.String(required=True, validate=validate.Length(min=2, max=5))
    based_on = fields.String(
        load_default=None, allow_none=True, metadata={"description": "The edition this one was derived from"}
    )
    sources = fields.List(fields.Nested(SourceSchema), load_default=list, validate=validate.Length(max=MAX_ENTRIES))
    notes = Texts(optional=True, load_default=dict)
    currency = fields.Nested(CurrencySchema, load_default=lambda: CurrencySchema().load({}))
    terms = fields.Dict(
        keys=fields.String(), values=Texts(), load_default=dict, validate=validate.Length(max=MAX_ENTRIES)
    )
    plural_forms = fields.Dict(
        keys=fields.String(validate=validate.Length(min=2, max=5)),
        values=fields.Dict(keys=fields.String(validate=validate.OneOf(CATEGORIES)), values=fields.String()),
        validate=validate.Length(max=MAX_LANGUAGES),
        metadata={
            "description": "Served with every document, the service's own table: per language and CLDR plural "
            'category, the form of a term after a count (`""`: the term itself; `gen_pl`: the term `house.gen_pl` '
            "after 5 in Russian). A count of a term reads `{count} {form}`, the category picked by the language's "
            "plural rules, `other` where a language lists no form for it. A submitted document may carry it "
            "back; it is not stored."
        },
    )
    groups = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(GroupSchema),
        load_default=dict,
        validate=validate.Length(max=MAX_ENTRIES),
    )
    rules = fields.Nested(RulesSchema, load_default=lambda: RulesSchema().load({}))
    spaces = fields.List(fields.Nested(SpaceSchema), required=True, validate=validate.Length(min=8, max=64))
    decks = fields.List(fields.Nested(DeckSchema), load_default=list, validate=validate.Length(max=MAX_DECKS))

    @validates_schema
    def _board(self, data, **kwargs):
        errors: dict[str, list[str]] = {}
        spaces = data.get("spaces", [])
        size = len(spaces)
        if [s["position"] for s in spaces] != list(range(size)):
            errors.setdefault("spaces", []).append("positions must run 0, 1, 2 … in board order")
        kinds = [s["kind"] for s in spaces]
        if spaces and kinds[0] != "go":
            errors.setdefault("spaces", []).append("position 0 must be the go space")
        if kinds.count("jail") != 1:
            errors.setdefault("spaces", []).append("the board needs exactly one jail space")
        decks = {d["id"]: d for d in data.get("decks", [])}
        for space in spaces:
            if space["kind"] == "card" and space["deck"] not in decks:
                errors.setdefault("spaces", []).append(
                    f"space {space['position']} draws from unknown deck {space['deck']!r}"
                )
        for space in spaces:
            if (
                space["kind"] in ("street", "station", "utility")
                and space["group"] not in data.get("groups", {})
                and data.get("groups")
            ):
                errors.setdefault("spaces", []).append(
                    f"space {space['position']} is in unknown group {space['group']!r}"
                )
        errors.update(_deck_problems(decks, size, kinds))
        if data.get("rules") and data["rules"]["players"]["min"] > data["rules"]["players"]["max"]:
            errors.setdefault("rules", []).append("players.min is above players.max")
        if errors:
            raise ValidationError(errors)


def _deck_problems(decks: dict, size: int, kinds: list[str]) -> dict[str, list[str]]:
    problems: list[str] = []
    seen: set[str] = set()
    for deck in decks.values():
        for card in deck["cards"]:
            if card["id"] in seen:
                problems.append(f"card id {card['id']!r} is used twice")
            seen.add(card["id"])
            for effect in _effects(card["effect"]):
                position = effect.get("position")
                if isinstance(position, int) and not 0 <= position < size:
                    problems.append(f"card {card['id']!r} moves to {position}, off the board")
                if effect["kind"] == "draw" and effect.get("deck") not in decks:
                    problems.append(f"card {card['id']!r} draws from unknown deck {effect.get('deck')!r}")
                if effect["kind"] == "advance_to_nearest" and effect.get("space_kind") not in kinds:
                    problems.append(f"card {card['id']!r} looks for a {effect.get('space_kind')!r} the board lacks")
    return {"decks": problems} if problems else {}


def _effects(effect: dict):
    yield effect
    for option in effect.get("options", []) if effect.get("kind") == "choice" else []:
        yield from _effects(option["effect"])
