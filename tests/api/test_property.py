"""Building, mortgages, trades, quotes and standings through HTTP, as a client
plays them: Anna collects the light-blue group by buying two streets and
trading for the third."""

import pytest

from referee.rules.serialize import state_to_dict

from .table import Table, actions

LIGHT_BLUE = [6, 8, 9]  # Oriental, Vermont, Connecticut: houses 50


@pytest.fixture
def table(client) -> Table:
    table = Table(client, "Anna", "Boris")
    table.roll(0, 2, 4)  # Oriental Avenue
    table.act("buy", 0)
    table.act("end_turn", 0)
    table.roll(1, 3, 5)  # Vermont Avenue
    table.act("buy", 1)
    table.act("end_turn", 1)
    table.roll(0, 1, 2)  # Connecticut Avenue
    table.act("buy", 0)
    offered = table.act("trade", 0, to=1, give={"cash": 150}, get={"positions": [8]})
    (offer,) = [p for p in offered["state"]["pending"] if p["type"] == "trade_offer"]
    table.act("accept_trade", 1, offer=offer["id"], token=table.seat_tokens[1])
    return table


def owners(state: dict) -> dict[int, int | None]:
    return {p["position"]: p["owner"] for p in state["properties"]}


def test_a_trade_moves_the_street_and_the_cash_in_one_event(table):
    # seed 001: "Можно договариваться об обмене Улиц ... денег"
    state = table.state()
    assert [owners(state)[p] for p in LIGHT_BLUE] == [0, 0, 0]
    assert table.cash() == [1500 - 100 - 120 - 150, 1500 - 100 + 150]
    (entry,) = [e for e in table.ledger() if e["reason"] == "trade"]
    assert (entry["from"], entry["to"], entry["amount"], entry["rule"]) == (0, 1, 150, "trade.cash_paid")


def test_building_evenly_through_the_api_with_every_purchase_in_the_ledger(table):
    # seed 001: "Дома покупают у Банка по цене карточки Собственника; ждать своего хода для покупки не обязательно."
    refused = table.act("build", 0, expect=409, positions=[6, 6])
    assert refused["rule"] == "building.even" and refused["code"] == "uneven"
    result = table.act("build", 0, positions=LIGHT_BLUE * 2)
    assert [(e["amount"], e["reason"], e["rule"]) for e in result["ledger"]] == [
        (100, "building", "building.buy.houses")
    ] * 3
    assert result["state"]["bank"] == {"houses": 26, "hotels": 12}
    assert [(p["houses"], p["hotel"]) for p in result["state"]["properties"] if p["position"] in LIGHT_BLUE] == [
        (2, False)
    ] * 3
    refused = table.act("mortgage", 0, expect=409, positions=[6])
    assert refused["rule"] == "mortgage.buildings"
    sold = table.act("sell_building", 0, positions=[9])
    assert [(e["from"], e["to"], e["amount"]) for e in sold["ledger"]] == [("bank", 0, 25)]


def test_a_seat_token_builds_only_for_its_own_seat_and_bad_requests_are_422(table):
    table.act("build", 0, expect=403, token=table.seat_tokens[1], positions=[6])
    assert "positions" in table.act("build", 0, expect=422)["errors"]["json"]
    assert "amount" in table.act("build", 0, expect=422, positions=[6], amount=5)["errors"]["json"]
    assert table.act("build", 1, expect=409, positions=[8])["rule"] == "property.owner"


def test_the_quote_gives_the_rent_now_with_its_breakdown(table, client):
    table.act("build", 0, positions=LIGHT_BLUE * 2)
    response = client.get(f"/games/{table.id}/quote?position=9&seat=1", headers=table.headers())
    assert response.status_code == 200
    quote = response.json
    assert (quote["amount"], quote["owner"], quote["rule"]) == (100, 0, "rent.street.houses")
    assert quote["ruling"]["values"]["houses"] == 2 and "Connecticut Avenue" in quote["ruling"]["text"]
    own = client.get(f"/games/{table.id}/quote?position=9&seat=0", headers=table.headers()).json
    assert (own["amount"], own["rule"]) == (0, "quote.own")


def test_a_utility_quote_takes_the_dice_and_bad_positions_are_422(table, client):
    table.act("end_turn", 0)
    table.roll(1, 2, 2)  # Boris from 8 to Electric Company
    table.act("buy", 1, token=table.seat_tokens[1])
    url = f"/games/{table.id}/quote"
    waiting = client.get(url, query_string={"position": 12, "seat": 0}, headers=table.headers()).json
    assert (waiting["amount"], waiting["multiplier"]) == (None, 4)
    priced = client.get(url, query_string={"position": 12, "seat": 0, "dice": 9}, headers=table.headers()).json
    assert priced["amount"] == 36 and priced["rule"] == "rent.utility"
    assert client.get(url, query_string={"position": 12, "seat": 5}, headers=table.headers()).status_code == 422
    assert client.get(url, query_string={"position": 12}, headers=table.headers()).status_code == 422
    assert client.get(url, query_string={"position": 1, "seat": 0}).status_code == 401


