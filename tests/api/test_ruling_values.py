"""A ruling's values are language-neutral data: the bank is ``"bank"`` in every
language, never the English "the bank"; the words are the reader's, rendered
from the key, in the case the sentence needs."""

from __future__ import annotations

import re

import pytest

from referee.editions import shipped
from referee.editions.catalog import LANGUAGES, catalog, placeholders
from referee.explain import ruling_view
from referee.rules import phrases
from referee.rules.pending import PENDING_TYPES
from referee.rules.rulings import RULES
from referee.rules.turns import RESOLVE_FIRST

from .table import Table
from .test_rulings import get

TAX = {
    "en": "Anna lands on Income Tax and pays M200 to the bank.",
    "ru": "Anna попадает на «Подоходный налог» и платит M200 Банку.",
    "it": "Anna si ferma su «Tassa Patrimoniale» e paga M200 alla banca.",
}


def _tax_ruling(client, lang):
    table = Table(client, "Anna", "Boris")
    table.roll(0, 1, 3)  # Income Tax
    events = get(client, f"/games/{table.id}/events", lang, table).json
    return next(r for event in events for r in event["rulings"] if r["rule"] == "tax")


@pytest.mark.parametrize("lang", sorted(TAX))
def test_the_bank_is_a_key_in_the_values_and_words_in_the_text(client, lang):
    # seed 001 l.46: «Налоги платят Банку.»: the payee is the bank, whatever the reader's language
    ruling = _tax_ruling(client, lang)
    assert ruling["values"]["payee"] == "bank"
    assert ruling["lang"] == lang and ruling["text"] == TAX[lang]


def test_a_ruling_stored_with_english_words_reads_as_its_key_does():
    # Rulings stored before the keys hold "the bank": facts are kept as they are, and still read in Russian.
    classic = shipped()["classic"]
    old = {"rule": "tax", "text": TAX["en"], "values": {"name": "Anna", "place": 4, "amount": 200}}
    for stored in ("the bank", "bank"):
        view = ruling_view({**old, "values": {**old["values"], "payee": stored}}, classic, "ru")
        assert view["text"] == TAX["ru"]


PENDING_WORDS = {kind for kind, cls in PENDING_TYPES.items() if cls.said}


def test_every_key_a_ruling_shows_has_english_words_and_a_translation_in_every_language():
    # A value shown as {x:phrase} is a key: its English words are the engine's, and each
    # translated template the catalog's words for every key it may hold.
    missing = []
    for rule_id, declared in RULES.items():
        entry = catalog().rules[rule_id]
        for name in (n for n, spec in placeholders(declared.template).items() if spec == phrases.PHRASE):
            table = entry.phrases.get(name, {})
            # what play waits on is a pending item, in its type's own English words
            english = PENDING_WORDS if rule_id == RESOLVE_FIRST.id else phrases.ENGLISH
            missing += [f"{rule_id}.{name}: {key} has no English words" for key in table if key not in english]
            missing += [
                f"{rule_id}.{name}: {key} in {lang}"
                for key in table
                for lang in LANGUAGES
                if lang != "en" and entry.explain.get(lang) and lang not in table[key]
            ]
            if not table:
                missing.append(f"{rule_id}.{name}: no phrases")
    assert not missing, missing


# Rules whose English words in a value have a language-neutral twin beside them:
# the journal's undo and correction name the action type in ``action`` and ``replacement``.
WITH_KEYS_BESIDE = {"journal.undo": "action", "journal.correction": "action", "journal.replacement": "action"}


def test_no_value_the_engine_gives_in_english_words_is_left():
    # seed 001 l.46: «Налоги платят Банку.»: "bank" is the key, «Банку» and "the bank" are words.
    worded = [
        f"{entry.id}.{name}: {key!r}"
        for entry in catalog().rules.values()
        for name, table in entry.phrases.items()
        for key in table
        if not re.fullmatch(r"[a-z_]+", key) and entry.id not in WITH_KEYS_BESIDE
    ]
    assert not worded, worded
    for rule_id, twin in WITH_KEYS_BESIDE.items():
        assert twin in catalog().rules[rule_id].values
