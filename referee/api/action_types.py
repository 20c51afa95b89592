"""The action body: one shape per action type, built from the engine's own
definition of each type (``referee.rules.ACTIONS``: its record class's fields
and their defaults say which fields the type takes and which it requires).

``ActionSchema`` loads every type (the fields are declared once, with their
ranges); it refuses a field the type does not take and a missing one it
requires. The document shows the same as a ``oneOf`` of one schema per type,
told apart by ``type``, so a generated client can send only what a type takes.
"""

from __future__ import annotations

import copy
import dataclasses
from functools import cache

from marshmallow import Schema, ValidationError, fields, pre_load, validate, validates_schema

from referee.rules import ACTIONS

from . import option_types as moves
from . import property_option_types as deals
from . import table_option_types as table
from .player_names import NameField, PlayerName, Unreordered

ACCOUNTS = ("bank", "pot", "seat")


def _fields_of(action_type: str) -> tuple[set[str], set[str]]:
    """The fields an action type takes, and those it requires."""
    names, required = set(), set()
    for field in dataclasses.fields(ACTIONS[action_type].cls):
        names.add(field.name)
        if field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            required.add(field.name)
    return names, required


@cache
def _null_when_left_out(action_type: str) -> frozenset[str]:
    """The fields an action type may leave out and then records as null (its record's default is None)."""
    return frozenset(field.name for field in dataclasses.fields(ACTIONS[action_type].cls) if field.default is None)


def meaning(by_type: dict[str, str]) -> dict:
    """A field's metadata: what it means to each action type that takes it.
    Each type's own schema in the document says only its own meaning; the
    schema that loads every type lists them all."""
    return {"description": "; ".join(f"{kind}: {text}" for kind, text in by_type.items()), "by_type": by_type}


class TradeTermsSchema(Schema):
    """What one side of a trade hands over."""

    positions = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=0, max=63)),
        load_default=list,
        validate=validate.Length(max=40),
        metadata={"description": "Streets, stations and utilities, by board position"},
    )
    cash = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=10**9))
    cards = fields.List(
        fields.String(validate=validate.Length(min=1, max=60)),
        load_default=list,
        validate=validate.Length(max=10),
        metadata={"description": "Ids of Get Out of Jail Free cards"},
    )


class ActionSchema(Schema):
    """One table action. Which fields apply depends on ``type``."""

    type = fields.String(required=True, validate=validate.OneOf(sorted(ACTIONS)))
    seat = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=11))
    dice = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=1, max=6)),
        validate=validate.Length(equal=2),
        allow_none=True,
        metadata=meaning({"roll": "both dice; omit with virtual dice"}),
    )
    card = fields.String(
        allow_none=True,
        validate=validate.Length(min=1, max=60),
        metadata=meaning(
            {
                "draw_card": "the card drawn, by its id in the deck; omit with virtual decks",
                "use_jail_card": "which Get Out of Jail Free card, by its id, when the player holds more than one",
            }
        ),
    )
    amount = fields.Integer(
        strict=True,
        validate=validate.Range(min=1, max=10**9),
        metadata=meaning(
            {"bid": "the amount", "auction_result": "the winning bid (with `winner`)", "adjust": "how much moves"}
        ),
    )
    winner = fields.Integer(
        strict=True,
        allow_none=True,
        validate=validate.Range(min=0, max=11),
        metadata=meaning({"auction_result": "the seat that won (omit when nobody bid)"}),
    )
    option = fields.String(validate=validate.Length(min=1, max=60), metadata=meaning({"choose": "the option id"}))
    position = fields.Integer(
        strict=True,
        allow_none=True,
        validate=validate.Range(min=0, max=63),
        metadata=meaning(
            {
                "claim_rent": "which stop, when the owner has several claims open",
                "random_move": "drawn by the service in every game and recorded with the action; omit",
                "auction_property": "the property auctioned",
                "sell_to_bank": "the property sold back to the bank",
            }
        ),
    )
    start = fields.Integer(
        validate=validate.Range(min=0, max=10**9), metadata=meaning({"auction_property": "the opening bid"})
    )
    elapsed = fields.Float(
        allow_none=True,
        metadata=meaning({"timeout": "measured by the service from its own clock; omit"}),
    )
    positions = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=0, max=63)),
        validate=validate.Length(min=1, max=60),
        metadata=meaning(
            {
                **dict.fromkeys(("build", "sell_building"), "one entry per building (a street named twice gets two)"),
                **dict.fromkeys(("mortgage", "unmortgage", "keep_mortgage", "offer_property"), "the properties"),
            }
        ),
    )
    to = fields.Integer(
        strict=True,
        validate=validate.Range(min=0, max=11),
        metadata=meaning(
            {
                "trade": "the other seat",
                "offer_property": "the creditor",
                "leave": "who takes the estate (omit: the bank)",
            }
        ),
    )
    give = fields.Nested(
        TradeTermsSchema,
        metadata=meaning(dict.fromkeys(("trade", "counter_trade"), "what the offering seat hands over")),
    )
    get = fields.Nested(
        TradeTermsSchema, metadata=meaning(dict.fromkeys(("trade", "counter_trade"), "what it asks for in return"))
    )
    offer = fields.Integer(
        strict=True,
        allow_none=True,
        validate=validate.Range(min=1),
        metadata=meaning(
            dict.fromkeys(
                ("accept_trade", "reject_trade", "counter_trade", "accept_property", "reject_property"),
                "the offer's id (when there are several)",
            )
        ),
    )
    building = fields.String(
        validate=validate.OneOf(("house", "hotel")), metadata=meaning({"auction_buildings": "which kind"})
    )
    bidders = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=0, max=11)),
        validate=validate.Length(min=2, max=12),
        metadata=meaning({"auction_buildings": "the seats that want more than the bank has"}),
    )
    deeds = fields.List(
        fields.List(fields.Integer(validate=validate.Range(min=0, max=63)), validate=validate.Length(max=10)),
        validate=validate.Length(min=1, max=12),
        metadata=meaning({"deal_deeds": "the title deeds dealt to each seat, in seat order (by board position)"}),
    )
    value = fields.Integer(
        validate=validate.Range(min=1, max=10**9),
        metadata=meaning({"offer_property": "how much of the debt the properties pay"}),
    )
    source = fields.String(
        validate=validate.OneOf(ACCOUNTS), metadata=meaning({"adjust": "who pays (`seat`: the action's seat)"})
    )
    target = fields.String(
        validate=validate.OneOf(ACCOUNTS), metadata=meaning({"adjust": "who is paid (`seat`: the action's seat)"})
    )
    reason = fields.String(
        validate=[validate.Length(min=1, max=200), Unreordered()],
        metadata=meaning({"adjust": "what the table agreed, and why"}),
    )
    name = NameField(
        validate=[validate.Length(min=1, max=40), PlayerName()], metadata=meaning({"rename": "the new name"})
    )

    def openapi(self, converter) -> dict:
        """The document: one schema per action type, told apart by ``type``."""
        return one_of(converter, variants(), "One table action; `type` says which, and which fields it takes")

    @pre_load
    def _null_as_left_out(self, data, **kwargs):
        """Null where a type may leave a field out means it is left out: the journal
        records such a field as null, and a game exported with it must import."""
        kind = data.get("type") if isinstance(data, dict) else None
        if not isinstance(kind, str) or kind not in ACTIONS:
            return data
        optional = _null_when_left_out(kind)
        return {k: v for k, v in data.items() if not (v is None and k in optional)}

    @validates_schema
    def _fits_type(self, data, **kwargs):
        if data.get("type") not in ACTIONS:
            return
        names, required = _fields_of(data["type"])
        errors = {k: [f"not used by {data['type']}"] for k in data if k not in names and k != "type"}
        errors.update({k: [f"required by {data['type']}"] for k in required if k not in data})
        if errors:
            raise ValidationError(errors)


