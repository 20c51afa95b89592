"""Editions as data: the shipped documents, validated at load, and the
conversion of any valid document into the engine's frozen ``Edition``."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from marshmallow import ValidationError

from referee.rules.edition import Card, Currency, Deck, Edition, Space
from referee.rules.parameters import Rules
from referee.rules.plurals import FORMS

from .frozen import frozen, thawed
from .overlay import OverlayError, is_overlay, resolve
from .params import from_document
from .schema import EditionSchema
from .sources import unsourced_names

DATA = Path(__file__).parent / "data"

__all__ = [
    "DATA",
    "EditionSchema",
    "OverlayError",
    "ValidationError",
    "build",
    "is_overlay",
    "load_document",
    "resolve",
    "served",
    "shipped",
    "unserved",
    "thawed",
    "validate",
]


def validate(document: Mapping[str, Any]) -> dict[str, Any]:
    """The document with defaults filled in; raises ValidationError with field errors."""
    return EditionSchema().load(document)


def build(document: Mapping[str, Any]) -> Edition:
    """Validate a document and turn it into the engine's Edition."""
    data = validate(document)
    spaces = tuple(
        Space(
            **{
                **space,
                "name": frozen(space["name"]),
                "rent": tuple(space["rent"]),
                "unconfirmed": tuple(space["unconfirmed"]),
            }
        )
        for space in data["spaces"]
    )
    decks = {
        deck["id"]: Deck(
            deck["id"],
            frozen(deck["name"]),
            tuple(Card(c["id"], deck["id"], frozen(c["text"]), frozen(c["effect"])) for c in deck["cards"]),
        )
        for deck in data["decks"]
    }
    currency = data["currency"]
    return Edition(
        id=data["id"],
        name=frozen(data["name"]),
        language=data["language"],
        spaces=spaces,
        decks=MappingProxyType(decks),
        rules=from_document(Rules, data["rules"]),
        currency=Currency(currency["symbol"], currency["scale"], frozen(currency["unit"])),
        terms=frozen(data["terms"]),
        groups=frozen(data["groups"]),
        document=frozen(dict(document)),
    )


SERVED = "plural_forms"
"""What a document is served with that no edition writes: the language's forms of a count."""


def served(edition: Edition) -> dict[str, Any]:
    """An edition's document as clients read it: its own data, and the forms a count of
    its terms takes (``referee.rules.plurals``), the table the rulings read too."""
    return {**thawed(edition.document), SERVED: thawed(FORMS)}


def unserved(document: Mapping[str, Any]) -> dict[str, Any]:
    """A submitted document without what the service serves with every document: a client
    may send a document it read back, but the forms are the service's, not the edition's."""
    return {name: value for name, value in document.items() if name != SERVED}


def load_document(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def shipped() -> Mapping[str, Edition]:
    """Every edition file in ``data/``, validated; a broken file fails loudly.

    A file may derive from another shipped edition (``base`` + ``overrides``,
    see ``overlay``); it is resolved into a complete document first.
    """
    files = {path.stem: load_document(path) for path in sorted(DATA.glob("*.json"), key=lambda p: p.stem)}
    resolved: dict[str, dict[str, Any]] = {}

    def full(edition_id: str, chain: tuple[str, ...] = ()) -> dict[str, Any] | None:
        if edition_id in chain:
            raise ValueError(f"editions derive from each other in a circle: {' -> '.join(chain + (edition_id,))}")
        if edition_id not in resolved and edition_id in files:
            resolved[edition_id] = resolve(files[edition_id], lambda base: full(base, chain + (edition_id,)))
        return resolved.get(edition_id)

    editions = {}
    for stem in files:
        document = full(stem)
        if problems := unsourced_names(document):
            raise ValueError(f"{stem}.json: {problems}")
        edition = build(document)
        if edition.id != stem:
            raise ValueError(f"{stem}.json declares id {edition.id!r}")
        editions[edition.id] = edition
    return MappingProxyType(editions)
