"""Editions derived from another: a base edition's document plus overrides.

A derived edition is written ``{"base": "ua-industries", "id": "our-table",
"name": {...}, "overrides": {...}}``. The overrides have the shape of an
edition document, partially:

- objects merge key by key, recursively (``"rules": {"jail": {"fine": 60}}``
  changes only the fine); ``null`` removes a key;
- ``spaces`` are matched by ``position``, ``decks`` and their ``cards`` by
  ``id``: each listed item merges into the base item with that key (a new deck
  or card is appended; a space must already be on the base board);
- any other value replaces the base value: a rent list, and texts per
  language (``name``, ``text``), are replaced whole, so a renamed space keeps
  no stale name in another language; so is a card's ``effect``, so a new kind
  inherits no field of the old one;
- a card whose effect changes must be given its text too: the base text
  would describe the old effect to the table (and in every ruling).

Overriding a space's field also confirms it: the field leaves the space's
``unconfirmed`` list (the table read it off its own card), unless the
override sets ``unconfirmed`` itself.

The result is a complete document, validated like any shipped file.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

# List fields whose items are matched by a key, and whether new items may be added.
KEYED: dict[str, tuple[str, bool]] = {"spaces": ("position", False), "decks": ("id", True), "cards": ("id", True)}
REPLACED = frozenset({"name", "text", "effect"})
OVERLAY_FIELDS = frozenset({"base", "id", "name", "overrides"})
FIXED = ("id", "based_on")


class OverlayError(Exception):
    """Overrides that cannot be applied; ``errors`` by field, like a schema's."""

    def __init__(self, errors: Mapping[str, Any]):
        super().__init__(str(errors))
        self.errors = dict(errors)


def is_overlay(document: Mapping[str, Any]) -> bool:
    return "base" in document


def resolve(document: Mapping[str, Any], base_of: Callable[[str], Mapping[str, Any] | None]) -> dict[str, Any]:
    """The complete document of a derived edition (a full document is returned as is).

    base_of: the full document of an edition id, or None when there is none.
    """
    if not is_overlay(document):
        return copy.deepcopy(dict(document))
    extra = sorted(set(document) - OVERLAY_FIELDS)
    if extra:
        raise OverlayError({name: ["a derived edition takes only base, id, name and overrides"] for name in extra})
    base = base_of(document["base"])
    if base is None:
        raise OverlayError({"base": [f"no edition {document['base']!r}"]})
    overrides = document.get("overrides") or {}
    if not isinstance(overrides, Mapping):
        raise OverlayError({"overrides": ["must be an object shaped like an edition document"]})
    fixed = [name for name in FIXED if name in overrides]
    if fixed:
        raise OverlayError({"overrides": [f"{name} is set by the derived edition itself" for name in fixed]})
    merged = _merge(base, overrides, "overrides")
    merged["id"] = document.get("id")
    merged["based_on"] = document["base"]
    if document.get("name") is not None:
        merged["name"] = copy.deepcopy(document["name"])
    return merged


def _merge(base: Any, patch: Any, path: str, field: str | None = None) -> Any:
    if isinstance(base, Mapping) and isinstance(patch, Mapping):
        merged = copy.deepcopy(dict(base))
        for name, value in patch.items():
            if value is None:
                merged.pop(name, None)
            elif name in merged and name not in REPLACED:
                merged[name] = _merge(merged[name], value, f"{path}.{name}", name)
            else:
                merged[name] = copy.deepcopy(value)
        return merged
    if field in KEYED and isinstance(base, list) and isinstance(patch, list):
        return _merge_items(base, patch, path, field)
    return copy.deepcopy(patch)


def _merge_items(base: list, patch: list, path: str, field: str) -> list:
    key, may_add = KEYED[field]
    merged = [copy.deepcopy(item) for item in base]
    index = {item.get(key): i for i, item in enumerate(merged) if isinstance(item, Mapping)}
    for n, item in enumerate(patch):
        where = f"{path}[{n}]"
        if not isinstance(item, Mapping) or key not in item:
            raise OverlayError({where: [f"each item of {field} names its {key}"]})
        found = index.get(item[key])
        if found is None and not may_add:
            raise OverlayError({where: [f"the base has no item of {field} with {key} {item[key]!r}"]})
        if found is None:
            index[item[key]] = len(merged)
            merged.append(copy.deepcopy(dict(item)))
            continue
        if field == "cards" and _effect_without_text(merged[found], item):
            raise OverlayError({f"{where}.text": ["a card whose effect changes needs its text too"]})
        merged[found] = _merge(merged[found], item, where)
        if field == "spaces":
            merged[found] = _confirm(base[found], item, merged[found])
    return merged


def _effect_without_text(before: Mapping[str, Any], patch: Mapping[str, Any]) -> bool:
    """The override changes a card's effect and leaves its text as it was."""
    return "effect" in patch and patch["effect"] != before.get("effect") and "text" not in patch


def _confirm(before: Mapping[str, Any], patch: Mapping[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """Fields the override sets are no longer unconfirmed defaults."""
    if "unconfirmed" not in patch and before.get("unconfirmed"):
        after["unconfirmed"] = [name for name in before["unconfirmed"] if name not in patch]
    return after
