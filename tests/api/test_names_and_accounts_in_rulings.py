"""Rulings name people and accounts right in every language: a player by
their name (even one called "bank"), the bank and the pot by their words, and
the house rule that sends a fee to the pot in the reader's language, with the
edition's own word for the free corner."""

from __future__ import annotations

import json
import sqlite3

import pytest

from referee import create_app
from referee.editions import shipped

from .table import Table


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    return tmp_path_factory.mktemp("names") / "db.sqlite3"


@pytest.fixture(scope="module")
def client(database):
    return create_app({"REFEREE_DATABASE": str(database), "TESTING": True}).test_client()


JACKPOT = {"house_rules": ["free_parking_jackpot"]}


def rulings(client, table: Table, lang: str, event: int = -1) -> dict[str, str]:
    """The texts of one event's rulings (the last by default) in ``lang``, by rule id."""
    events = client.get(f"/games/{table.id}/events", headers={**table.headers(), "Accept-Language": lang}).json
    return {r["rule"]: r["text"] for r in events[event]["rulings"] if r["lang"] == lang}


HOUSE_RULE_SAYS = {
    "en": "House rule: taxes and fines go to the {corner} pot.",
    "ru": "Домашнее правило: налоги и штрафы идут в кассу поля «{corner}».",
    "uk": "Домашнє правило: податки й штрафи йдуть до каси поля «{corner}».",
    "it": "Regola della casa: tasse e multe vanno nel piatto della casella «{corner}».",
}


@pytest.mark.parametrize("lang", ["ru", "uk", "it"])
def test_a_tax_paid_into_the_pot_says_so_in_the_reader_s_language(client, lang):
    # seed 001 l.46: «Налоги платят Банку. «Бесплатная парковка» не приносит денег: касса штрафов в центре
    # поля — добавленное домашнее правило.»
    table = Table(client, "Anna", "Boris", options=JACKPOT)
    table.roll(0, 1, 3)  # Income Tax
    for shown in ("en", lang):
        corner = shipped()["classic"].term("free_parking", shown)
        text = rulings(client, table, shown)["tax"]
        assert text.endswith(" " + HOUSE_RULE_SAYS[shown].format(corner=corner)), text


@pytest.mark.parametrize("lang", ["ru", "uk", "it"])
def test_a_card_s_fine_into_the_pot_names_the_edition_s_own_free_corner(client, lang):
    # seed 002 l.77: «Бізнес-форум — вільна клітинка»: the pot of a table that plays the jackpot lies there
    table = Table(client, "Anna", "Boris", edition="ua-industries", options=JACKPOT)
    table.roll(0, 1, 1)  # a card space of the «Держпідтримка» deck
    table.act("draw_card", 0, card="derzhpidtrymka.audit")  # pay 50
    forum = shipped()["ua-industries"].term("free_parking", lang)
    text = rulings(client, table, lang)["card.pay"]
    assert text.endswith(" " + HOUSE_RULE_SAYS[lang].format(corner=forum)), text
    assert "House rule" not in text


NAMED = {
    "en": (
        "M200 goes back from the bank to bank: event 2 (tax) is undone.",
        "The table's decision, not a booklet rule: pot pays the bank M10 (a fine).",
    ),
    "ru": (
        "M200 возвращается: Банк → bank; событие 2 (налог) отменено.",
        "Решение стола, а не правило буклета: pot платит Банку M10 (a fine).",
    ),
    "uk": (
        "M200 повертається: банк → bank; подію 2 (податок) скасовано.",
        "Рішення столу, а не правило буклета: pot сплачує банку M10 (a fine).",
    ),
    "it": (
        "M200 torna indietro: la banca → bank; l'evento 2 (tassa) è annullato.",
        "Decisione del tavolo, non regola del regolamento: pot paga alla banca M10 (a fine).",
    ),
}
"""A tax that player "bank" paid, taken back; player "pot" paying the bank."""


@pytest.mark.parametrize("lang", sorted(NAMED))
def test_players_called_bank_and_pot_read_as_their_names_and_the_bank_as_the_bank(client, lang):
    # seed 001 l.46: «Налоги платят Банку.»: the bank is paid, and a player who happens to be called so is not it
    taken_back, adjusted = NAMED[lang]
    table = Table(client, "bank", "pot", "Vera")
    table.roll(0, 1, 3)  # Income Tax
    assert table.post("/undo", {}).status_code == 201
    assert rulings(client, table, lang)["journal.reversal"] == taken_back
    table.act("adjust", 1, source="seat", target="bank", amount=10, reason="a fine")
    assert rulings(client, table, lang)["table.adjust"] == adjusted
    [ruling] = client.get(f"/games/{table.id}/events", headers=table.headers()).json[-1]["rulings"]
    assert ruling["values"]["source"] == {"seat": 1, "name": "pot"} and ruling["values"]["target"] == "bank"


def _stored_the_old_way(database, game_id: str) -> None:
    """Rewrite a game's stored rulings as they were kept before a player got a seat in them (the name
    alone) and before a house rule's sentence after a fee was named in ``also`` (its English words only)."""

    def old(value):
        if isinstance(value, dict):
            if set(value) == {"seat", "name"}:
                return value["name"]
            return {k: old(v) for k, v in value.items() if k != "also"}
        return [old(v) for v in value] if isinstance(value, list) else value

    with sqlite3.connect(database) as db:
        for table, column in (("events", "rulings"), ("ledger", "ruling")):
            rows = db.execute(f"SELECT rowid, {column} FROM {table} WHERE game_id = ?", (game_id,)).fetchall()
            for rowid, stored in rows:
                db.execute(
                    f"UPDATE {table} SET {column} = ? WHERE rowid = ?", (json.dumps(old(json.loads(stored))), rowid)
                )


