"""Editions as the service knows them: the shipped ones, and custom ones
validated on submission and stored."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from referee import editions
from referee.rules import Edition
from referee.service.context import Context
from referee.service.errors import EditionExists, InvalidInput, NotFound
from referee.store import Writer

# A submitted edition is stored whole: the shipped ones are 27-36 KB, and an edition
# derived from a custom one carries its base's document inside it.
MAX_DOCUMENT_BYTES = 128 * 1024
MAX_DERIVATION = 4  # editions between a submitted one and a shipped one, itself included


def _summary(edition: Edition) -> dict[str, Any]:
    """An edition in the list: what it is, and whether all its values are confirmed."""
    document = edition.document
    unconfirmed = edition.unconfirmed_positions
    return editions.thawed(
        {
            "id": edition.id,
            "name": document["name"],
            "language": edition.language,
            "based_on": document.get("based_on"),
            "sources": document.get("sources", ()),
            "notes": document.get("notes", {}),
            "confirmed": not unconfirmed,
            "unconfirmed": list(unconfirmed),
            "variants": _variants(edition),
            "clock": _clock(edition),
            "currency": {
                "symbol": edition.currency.symbol,
                "scale": edition.currency.scale,
                "unit": edition.currency.unit,
                "base_unit": document.get("currency", {}).get("base_unit", {}),
            },
        }
    )


def _variants(edition: Edition) -> list[dict[str, Any]]:
    """The games a table may choose at creation, and which of them needs an end time."""
    names = ["standard", *(name for name in edition.rules.variants if name != "standard")]
    return [{"id": name, "end_time": bool(edition.rules.variant(name).end_time)} for name in names]


def _clock(edition: Edition) -> dict[str, int] | None:
    """The table clock's limits, where the edition has one."""
    clock = edition.rules.clock
    if not clock.available:
        return None
    return {
        "decision_seconds": clock.decision_seconds,
        "bid_seconds": clock.bid_seconds,
        "answer_seconds": clock.answer_seconds,
    }


def edition(ctx: Context, edition_id: str) -> Edition:
    shipped = editions.shipped()
    if edition_id in shipped:
        return shipped[edition_id]
    if edition_id not in ctx.custom:
        document = ctx.store.custom_edition(edition_id)
        if document is None:
            raise NotFound(f"no edition {edition_id!r}")
        ctx.custom[edition_id] = editions.build(document)
    return ctx.custom[edition_id]


def edition_document(ctx: Context, edition_id: str) -> dict[str, Any]:
    """An edition's complete document, as plain JSON data, with the forms of a count."""
    return editions.served(edition(ctx, edition_id))


def edition_summaries(ctx: Context) -> list[dict[str, Any]]:
    """The shipped editions. Custom ones are reached by their id: a server
    hosting many tables does not list one table's board to every other."""
    return [_summary(shipped) for shipped in editions.shipped().values()]


def create_edition(ctx: Context, body: Mapping[str, Any]) -> Mapping[str, Any]:
    """Validate a submitted edition (a full document, or a base edition's id
    plus overrides) and store its complete document; nothing is stored when
    it is invalid."""
    try:
        document = editions.unserved(editions.resolve(body, lambda base: _document_of(ctx, base)))
        built = editions.build(document)
    except editions.OverlayError as bad:
        raise InvalidInput(bad.errors) from None
    except editions.ValidationError as bad:
        raise InvalidInput(bad.messages) from None
    _within_limits(ctx, document)
    if built.id in editions.shipped():
        raise EditionExists(built.id)

    def write(writer: Writer) -> None:
        if writer.edition_exists(built.id):
            raise EditionExists(built.id)
        writer.insert_edition(built.id, document)

    ctx.store.commit(write)
    return editions.served(built)


def _within_limits(ctx: Context, document: Mapping[str, Any]) -> None:
    """A document too big to keep, or derived too many times over, is refused naming the limit."""
    size = len(json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode())
    if size > MAX_DOCUMENT_BYTES:
        raise InvalidInput({"overrides": [f"The edition comes to {size} bytes; at most {MAX_DOCUMENT_BYTES}."]})
    depth, base = 1, document.get("based_on")
    while base is not None and base not in editions.shipped():
        depth += 1
        if depth > MAX_DERIVATION:
            message = f"An edition may be derived at most {MAX_DERIVATION} times over from a shipped one."
            raise InvalidInput({"base": [message]})
        try:
            base = edition(ctx, base).document.get("based_on")
        except NotFound:  # a full document may name any base: it carries no other's document
            return


def _document_of(ctx: Context, edition_id: str) -> dict[str, Any] | None:
    try:
        return edition_document(ctx, edition_id)
    except NotFound:
        return None
