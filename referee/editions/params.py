"""The document schema of the rule parameters, derived from the engine's dataclasses.

Each parameter is declared once, as a field of a dataclass in
``referee.rules.parameters`` (type, default, and in its metadata the bounds,
description and document key: see ``param``). ``schema_of`` turns such a
dataclass into a marshmallow schema, ``from_document`` turns what that schema
loaded back into the dataclass, so neither side is written by hand.

Types map to fields: ``int``, ``bool``, ``str``, ``float``, ``Decimal``;
``Literal[...]`` to its choices; ``X | None`` to a nullable field;
``tuple[X, ...]`` to a list; ``Mapping[K, V]`` to an object; a nested
dataclass to a nested schema with its own defaults.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable, Mapping
from decimal import Decimal
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from marshmallow import RAISE, Schema, fields, validate

SCALARS: dict[type, type[fields.Field]] = {
    bool: fields.Boolean,
    int: fields.Integer,
    float: fields.Float,
    str: fields.String,
    Decimal: fields.Decimal,
}


class Strict(Schema):
    """Every part of an edition document refuses fields it does not know."""

    class Meta:
        unknown = RAISE
        ordered = True


MAX_LANGUAGES = 8  # texts per name or card; the page speaks four


def Texts(*, optional: bool = False, **kw) -> fields.Dict:  # noqa: N802
    """A text per language code ({"en": ..., "ru": ...}), in at most ``MAX_LANGUAGES`` languages."""
    return fields.Dict(
        keys=fields.String(validate=validate.Length(min=2, max=5)),
        values=fields.String(validate=validate.Length(max=1000)),
        validate=validate.Length(min=0 if optional else 1, max=MAX_LANGUAGES),
        **kw,
    )


def schema_of(cls: type, name: str, prefix: str = "") -> type[Schema]:
    """The schema of a parameter dataclass, named ``{name}Schema`` (the OpenAPI
    component ``name``).

    prefix: what the names of its nested sections start with; a section is
    named after its key (``auction``: ``Auction``) or, as the value of a
    mapping, after its dataclass (``Variant``), and passes its own name on
    (``VariantBuildings``).
    """
    declared: dict[str, fields.Field | None] = {}
    groups: dict[str, dict[str, fields.Field]] = {}
    for item in dataclasses.fields(cls):
        head, _, rest = document_key(item).partition(".")
        built = _field(item, _hints(cls)[item.name], prefix)
        if "." in rest:
            raise TypeError(f"{cls.__name__}.{item.name}: a key goes one object deep, not {document_key(item)!r}")
        if rest:  # a field kept in a sub-object of the document, by its key
            declared.setdefault(head, None)
            groups.setdefault(head, {})[rest] = built
        else:
            declared[head] = built
    for head, members in groups.items():
        group = _schema_class(prefix + _title(head), members)
        declared[head] = fields.Nested(group, load_default=_loader(group))
    return _schema_class(name, declared)


def from_document(cls: type, data: Mapping[str, Any]) -> Any:
    """The dataclass holding the values ``schema_of(cls)`` loaded (defaults filled in)."""
    values = {}
    for item in dataclasses.fields(cls):
        raw: Any = data
        for part in document_key(item).split("."):
            raw = raw[part]
        values[item.name] = _value(_hints(cls)[item.name], raw)
    return cls(**values)


def document_key(item: dataclasses.Field) -> str:
    """Where a field's value sits in the document: its ``key``, else its name."""
    return item.metadata.get("key", item.name)


@cache
def _hints(cls: type) -> dict[str, Any]:
    # The engine's modules postpone annotations: resolve them once per class.
    return get_type_hints(cls)


def _schema_class(name: str, declared: Mapping[str, fields.Field | None]) -> type[Schema]:
    return type(f"{name}Schema", (Strict,), dict(declared))


def _loader(schema: type[Schema]) -> Callable[[], Any]:
    """A missing section loads as an empty one: every default of its fields."""
    return lambda: schema().load({})


def _title(key: str) -> str:
    return "".join(part.title() for part in key.split("_"))


def _field(item: dataclasses.Field, hint: Any, prefix: str) -> fields.Field:
    options: dict[str, Any] = {}
    if "about" in item.metadata:
        options["metadata"] = {"description": item.metadata["about"]}
    nullable, hint = _unwrap_optional(hint)
    if nullable:
        options["allow_none"] = True
    bounds = item.metadata.get("bounds")
    checks = [validate.Range(min=bounds[0], max=bounds[1])] if bounds else []
    built = _typed(hint, checks, prefix, _title(document_key(item)), options)
    # The default is set once the field exists: a nested section's default is
    # what its own schema loads from nothing.
    if item.default is not dataclasses.MISSING:
        built.load_default = item.default
    elif item.default_factory is dataclasses.MISSING:
        built.required = True
    elif not isinstance(built, fields.Nested):
        built.load_default = item.default_factory
    elif item.default_factory is hint:
        built.load_default = _loader(built.nested)  # type: ignore[arg-type]
    else:
        raise TypeError(f"{item.name}: a section defaults to its dataclass, default_factory={hint.__name__}")
    return built


def _typed(
    hint: Any, checks: list[validate.Validator], prefix: str, name: str, options: dict[str, Any]
) -> fields.Field:
    """The field of one type, a nested section named ``prefix + name``; ``checks``
    (bounds) go to the values themselves, the items of a tuple or mapping included."""
    origin, args = get_origin(hint), get_args(hint)
    if dataclasses.is_dataclass(hint):
        return fields.Nested(schema_of(hint, prefix + name, prefix=prefix + name), **options)
    if origin is Literal:
        return SCALARS[type(args[0])](validate=[*checks, validate.OneOf(args)], **options)
    if origin is tuple and args[1:] == (Ellipsis,):
        return fields.List(_typed(args[0], checks, prefix, name, {}), **options)
    if origin in (Mapping, dict):
        value_name = args[1].__name__ if dataclasses.is_dataclass(args[1]) else name
        keys, values = _typed(args[0], [], prefix, name, {}), _typed(args[1], checks, prefix, value_name, {})
        return fields.Dict(keys=keys, values=values, **options)
    if hint in SCALARS:
        return SCALARS[hint](validate=checks or None, **options)
    raise TypeError(f"no document field for the type {hint!r}")


def _unwrap_optional(hint: Any) -> tuple[bool, Any]:
    """(True, X) for ``X | None``, (False, hint) for anything else."""
    if get_origin(hint) not in (Union, types.UnionType):
        return False, hint
    kinds = [arg for arg in get_args(hint) if arg is not type(None)]
    if len(kinds) != 1:
        raise TypeError(f"a parameter has one type or that type | None, not {hint!r}")
    return True, kinds[0]


def _value(hint: Any, raw: Any) -> Any:
    """A loaded value in the dataclass's own types: nested dataclasses, tuples, read-only mappings."""
    _, hint = _unwrap_optional(hint)
    origin, args = get_origin(hint), get_args(hint)
    if raw is None:
        return None
    if dataclasses.is_dataclass(hint):
        return from_document(hint, raw)
    if origin is tuple:
        return tuple(_value(args[0], v) for v in raw)
    if origin in (Mapping, dict):
        return types.MappingProxyType({k: _value(args[1], v) for k, v in raw.items()})
    return raw