def _summary(action_type: str) -> str:
    """The record class's own description, unless it is the one dataclass writes."""
    cls = ACTIONS[action_type].cls
    doc = (cls.__doc__ or "").strip()
    said = "" if doc.startswith(f"{cls.__name__}(") else " ".join(doc.split("\n\n")[0].split())
    table = " Only the table's token may send it." if ACTIONS[action_type].table else ""
    return f"`{action_type}`{': ' + said if said else ''}{table}"


def camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


@cache
def variants() -> dict[str, type[Schema]]:
    """One schema per action type: ``type`` fixed, exactly the type's fields, its required ones required."""
    declared = ActionSchema._declared_fields
    built = {}
    for action_type in sorted(ACTIONS):
        names, required = _fields_of(action_type)
        attributes: dict = {"type": fields.String(required=True, validate=validate.Equal(action_type))}
        for name in sorted(names & declared.keys() - {"type"}):
            attributes[name] = copy.deepcopy(declared[name])
            by_type = attributes[name].metadata.get("by_type")
            if by_type is not None:  # a field some types take says what it means to each (``seat``: to all alike)
                attributes[name].metadata = {**attributes[name].metadata, "description": by_type[action_type]}
            attributes[name].required = name in required
            attributes[name].allow_none = attributes[name].allow_none or name in _null_when_left_out(action_type)
        attributes["__doc__"] = _summary(action_type)
        built[action_type] = type(f"{camel(action_type)}ActionSchema", (Schema,), attributes)
    return built


def one_of(converter, schemas: dict[str, type[Schema]], description: str) -> dict:
    """A ``oneOf`` of components, with a discriminator on ``type`` mapping each value to its schema."""
    refs = {value: converter.resolve_nested_schema(schema)["$ref"] for value, schema in schemas.items()}
    for value, schema in schemas.items():
        # apispec leaves additionalProperties out of a schema given a Meta description: set it here
        converter.spec.components.schemas[refs[value].rsplit("/", 1)[1]]["description"] = schema.__doc__
    return {
        "description": description,
        "oneOf": [{"$ref": ref} for ref in refs.values()],
        "discriminator": {"propertyName": "type", "mapping": refs},
    }


