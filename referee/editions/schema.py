"""The schema every edition document must satisfy, shipped or submitted.

Field names follow the API contract (SPEC §4): ``spaces[]`` with
``position``, ``name``, ``kind``, ``group``, ``price``, ``rent``,
``mortgage``, ``building_cost``, ``amount``; ``decks[].cards[]`` with ``id``,
``text`` per language and a machine-readable ``effect``.
"""

from __future__ import annotations

from marshmallow import (
    RAISE,
    Schema,
    ValidationError,
    fields,
    validate,
    validates_schema,
)

SPACE_KINDS = ("go", "street", "station", "utility", "tax", "card", "jail", "free_parking", "go_to_jail")
# Space fields whose value may be a default still to be confirmed against the table's own board.
CONFIRMABLE = ("name", "kind", "group", "price", "rent", "mortgage", "building_cost", "amount", "deck")
EDITION_ID = validate.Regexp(r"^[a-z0-9][a-z0-9-]{1,39}$", error="lowercase letters, digits and dashes, 2-40 long")
Money = lambda **kw: fields.Integer(validate=validate.Range(min=0, max=10**12), **kw)  # noqa: E731


def Texts(*, optional: bool = False, **kw) -> fields.Dict:  # noqa: N802
    """A text per language code ({"en": ..., "ru": ...})."""
    return fields.Dict(
        keys=fields.String(validate=validate.Length(min=2, max=5)),
        values=fields.String(validate=validate.Length(max=1000)),
        validate=None if optional else validate.Length(min=1),
        **kw,
    )


class Strict(Schema):
    class Meta:
        unknown = RAISE
        ordered = True


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


class AuctionSchema(Strict):
    start = Money(load_default=1)
    start_fraction = fields.Float(load_default=None, allow_none=True, validate=validate.Range(min=0, max=1))
    min_raise = fields.Integer(load_default=1, validate=validate.Range(min=1))
    exact_raise = fields.Boolean(load_default=False)
    decliner_first = fields.Boolean(load_default=False)


class RentSchema(Strict):
    monopoly_multiplier = fields.Integer(load_default=2, validate=validate.Range(min=1, max=10))
    double_with_mortgaged_in_group = fields.Boolean(load_default=True)
    utility_dice = fields.String(load_default="reroll", validate=validate.OneOf(("reroll", "move")))
    claim_window = fields.Boolean(load_default=True)


class JailSchema(Strict):
    fine = Money(load_default=50)
    max_attempts = fields.Integer(load_default=3, validate=validate.Range(min=1, max=10))
    double_release_rolls_again = fields.Boolean(load_default=False)


class BuildingsSchema(Strict):
    houses = fields.Integer(load_default=32, validate=validate.Range(min=0, max=1000))
    hotels = fields.Integer(load_default=12, validate=validate.Range(min=0, max=1000))
    max_houses = fields.Integer(load_default=4, validate=validate.Range(min=1, max=10))
    hotel_after = fields.Integer(load_default=4, validate=validate.Range(min=1, max=10))
    sale_fraction_percent = fields.Integer(load_default=50, validate=validate.Range(min=0, max=100))
    build_when = fields.String(load_default="any_time", validate=validate.OneOf(("any_time", "own_turn_after_roll")))
    sell_when = fields.String(load_default="any_time", validate=validate.OneOf(("any_time", "own_turn")))
    standing_only = fields.Boolean(load_default=False)
    one_per_visit = fields.Boolean(load_default=False)
    hotel_sold_outright = fields.Boolean(load_default=True)
    shortage_auction = fields.Boolean(load_default=True)


class MortgageSchema(Strict):
    enabled = fields.Boolean(load_default=True)
    interest_percent = fields.Integer(load_default=10, validate=validate.Range(min=0, max=100))
    rounding = fields.String(load_default="up", validate=validate.OneOf(("up", "down", "nearest")))


class TradesSchema(Strict):
    when = fields.String(load_default="any_time", validate=validate.OneOf(("any_time", "own_turn_after_roll")))
    once_per_roll = fields.Boolean(load_default=False)
    cards = fields.Boolean(load_default=True)
    sale_floor = fields.Boolean(load_default=False)
    offer_waits = fields.Boolean(load_default=False)
    debtor_sells = fields.Boolean(
        load_default=False,
        metadata={"description": "A debtor may offer a sale to an opponent at any moment of the debt"},
    )


class SellerAuctionSchema(Strict):
    enabled = fields.Boolean(load_default=False)
    start_step = fields.Integer(load_default=10, validate=validate.Range(min=1, max=10**6))


class DebtSchema(Strict):
    payment_in_kind = fields.Boolean(
        load_default=True, metadata={"description": "A debtor may pay part of a debt to a player in property"}
    )
    bank_sale = fields.Boolean(
        load_default=False,
        metadata={"description": "The bank buys a debtor's property back at the bank's price plus half its buildings"},
    )
    bank_sale_needs_auction = fields.Boolean(
        load_default=True,
        metadata={"description": "Only after a seller's auction of it during the debt found no buyer"},
    )


