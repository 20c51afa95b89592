"""Games through HTTP, as a client sees them (SPEC §4)."""

import csv
import io

import pytest

from referee.api.ledger import FORMULA_STARTS, spreadsheet_safe

from .table import Table, of_play


def test_creating_a_game_returns_a_table_token_seat_tokens_and_the_state(client):
    table = Table(client, "Anna", "Boris")
    created = table.created
    assert [p["seat"] for p in created["players"]] == [0, 1]
    assert created["state"]["version"] == 1
    assert [p["cash"] for p in created["state"]["players"]] == [1500, 1500]
    roll = {"by": "table", "faces": [1, 2, 3, 4, 5, 6], "purpose": "move"}
    assert of_play(created["state"]["allowed"]) == [{"type": "roll", "seat": 0, "options": roll}]
    assert len({created["token"], *table.seat_tokens}) == 3


def test_an_action_returns_the_event_its_ledger_entries_rulings_and_state(client):
    table = Table(client)
    table.roll(0, 1, 2)  # Baltic Avenue
    result = table.act("buy", 0)
    assert result["event"]["seq"] == 3
    assert result["ledger"] == [
        {
            "seq": 3,
            "event": 3,
            "from": 0,
            "to": "bank",
            "amount": 60,
            "reason": "purchase",
            "rule": "purchase.buy",
            "ruling": result["rulings"][0],
        }
    ]
    assert result["state"]["properties"][1] == {
        "position": 3,
        "owner": 0,
        "houses": 0,
        "hotel": False,
        "mortgaged": False,
    }


def test_an_illegal_action_is_409_naming_the_rule_and_changes_nothing(client):
    table = Table(client)
    before = table.state()
    refused = table.act("roll", 1, expect=409, dice=[1, 2])
    assert refused["rule"] == "turn.order" and refused["status"] == 409
    assert refused["detail"] == "It is Anna's turn, not Boris's."
    assert table.state() == before


def test_a_malformed_action_is_422_with_field_errors(client):
    table = Table(client)
    refused = table.act("roll", 0, expect=422, dice=[0, 7])
    assert "dice" in refused["errors"]["json"]
    refused = table.act("fly", 0, expect=422)
    assert "type" in refused["errors"]["json"]


def test_tokens_missing_unknown_foreign_and_of_another_seat(client):
    table, other = Table(client), Table(client)
    url = f"/games/{table.id}"
    assert client.get(url).status_code == 401
    assert client.get(url, headers={"Authorization": "Bearer nope"}).status_code == 401
    assert client.get(url, headers=other.headers()).status_code == 404
    assert client.get("/games/unknown", headers=table.headers()).status_code == 404
    assert table.act("roll", 0, expect=403, token=table.seat_tokens[1], dice=[1, 2])["status"] == 403
    table.act("roll", 0, token=table.seat_tokens[0], dice=[1, 2])


def test_the_state_rebuilt_from_the_journal_equals_the_stored_state(client, app):
    table = Table(client)
    table.roll(0, 3, 4)
    table.act("draw_card", 0, card="chance.dividend")
    table.act("end_turn", 0)
    table.roll(1, 1, 2)
    table.act("decline", 1)
    table.act("bid", 0, amount=10)
    table.act("pass", 1)
    referee = app.extensions["referee"]
    from referee.rules.serialize import state_to_dict

    stored = referee.store.game(table.id)["state"]
    assert state_to_dict(referee.replay(table.id)) == stored


def test_the_ledger_is_paginated_filterable_by_seat_and_available_as_csv(client):
    table = Table(client)
    table.roll(0, 1, 2)
    table.act("buy", 0)
    assert [e["amount"] for e in table.ledger(seat=0)] == [1500, 60]
    page = client.get(f"/games/{table.id}/ledger", query_string={"page_size": 1, "page": 2}, headers=table.headers())
    assert [e["seq"] for e in page.json] == [2]
    assert '"total": 3' in page.headers["X-Pagination"]
    sheet = client.get(f"/games/{table.id}/ledger", query_string={"format": "csv"}, headers=table.headers())
    assert sheet.mimetype == "text/csv"
    assert sheet.data.decode().splitlines()[-1].startswith("3,3,0,bank,60,purchase,purchase.buy,")


@pytest.mark.parametrize("name", ['=HYPERLINK("http://x.test","OK")', "+1+1", "-2+3", "@SUM(1)"])
def test_a_name_that_is_a_formula_reaches_the_csv_as_text(client, name):
    # OWASP CSV injection: a cell starting with = + - @ (or a tab or CR) runs in a spreadsheet.
    table = Table(client, name, "Boris")
    table.roll(0, 1, 2)
    table.act("buy", 0)
    text = client.get(f"/games/{table.id}/ledger.csv", headers=table.headers()).data.decode()
    cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
    assert not [cell for cell in cells if cell.startswith(FORMULA_STARTS)]
    assert [cell for cell in cells if cell.startswith("'" + name)]


def test_a_cell_starting_with_a_tab_or_a_carriage_return_is_quoted_too():
    assert [spreadsheet_safe(cell) for cell in ("\tx", "\rx", "Anna", 60, "a=b")] == ["'\tx", "'\rx", "Anna", 60, "a=b"]
