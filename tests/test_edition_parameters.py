"""Rule parameters are declared once, on the engine's dataclasses: the edition
schema derived from them agrees with them, and a new parameter is one line."""

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Literal, get_type_hints

import pytest
from marshmallow import Schema, ValidationError, fields

from referee.editions import build, shipped, thawed
from referee.editions.params import from_document, schema_of
from referee.editions.schema import EditionSchema
from referee.rules.parameters import Rules, Variant, param


def declared(cls: type, at: str = "") -> dict:
    """Each parameter of a dataclass and its sections, by dotted document key, with its default."""
    found = {}
    hints = get_type_hints(cls)
    for item in dataclasses.fields(cls):
        key = at + item.metadata.get("key", item.name)
        if dataclasses.is_dataclass(hints[item.name]):
            found.update(declared(hints[item.name], key + "."))
        else:
            found[key] = item.default if item.default_factory is dataclasses.MISSING else item.default_factory()
    return found


def in_schema(schema: Schema | type[Schema], at: str = "") -> dict:
    """Each field of a schema and its nested sections, by dotted key, with what it loads when missing."""
    found = {}
    for name, item in (schema() if isinstance(schema, type) else schema).fields.items():
        if isinstance(item, fields.Nested):
            found.update(in_schema(item.nested, f"{at}{name}."))
        else:
            found[at + name] = item.load_default() if callable(item.load_default) else item.load_default
    return found


def rules_schema() -> Schema:
    return EditionSchema().fields["rules"].nested()


def test_every_rule_parameter_is_in_the_edition_schema_with_its_default_and_nothing_else():
    assert in_schema(rules_schema()) == declared(Rules)


def test_every_variant_parameter_is_in_the_schema_of_a_variant_with_its_default_and_nothing_else():
    variants = rules_schema().fields["variants"]
    assert in_schema(variants.value_field.nested) == declared(Variant)


def test_the_sections_keep_their_openapi_names():
    rules = rules_schema()
    assert type(rules).__name__ == "RulesSchema"
    assert rules.fields["seller_auction"].nested.__name__ == "SellerAuctionSchema"
    assert rules.fields["players"].nested.__name__ == "PlayersSchema"
    assert rules.fields["variants"].value_field.nested.__name__ == "VariantSchema"


@pytest.mark.parametrize(
    ("section", "changes", "message"),
    [
        ("rent", {"utility_dice": "twice"}, "Must be one of: reroll, move."),
        ("jail", {"max_attempts": 0}, "Must be greater than or equal to 1 and less than or equal to 10."),
        ("auction", {"min_raise": 0}, "Must be greater than or equal to 1."),
        ("auction", {"start_fraction": 2}, "Must be greater than or equal to 0 and less than or equal to 1."),
        ("clock", {"bid_seconds": 0}, "Must be greater than or equal to 1 and less than or equal to 86400."),
        ("trades", {"offer_waits": "perhaps"}, "Not a valid boolean."),
        ("players", {"min": "two"}, "Not a valid integer."),
        ("mortgage", {"rate": 5}, "Unknown field."),
    ],
)
def test_a_parameter_out_of_its_bounds_or_choices_is_refused_by_field(section, changes, message):
    document = thawed(shipped()["classic"].document)
    document["rules"].setdefault(section, {}).update(changes)
    with pytest.raises(ValidationError) as refused:
        build(document)
    assert refused.value.messages["rules"][section][next(iter(changes))] == [message]


def test_a_variant_key_outside_the_variants_offered_is_refused():
    document = thawed(shipped()["classic"].document)
    document["rules"]["variants"] = {"long": {}}
    with pytest.raises(ValidationError) as refused:
        build(document)
    assert refused.value.messages["rules"]["variants"]["long"]["key"] == ["Must be one of: short, timed."]


@dataclass(frozen=True)
class Table:
    seats: int = param(4, bounds=(2, 8))


@dataclass(frozen=True)
class House:
    """A throwaway section of parameters, one of each kind of type."""

    rounds: int = param(3, bounds=(1, 9), about="Rounds before the end")
    pace: Literal["fast", "slow"] = "fast"
    share: Decimal = Decimal("0.5")
    limit: float | None = None
    steps: tuple[int, ...] = param((1, 2), bounds=(0, 5))
    chairs: int = param(6, key="room.chairs")
    table: Table = field(default_factory=Table)
    names: Mapping[str, str] = field(default_factory=dict)


def test_a_section_of_parameters_loads_into_its_dataclass_with_the_defaults_of_its_fields():
    schema = schema_of(House, "House")()
    assert from_document(House, schema.load({})) == House()
    loaded = schema.load({"pace": "slow", "share": "0.25", "steps": [5], "room": {"chairs": 2}, "table": {"seats": 3}})
    assert from_document(House, loaded) == House(
        pace="slow", share=Decimal("0.25"), steps=(5,), chairs=2, table=Table(seats=3)
    )
    assert schema.fields["rounds"].metadata == {"description": "Rounds before the end"}
    # The sections of the schema made are named after their keys, as ``rules``' are.
    assert schema.fields["table"].nested.__name__ == "TableSchema"
    assert schema.fields["room"].nested.__name__ == "RoomSchema"


def test_a_section_of_parameters_refuses_what_its_types_and_bounds_do_not_allow():
    with pytest.raises(ValidationError) as refused:
        schema_of(House, "House")().load({"rounds": 10, "pace": "calm", "steps": [6], "table": {"seats": 9}})
    assert refused.value.messages == {
        "rounds": ["Must be greater than or equal to 1 and less than or equal to 9."],
        "pace": ["Must be one of: fast, slow."],
        "steps": {0: ["Must be greater than or equal to 0 and less than or equal to 5."]},
        "table": {"seats": ["Must be greater than or equal to 2 and less than or equal to 8."]},
    }


def test_a_new_parameter_is_one_line_on_the_dataclass():
    grown = dataclasses.make_dataclass("Grown", [("bonus", int, param(5, bounds=(0, 10)))], bases=(House,), frozen=True)
    schema = schema_of(grown, "Grown")()
    assert from_document(grown, schema.load({})) == grown(bonus=5)
    assert from_document(grown, schema.load({"bonus": 7})).bonus == 7
    with pytest.raises(ValidationError):
        schema.load({"bonus": 11})


def test_a_type_the_schema_cannot_hold_is_refused_when_the_schema_is_made():
    sample = dataclasses.make_dataclass("Odd", [("when", complex, field(default=1j))], frozen=True)
    with pytest.raises(TypeError):
        schema_of(sample, "Odd")
