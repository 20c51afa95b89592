"""The two forms of a trade in ua-industries, through HTTP (seed 002 l.94):
an exchange asks for the partner's business, for money, one's own business
or both; a sale gives one's business for the partner's money. An offer that
is neither is refused, naming the form it breaks."""

import pytest

from .table import Table


@pytest.fixture
def table(client) -> Table:
    """Anna holds logistics 5, Boris the enterprise 6; it is Boris's turn, after his roll."""
    table = Table(client, "Anna", "Boris", edition="ua-industries")
    table.roll(0, 1, 4)
    table.act("buy", 0)
    table.act("end_turn", 0)
    table.roll(1, 2, 4)
    table.act("buy", 1)
    return table


def offer(table: Table, expect: int, give: dict, get: dict) -> dict:
    return table.act("trade", 1, expect=expect, to=0, give=give, get=get, token=table.seat_tokens[1])


@pytest.mark.parametrize(
    "give, get, rule",
    [
        ({"positions": [6]}, {"positions": [5], "cash": 50}, "trade.form.exchange"),
        ({}, {"positions": [5]}, "trade.form.exchange_offer"),
        ({"positions": [6], "cash": 20}, {"cash": 200}, "trade.form.sale"),
    ],
    ids=["business-for-business-and-money", "business-for-nothing", "sale-with-money-added"],
)
def test_an_offer_in_neither_form_is_refused_naming_the_form_it_breaks(table, give, get, rule):
    # seed 002 l.94: «"Обміняти" — виберіть чужий бізнес і запропонуйте гроші, свій бізнес або і те, й інше…
    # "Продати" — ваш бізнес за гроші суперника»
    before = table.snapshot()
    refused = offer(table, 409, give, get)
    assert refused["rule"] == rule and "Anna" in refused["detail"]
    assert table.snapshot() == before


@pytest.mark.parametrize(
    "give, get",
    [
        ({"cash": 250}, {"positions": [5]}),  # an exchange for money
        ({"positions": [6]}, {"positions": [5]}),  # for one's own business
        ({"positions": [6], "cash": 30}, {"positions": [5]}),  # for both
        ({"positions": [6]}, {"cash": 100}),  # a sale, for the partner's money
    ],
    ids=["exchange-for-money", "exchange-for-business", "exchange-for-both", "sale"],
)
def test_each_of_the_two_forms_is_offered(table, give, get):
    # seed 002 l.94: «Для покупки за гроші свій бізнес вибирати не обов’язково.»
    offered = offer(table, 201, give, get)
    assert [p["type"] for p in offered["state"]["pending"]] == ["trade_offer"]


def test_the_refusal_names_the_form_in_ukrainian(client, table):
    response = client.post(
        f"/games/{table.id}/actions",
        json={"type": "trade", "seat": 1, "to": 0, "give": {"positions": [6]}, "get": {"positions": [5], "cash": 50}},
        headers={**table.headers(table.seat_tokens[1]), "Accept-Language": "uk"},
    )
    assert response.status_code == 409
    assert "«Обміняти» просить лише бізнес гравця Anna" in response.json["detail"]
