"""Rulings name people and accounts right in every language: a player by
their name (even one called "bank"), the bank and the pot by their words, and
the house rule that sends a fee to the pot in the reader's language, with the
edition's own word for the free corner."""

from __future__ import annotations

import pytest

from referee.editions import shipped

from .table import Table

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
