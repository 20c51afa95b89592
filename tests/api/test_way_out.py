"""Refusals that name the way out: the smallest sale the bank takes when it
cannot break a hotel, why a bidder is out of an auction they never passed
in, and who acts first on a utility rent a card sent the token to."""

from .table import Table


def derived(client, base: str, edition: str, overrides: dict) -> str:
    """A table's edition derived from ``base`` (created once per server)."""
    if client.get(f"/editions/{edition}").status_code == 404:
        body = {"base": base, "id": edition, "name": {"en": edition}, "overrides": overrides}
        created = client.post("/editions", json=body)
        assert created.status_code == 201, created.json
    return edition


def test_a_hotel_the_bank_cannot_break_is_refused_naming_the_smallest_sale_it_takes(client):
    # seed 000 l.197: «Вы не можете получить вместо Отеля Дома, если в Банке их не осталось»; l.209: «Все Отели из одной
    # цветовой группы можно продать одновременно.»
    cheap_blue = [{"position": p, "building_cost": 50} for p in (37, 39)]
    edition = derived(
        client, "disney", "disney-six-houses", {"rules": {"buildings": {"houses": 6}}, "spaces": cheap_blue}
    )
    table = Table(client, "Anna", "Boris", edition=edition, variant="short")
    table.act("deal_deeds", 0, deeds=[[1, 3], [37, 39]])
    table.act("build", 0, positions=[1, 3] * 4)  # three houses each, then the hotels (short game: after 3)
    table.act("build", 1, positions=[37, 39] * 2)  # the bank keeps 2 houses, fewer than a hotel breaks into
    refused = table.act("sell_building", 0, expect=409, positions=[1])
    assert refused["rule"] == "building.hotel_break_supply"
    way_out = refused["ruling"]["values"]["request"]
    assert way_out == [1] * 4 + [3] * 4  # both hotels, outright: the smallest even sale
    assert "8 in all" in refused["detail"]
    sold = table.act("sell_building", 0, positions=way_out)
    assert [e["rule"] for e in sold["ledger"]] == ["building.sell.hotel_outright"] * 2


def test_a_bidder_dropped_at_the_opening_is_told_it_was_for_want_of_cash(client):
    # seed 001 l.27: «Отказ от покупки не оставляет объект ждать следующего круга: Банкир сразу проводит аукцион.»
    edition = derived(client, "classic", "classic-dear-auctions", {"rules": {"auction": {"start": 1450}}})
    table = Table(client, "Anna", "Boris", "Vera", edition=edition)
    table.roll(0, 1, 2)  # Baltic Avenue, 60
    table.act("buy", 0)
    table.act("end_turn", 0)
    table.roll(1, 2, 3)  # Reading Railroad
    table.act("decline", 1)
    refused = table.act("bid", 0, expect=409, amount=1450)
    assert refused["rule"] == "auction.cannot_afford"
    assert "less than the next bid" in refused["detail"] and "pass" not in refused["detail"]
    table.act("pass", 2)
    assert table.act("pass", 1)["rulings"][0]["rule"] == "auction.unsold"  # Anna was never able to bid


def test_the_payer_of_a_card_sent_utility_rent_is_told_the_owner_claims_first(client):
    # seed 001 l.25: «Владелец чужой собственности должен потребовать ренту до броска следующего игрока.»
    table = Table(client, "Anna", "Boris")
    table.roll(0, 1, 2)
    table.act("buy", 0)
    table.act("end_turn", 0)
    table.roll(1, 6, 6)  # Electric Company
    table.act("buy", 1)
    table.roll(1, 1, 2)  # Pennsylvania Railroad
    table.act("buy", 1)
    table.act("end_turn", 1)
    table.roll(0, 1, 3)  # Chance
    sent = table.act("draw_card", 0, card="chance.utility")
    (claim,) = [p for p in sent["state"]["pending"] if p["type"] == "rent_claim"]
    assert claim["amount"] is None and claim["multiplier"] == 10
    refused = table.act("roll", 0, expect=409, dice=[2, 3])
    assert refused["rule"] == "rent.utility.claim_first"
    assert refused["detail"].startswith("Boris must first claim the rent for Electric Company; then")
    table.act("claim_rent", 1, token=table.seat_tokens[1])
    paid = table.roll(0, 2, 3)
    assert [(e["from"], e["to"], e["amount"]) for e in paid["ledger"]] == [(0, 1, 50)]