class CreateRecordSchema(Schema):
    """`create`: the game's creation, as the journal's first event records it."""

    type = fields.String(required=True, validate=validate.Equal("create"))
    edition = fields.String(required=True)
    players = fields.List(fields.String(), required=True, metadata={"description": "Names in turn order"})
    options = fields.Dict(required=True)
    decks = fields.Dict(metadata={"description": "Virtual decks: how many cards each holds"})


class UndoRecordSchema(Schema):
    """`undo`: the last action in effect taken back."""

    type = fields.String(required=True, validate=validate.Equal("undo"))
    event = fields.Integer(required=True)


class CorrectionRecordSchema(Schema):
    """`correction`: the last action in effect replaced by ``action``."""

    type = fields.String(required=True, validate=validate.Equal("correction"))
    event = fields.Integer(required=True)
    action = fields.Raw(required=True, metadata={"component": ActionSchema})


class RecordedActionSchema(Schema):
    """An action as the journal records it: a table action, or the game's creation, an undo or a correction."""

    def openapi(self, converter) -> dict:
        records = {"create": CreateRecordSchema, "undo": UndoRecordSchema, "correction": CorrectionRecordSchema}
        return one_of(converter, {**variants(), **records}, "An action as the journal records it")


OPTIONS: dict[str, type[Schema]] = {
    "accept_property": deals.AcceptPropertyOptionsSchema,
    "accept_trade": deals.OfferIdsSchema,
    "adjust": table.AdjustOptionsSchema,
    "auction_buildings": moves.AuctionBuildingsOptionsSchema,
    "auction_property": moves.AuctionPropertyOptionsSchema,
    "auction_result": moves.AuctionResultOptionsSchema,
    "bid": moves.BidOptionsSchema,
    "build": deals.BuildOptionsSchema,
    "buy": moves.BuyOptionsSchema,
    "choose": moves.ChooseOptionsSchema,
    "claim_rent": deals.ClaimRentOptionsSchema,
    "counter_trade": table.CounterTradeOptionsSchema,
    "deal_deeds": moves.DealDeedsOptionsSchema,
    "declare_bankruptcy": deals.DeclareBankruptcyOptionsSchema,
    "decline": moves.DeclineOptionsSchema,
    "draw_card": moves.DrawCardOptionsSchema,
    "end_game": moves.EndGameOptionsSchema,
    "end_turn": moves.EndTurnOptionsSchema,
    "keep_mortgage": deals.KeepMortgageOptionsSchema,
    "leave": table.LeaveOptionsSchema,
    "mortgage": deals.MortgageOptionsSchema,
    "offer_property": deals.OfferPropertyOptionsSchema,
    "pass": moves.PassOptionsSchema,
    "pay_jail_fine": moves.PayJailFineOptionsSchema,
    "random_move": moves.RandomMoveOptionsSchema,
    "reject_property": deals.OfferIdsSchema,
    "reject_trade": deals.OfferIdsSchema,
    "rename": table.RenameOptionsSchema,
    "roll": moves.RollOptionsSchema,
    "sell_building": deals.SellBuildingOptionsSchema,
    "sell_to_bank": deals.SellToBankOptionsSchema,
    "timeout": moves.TimeoutOptionsSchema,
    "trade": deals.TradeOptionsSchema,
    "unmortgage": deals.UnmortgageOptionsSchema,
    "use_jail_card": moves.UseJailCardOptionsSchema,
}
"""Each action type's options (``option_types``), by type: every type of ``referee.rules.ACTIONS`` has one."""
CHOICES = {"description": "The values the seat may choose now"}


@cache
def allowed_variants() -> dict[str, type[Schema]]:
    """One schema per action type for an entry of ``allowed``: ``type`` fixed, its own options,
    ``table`` where only the table's token may send it and ``for_table`` where it is done for the table."""
    built = {}
    for action_type, spec in sorted(ACTIONS.items()):
        attributes = {
            "type": fields.String(required=True, validate=validate.Equal(action_type)),
            "seat": fields.Integer(required=True, metadata={"description": "The seat that may send it"}),
            "options": fields.Nested(OPTIONS[action_type], required=True, metadata=CHOICES),
            "__doc__": f"`{action_type}` is allowed for `seat`, with these options",
        }
        if spec.table:
            table = {"description": "Only the table's token may send it"}
            attributes["table"] = fields.Boolean(required=True, validate=validate.Equal(True), metadata=table)
        if spec.for_table:
            done = {"description": "Done for the whole table, whichever seat sends it: its event's `by` is `table`"}
            attributes["for_table"] = fields.Boolean(required=True, validate=validate.Equal(True), metadata=done)
        built[action_type] = type(f"{camel(action_type)}AllowedSchema", (Schema,), attributes)
    return built


def allowed_document(converter) -> dict:
    """An entry of ``allowed`` in the document: a ``oneOf`` over the action types, each options schema
    described by its docstring."""
    found = one_of(converter, allowed_variants(), "An action a seat may take now; `type` says which, and its options")
    for schema in set(OPTIONS.values()):
        name = converter.resolve_nested_schema(schema)["$ref"].rsplit("/", 1)[1]
        converter.spec.components.schemas[name]["description"] = " ".join(schema.__doc__.split())
    return found
