"""The bank's auction of scarce buildings through HTTP: it opens at the
dearest building price among the streets the bidders want it for, so no
building is ever sold below the price on its own deed (seeds 000 and 003)."""

import pytest

from .table import Table

CHEAP, DEAR = [1, 3], [37, 39]  # brown (building price 50) and dark blue (200) on both boards


def short_of_houses(client, base: str) -> Table:
    """A short game of ``base`` whose bank holds two houses: Anna has the cheap group dealt, Boris the dear one."""
    edition = f"{base}-two-houses"
    if client.get(f"/editions/{edition}").status_code == 404:
        derived = {"base": base, "id": edition, "name": {"en": f"{base}, two houses"}}
        created = client.post("/editions", json={**derived, "overrides": {"rules": {"buildings": {"houses": 2}}}})
        assert created.status_code == 201, created.json
    table = Table(client, "Anna", "Boris", edition=edition, variant="short")
    table.act("deal_deeds", 0, deeds=[CHEAP, DEAR])
    return table


def prices(client, table: Table) -> dict[int, int]:
    spaces = client.get(f"/editions/{table.created['state']['edition']}").json["spaces"]
    return {s["position"]: s["building_cost"] for s in spaces if s["position"] in CHEAP + DEAR}


@pytest.mark.parametrize("base", ["disney", "classic-rub"])
def test_a_house_is_never_sold_below_the_building_price_on_its_own_deed(client, base):
    # seed 000 l.201: «В качестве стартовой цены на торгах берется цена, указанная в соответствующей карточке
    # Собственника»; seed 003 l.296: «per il prezzo iniziale, prende quello che è indicato sul documento
    # pertinente sulla proprietà»
    table = short_of_houses(client, base)
    cost = prices(client, table)
    cheap, dear = cost[CHEAP[0]], cost[DEAR[0]]
    opened = table.act("auction_buildings", 0, building="house", bidders=[0, 1])
    (auction,) = [p for p in opened["state"]["pending"] if p["type"] == "building_auction"]
    assert auction["opening"] == dear > cheap
    assert [r["rule"] for r in opened["rulings"]] == ["building.auction.opened"]
    assert opened["rulings"][0]["values"]["opening"] == dear
    refused = table.act("bid", 0, expect=409, amount=cheap)  # the cheap deed's price is not enough here
    assert refused["rule"] == "auction.minimum"
    table.act("bid", 0, amount=dear)
    won = table.act("pass", 1)
    assert [(e["from"], e["to"], e["amount"]) for e in won["ledger"]] == [(0, "bank", dear)]
    placed = table.act("build", 0, positions=[CHEAP[0]])
    assert placed["ledger"] == [] and placed["rulings"][0]["values"]["price"] >= cost[CHEAP[0]]


def test_the_contested_question_says_the_rule_and_cites_both_seeds(client):
    for edition, seed in (("disney", "000"), ("classic-rub", "003")):
        found = client.get(f"/editions/{edition}/contested").json
        (question,) = [q for q in found if q["id"] == "shortage_auction_prices"]
        assert question["verdict"] == "the dearest deed's price, never below"
        assert {quote["seed"] for quote in question["booklet"]} == {seed}
