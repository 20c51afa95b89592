"""Correcting a reported auction: a sale corrected to "nobody bought" (and back)
is stored, and its ruling shows the price that is no longer there as no amount."""

from .table import Table


def auction_reported(client, **result) -> Table:
    table = Table(client, "Anna", "Boris", "Vera")
    table.roll(0, 2, 3)  # Reading Railroad, declined: the table reports the auction bid aloud
    table.act("decline", 0)
    table.act("auction_result", 0, **result)
    return table


def correct(table: Table, **result) -> dict:
    response = table.post("/corrections", {"action": {"type": "auction_result", "seat": 0, **result}})
    assert response.status_code == 201, response.json
    return response.json


def test_a_sale_reported_by_mistake_is_corrected_to_nobody_bought(client):
    # seed 001: "Если никто не хочет объект, он остаётся свободным."
    table = auction_reported(client, winner=2, amount=130)
    corrected = correct(table)
    assert [p["owner"] for p in corrected["state"]["properties"] if p["position"] == 5] == [None]
    assert table.state()["players"][2]["cash"] == 1500
    [ruling] = [r for r in corrected["rulings"] if r["rule"] == "journal.correction"]
    assert "M130 → —" in ruling["text"] and "None" not in ruling["text"]


def test_nobody_bought_corrected_to_a_sale(client):
    # seed 001: "Победитель платит предложенную сумму Банку."
    table = auction_reported(client)
    corrected = correct(table, winner=1, amount=90)
    assert table.state()["players"][1]["cash"] == 1410
    [ruling] = [r for r in corrected["rulings"] if r["rule"] == "journal.correction"]
    assert "— → " in ruling["text"] and "M90" in ruling["text"] and "None" not in ruling["text"]
