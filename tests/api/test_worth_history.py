"""Net worth over the game, event by event, for the page's chart; and the rent
quote's ruling in the reader's language."""

from __future__ import annotations

from .table import Table

LIGHT_BLUE = [6, 8, 9]  # Oriental 100, Vermont 100, Connecticut 120; houses 50


def history(client, table: Table, **query) -> dict:
    response = client.get(f"/games/{table.id}/standings/history", query_string=query, headers=table.headers())
    assert response.status_code == 200, response.json
    return response.json


def totals_now(client, table: Table) -> list[int]:
    rows = client.get(f"/games/{table.id}/standings", headers=table.headers()).json["standings"]
    return [row["total"] for row in sorted(rows, key=lambda r: r["seat"])]


def test_net_worth_follows_a_trade_a_building_and_a_sale_event_by_event(client):
    # seed 000: "Заложенную собственность в размере половины цены ... Дома, оцененные по стоимости покупки."
    table = Table(client, "Anna", "Boris")
    seen = {1: totals_now(client, table)}

    def act(type, seat, **fields):
        result = table.act(type, seat, **fields)
        seen[result["event"]["seq"]] = totals_now(client, table)
        return result

    act("roll", 0, dice=[2, 4])
    act("buy", 0)  # Oriental: M100 of cash becomes a deed worth M100
    act("end_turn", 0)
    act("roll", 1, dice=[3, 5])
    act("buy", 1)  # Vermont
    act("end_turn", 1)
    act("roll", 0, dice=[1, 2])
    act("buy", 0)  # Connecticut
    offer = act("trade", 0, to=1, give={"cash": 150}, get={"positions": [8]})
    traded = act("accept_trade", 1, offer=offer["state"]["pending"][0]["id"])
    built = act("build", 0, positions=LIGHT_BLUE)
    sold = act("sell_building", 0, positions=[9])

    points = {p["event"]: p["totals"] for p in history(client, table)["points"]}
    assert points == seen  # the replayed history agrees with the standings at every moment
    # by hand: Anna paid 150 for a deed worth 100 (1500 -> 1450), Boris the reverse (1500 -> 1550)
    assert points[traded["event"]["seq"]] == [1450, 1550]
    assert points[built["event"]["seq"]] == [1450, 1550]  # M150 of cash became three houses at cost
    assert points[sold["event"]["seq"]] == [1450 - 25, 1550]  # a house worth 50 sold back for 25


def test_a_mortgage_and_its_lifting_cost_exactly_the_interest(client):
    # seed 001: "Для снятия залога верните эту сумму плюс 10%"
    table = Table(client, "Anna", "Boris")
    table.roll(0, 2, 4)
    table.act("buy", 0)  # Oriental Avenue, price 100, mortgage 50
    mortgaged = table.act("mortgage", 0, positions=[6])
    lifted = table.act("unmortgage", 0, positions=[6])
    points = {p["event"]: p["totals"][0] for p in history(client, table)["points"]}
    assert points[mortgaged["event"]["seq"]] == 1500  # cash +50, the deed counted at half its price
    assert points[lifted["event"]["seq"]] == 1500 - 5  # 50 + 10% back to the bank, the deed at full price


def test_history_after_an_event_gives_only_the_later_points(client):
    table = Table(client, "Anna", "Boris")
    table.roll(0, 2, 4)
    table.act("buy", 0)
    found = history(client, table, after=2)
    assert found["version"] == 3
    assert [p["event"] for p in found["points"]] == [3]
    assert [p["event"] for p in history(client, table)["points"]] == [1, 2, 3]


def test_history_is_for_the_tables_own_tokens_only(client):
    mine, theirs = Table(client), Table(client)
    url = f"/games/{theirs.id}/standings/history"
    assert client.get(url, headers=mine.headers()).status_code == 404
    assert client.get(url).status_code == 401
    assert client.get(url, query_string={"after": -1}, headers=theirs.headers()).status_code == 422


def test_the_rent_quote_explains_itself_in_the_readers_language_with_the_booklets_words(client):
    # seed 001: "За чужую Улицу платят сумму с её карточки с учётом домов или отеля."
    table = Table(client, "Anna", "Boris")
    table.roll(0, 1, 2)
    table.act("buy", 0)  # Baltic Avenue: base rent 4
    response = client.get(
        f"/games/{table.id}/quote",
        query_string={"position": 3, "seat": 1},
        headers={**table.headers(), "Accept-Language": "ru"},
    )
    ruling = response.json["ruling"]
    assert (response.json["amount"], ruling["rule"], ruling["lang"]) == (4, "rent.street", "ru")
    assert ruling["text"] == "Рента M4: базовая рента «Нагатинская улица» (по тексту карточки собственности)."
    assert {"seed": "001", "lang": "ru"}.items() <= ruling["booklet"][0].items()
    english = client.get(
        f"/games/{table.id}/quote", query_string={"position": 3, "seat": 1}, headers=table.headers()
    ).json
    assert english["ruling"]["text"] == "Rent M4: the base rent of Baltic Avenue on its deed."