def test_standings_give_each_players_net_worth_by_parts(table, client):
    # seed 000: "Заложенную собственность в размере половины цены ... Дома, оцененные по стоимости покупки."
    table.act("build", 0, positions=LIGHT_BLUE)
    table.act("mortgage", 1, expect=409, positions=[8])  # no longer Boris's
    response = client.get(f"/games/{table.id}/standings", headers=table.headers())
    assert response.status_code == 200
    rows = response.json["standings"]
    assert [(r["rank"], r["name"]) for r in rows] == [(1, "Boris"), (2, "Anna")]
    anna = rows[1]
    assert (anna["cash"], anna["properties"], anna["mortgaged"], anna["buildings"]) == (980, 320, 0, 150)
    assert anna["total"] == 980 + 320 + 150


def test_a_mortgaged_street_traded_asks_its_new_owner_to_lift_or_keep(table):
    # seed 001: "Новый владелец либо сразу снимает залог, либо сохраняет его и сразу платит Банку 10% суммы залога."
    mortgaged = table.act("mortgage", 0, positions=[6])
    assert [(e["from"], e["to"], e["amount"], e["rule"]) for e in mortgaged["ledger"]] == [
        ("bank", 0, 50, "mortgage.taken")
    ]
    table.act("trade", 0, to=1, give={"positions": [6]}, get={"cash": 60})
    accepted = table.act("accept_trade", 1)
    (choice,) = [p for p in accepted["state"]["pending"] if p["type"] == "mortgage_choice"]
    assert (choice["seat"], choice["position"], choice["blocking"]) == (1, 6, True)
    assert {"type": "keep_mortgage", "seat": 1} in actions(accepted["state"]["allowed"])
    kept = table.act("keep_mortgage", 1, positions=[6])
    assert [(e["from"], e["to"], e["amount"], e["rule"]) for e in kept["ledger"]] == [(1, "bank", 5, "mortgage.kept")]
    lifted = table.act("unmortgage", 1, positions=[6])
    assert [e["amount"] for e in lifted["ledger"]] == [55]


def test_a_get_out_of_jail_free_card_sold_to_another_player(table):
    # seed 000: "Объектом сделки могут быть также карточки бесплатного освобождения из тюрьмы – их можно
    # продавать за деньги или менять на недвижимость."
    table.act("end_turn", 0)
    table.roll(1, 4, 5)  # Boris from 8 to Community Chest at 17
    table.act("draw_card", 1, card="chest.jail_free")
    table.act("trade", 1, to=0, give={"cards": ["chest.jail_free"]}, get={"cash": 30})
    result = table.act("accept_trade", 0, token=table.seat_tokens[0])
    assert [p["jail_cards"] for p in result["state"]["players"]] == [["chest.jail_free"], []]
    assert [(e["from"], e["to"], e["amount"]) for e in result["ledger"]] == [(0, 1, 30)]


def test_the_state_rebuilt_from_the_journal_equals_the_stored_state(table, app):
    table.act("build", 0, positions=LIGHT_BLUE)
    table.act("trade", 0, to=1, give={"cash": 10}, get={"positions": [5]}, expect=409)
    table.act("end_turn", 0)
    table.roll(1, 2, 2)
    table.act("buy", 1)
    table.act("trade", 1, to=0, give={"positions": [12]}, get={"cash": 200})  # left open
    referee = app.extensions["referee"]
    stored = referee.store.game(table.id)["state"]
    assert state_to_dict(referee.replay(table.id)) == stored
    assert [p["type"] for p in stored["pending"]] == ["trade_offer"]
    assert stored["pending"][0]["give"] == {"positions": [12], "cash": 0, "cards": []}


def test_a_shortage_auction_is_refused_with_its_rule_when_there_is_no_shortage(table):
    # seed 003: "due o più giocatori vogliono comprare più edifici della Banca" -- Boris has no group to build on
    refused = table.act("auction_buildings", 0, expect=409, building="house", bidders=[0, 1])
    assert refused["rule"] == "building.auction.bidder" and "Boris" in refused["detail"]
    assert "bidders" in table.act("auction_buildings", 0, expect=422, building="house", bidders=[0])["errors"]["json"]
