"""Where an edition's rules and words come from (``sources``), and the check,
made when the shipped editions load, that names in a language beyond the
edition's own and English say where they come from: the Italian board's names
are facts of that board, not a guess. (A table's own board, submitted, is its
own source.)"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from marshmallow import ValidationError, fields, validate, validates_schema

from .params import Strict, Texts


class SourceSchema(Strict):
    """A seed document, or a published item named by its title (a board, for its names)."""

    seed = fields.String(load_default=None, allow_none=True)
    title = fields.String(load_default="")
    titles = Texts(
        optional=True,
        load_default=dict,
        metadata={
            "description": "The source named in each reader's language (a Russian booklet's title, said in Italian for "
            "an Italian reader); where a language has none, `title` is shown"
        },
    )
    covers = fields.String(load_default="rules")
    lang = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Regexp(r"^[a-z]{2}$"),
        metadata={"description": "The language of the names this source gives (only its readers need the source)"},
    )

    @validates_schema
    def _named(self, data, **kwargs):
        if not data["seed"] and not data["title"]:
            raise ValidationError({"title": ["a source that is not a seed needs its title"]})


def _names(data: dict) -> Iterator[Mapping[str, str]]:
    """Every name an edition gives (spaces, groups, decks) and every card text, per language."""
    for space in data.get("spaces", []):
        yield space["name"]
    for group in (data.get("groups") or {}).values():
        yield group["name"]
    for deck in data.get("decks", []):
        yield deck["name"]
        yield from (card["text"] for card in deck["cards"])


def unsourced_names(data: dict) -> dict[str, list[str]]:
    """Field errors for names in a language no source gives (empty when each has one)."""
    sourced = {data.get("language"), "en"} | {s["lang"] for s in data.get("sources", []) if s.get("lang")}
    unsourced = sorted({lang for texts in _names(data) for lang in texts} - sourced)
    if not unsourced:
        return {}
    return {"sources": [f'names in {lang} need a source with "lang": "{lang}"' for lang in unsourced]}
