"""Rulings: the rule behind every amount, refusal and automatic decision.

Each rule the engine applies is declared once as a ``Rule`` with a stable id
and an English explanation template. The engine makes a ``Ruling`` from it at
the place where it computes the amount, with the numbers it used. Money
placeholders use the ``m`` format (``{rent:m}``) so that every text shows the
edition's currency.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Protocol

RULES: dict[str, Rule] = {}
ALSO = "also"
"""The value naming the rule whose explanation follows a ruling's own (see ``Ruling.followed_by``)."""


class _Later:
    """A ruling's text not rendered yet: its template and what shows its values."""

    __slots__ = ("template", "shows")

    def __init__(self, template: str, shows: Shows | None):
        self.template = template
        self.shows = shows


class _Text:
    """``Ruling.text``: given, or rendered from the rule's template when first
    read. Every action makes rulings that nothing may read (the service shows
    them in the reader's language from their values), so the English text is
    worked out only on demand; it is the same text, from the same template,
    values and edition, all of them frozen, so keeping it once rendered cannot
    serve a stale one."""

    def __get__(self, ruling: Ruling | None, owner: type | None = None) -> str:
        if ruling is None:
            raise AttributeError("text")  # no default: a ruling is always given its text
        text = ruling.__dict__["_text"]
        if isinstance(text, _Later):
            text = render(text.template, ruling.values, text.shows)
            ruling.__dict__["_text"] = text  # the frozen record's own slot, not a field assignment
        return text

    def __set__(self, ruling: Ruling, text: str | _Later) -> None:
        ruling.__dict__["_text"] = text  # only __init__ gets here: the frozen record refuses assignment first


@dataclass(frozen=True)
class Ruling:
    """Why something happened.

    rule: the id of the rule applied (see ``RULES`` and the edition catalog).
    text: the explanation in English, with the numbers (rendered when first read).
    values: the numbers and names the explanation uses.
    house_rule: a house rule, not the booklet, decided it.
    """

    rule: str
    text: str = _Text()  # type: ignore[assignment]
    values: Mapping[str, Any] = field(default_factory=dict)
    house_rule: bool = False

    def followed_by(self, then: Ruling) -> Ruling:
        """This ruling and, after it, another rule that decided part of it (the
        jackpot house rule sends a tax to the pot): one text, both rules' values,
        and ``also`` naming the second rule, so a reader in another language gets
        both sentences from their templates."""
        return Ruling(
            self.rule,
            f"{self.text} {then.text}",
            {**self.values, **then.values, ALSO: then.rule},
            self.house_rule or then.house_rule,
        )


class Shows(Protocol):
    """What can show a value for a format spec in a language (the Edition)."""

    def show(self, spec: str, value: Any, lang: str = "en") -> str: ...


class _Formatter(string.Formatter):
    def __init__(self, shows: Shows | None, lang: str):
        self.shows = shows
        self.lang = lang
        self.joiner = ", "  # between the names of a list: "», «" where the template quotes it

    def format_field(self, value: Any, format_spec: str) -> str:
        # Lists stay language-neutral too, so a translation can show them:
        # ``{places:space}`` shows each position's name, ``{give:items}`` each
        # [spec, value] pair by its own spec ("—" when there is nothing).
        if format_spec == ITEMS:
            return ", ".join(self.format_field(item, spec) for spec, item in value) or "—"
        if format_spec in SPECS and isinstance(value, list | tuple):
            return self.joiner.join(self.format_field(item, format_spec) for item in value) or "—"
        if shown(format_spec):
            if self.shows is None:
                return str(value)
            return self.shows.show(format_spec, value, self.lang)
        return super().format_field(value, format_spec)


SPECS = frozenset({"m", "space", "group", "deck", "card", "term", "phrase"})
ITEMS = "items"
COUNTED = "n."
"""A count with its noun, ``{count:n.house}`` (see ``referee.rules.plurals``)."""


def shown(spec: str) -> bool:
    """The edition shows a value of this spec (money, a name, a counted piece)."""
    return spec in SPECS or spec.startswith(COUNTED)


def _joiner(before: str, after: str) -> str:
    """How the names of a list are joined: a template that quotes the list («{places:space}»)
    quotes each name on its own, «Старт», «Ринок», as it would quote one."""
    return "», «" if before.endswith("«") and after.startswith("»") else ", "


PLAIN, SHOWN, LISTED = 0, 1, 2
"""How a template's field is filled: ``format(value, spec)``, the edition's
``show`` (a list of such values through the formatter), or the ``items`` list."""

Parts = tuple[tuple[str, str | None, str, int], ...]


@cache
def _parts(template: str) -> Parts | None:
    """A template split once into (literal text, field name, format spec, how
    it is filled) parts, or None when a field is more than a plain name with
    a spec (``{term.go}``, a conversion, a nested spec): ``string.Formatter``
    fills those. Rulings are rendered for every action, and parsing each
    template once keeps the formatter's per-call parsing off that path."""
    parts = []
    for literal, name, spec, conversion in string.Formatter().parse(template):
        if name is not None and (conversion or not name.isidentifier() or "{" in spec):
            return None
        spec = spec or ""
        how = LISTED if spec == ITEMS else SHOWN if shown(spec) else PLAIN
        parts.append((literal, name, spec, how))
    return tuple(parts)


