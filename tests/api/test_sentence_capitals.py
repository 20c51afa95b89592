"""A ruling's sentences start with a capital, and words inside a sentence do
not: the bank's words open "The bank takes…", while a player's name stays as
typed wherever it stands, and an action named inside an undo stays lower-case."""

from __future__ import annotations

from .table import Table, broke_by_income_tax


def _ledger(client, table: Table, lang: str) -> list[dict]:
    headers = {**table.headers(), "Accept-Language": lang}
    response = client.get(f"/games/{table.id}/ledger", query_string={"page_size": 1000}, headers=headers)
    assert response.status_code == 200, response.json
    return response.json


def _bankrupt_to_the_bank(client) -> Table:
    # seed 001: "Если после продажи зданий и залога вы всё равно не можете погасить долг, вы банкрот и
    # выходите из игры." -- "При долге Банку собственность возвращают ему"
    table = Table(client, "петро", "Boris")  # a name typed in lower case
    broke_by_income_tax(table)
    table.act("declare_bankruptcy", 0)
    return table


def test_the_bank_s_words_open_a_sentence_with_a_capital_and_a_name_stays_as_typed(client):
    table = _bankrupt_to_the_bank(client)
    said = {
        lang: next(e["ruling"]["text"] for e in _ledger(client, table, lang) if e["rule"] == "bankruptcy.cash")
        for lang in ("en", "uk", "it")
    }
    assert said["en"] == "The bank takes петро's cash, M50."
    assert said["uk"] == "Банк забирає готівку гравця петро, M50."
    assert said["it"] == "La banca prende il contante di петро, M50."


def test_an_action_named_inside_an_undo_stays_in_lower_case(client):
    # seed 002: "Третій дубль поспіль — і фішка одразу їде на податкову перевірку": its word, mid-sentence
    from referee.action_words import said
    from referee.editions import shipped

    ua = shipped()["ua-industries"]
    assert said("pay_jail_fine", ua) == "tax inspection fine"
    assert said("offer_property", ua) == "business offer"
