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
_SCALARS: dict[type, Convert] = {fields.String: str, fields.Integer: int, fields.Float: float}


def _or_none(convert: Convert) -> Convert:
    return lambda value: None if value is None else convert(value)


def _each(convert: Convert | None) -> Convert:
    if convert is None:
        return _or_none(list)
    return _or_none(lambda values: [convert(value) for value in values])


def _converter(field: fields.Field) -> Convert | None:
    """How ``field`` dumps a plain value (None: unchanged)."""
    if isinstance(field, fields.Nested):
        nested = Shape(field.schema)
        return _each(nested) if field.many or field.schema.many else _or_none(nested)
    if isinstance(field, fields.List):
        return _each(_converter(field.inner))
    if type(field) is fields.Dict and field.key_field is None and field.value_field is None:
        return _or_none(dict)
    if type(field) in _SCALARS and not getattr(field, "as_string", False):
        return _or_none(_SCALARS[type(field)])
    if type(field) in _AS_IS:
        return None
    raise TypeError(f"no shape planned for a {type(field).__name__} field")


class Shape:
    """``schema.dump`` for plain JSON data, planned once."""

    def __init__(self, schema: Schema | type[Schema]):
        schema = schema() if isinstance(schema, type) else schema
        if schema._hooks.get(PRE_DUMP) or schema._hooks.get(POST_DUMP):  # type: ignore[attr-defined]
            raise TypeError(f"{type(schema).__name__} has dump hooks; dump it with marshmallow")
        self.schema = schema
        self.plan: list[tuple[str, str, Convert | None, Any]] = []
        for name, field in schema.dump_fields.items():
            attribute = field.attribute or name
            if "." in attribute:
                raise TypeError(f"{type(schema).__name__}.{name}: dotted attributes are not planned")
            key = field.data_key if field.data_key is not None else name
            self.plan.append((attribute, key, _converter(field), field.dump_default))

    def __call__(self, data: Mapping[str, Any]) -> dict[str, Any]:
        shaped = {}
        for attribute, key, convert, default in self.plan:
            value = data.get(attribute, missing)
            if value is missing:
                value = default() if callable(default) else default
                if value is missing:
                    continue
            shaped[key] = value if convert is None else convert(value)
        return shaped

    def response(self, data: Mapping[str, Any]) -> Response:
        """The JSON response flask-smorest would have sent after dumping ``data``."""
        return current_app.json.response(self(data))