class BankruptcySchema(Strict):
    estate_to_creditor = fields.Boolean(
        load_default=True,
        metadata={"description": "A creditor who is a player takes the deeds; else they go back to the bank"},
    )
    estate_auction = fields.Boolean(
        load_default=True, metadata={"description": "The bank auctions the properties it takes from a bankrupt"}
    )


Seconds = lambda **kw: fields.Integer(validate=validate.Range(min=1, max=24 * 3600), **kw)  # noqa: E731


class ClockSchema(Strict):
    available = fields.Boolean(load_default=False)
    decision_seconds = Seconds(load_default=300)
    bid_seconds = Seconds(load_default=60)
    first_bid_seconds = Seconds(load_default=60)
    answer_seconds = Seconds(load_default=60)


class VariantBuildingsSchema(Strict):
    hotel_after = fields.Integer(
        validate=validate.Range(min=1, max=10), metadata={"description": "Houses on each street before a hotel"}
    )


class VariantSchema(Strict):
    """How a game variant departs from the standard game (see ``rules.edition.Variant``)."""

    deal_deeds = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0, max=10),
        metadata={"description": "Title deeds dealt to each player at the start, paid for at once"},
    )
    buildings = fields.Nested(VariantBuildingsSchema, load_default=dict)
    end_after_bankruptcies = fields.Integer(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=1, max=11),
        metadata={"description": "The game ends at this many bankruptcies; the richest by worth wins"},
    )
    hand_over_buildings = fields.Boolean(
        load_default=False,
        metadata={"description": "The bankruptcy that ends the game hands buildings over instead of selling them"},
    )
    end_time = fields.Boolean(
        load_default=False,
        metadata={"description": "An end time is agreed at creation; then the richest by worth wins"},
    )


VARIANTS = ("short", "timed")


class PlayersSchema(Strict):
    min = fields.Integer(load_default=2, validate=validate.Range(min=1, max=12))
    max = fields.Integer(load_default=6, validate=validate.Range(min=1, max=12))


class RulesSchema(Strict):
    players = fields.Nested(PlayersSchema, load_default=lambda: PlayersSchema().load({}))
    start_cash = Money(load_default=1500)
    salary = Money(load_default=200)
    doubles_to_jail = fields.Integer(load_default=3, validate=validate.Range(min=1, max=10))
    auction = fields.Nested(AuctionSchema, load_default=lambda: AuctionSchema().load({}))
    rent = fields.Nested(RentSchema, load_default=lambda: RentSchema().load({}))
    jail = fields.Nested(JailSchema, load_default=lambda: JailSchema().load({}))
    buildings = fields.Nested(BuildingsSchema, load_default=lambda: BuildingsSchema().load({}))
    mortgage = fields.Nested(MortgageSchema, load_default=lambda: MortgageSchema().load({}))
    trades = fields.Nested(TradesSchema, load_default=lambda: TradesSchema().load({}))
    seller_auction = fields.Nested(SellerAuctionSchema, load_default=lambda: SellerAuctionSchema().load({}))
    clock = fields.Nested(ClockSchema, load_default=lambda: ClockSchema().load({}))
    debt = fields.Nested(DebtSchema, load_default=lambda: DebtSchema().load({}))
    bankruptcy = fields.Nested(BankruptcySchema, load_default=lambda: BankruptcySchema().load({}))
    bank_buyback_percent = fields.Integer(load_default=50, validate=validate.Range(min=0, max=100))
    variants = fields.Dict(
        keys=fields.String(validate=validate.OneOf(VARIANTS)),
        values=fields.Nested(VariantSchema),
        load_default=dict,
        metadata={"description": "The game variants this edition offers, by name (standard needs no entry)"},
    )


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


class SourceSchema(Strict):
    seed = fields.String(required=True)
    title = fields.String(load_default="")
    covers = fields.String(load_default="rules")


class EditionSchema(Strict):
    id = fields.String(required=True, validate=EDITION_ID)
    name = Texts(required=True)
    language = fields.String(required=True, validate=validate.Length(min=2, max=5))
    based_on = fields.String(
        load_default=None, allow_none=True, metadata={"description": "The edition this one was derived from"}
    )
    sources = fields.List(fields.Nested(SourceSchema), load_default=list)
    notes = Texts(optional=True, load_default=dict)
    currency = fields.Nested(CurrencySchema, load_default=lambda: CurrencySchema().load({}))
    terms = fields.Dict(keys=fields.String(), values=Texts(), load_default=dict)
    groups = fields.Dict(keys=fields.String(), values=fields.Nested(GroupSchema), load_default=dict)
    rules = fields.Nested(RulesSchema, load_default=lambda: RulesSchema().load({}))
    spaces = fields.List(fields.Nested(SpaceSchema), required=True, validate=validate.Length(min=8, max=64))
    decks = fields.List(fields.Nested(DeckSchema), load_default=list)

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
