"""A count of pieces in words: "1 house", "2 houses"; "2 дома", "5 домов".

Each language picks a form of the noun by the count (the plural categories of
Unicode CLDR: English and Italian have one and other, Russian and Ukrainian
one, few and many). The forms are the edition's own words (``house.pl``,
``house.gen``, ``house.gen_pl``), so a count reads in the edition's words:
"2 branches", "5 філій". A template asks for it with ``{count:n.house}``, or
with the piece in a value, ``{left:n.{kind}}``.

``FORMS`` is the one table of these forms: the rulings read it here, and every
edition document carries it (``plural_forms``) for the page, which picks the
category with the browser's ``Intl.PluralRules`` (the same CLDR rules).

A count that is a verb's object takes the accusative: "відкриває 1 філію",
"построить 1 карточку" (``{count:n.house.acc}``). The pieces counted are things, and
a thing's accusative differs from its nominative only where the count takes the
word itself (after 1, 21…): there the form is the term's ``acc`` (``house.acc``,
«філію»), the word itself where the edition gives none. The page counts so too.
"""

from __future__ import annotations

CATEGORIES = ("zero", "one", "two", "few", "many", "other")
"""The plural categories of CLDR, the keys of a language's forms."""

FORMS = {
    "en": {"one": "", "other": "pl"},
    "it": {"one": "", "other": "pl"},
    # Russian takes the genitive singular after 2-4 ("2 дома"), Ukrainian the nominative plural ("2 будинки")
    "ru": {"one": "", "few": "gen", "many": "gen_pl"},
    "uk": {"one": "", "few": "pl", "many": "gen_pl"},
}
"""Per language and plural category, the term form the noun takes ("" is the term itself)."""


def category(count: int, lang: str) -> str:
    """The plural category of a whole count in a language."""
    if lang in ("ru", "uk"):
        last, last_two = count % 10, count % 100
        if last == 1 and last_two != 11:
            return "one"
        if 2 <= last <= 4 and not 12 <= last_two <= 14:
            return "few"
        return "many"
    return "one" if count == 1 else "other"


CASES = ("acc",)
"""The cases a count may be asked in besides the nominative (``{count:n.house.acc}``)."""


def form(key: str, count: int, lang: str, case: str = "") -> str:
    """The term key of the noun's form after ``count`` (``house.gen_pl``), in the
    nominative or in ``case`` (``house.acc`` after 1, the plural forms as they are)."""
    forms = FORMS.get(lang, FORMS["en"])
    chosen = forms.get(category(count, lang), forms.get("other", "")) or case
    return f"{key}.{chosen}" if chosen else key
