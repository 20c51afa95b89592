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
    # seed 001 l.28: «Если никто не хочет объект, он остаётся свободным.»
    table = auction_reported(client, winner=2, amount=130)
    corrected = correct(table)
    assert [p["owner"] for p in corrected["state"]["properties"] if p["position"] == 5] == [None]
    assert table.state()["players"][2]["cash"] == 1500
    [ruling] = [r for r in corrected["rulings"] if r["rule"] == "journal.correction"]
    assert "M130 is corrected to —" in ruling["text"] and "None" not in ruling["text"]


def test_nobody_bought_corrected_to_a_sale(client):
    # seed 001 l.28: «Победитель платит предложенную сумму Банку.»
    table = auction_reported(client)
    corrected = correct(table, winner=1, amount=90)
    assert table.state()["players"][1]["cash"] == 1410
    [ruling] = [r for r in corrected["rulings"] if r["rule"] == "journal.correction"]
    assert "— is corrected to " in ruling["text"] and "M90" in ruling["text"] and "None" not in ruling["text"]


def test_a_game_whose_auction_nobody_bought_exports_and_imports(client, tmp_path):
    # the journal records the result's left-out winner and price as null; the import takes them so
    from referee import create_app

    table = auction_reported(client)
    exported = client.get(f"/games/{table.id}/export", headers=table.headers()).json
    assert exported["events"][-1]["action"] == {"type": "auction_result", "seat": 0, "winner": None, "amount": None}
    elsewhere = create_app({"REFEREE_DATABASE": str(tmp_path / "elsewhere.sqlite3"), "TESTING": True})
    imported = elsewhere.test_client().post("/games/import", json=exported)
    assert imported.status_code == 201, imported.json
    assert imported.json["state"]["version"] == table.state()["version"]


def test_null_for_a_field_the_action_may_leave_out_means_left_out(client):
    table = auction_reported(client, winner=None, amount=None)
    assert [p["owner"] for p in table.state()["properties"] if p["position"] == 5] == [None]
    refused = table.post("/actions", {"type": "bid", "seat": 1, "amount": None})  # a bid's amount may not be left out
    assert refused.status_code == 422 and "amount" in refused.json["errors"]["json"]