class Word(str):
    """An edition's word in a language; ``.gen``, ``.pl``… are its other forms
    (``{term.property.gen}``), where the edition gives them: the genitive a
    Russian sentence needs, the plural an English one does. A form a language
    does not inflect is the word itself (see ``Edition.term``)."""

    def __new__(cls, shows: Shows | None, lang: str, key: str) -> Word:
        word = super().__new__(cls, key if shows is None else shows.show("term", key, lang))
        word._shows, word._lang, word._key = shows, lang, key
        return word

    def __getattr__(self, form: str) -> Word:
        if form.startswith("_"):
            raise AttributeError(form)
        return Word(self._shows, self._lang, f"{self._key}.{form}")


class Terms:
    """``{term.go}`` in a template: the edition's own word for a piece or a
    space (the tax inspection for jail, a branch for a house), in the language."""

    def __init__(self, shows: Shows | None, lang: str):
        self._shows = shows
        self._lang = lang

    def __getattr__(self, key: str) -> Word:
        return Word(self._shows, self._lang, key)


SENTENCE_BREAKS = (". ", "! ", "? ")


def _opens_sentence(out: list[str], sentence: bool) -> bool:
    return out[-1].endswith(SENTENCE_BREAKS) if out else sentence


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


INNER_QUOTES = {"ru": "„“", "uk": "„“"}
"""The quotes inside «…» per language (a card's «Avanti» quoted in a ruling: «Andate fino alla casella
“Avanti”»); “” where a language has none of its own."""


def _shown(value: Any, text: str, out: list[str], sentence: bool, lang: str = "en") -> str:
    """Words a value is shown by, with a capital where they open a sentence
    ("The bank takes…"), and an edition's word where it is quoted as a name
    («{term.go}»: «Старт»); a player's name stays as typed, wherever it stands.
    Words quoted in «…» that quote something themselves (a card's text naming a space)
    take the inner quotes, never a second «»."""
    quoted = bool(out) and out[-1].endswith("«")
    if quoted and "«" in text:
        opening, closing = INNER_QUOTES.get(lang, "“”")
        text = text.replace("«", opening).replace("»", closing)
    named = isinstance(value, Word) and quoted
    return _capital(text) if not isinstance(value, Mapping) and (named or _opens_sentence(out, sentence)) else text


def render(
    template: str, values: Mapping[str, Any], shows: Shows | None = None, lang: str = "en", sentence: bool = True
) -> str:
    """Fill an explanation template in a language. ``sentence``: the text opens
    a sentence (an explanation does; words put inside another's do not)."""
    parts = _parts(template)
    if parts is None:
        return _render_fields(template, values, shows, lang, sentence)
    formatter = None
    out: list[str] = []
    for index, (literal, name, spec, how) in enumerate(parts):
        if literal:
            out.append(literal)
        if name is None:
            continue
        value = values[name]
        if how == PLAIN:
            out.append(format(value, spec))
        elif how == LISTED or isinstance(value, list | tuple):
            formatter = formatter or _Formatter(shows, lang)
            formatter.joiner = _joiner(literal, parts[index + 1][0] if index + 1 < len(parts) else "")
            out.append(formatter.format_field(value, spec))
        elif shows is None:
            out.append(str(value))
        else:
            out.append(_shown(value, shows.show(spec, value, lang), out, sentence, lang))
    return "".join(out)


def _render_fields(template: str, values: Mapping[str, Any], shows: Shows | None, lang: str, sentence: bool) -> str:
    """A template with fields beyond a name and a spec (``{term.go}``), filled
    as ``string.Formatter`` would, with the capital a shown word takes where it
    opens a sentence."""
    formatter = _Formatter(shows, lang)
    named = {"term": Terms(shows, lang), **values}
    out: list[str] = []
    parsed = list(formatter.parse(template))
    for index, (literal, name, spec, conversion) in enumerate(parsed):
        if literal:
            out.append(literal)
        if name is None:
            continue
        value = formatter.convert_field(formatter.get_field(name, (), named)[0], conversion)
        spec = formatter.vformat(spec, (), named) if spec and "{" in spec else spec or ""
        formatter.joiner = _joiner(literal, parsed[index + 1][0] if index + 1 < len(parsed) else "")
        text = formatter.format_field(value, spec)
        out.append(_shown(value, text, out, sentence, lang) if spec in SPECS or isinstance(value, Word) else text)
    return "".join(out)


@dataclass(frozen=True)
class Rule:
    """A rule the engine applies: stable id and English explanation template."""

    id: str
    template: str
    house_rule: bool = False

    def __post_init__(self) -> None:
        if self.id in RULES and RULES[self.id] != self:
            raise ValueError(f"rule {self.id} declared twice")
        RULES[self.id] = self

    def ruling(self, shows: Shows | None = None, **values: Any) -> Ruling:
        return Ruling(
            rule=self.id,
            text=_Later(self.template, shows),  # type: ignore[arg-type]
            values=values,
            house_rule=self.house_rule,
        )
