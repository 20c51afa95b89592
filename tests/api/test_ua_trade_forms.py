"""The two forms of a trade in ua-industries, through HTTP: an exchange asks
for the partner's business alone, for money, one's own business or both; a
sale gives one's business for the partner's money alone. An offer in neither
form is refused naming the form it breaks and the way out; classic takes
every shape as before."""

import pytest

from referee import create_app

from .table import Table

# seed 002 l.94: «Обміняти»: «виберіть чужий бізнес і запропонуйте гроші, свій бізнес або і те, й інше»;
# «Продати»: «ваш бізнес за гроші суперника»
LOGISTICS, ENTERPRISE = 5, 6
BROKEN = [
    ({"positions": [ENTERPRISE]}, {"positions": [LOGISTICS], "cash": 50}, "trade.form.exchange"),
    ({}, {"positions": [LOGISTICS]}, "trade.form.exchange_offer"),
    ({"positions": [ENTERPRISE], "cash": 20}, {"cash": 200}, "trade.form.sale"),
]
BROKEN_IDS = ["business-for-business-and-money", "business-for-nothing", "sale-with-money-added"]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app({"REFEREE_DATABASE": str(tmp_path_factory.mktemp("forms") / "db.sqlite3"), "TESTING": True})
    return app.test_client()


def dealt(client, edition: str, rolls: tuple) -> Table:
    """Anna buys the first space she lands on, Boris the next; it is Boris's turn, after his roll."""
    table = Table(client, "Anna", "Boris", edition=edition)
    table.roll(0, *rolls[0])
    table.act("buy", 0)
    table.act("end_turn", 0)
    table.roll(1, *rolls[1])
    table.act("buy", 1)
    return table


@pytest.fixture
def table(client) -> Table:
    """Anna holds the logistics on 5, Boris the enterprise on 6."""
    return dealt(client, "ua-industries", ((1, 4), (2, 4)))


def offer(table: Table, expect: int, give: dict, get: dict, **headers) -> dict:
    body = {"type": "trade", "seat": 1, "to": 0, "give": give, "get": get}
    response = table.post("/actions", body, token=table.seat_tokens[1], **headers)
    assert response.status_code == expect, response.json
    return response.json


@pytest.mark.parametrize("give, get, rule", BROKEN, ids=BROKEN_IDS)
def test_an_offer_in_neither_form_is_refused_naming_the_form_it_breaks(table, give, get, rule):
    before = table.snapshot()
    refused = offer(table, 409, give, get)
    assert (refused["code"], refused["rule"]) == ("trade_form", rule) and "Anna" in refused["detail"]
    assert table.snapshot() == before


@pytest.mark.parametrize(
    "give, get",
    [
        ({"cash": 250}, {"positions": [LOGISTICS]}),  # «Для покупки за гроші свій бізнес вибирати не обов’язково»
        ({"positions": [ENTERPRISE]}, {"positions": [LOGISTICS]}),
        ({"positions": [ENTERPRISE], "cash": 30}, {"positions": [LOGISTICS]}),
        ({"positions": [ENTERPRISE]}, {"cash": 100}),
    ],
    ids=["exchange-for-money", "exchange-for-business", "exchange-for-both", "sale"],
)
def test_each_form_is_offered_and_accepted(table, give, get):
    offer(table, 201, give, get)
    table.act("accept_trade", 0, token=table.seat_tokens[0])
    owners = {h["position"]: h["owner"] for h in table.state()["properties"]}
    assert owners[LOGISTICS] == (1 if get.get("positions") else 0)
    assert owners[ENTERPRISE] == (0 if give.get("positions") else 1)


def test_the_refusal_speaks_the_booklet_s_forms_in_ukrainian(table):
    refused = offer(table, 409, *BROKEN[0][:2], Accept_Language="uk")
    assert "ні в «Обміняти», ні в «Продати»" in refused["detail"] and "Попросіть бізнес без грошей" in refused["detail"]


def trade_options(table: Table) -> dict:
    return next(e["options"] for e in table.state()["allowed"] if e["type"] == "trade" and e["seat"] == 1)


def test_the_options_say_that_an_offer_takes_one_of_the_two_forms(table):
    assert trade_options(table)["two_forms"] is True


@pytest.mark.parametrize("give, get, rule", BROKEN, ids=BROKEN_IDS)
def test_classic_takes_the_same_shapes_as_before(client, give, get, rule):
    # seed 001 l.48: «Можно договариваться об обмене Улиц, Вокзалов, Коммунальных предприятий, денег и карточек…»
    table = dealt(client, "classic", ((2, 3), (3, 3)))  # Anna: Reading Railroad (5); Boris: Oriental Avenue (6)
    assert trade_options(table)["two_forms"] is False
    offer(table, 201, give, get)
