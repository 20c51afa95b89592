"""The choices a new table has, read from the API's create schema, so that a
new variant, option or house rule appears on the page without page changes."""

from __future__ import annotations

from typing import Any

from marshmallow import fields, validate

from referee.api.games import GameCreateSchema, OptionsInSchema


def _choices(field: fields.Field) -> list[str] | None:
    for validator in field.validators:
        if isinstance(validator, validate.OneOf):
            return list(validator.choices)
    return None


def _option(name: str, field: fields.Field) -> dict[str, Any]:
    described = {"name": name, "description": field.metadata.get("description")}
    if isinstance(field, fields.List):
        return {**described, "kind": "many", "choices": _choices(field.inner) or []}
    choices = _choices(field)
    if choices is not None:
        return {**described, "kind": "one", "choices": choices}
    if isinstance(field, fields.DateTime):
        return {**described, "kind": "datetime"}
    if isinstance(field, fields.Boolean):
        return {**described, "kind": "flag"}
    if isinstance(field, fields.Integer):
        limits = next((v for v in field.validators if isinstance(v, validate.Range)), None)
        kind = "money" if field.metadata.get("money") else "number"  # an amount, in the edition's base units
        return {**described, "kind": kind, "min": getattr(limits, "min", None), "max": getattr(limits, "max", None)}
    return {**described, "kind": "text"}


def setup_choices() -> dict[str, Any]:
    create = GameCreateSchema()
    return {
        "variants": _choices(create.fields["variant"]) or [],
        "default_variant": create.fields["variant"].load_default,
        "options": [_option(name, field) for name, field in OptionsInSchema().fields.items()],
    }
