"""Idempotency-Key: a retry gets the first answer and nothing happens twice (SPEC §4 Guarantees)."""

import uuid

import pytest

from referee import create_app

from .table import Table


def key() -> str:
    return str(uuid.uuid4())


def test_a_retried_action_gets_the_first_answer_and_records_nothing_new(client):
    table = Table(client)
    k = key()
    first = table.post("/actions", {"type": "roll", "seat": 0, "dice": [1, 3]}, Idempotency_Key=k)  # Income Tax
    assert first.status_code == 201 and "Idempotent-Replayed" not in first.headers
    books = table.books()
    again = table.post("/actions", {"type": "roll", "seat": 0, "dice": [1, 3]}, Idempotency_Key=k)
    assert again.status_code == 201
    assert again.json == first.json
    assert again.headers["Idempotent-Replayed"] == "true"
    assert table.books() == books
    assert table.cash() == [1300, 1500]  # the tax was paid once


def test_a_retry_in_another_language_gets_the_first_answer_and_is_told_its_language(client):
    table = Table(client)
    k = key()
    roll = {"type": "roll", "seat": 0, "dice": [1, 3]}  # Income Tax: a ruling to read
    first = table.post("/actions", roll, Idempotency_Key=k, Accept_Language="en")
    again = table.post("/actions", roll, Idempotency_Key=k, Accept_Language="ru")
    assert again.json == first.json and again.headers["Idempotent-Replayed"] == "true"
    assert first.headers["Content-Language"] == again.headers["Content-Language"] == "en"
    fresh = table.post("/actions", {"type": "end_turn", "seat": 0}, Accept_Language="ru")
    assert fresh.headers["Content-Language"] == "ru"  # a new request is explained as it asks


def test_a_retry_after_the_game_moved_on_still_gets_the_first_answer(client):
    table = Table(client)
    k = key()
    first = table.post("/actions", {"type": "roll", "seat": 0, "dice": [1, 2]}, Idempotency_Key=k)
    table.act("buy", 0)
    again = table.post("/actions", {"type": "roll", "seat": 0, "dice": [1, 2]}, Idempotency_Key=k)
    assert again.json == first.json
    assert again.json["state"]["version"] == 2
    assert table.state()["version"] == 3


def test_a_key_in_structured_field_quotes_is_the_same_key(client):
    table = Table(client)
    k = key()
    first = table.post("/actions", {"type": "roll", "seat": 0, "dice": [1, 2]}, Idempotency_Key=k)
    again = table.post("/actions", {"type": "roll", "seat": 0, "dice": [1, 2]}, Idempotency_Key=f'"{k}"')
    assert again.json == first.json and again.headers["Idempotent-Replayed"] == "true"


def test_the_same_key_with_a_different_body_is_refused_and_changes_nothing(client):
    table = Table(client)
    k = key()
    table.post("/actions", {"type": "roll", "seat": 0, "dice": [1, 2]}, Idempotency_Key=k)
    books = table.books()
    reused = table.post("/actions", {"type": "buy", "seat": 0}, Idempotency_Key=k)
    assert reused.status_code == 422
    assert reused.json["type"] == "urn:referee:problem:idempotency_key_reused"
    assert reused.json["code"] == "idempotency_key_reused"
    assert reused.mimetype == "application/problem+json"
    assert table.books() == books


def test_a_key_used_on_another_endpoint_of_the_game_is_a_different_request(client):
    table = Table(client)
    k = key()
    table.post("/actions", {"type": "roll", "seat": 0, "dice": [1, 2]}, Idempotency_Key=k)
    assert table.post("/undo", {}, Idempotency_Key=k).status_code == 422


def test_keys_belong_to_their_game(client):
    one, two = Table(client), Table(client)
    k = key()
    first = one.post("/actions", {"type": "roll", "seat": 0, "dice": [1, 2]}, Idempotency_Key=k)
    second = two.post("/actions", {"type": "roll", "seat": 0, "dice": [1, 2]}, Idempotency_Key=k)
    assert first.status_code == second.status_code == 201
    assert "Idempotent-Replayed" not in second.headers
    assert one.state()["version"] == two.state()["version"] == 2


