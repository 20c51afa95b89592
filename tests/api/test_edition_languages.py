"""Every shipped edition speaks every language the page offers: each name and text
of its document as served (spaces, groups, decks, cards and their choices, terms,
the currency's words, its name and notes) is written in en, ru, uk and it, so that
a reader of any of them plays in their language and never in the edition's own."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import pytest

from referee.editions import shipped
from referee.editions.catalog import LANGUAGES

from .table import Table

CASES = ("gen", "ins")
"""Term forms that are cases of Russian and Ukrainian nouns (``property.gen``): English and
Italian have no such form, and a term asked for in one reads as the word itself."""
ONLY_WHERE_IT_DIFFERS = ("acc",)
"""Term forms written only in a language where they differ from the word itself (``house.acc``:
«філію»); asked for anywhere else, the word is read (``referee.rules.plurals.CASES``)."""


def texts(document: Mapping) -> Iterator[tuple[str, Mapping[str, str]]]:
    """Every text of an edition document a reader may be shown, by where it is."""
    yield "name", document["name"]
    yield "notes", document["notes"]
    for word in ("unit", "base_unit"):
        if word in document["currency"]:
            yield f"currency.{word}", document["currency"][word]
    for key, words in document["terms"].items():
        yield f"terms.{key}", words
    for group, described in document["groups"].items():
        yield f"groups.{group}", described["name"]
    for space in document["spaces"]:
        yield f"spaces[{space['position']}]", space["name"]
    for deck in document["decks"]:
        yield f"decks.{deck['id']}", deck["name"]
        for card in deck["cards"]:
            yield f"cards.{card['id']}", card["text"]
            for option in card["effect"].get("options", []):
                yield f"cards.{card['id']}.options.{option['id']}", option.get("text", {})


def languages_of(where: str) -> tuple[str, ...]:
    """The languages a text must be written in: a case form only in the languages that decline, and
    an accusative in none (it is written where it differs)."""
    form = where.rpartition(".")[2] if where.startswith("terms.") else ""
    return () if form in ONLY_WHERE_IT_DIFFERS else ("ru", "uk") if form in CASES else LANGUAGES


def missing(document: Mapping) -> list[str]:
    """``where: lang`` for each text lacking a language (or blank in it while written in another)."""
    return [
        f"{where}: {lang}"
        for where, written in texts(document)
        for lang in languages_of(where)
        if lang not in written or (not written[lang].strip() and any(w.strip() for w in written.values()))
    ]


@pytest.mark.parametrize("edition", sorted(shipped()))
def test_every_text_of_a_shipped_edition_is_written_in_every_language_the_page_offers(client, edition):
    listed = {summary["id"] for summary in client.get("/editions").json}
    assert edition in listed
    gaps = missing(client.get(f"/editions/{edition}").json)
    assert not gaps, f"{edition}: {len(gaps)} texts lack a language:\n" + "\n".join(gaps)


def test_the_lister_finds_a_text_lacking_a_language_and_a_word_left_blank(client):
    document = client.get("/editions/disney").json
    del document["spaces"][5]["name"]["it"]
    document["currency"]["unit"] = {"en": "", "ru": "", "uk": "", "it": ""}  # no word in any language: none missing
    document["terms"]["house"]["uk"] = " "
    del document["terms"]["house.gen"]["uk"]
    del document["decks"][1]["cards"][6]["effect"]["options"][0]["text"]["it"]
    assert missing(document) == [
        "terms.house: uk",
        "terms.house.gen: uk",
        "spaces[5]: it",
        "cards.magic_moments.fine_or_show_time.options.pay_fine: it",
    ]


def test_a_name_not_written_in_the_reader_s_language_is_said_in_english_before_the_board_s_language(client):
    # a table's own Disney board names its tax space in Russian and English only: an Italian reader reads English
    ours = {
        "base": "disney",
        "id": "our-disney",
        "name": {"en": "Our Disney board"},
        "overrides": {
            "spaces": [{"position": 4, "name": {"ru": "Налог Скруджа МакДака", "en": "Scrooge McDuck’s Tax"}}]
        },
    }
    assert client.post("/editions", json=ours).status_code == 201
    table = Table(client, edition="our-disney")
    rolled = table.post("/actions", {"type": "roll", "seat": 0, "dice": [1, 3]}, Accept_Language="it").json
    assert [r["text"] for r in rolled["rulings"]] == ["Anna si ferma su «Scrooge McDuck’s Tax» e paga M200 alla banca."]
