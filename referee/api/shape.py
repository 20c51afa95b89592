"""Answers in their documented shape without a second pass through marshmallow.

The service builds its answers as plain JSON data already. Dumping them
through the response schema only puts each object's fields in the schema's
order, leaves out what the schema does not name and copies the rest, and on
the hot paths (an action's answer, a game's state) that pass cost about a
fifth of a write's CPU. A ``Shape`` does the same from a plan made once per
schema: the answer is what ``schema.dump`` would give, byte for byte once
encoded (tests compare the two on random games), and the schema still
documents the response.

Only the field types the response schemas use are planned (strings, numbers,
booleans, raw values, plain dicts, lists and nested schemas); a schema with
another type, a dotted attribute or a dump hook is refused when the plan is
made, so a schema change cannot silently change the answers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import Response, current_app
from marshmallow import Schema, fields, missing
from marshmallow.decorators import POST_DUMP, PRE_DUMP

Convert = Callable[[Any], Any]

_AS_IS = (fields.Raw, fields.Boolean)  # dumped unchanged
_SCALARS: dict[type, type] = {fields.String: str, fields.Integer: int, fields.Float: float}

# How a planned field dumps a value that is not None (None is dumped as None by every planned field):
AS_IS, SCALAR, CONVERTED = 0, 1, 2
"""unchanged; by its type (``str``, ``int``, ``float``: a value of exactly that type is already
dumped); by a function (a nested schema's shape, a list's or a dict's copy)."""


def _each(convert: Convert | None) -> Convert:
    if convert is None:
        return list
    return lambda values: [None if value is None else convert(value) for value in values]


def _planned(field: fields.Field) -> tuple[int, Any]:
    """How ``field`` dumps a plain value that is not None: (how, the type or function)."""
    if isinstance(field, fields.Nested):
        nested = Shape(field.schema)
        return CONVERTED, _each(nested) if field.many or field.schema.many else nested
    if isinstance(field, fields.List):
        how, inner = _planned(field.inner)
        return CONVERTED, _each(None if how == AS_IS else _scalar(inner) if how == SCALAR else inner)
    if type(field) is fields.Dict and field.key_field is None and field.value_field is None:
        return CONVERTED, dict
    if type(field) in _SCALARS and not getattr(field, "as_string", False):
        return SCALAR, _SCALARS[type(field)]
    if type(field) in _AS_IS:
        return AS_IS, None
    raise TypeError(f"no shape planned for a {type(field).__name__} field")


def _scalar(kind: type) -> Convert:
    return lambda value: value if type(value) is kind else kind(value)


class Shape:
    """``schema.dump`` for plain JSON data, planned once."""

    def __init__(self, schema: Schema | type[Schema]):
        schema = schema() if isinstance(schema, type) else schema
        if schema._hooks.get(PRE_DUMP) or schema._hooks.get(POST_DUMP):  # type: ignore[attr-defined]
            raise TypeError(f"{type(schema).__name__} has dump hooks; dump it with marshmallow")
        self.schema = schema
        self.plan: list[tuple[str, str, int, Any, Any]] = []
        for name, field in schema.dump_fields.items():
            attribute = field.attribute or name
            if "." in attribute:
                raise TypeError(f"{type(schema).__name__}.{name}: dotted attributes are not planned")
            key = field.data_key if field.data_key is not None else name
            self.plan.append((attribute, key, *_planned(field), field.dump_default))

    def __call__(self, data: Mapping[str, Any]) -> dict[str, Any]:
        shaped = {}
        get = data.get
        for attribute, key, how, convert, default in self.plan:
            value = get(attribute, missing)
            if value is missing:
                value = default() if callable(default) else default
                if value is missing:
                    continue
            if value is None or how == AS_IS:
                shaped[key] = value
            elif how == SCALAR:
                shaped[key] = value if type(value) is convert else convert(value)
            else:
                shaped[key] = convert(value)
        return shaped

    def response(self, data: Mapping[str, Any]) -> Response:
        """The JSON response flask-smorest would have sent after dumping ``data``."""
        return current_app.json.response(self(data))