def test_a_refused_request_is_not_kept_and_is_judged_again_on_retry(client):
    table = Table(client)
    k = key()
    table.roll(0, 1, 2)  # Baltic Avenue: buy or decline first
    refused = table.post("/actions", {"type": "end_turn", "seat": 0}, Idempotency_Key=k)
    assert refused.status_code == 409
    table.act("buy", 0)
    retried = table.post("/actions", {"type": "end_turn", "seat": 0}, Idempotency_Key=k)
    assert retried.status_code == 201 and "Idempotent-Replayed" not in retried.headers


def test_a_retried_virtual_roll_gets_the_same_dice(client):
    table = Table(client, options={"dice": "virtual"})
    k = key()
    first = table.post("/actions", {"type": "roll", "seat": 0}, Idempotency_Key=k)
    again = table.post("/actions", {"type": "roll", "seat": 0}, Idempotency_Key=k)
    assert again.json["event"] == first.json["event"]
    assert [e["seq"] for e in table.events()] == [1, 2]


def test_creating_a_game_twice_with_one_key_makes_one_game(client, app):
    body = {"edition": "classic", "players": [{"name": "Anna"}, {"name": "Boris"}]}
    k = key()
    first = client.post("/games", json=body, headers={"Idempotency-Key": k})
    again = client.post("/games", json=body, headers={"Idempotency-Key": k})
    assert first.status_code == again.status_code == 201
    assert again.json == first.json and again.headers["Idempotent-Replayed"] == "true"
    games = app.extensions["referee"].store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    assert games == 1
    other = client.post("/games", json={**body, "variant": "short"}, headers={"Idempotency-Key": k})
    assert other.status_code == 422


def test_an_undo_sent_twice_with_one_key_undoes_once(client):
    table = Table(client)
    table.roll(0, 1, 2)
    table.act("buy", 0)
    k = key()
    first = table.post("/undo", {}, Idempotency_Key=k)
    again = table.post("/undo", {}, Idempotency_Key=k)
    assert again.json == first.json
    assert [e["type"] for e in table.events()] == ["create", "roll", "buy", "undo"]


def test_keys_are_forgotten_after_the_kept_time(tmp_path):
    app = create_app({"REFEREE_DATABASE": str(tmp_path / "db.sqlite3"), "REFEREE_IDEMPOTENCY_SECONDS": 0})
    client = app.test_client()
    body = {"edition": "classic", "players": [{"name": "Anna"}, {"name": "Boris"}]}
    k = key()
    first = client.post("/games", json=body, headers={"Idempotency-Key": k})
    later = client.post("/games", json=body, headers={"Idempotency-Key": k})
    assert later.status_code == 201 and later.json["id"] != first.json["id"]
    kept = app.extensions["referee"].store.db.execute("SELECT COUNT(*) FROM idempotency").fetchone()[0]
    assert kept == 1  # the expired record gave way


@pytest.mark.parametrize("bad", ["", "has space", "é", "x" * 256])
def test_a_malformed_key_is_422_and_changes_nothing(client, bad):
    table = Table(client)
    books = table.books()
    response = table.post("/actions", {"type": "roll", "seat": 0, "dice": [1, 2]}, Idempotency_Key=bad)
    assert response.status_code == 422, response.json
    assert "Idempotency-Key" in response.json["errors"]["headers"]
    assert table.books() == books


def test_keys_are_stored_hashed(client, app):
    table = Table(client)
    k = key()
    table.post("/actions", {"type": "roll", "seat": 0, "dice": [1, 2]}, Idempotency_Key=k)
    rows = app.extensions["referee"].store.db.execute("SELECT scope, key_hash FROM idempotency").fetchall()
    assert rows and all(k not in row[1] for row in rows) and rows[0][0] == table.id
