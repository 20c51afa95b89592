"""The state's ``pending`` items, typed by their ``type``: one schema per kind,
built from the engine's own records (``referee.rules.pending.PENDING_TYPES``,
as ``pending_to_dict`` writes them), and the jailed player's decision the
state adds (``referee.rules.jail.jail_decision``).

Items may carry more than their record (a debt says what its debtor could
raise), so each schema names its fields and leaves others open.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

from marshmallow import Schema

from referee.rules import ACTIONS
from referee.rules.pending import PENDING_TYPES
from referee.rules.rulings import Ruling
from referee.rules.trades import TradeTerms

from .action_types import TradeTermsSchema, camel
from .schemas import ACCOUNT, RulingSchema

JAIL_DECISION = {
    "description": "`jail_decision`: the jailed player chooses before rolling: pay the fine, use a card or roll",
    "type": "object",
    "properties": {
        "type": {"type": "string", "enum": ["jail_decision"]},
        "blocking": {"type": "boolean"},
        "seat": {"type": "integer"},
        "options": {"type": "array", "items": {"type": "string", "enum": sorted(ACTIONS)}},
        "attempt": {"type": "integer", "description": "Which try at doubles this roll would be"},
        "fine": {"type": "integer"},
        "cards": {
            "type": "array",
            "items": {"type": "string"},
            "description": "The Get Out of Jail Free cards the player may use (only when there is one)",
        },
    },
    "required": ["type", "blocking", "seat", "options", "attempt", "fine"],
}
SCALARS = {int: {"type": "integer"}, str: {"type": "string"}, bool: {"type": "boolean"}}


def _property(hint: Any, converter) -> dict:
    """The JSON schema of a record field with this type hint."""
    if hint in SCALARS:
        return dict(SCALARS[hint])
    if hint is Ruling:
        return converter.resolve_nested_schema(RulingSchema)
    if hint is TradeTerms:
        return converter.resolve_nested_schema(TradeTermsSchema)
    args = typing.get_args(hint)
    if isinstance(hint, types.UnionType) and set(args) == {int, str}:
        return dict(ACCOUNT)
    if isinstance(hint, types.UnionType) and type(None) in args:
        (inner,) = [a for a in args if a is not type(None)]
        return {"anyOf": [_property(inner, converter), {"type": "null"}]}
    if typing.get_origin(hint) is tuple:
        return {"type": "array", "items": _property(args[0], converter)}
    return {}


def _described(cls: type) -> str:
    doc = " ".join((cls.__doc__ or "").strip().split("\n\n")[0].split())
    return f"`{cls.type}`: {doc}"


def record_schema(cls: type, converter) -> dict:
    hints = typing.get_type_hints(cls)
    properties = {"type": {"type": "string", "enum": [cls.type]}, "blocking": {"type": "boolean"}}
    required = ["type", "blocking"]
    for f in dataclasses.fields(cls):
        properties[f.name] = _property(hints[f.name], converter)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            required.append(f.name)
    return {"description": _described(cls), "type": "object", "properties": properties, "required": required}


class PendingSchema(Schema):
    """Something the table must resolve next; ``type`` says what."""

    def openapi(self, converter) -> dict:
        documents = {kind: record_schema(cls, converter) for kind, cls in sorted(PENDING_TYPES.items())}
        documents["jail_decision"] = JAIL_DECISION
        refs = {}
        for kind, document in sorted(documents.items()):
            name = f"{camel(kind)}Pending"
            converter.spec.components.schema(name, document)
            refs[kind] = f"#/components/schemas/{name}"
        return {
            "description": "Something the table must resolve next; `type` says what",
            "oneOf": [{"$ref": ref} for ref in refs.values()],
            "discriminator": {"propertyName": "type", "mapping": refs},
        }
