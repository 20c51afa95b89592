"""Editions as the service knows them: the shipped ones, and custom ones
validated on submission and stored."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee import editions
from referee.rules import Edition
from referee.service.base import Base
from referee.service.errors import EditionExists, InvalidInput, NotFound
from referee.store import Writer


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
            "currency": {
                "symbol": edition.currency.symbol,
                "scale": edition.currency.scale,
                "unit": edition.currency.unit,
                "base_unit": document.get("currency", {}).get("base_unit", {}),
            },
        }
    )


class Editions(Base):
    def edition(self, edition_id: str) -> Edition:
        shipped = editions.shipped()
        if edition_id in shipped:
            return shipped[edition_id]
        if edition_id not in self._custom:
            document = self.store.custom_edition(edition_id)
            if document is None:
                raise NotFound(f"no edition {edition_id!r}")
            self._custom[edition_id] = editions.build(document)
        return self._custom[edition_id]

    def edition_document(self, edition_id: str) -> dict[str, Any]:
        """An edition's complete document, as plain JSON data."""
        return editions.thawed(self.edition(edition_id).document)

    def edition_summaries(self) -> list[dict[str, Any]]:
        """The shipped editions. Custom ones are reached by their id: a server
        hosting many tables does not list one table's board to every other."""
        return [_summary(edition) for edition in editions.shipped().values()]

    def create_edition(self, body: Mapping[str, Any]) -> Mapping[str, Any]:
        """Validate a submitted edition (a full document, or a base edition's id
        plus overrides) and store its complete document; nothing is stored when
        it is invalid."""
        try:
            document = editions.resolve(body, self._document_of)
            edition = editions.build(document)
        except editions.OverlayError as bad:
            raise InvalidInput(bad.errors) from None
        except editions.ValidationError as bad:
            raise InvalidInput(bad.messages) from None
        if edition.id in editions.shipped():
            raise EditionExists(edition.id)

        def write(writer: Writer) -> None:
            if writer.edition_exists(edition.id):
                raise EditionExists(edition.id)
            writer.insert_edition(edition.id, document)

        self.store.commit(write)
        return editions.thawed(edition.document)

    def _document_of(self, edition_id: str) -> dict[str, Any] | None:
        try:
            return editions.thawed(self.edition(edition_id).document)
        except NotFound:
            return None
