"""Edition documents and the rule catalog are read once and shared by every
game and request, so they are held read-only: mappings behind proxies, lists
as tuples."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any


def frozen(value: Any) -> Any:
    """JSON data made read-only, all the way down."""
    if isinstance(value, dict):
        return MappingProxyType({k: frozen(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(frozen(v) for v in value)
    return value


def thawed(value: Any) -> Any:
    """A frozen document (read-only mappings, tuples) as plain JSON data again."""
    if isinstance(value, Mapping):
        return {k: thawed(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [thawed(v) for v in value]
    return value