OLD_ADJUSTED = {
    "ru": "Решение стола, а не правило буклета: Anna платит Банку M10 (a fine).",
    "it": "Decisione del tavolo, non regola del regolamento: Anna paga alla banca M10 (a fine).",
}


@pytest.mark.parametrize("lang", sorted(OLD_ADJUSTED))
def test_a_ruling_stored_with_a_bare_name_still_reads_and_its_event_still_undoes(client, database, lang):
    table = Table(client, "Anna", "Boris")
    table.act("adjust", 0, source="seat", target="bank", amount=10, reason="a fine")
    _stored_the_old_way(database, table.id)
    [ruling] = client.get(f"/games/{table.id}/events", headers=table.headers()).json[-1]["rulings"]
    assert ruling["values"]["source"] == "Anna"  # the old way indeed
    assert rulings(client, table, lang)["table.adjust"] == OLD_ADJUSTED[lang]
    [entry] = table.ledger()[-1:]
    shown = client.get(f"/games/{table.id}/ledger", headers={**table.headers(), "Accept-Language": lang}).json[-1]
    assert entry["rule"] == "table.adjust" and shown["ruling"]["text"] == OLD_ADJUSTED[lang]
    assert table.post("/undo", {}).status_code == 201
    assert table.cash() == [1500, 1500]


def corrected(client, table: Table, lang: str, **action) -> str:
    """Correct the last action to ``action``; the correction's ruling in ``lang``."""
    response = table.post("/corrections", {"action": action})
    assert response.status_code == 201, response.json
    return rulings(client, table, lang)["journal.correction"]


@pytest.mark.parametrize("lang", ["en", "ru", "uk", "it"])
def test_an_auction_corrected_to_another_winner_names_both_winners(client, lang):
    # seed 001 l.28: «Победитель платит предложенную сумму Банку.»: the table knows who won, not a seat number
    table = Table(client, "Anna", "Boris", "Vera")
    table.roll(0, 2, 3)  # Reading Railroad, declined and sold aloud
    table.act("decline", 0)
    table.act("auction_result", 0, winner=2, amount=130)
    text = corrected(client, table, lang, type="auction_result", seat=0, winner=1, amount=90)
    changed = {
        "en": "Vera, M130 is corrected to Boris, M90",
        "ru": "вместо Vera, M130 теперь Boris, M90",
        "uk": "замість Vera, M130 тепер Boris, M90",
        "it": "al posto di Vera, M130 ora Boris, M90",
    }[lang]
    assert text.endswith(f": {changed}"), text


TO_THE_BANK = {
    "ru": "вместо Boris теперь Банк",
    "uk": "замість Boris тепер банк",
    "it": "al posto di Boris ora la banca",
}


@pytest.mark.parametrize("lang", sorted(TO_THE_BANK))
def test_a_leaving_player_s_heir_corrected_to_the_bank_names_the_player_and_the_bank(client, lang):
    table = Table(client, "Anna", "Boris", "Vera")
    table.act("leave", 0, to=1)
    assert corrected(client, table, lang, type="leave", seat=0).endswith(TO_THE_BANK[lang])


@pytest.mark.parametrize("lang", ["ru", "it"])
def test_a_trade_offered_to_the_wrong_partner_and_an_adjustment_s_accounts_read_as_names(client, lang):
    table = Table(client, "Anna", "Boris", "Vera", options=JACKPOT)
    table.roll(0, 2, 3)
    table.act("buy", 0)
    table.act("trade", 0, to=1, give={"positions": [5]}, get={"cash": 100})
    trade = corrected(client, table, lang, type="trade", seat=0, to=2, give={"positions": [5]}, get={"cash": 100})
    assert trade.endswith({"ru": ": вместо Boris теперь Vera", "it": ": al posto di Boris ora Vera"}[lang]), trade
    table.act("reject_trade", 2)
    table.act("adjust", 1, source="seat", target="bank", amount=10, reason="a fine")
    adjusted = corrected(
        client, table, lang, type="adjust", seat=1, source="seat", target="pot", amount=10, reason="a fine"
    )
    pot = {"ru": "касса поля «Бесплатная парковка»", "it": "il piatto della casella «Parcheggio Gratuito»"}[lang]
    bank = {"ru": "Банк", "it": "la banca"}[lang]
    instead = {"ru": "вместо {} теперь {}", "it": "al posto di {} ora {}"}[lang]
    assert adjusted.endswith(": " + instead.format(bank, pot)), adjusted


@pytest.mark.parametrize("lang", ["ru", "uk", "it"])
def test_a_tax_into_the_pot_stored_before_the_house_rule_had_its_own_sentence_reads_it(client, database, lang):
    table = Table(client, "Anna", "Boris", options=JACKPOT)
    table.roll(0, 1, 3)  # Income Tax, into the pot
    _stored_the_old_way(database, table.id)
    [stored] = [r for r in table.events()[-1]["rulings"] if r["rule"] == "tax"]
    assert "also" not in stored["values"] and stored["text"].endswith(
        HOUSE_RULE_SAYS["en"].format(corner="Free Parking")
    )
    corner = shipped()["classic"].term("free_parking", lang)
    assert rulings(client, table, lang)["tax"].endswith(" " + HOUSE_RULE_SAYS[lang].format(corner=corner))
