"""Rulings speak each edition's own words: a Disney ruling says transports and
Special Powers, a ua-industries one the tax inspection, enterprises, branches,
holdings and logistics, in every language, where the classic board's words
would otherwise show."""

from __future__ import annotations

import re
from functools import cache

import pytest

from referee.editions import shipped
from referee.editions.catalog import LANGUAGES, catalog, placeholders
from referee.rules.rulings import RULES, render

# The pieces and spaces an edition may name its own way (its ``terms``).
VOCABULARY = ("house", "hotel", "station", "utility", "jail", "go", "street", "jail_free_card")
# Words that hold a classic word without meaning the piece: a house rule is no house.
IDIOMS = {
    "en": ("house rule",),
    "it": ("regola della casa", "regole della casa"),
    "ru": (),
    "uk": (),
}
# Endings a noun takes in sentences, after its stem (the word less its last vowel).
ENDINGS = {
    "ru": tuple(" а я у ю ом ем ой ей е и ы ов ев ам ям ами ями ах ях ь".split(" ")),
    "uk": tuple(" а я у ю ом ем ою ею і е и ів ам ям ами ями ах ях ь".split(" ")),
}


def _forms(word: str, lang: str) -> str:
    """A pattern for the word's forms in a sentence: plurals, and cases in ru and uk."""
    first = word.split()[0] if lang != "en" else word
    if lang == "en":
        plural = first[:-1] + "ies" if first.endswith("y") else first + "s"
        return rf"(?:{re.escape(first)}|{re.escape(plural)})"
    if lang == "it":
        forms = {first, first[:-1] + {"a": "e", "o": "i", "e": "i"}.get(first[-1], first[-1])}
        if first.endswith(("go", "ca")):
            forms.add(first[:-1] + "h" + {"o": "i", "a": "e"}[first[-1]])
        return "(?:" + "|".join(map(re.escape, sorted(forms, key=len, reverse=True))) + ")"
    stem = first[:-1] if first[-1] in "аяоеьйиіюыє" else first
    stems = {stem, stem[:-2] + stem[-1]} if stem.endswith(("ок", "ец")) else {stem}
    return "(?:" + "|".join(map(re.escape, stems)) + ")(?:" + "|".join(ENDINGS[lang]) + ")"


@cache
def forbidden(edition_id: str, lang: str) -> dict[str, re.Pattern]:
    """The classic board's words an edition replaces with its own, per term,
    as patterns: read from the editions' terms, not listed by hand."""
    classic, edition = shipped()["classic"], shipped()[edition_id]
    found = {}
    for key in VOCABULARY:
        theirs, ours = classic.term(key, lang), edition.term(key, lang)
        flags = 0 if theirs[:1].isupper() else re.IGNORECASE
        pattern = re.compile(rf"(?<![\w'’]){_forms(theirs, lang)}(?![\w'’])", flags)
        if not pattern.search(ours):  # the same word, or one of its forms
            found[key] = pattern
    return found


SAMPLES = {"term": "house", "items": [["space", 1], ["term", "jail_free_card"], ["m", 10]]}


class _Neutral:
    """Shows names as a mark (a space's own name may be anything), and the
    edition's words as they are: what is left is the template's own wording."""

    def __init__(self, edition):
        self.edition = edition

    def show(self, spec, value, lang="en"):
        if spec == "term":
            return self.edition.term(value, lang)
        return "X" if spec != "m" else self.edition.show("m", 10, lang)


def _spoken(edition, rule_id: str, lang: str) -> str | None:
    """A rule's explanation in a language, filled with neutral values."""
    template = RULES[rule_id].template if lang == "en" else catalog().rules[rule_id].template(edition.id, lang)
    if template is None:
        return None
    used = placeholders(template)
    values = {name: SAMPLES.get(spec, 3) for name, spec in used.items() if name != "term"}
    text = render(template, values, _Neutral(edition), lang)
    for idiom in IDIOMS[lang]:
        text = re.sub(re.escape(idiom), "…", text, flags=re.IGNORECASE)
    return text


def test_the_forbidden_words_come_from_the_editions_terms():
    # seed 000: Disney's transports ("Транспорт") and Special Powers ("Силы магии");
    # seed 002: "податкова перевірка", "філія", "холдинг", "логістика".
    assert set(forbidden("disney", "en")) == {"house", "hotel", "station", "utility"}
    assert {"jail", "house", "hotel", "station", "street", "go"} <= set(forbidden("ua-industries", "en"))
    assert forbidden("ua-industries", "ru")["jail"].search("отправляется в тюрьму")
    assert forbidden("disney", "ru")["station"].search("владеет 2 вокзалами")
    assert not forbidden("disney", "it")["house"].search("la casella e la regola")
    assert not forbidden("classic-rub", "en")


@pytest.mark.parametrize("edition", [e for e in sorted(shipped()) if e != "classic"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_ruling_and_refusal_says_the_edition_s_own_words(edition, lang):
    played = shipped()[edition]
    found = []
    for rule_id in sorted(RULES):
        text = _spoken(played, rule_id, lang)
        for key, pattern in forbidden(edition, lang).items():
            if text and pattern.search(text):
                found.append(f"{rule_id} says {pattern.search(text).group(0)!r} for {key}: {text}")
    assert not found, "\n".join(found)
