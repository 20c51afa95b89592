"""classic and classic-rub speak Italian with Italian names: the Italian board's
for classic (Vicolo Corto … Parco della Vittoria; Probabilità, Imprevisti), seed
003's words and the Russian board's names in Italian for classic-rub, each
marked in the edition data with its source."""

from __future__ import annotations

import json
import re

import pytest

from referee import editions
from referee.editions import DATA, load_document, shipped
from referee.editions.catalog import catalog, placeholders
from referee.editions.sources import SourceSchema, unsourced_names
from referee.explain import ruling_view
from referee.rules.rulings import RULES
from referee.rules.serialize import ruling_to_dict

from .rules.game import Game
from .seeds import seed_text

CYRILLIC = re.compile(r"[\u0400-\u04FF]")
EDITIONS = ("classic", "classic-rub")


def _names(edition):
    """Everything a ruling can show by name, in Italian."""
    yield from (edition.show("space", s.position, "it") for s in edition.spaces)
    yield from (edition.show("group", g, "it") for g in edition.groups)
    for deck in edition.decks.values():
        yield edition.show("deck", deck.id, "it")
        yield from (edition.show("card", card.id, "it") for card in deck.cards)
    yield from (edition.term(key, "it") for key in edition.terms)


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_name_a_ruling_shows_in_italian_is_written_in_italian(edition):
    shown = [name for name in _names(shipped()[edition]) if CYRILLIC.search(name)]
    assert not shown


def test_classic_speaks_the_italian_board_s_names():
    classic = shipped()["classic"]
    assert [classic.show("space", p, "it") for p in (1, 3, 37, 39)] == [
        "Vicolo Corto",
        "Vicolo Stretto",
        "Viale dei Giardini",
        "Parco della Vittoria",
    ]
    assert {classic.show("deck", d, "it") for d in classic.decks} == {"Probabilità", "Imprevisti"}


def test_classic_rub_speaks_seed_003_s_words_where_it_gives_them():
    # seed 003 l.42: «Smettila del campo "Avanti"»; l.10: «Le carte "Chance"… le carte del Tesoro pubblico»;
    # l.90: «Fermati sulla gabbia "Vai in prigione"»
    rub = shipped()["classic-rub"]
    said = seed_text("003")
    for word in ('campo "Avanti"', 'carte "Chance"', "Tesoro pubblico", '"Vai in prigione"', "Parcheggio gratuito"):
        assert word in said
    assert rub.term("go", "it") == rub.show("space", 0, "it") == "Avanti"
    assert rub.show("deck", "community_chest", "it") == "Tesoro pubblico"
    assert rub.show("space", 30, "it") == "Vai in prigione"
    # The Russian board stays the Russian board: Житная улица is not renamed Vicolo Corto.
    assert rub.show("space", 1, "it") == "Via Žitnaja"


@pytest.mark.parametrize("edition", EDITIONS)
def test_italian_names_cite_their_source(edition):
    sources = [s for s in shipped()[edition].document["sources"] if s.get("lang") == "it"]
    assert sources and all(s["title"] and s["covers"] for s in sources)


def test_a_shipped_edition_with_italian_names_and_no_source_for_them_fails_to_load(tmp_path, monkeypatch):
    document = load_document(DATA / "classic.json")
    assert unsourced_names(document) == {}
    document["sources"] = [s for s in document["sources"] if s.get("lang") != "it"]
    assert unsourced_names(document) == {"sources": ['names in it need a source with "lang": "it"']}
    (tmp_path / "classic.json").write_text(json.dumps(document), encoding="utf-8")
    monkeypatch.setattr(editions, "DATA", tmp_path)
    with pytest.raises(ValueError, match='^classic.json: .*names in it need a source with "lang": "it"'):
        shipped.__wrapped__()  # the loading itself, not the cached editions of the run


def test_a_source_names_its_seed_or_its_title():
    assert SourceSchema().validate({"covers": "names", "lang": "it"}) == {
        "title": ["a source that is not a seed needs its title"]
    }
    assert SourceSchema().validate({"seed": "003", "lang": "it"}) == {}


SAMPLES = {"m": 10, "space": 1, "term": "house"}


@pytest.mark.parametrize("edition", EDITIONS)
def test_italian_rulings_of_classic_and_classic_rub_contain_no_cyrillic(edition):
    played = shipped()[edition]
    deck = next(iter(played.decks.values()))
    samples = {
        **SAMPLES,
        "group": played.space(1).group,
        "deck": deck.id,
        "card": deck.cards[0].id,
        "items": [["space", 1], ["term", "jail_free_card"], ["card", deck.cards[0].id]],
    }
    for rule_id, declared in RULES.items():
        entry = catalog().rules[rule_id]
        template = entry.template(edition, "it")
        names = {**placeholders(declared.template), **dict.fromkeys(entry.values, ""), **placeholders(template)}
        values = {name: samples.get(spec, 3) for name, spec in names.items() if name != "term"}
        view = ruling_view({"rule": rule_id, "text": "English", "values": values, "house_rule": False}, played, "it")
        assert not CYRILLIC.search(view["text"]), (rule_id, view["text"])


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_card_drawn_in_italian_is_read_in_italian(edition):
    # seed 003 l.10: «Le carte "Chance" devono essere mescolate»
    played = shipped()[edition]
    game = Game(played)
    game.roll(0, 3, 4)  # to 7, Chance
    game.act("draw_card", 0, card="chance.boardwalk")
    for ruling in game.last.rulings:
        text = ruling_view(ruling_to_dict(ruling), played, "it")["text"]
        assert not CYRILLIC.search(text), text
