"""Each edition's words through HTTP, in every language a phone asks for: the
refusals and rulings of a game name a property by the edition's booklet (a
business in ua-industries), and an undo or a correction says the action in the
reader's language."""

import pytest

from referee import create_app
from referee.editions import shipped
from referee.editions.catalog import LANGUAGES

from ..test_vocabulary import english_words, property_words
from .table import Table

# Requests refused just after a roll onto Just Visiting, most with a ruling that names a property.
REFUSED = [
    {"type": "buy"},  # purchase.no_offer
    {"type": "mortgage", "positions": [0]},  # property.kind, or mortgage.unavailable
    {"type": "trade", "to": 1, "give": {"cash": 10}, "get": {}},  # trade.money_only
    {"type": "sell_to_bank", "position": 1},  # bank_sale.unavailable / bank_sale.not_in_debt
    {"type": "accept_property"},  # debt.in_kind.no_offer
]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app({"REFEREE_DATABASE": str(tmp_path_factory.mktemp("words") / "db.sqlite3"), "TESTING": True})
    return app.test_client()


def _refusals(table: Table, lang: str) -> list[dict]:
    found = []
    for action in REFUSED:
        response = table.post("/actions", {**action, "seat": 0}, Accept_Language=lang)
        assert response.status_code == 409, response.json
        found.append(response.json["ruling"])
    return found


def _undone_and_corrected(client, edition: str) -> Table:
    """Anna rolls onto a space for sale and buys it; the purchase is undone and
    the roll corrected."""
    table = Table(client, edition=edition)
    table.roll(0, 1, 2)
    table.act("buy", 0)
    assert table.post("/undo", {}).status_code == 201
    response = table.post("/corrections", {"action": {"type": "roll", "seat": 0, "dice": [2, 2]}})
    assert response.status_code == 201, response.json
    return table


@pytest.mark.parametrize("edition", sorted(shipped()))
def test_refusals_and_rulings_name_a_property_by_the_edition_s_word_in_every_language(client, edition):
    # seed 002 l.54: «Зупинилися на вільному бізнесі — купіть його за ціною»; seed 001 l.50:
    # «Заложенную собственность можно передать другому игроку»; seed 003 l.52: «se la proprietà è stata posata»
    table, fresh = _undone_and_corrected(client, edition), Table(client, edition=edition)
    fresh.roll(0, 4, 6)
    for lang in LANGUAGES:
        own, other = property_words(edition, lang)
        refusals = _refusals(fresh, lang)
        events = client.get(f"/games/{table.id}/events", headers={**table.headers(), "Accept-Language": lang}).json
        rulings = refusals + [ruling for event in events for ruling in event["rulings"]]
        assert all(ruling["lang"] == lang for ruling in rulings), [r for r in rulings if r["lang"] != lang]
        named = [ruling["text"] for ruling in rulings if other.search(ruling["text"])]
        assert not named, (lang, named)
        said = [ruling["text"] for ruling in refusals if own.search(ruling["text"])]
        assert len(said) >= 3, (lang, [ruling["text"] for ruling in refusals])


@pytest.mark.parametrize("edition", sorted(shipped()))
def test_an_undo_and_a_correction_say_the_action_in_the_reader_s_language(client, edition):
    table = _undone_and_corrected(client, edition)
    expected = {"ru": ("покупка", "бросок кубиков"), "uk": ("купівля", "кидок кубиків"), "it": ("acquisto", "lancio")}
    for lang, (purchase, roll) in expected.items():
        events = client.get(f"/games/{table.id}/events", headers={**table.headers(), "Accept-Language": lang}).json
        undo, correction = events[-2]["rulings"], events[-1]["rulings"]
        journal = [r for r in undo + correction if r["rule"].startswith("journal.")]
        assert {r["rule"] for r in journal} == {"journal.undo", "journal.reversal", "journal.correction"}
        english = english_words(shipped()[edition], lang)
        assert not [r["text"] for r in journal if english.search(r["text"])], (lang, journal)
        undone, reversed_ = (
            next(r["text"] for r in journal if r["rule"] == rule) for rule in ("journal.undo", "journal.reversal")
        )
        assert f"({purchase}, Anna)" in undone and f"({purchase})" in reversed_
        assert roll in next(r["text"] for r in journal if r["rule"] == "journal.correction")


@pytest.mark.parametrize("edition", ["ua-industries", "classic"])
def test_the_jackpot_s_pot_lies_on_the_edition_s_own_free_corner(client, edition):
    # seed 002 l.77: «Бізнес-форум — вільна клітинка»: a table that plays the jackpot keeps it there
    table = Table(client, edition=edition, options={"house_rules": ["free_parking_jackpot"]})
    table.act("adjust", 0, source="seat", target="pot", amount=50, reason="-")
    assert table.post("/undo", {}).status_code == 201
    played = shipped()[edition]
    for lang in LANGUAGES:
        events = client.get(f"/games/{table.id}/events", headers={**table.headers(), "Accept-Language": lang}).json
        texts = [r["text"] for e in events for r in e["rulings"] if r["rule"] in ("table.adjust", "journal.reversal")]
        corner = played.term("free_parking", lang)
        assert len(texts) == 2 and all(corner in text for text in texts), (lang, texts)
        classic_corner = shipped()["classic"].term("free_parking", lang)
        assert edition == "classic" or not any(classic_corner in text for text in texts), (lang, texts)


@pytest.mark.parametrize("edition", ["classic", "ua-industries"])
def test_what_play_waits_on_is_named_in_every_language_with_the_edition_s_names(client, edition):
    # seed 001: «Выполните действие клетки: покупка или рента…» — the end of the turn waits on Anna's decision
    table = Table(client, edition=edition)
    table.roll(0, 1, 2)
    played = shipped()[edition]
    for lang in LANGUAGES:
        response = table.post("/actions", {"type": "end_turn", "seat": 0}, Accept_Language=lang)
        ruling = response.json["ruling"]
        assert response.status_code == 409 and ruling["rule"] == "turn.resolve_first"
        assert ruling["values"]["what"] == {"pending": "buy_decision", "name": "Anna", "place": 3}
        assert ruling["lang"] == lang and "Anna" in ruling["text"], ruling["text"]
        assert played.show("space", 3, lang) in ruling["text"], ruling["text"]
