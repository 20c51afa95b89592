"""A game with houses, a mortgage and a trade, read through HTTP in Ukrainian
and Italian as a player would: every ruling in the language asked, with the
edition's own words and the numbers, while the stored text stays English."""

import re

import pytest

from .table import Table
from .test_rulings import get, light_blue_for_anna


def _dealings(client):
    """Anna builds on the light blue group and sells a house back; Boris
    mortgages Pennsylvania Railroad and trades it to Vera, who keeps the
    mortgage, then lifts it."""
    table, _ = light_blue_for_anna(client)
    table.act("build", 0, positions=[6, 8, 9, 6, 8, 9])
    table.act("sell_building", 0, positions=[9])
    table.act("mortgage", 1, positions=[15])
    table.act("trade", 1, to=2, give={"positions": [15]}, get={"cash": 100})
    table.act("accept_trade", 2)
    table.act("keep_mortgage", 2, positions=[15])
    table.act("unmortgage", 2, positions=[15])
    return table


def _rulings(client, table, lang):
    events = get(client, f"/games/{table.id}/events", lang, table).json
    return [(ruling["rule"], ruling) for event in events for ruling in event["rulings"]]


@pytest.mark.parametrize("lang", ["uk", "it"])
def test_houses_a_mortgage_and_a_trade_are_explained_in_the_language_asked(client, lang):
    # seed 001: "Дома покупают у Банка по цене карточки Собственника"; "Новый владелец либо сразу снимает
    # залог, либо сохраняет его и сразу платит Банку 10% суммы залога."
    table = _dealings(client)
    found = _rulings(client, table, lang)
    rules = {rule for rule, _ in found}
    assert {"building.buy.houses", "building.sell.houses", "mortgage.taken", "trade.offered", "trade.accepted"} <= rules
    assert {"mortgage.choice", "trade.cash_paid", "mortgage.kept", "mortgage.lifted"} <= rules
    for rule, ruling in found:
        assert ruling["lang"] == lang and "{" not in ruling["text"], (rule, ruling)
        # classic has the Italian board's names (Vicolo Corto … Parco della Vittoria): no Cyrillic in Italian
        assert lang != "it" or not re.search("[\u0400-\u04ff]", ruling["text"]), (rule, ruling["text"])
    said = {rule: ruling["text"] for rule, ruling in found}
    expected = {
        "uk": {
            "building.sell.houses": "Anna продає банку будівлі з «Перша Паркова вулиця» (1 будинок) за 50% ціни: "
            "1 × M25 = M25.",
            # 10% of M100 is a whole M10: nothing was rounded, so nothing is said of rounding
            "mortgage.kept": "Vera лишає «Курська залізниця» під заставою й зараз сплачує банку 10% від M100: "
            "M10. Заставу це не знімає: зняти її пізніше коштуватиме M110.",
        },
        "it": {
            "building.sell.houses": "Anna rivende alla banca da «Viale Vesuvio» 1 casa al 50% del prezzo: "
            "1 × M25 = M25.",
            "mortgage.kept": "Vera tiene «Stazione Ovest» ipotecata e paga ora alla banca il 10% di M100: M10. "
            "Così non la riscatta: riscattarla più tardi costerà M110.",
        },
    }[lang]
    for rule, text in expected.items():
        assert said[rule] == text


@pytest.mark.parametrize(
    ("lang", "two", "one"),
    [
        ("en", "buys 2 houses for", "sells 1 house on"),
        ("ru", "» 2 дома по цене", "(1 дом)"),
        ("uk", "» 2 будинки за", "(1 будинок)"),
    ],
)
def test_a_count_of_houses_reads_with_the_form_its_number_takes(client, lang, two, one):
    # seed 001: "Дома покупают у Банка по цене карточки Собственника" -- two on each light blue street
    table = _dealings(client)
    found = _rulings(client, table, lang)
    bought = [r["text"] for rule, r in found if rule == "building.buy.houses"]
    sold = [r["text"] for rule, r in found if rule == "building.sell.houses"]
    assert bought and all(two in text for text in bought), bought
    assert len(sold) == 1 and one in sold[0], sold
    assert not any("(s)" in r["text"] or "× 1)" in r["text"] for _, r in found)


def test_the_stored_explanation_stays_english_whatever_was_asked(client):
    table = _dealings(client)
    found = dict(_rulings(client, table, "en"))
    assert found["trade.offered"]["text"] == (
        "Boris offers Vera a trade: Boris gives Pennsylvania Railroad; Vera gives M100."
    )
    assert found["trade.offered"]["lang"] == "en"


def test_a_refusal_to_build_unevenly_is_explained_in_italian(client):
    # seed 001: "Застраивайте равномерно ... Разница между улицами одной группы не должна превышать один дом."
    table, _ = light_blue_for_anna(client)
    response = client.post(
        f"/games/{table.id}/actions",
        json={"type": "build", "seat": 0, "positions": [6, 6]},
        headers={**table.headers(), "Accept-Language": "it"},
    )
    assert response.status_code == 409
    ruling = response.json["ruling"]
    assert ruling["rule"] == "building.even" and ruling["lang"] == "it"
    assert ruling["text"].startswith("Costruite in modo uniforme: «Bastioni Gran Sasso» arriverebbe a 2")


def _anna_pays_boris_with_baltic(client, edition: str) -> Table:
    """Anna spends all but 40 on Baltic Avenue (position 3), then owes Boris 50 (the chairman's card) and
    offers Baltic for 20 of it, which Boris accepts."""
    table = Table(client, "Anna", "Boris", edition=edition)
    table.roll(0, 1, 2)
    table.act("decline", 0)
    table.act("bid", 0, amount=table.cash()[0] - 40)
    table.act("pass", 1)
    table.act("end_turn", 0)
    table.roll(1, 4, 6)
    table.act("end_turn", 1)
    table.roll(0, 1, 3)  # 7: Chance
    table.act("draw_card", 0, card="chance.chairman")
    table.act("offer_property", 0, to=1, positions=[3], value=20)
    table.act("accept_property", 1)
    return table


@pytest.mark.parametrize(
    ("edition", "lang", "offered", "accepted"),
    [
        (
            "classic-rub",
            "it",
            "Anna offre «Via Nagatinskaja» per 20\u00a0000\u00a0₽ dei 50\u00a0000\u00a0₽ dovuti; "
            "Boris accetta o rifiuta.",
            "Boris accetta «Via Nagatinskaja» da Anna per 20\u00a0000\u00a0₽: il debito scende da 50\u00a0000\u00a0₽ a "
            "30\u00a0000\u00a0₽.",
        ),
        ("classic", "it", "Anna offre «Vicolo Stretto» per M20", "Boris accetta «Vicolo Stretto» da Anna"),
        ("classic", "ru", "Anna предлагает «Нагатинская улица» за M20", "Boris принимает «Нагатинская улица»"),
        ("classic", "uk", "Anna пропонує «Нагатинська вулиця» за M20", "Boris приймає «Нагатинська вулиця»"),
    ],
)
def test_property_given_for_a_debt_is_named_in_the_reader_s_language(client, edition, lang, offered, accepted):
    # seed 000: "Вы можете заплатить Вашему кредитору часть суммы наличными и часть суммы принадлежащей вам
    # собственностью"
    table = _anna_pays_boris_with_baltic(client, edition)
    said = {rule: ruling["text"] for rule, ruling in _rulings(client, table, lang)}
    assert said["debt.in_kind.offered"].startswith(offered), said["debt.in_kind.offered"]
    assert said["debt.in_kind.accepted"].startswith(accepted), said["debt.in_kind.accepted"]
