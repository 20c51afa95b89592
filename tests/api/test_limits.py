"""Limits for strangers (issue 16, item 7): the routes that need no token are
rate-limited per client, 429 with Retry-After; edition documents and imports
have size limits, each refused naming the limit, and nothing is stored."""

import json

import pytest

from referee import create_app, openapi
from referee.api.limits import LIMITED
from referee.editions.schema import MAX_DECKS, MAX_LANGUAGES
from referee.service.editions import MAX_DERIVATION, MAX_DOCUMENT_BYTES

GAME = {"edition": "classic", "players": [{"name": "Anna"}, {"name": "Boris"}]}


@pytest.fixture
def limited(tmp_path):
    app = create_app(
        {
            "REFEREE_DATABASE": str(tmp_path / "limited.sqlite3"),
            "REFEREE_LIMIT_GAMES": "3/minute",
            "REFEREE_LIMIT_EDITIONS": "2/minute",
            "REFEREE_LIMIT_IMPORTS": "2/minute",
            "REFEREE_LIMIT_QR": "2/minute",
            "REFEREE_LIMIT_SEATS": "2/minute",
        }
    )
    return app.test_client()


def games_in(client) -> int:
    return client.application.extensions["referee"].store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0]


def assert_too_many(response) -> None:
    assert response.status_code == 429 and response.mimetype == "application/problem+json"
    assert response.json["code"] == "rate_limited" and "at most" in response.json["detail"]
    assert 0 < int(response.headers["Retry-After"]) <= 60


def test_a_client_opening_tables_past_its_share_gets_429_with_retry_after_and_nothing_stored(limited):
    assert [limited.post("/games", json=GAME).status_code for _ in range(3)] == [201, 201, 201]
    assert_too_many(limited.post("/games", json=GAME))
    assert games_in(limited) == 3


def test_an_answer_given_says_what_is_left_of_the_share_and_asks_nobody_to_wait(limited):
    given = limited.post("/games", json=GAME)
    assert given.status_code == 201 and "Retry-After" not in given.headers  # it would tell a client to wait
    assert (given.headers["X-RateLimit-Limit"], given.headers["X-RateLimit-Remaining"]) == ("3", "2")
    refused = limited.post("/games", json={"edition": "classic"})
    assert refused.status_code == 422 and "Retry-After" not in refused.headers
    limited.post("/games", json=GAME)
    too_many = limited.post("/games", json=GAME)
    assert_too_many(too_many)
    assert too_many.headers["X-RateLimit-Remaining"] == "0"


def test_another_client_keeps_its_own_share(limited):
    for _ in range(3):
        limited.post("/games", json=GAME)
    assert_too_many(limited.post("/games", json=GAME))
    elsewhere = limited.post("/games", json=GAME, environ_base={"REMOTE_ADDR": "10.0.0.7"})
    assert elsewhere.status_code == 201


def test_editions_imports_and_qr_codes_are_limited_and_reads_are_not(limited):
    created = limited.post("/games", json=GAME).json
    exported = limited.get(f"/games/{created['id']}/export", headers={"Authorization": f"Bearer {created['token']}"})
    for path, body in (("/editions", {"base": "classic", "id": "x"}), ("/games/import", exported.json)):
        answers = [limited.post(path, json={**body, "id": f"ours-{i}"} if "base" in body else body) for i in range(3)]
        assert [a.status_code for a in answers[:2]] == [201, 201]
        assert_too_many(answers[2])
    assert [limited.post("/web/qr.svg", data="https://x.test/#t").status_code for _ in range(2)] == [200, 200]
    assert_too_many(limited.post("/web/qr.svg", data="https://x.test/#t"))
    assert all(limited.get("/editions").status_code == 200 for _ in range(5))


def test_a_stranger_guessing_move_links_is_limited_and_so_are_the_seats_other_routes(limited):
    created = limited.post("/games", json=GAME).json
    take = f"/games/{created['id']}/seats/take"
    assert [limited.post(take, json={"move_token": f"guess-{i}"}).status_code for i in range(2)] == [401, 401]
    assert_too_many(limited.post(take, json={"move_token": "guess-2"}))
    table = {"Authorization": f"Bearer {created['token']}"}
    reissue = f"/games/{created['id']}/seats/0/token"
    assert [limited.post(reissue, headers=table).status_code for _ in range(2)] == [201, 201]  # a share per route
    assert_too_many(limited.post(reissue, headers=table))
    assert limited.get(f"/games/{created['id']}", headers=table).status_code == 200  # reads are not limited


def test_behind_a_proxy_each_phone_is_counted_by_its_forwarded_address(tmp_path):
    app = create_app(
        {"REFEREE_DATABASE": str(tmp_path / "p.sqlite3"), "REFEREE_LIMIT_GAMES": "1/minute", "REFEREE_PROXIES": 1}
    )
    client = app.test_client()
    for phone in ("192.0.2.1", "192.0.2.2"):
        assert client.post("/games", json=GAME, headers={"X-Forwarded-For": phone}).status_code == 201
    assert_too_many(client.post("/games", json=GAME, headers={"X-Forwarded-For": "192.0.2.1"}))


def test_the_document_declares_429_on_exactly_the_limited_operations():
    document = json.loads(openapi.TARGET.read_text(encoding="utf-8"))
    declared = {
        (path, method)
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
        if isinstance(operation, dict) and "429" in operation.get("responses", {})
    }
    seats = {
        ("/games/{game_id}/seats/{seat}/move", "post"),
        ("/games/{game_id}/seats/take", "post"),
        ("/games/{game_id}/seats/{seat}/token", "post"),
        ("/games/{game_id}/spectator/token", "post"),
    }
    assert declared == {("/games", "post"), ("/editions", "post"), ("/games/import", "post"), *seats}
    assert set(LIMITED) == {"games", "editions", "exports", "seats"}  # the blueprints of those POSTs


def test_an_edition_with_too_many_decks_or_languages_is_422_naming_the_limit(client):
    card = {"id": "c", "text": {"en": "Advance to Boardwalk."}, "effect": {"kind": "advance_to", "position": 39}}
    decks = [{"id": f"d{i}", "name": {"en": "d"}, "cards": [card]} for i in range(MAX_DECKS + 1)]
    response = client.post("/editions", json={"base": "classic", "id": "many", "overrides": {"decks": decks}})
    assert response.status_code == 422
    assert response.json["errors"]["json"]["decks"] == [f"Longer than maximum length {MAX_DECKS}."]
    name = {f"l{i}": "x" for i in range(MAX_LANGUAGES + 1)}
    response = client.post("/editions", json={"base": "classic", "id": "babel", "name": name})
    assert response.status_code == 422
    assert response.json["errors"]["json"]["name"] == [f"Length must be between 1 and {MAX_LANGUAGES}."]
    assert client.get("/editions/many").status_code == client.get("/editions/babel").status_code == 404


def test_an_edition_bigger_than_the_limit_is_422_saying_how_big(client):
    spaces = [{"position": p, "name": {"en": "x" * 1000, "ru": "y" * 1000, "uk": "z" * 1000}} for p in range(40)]
    response = client.post("/editions", json={"base": "classic", "id": "huge", "overrides": {"spaces": spaces}})
    assert response.status_code == 422
    assert response.json["errors"]["json"]["overrides"][0].endswith(f"at most {MAX_DOCUMENT_BYTES}.")
    assert client.get("/editions/huge").status_code == 404


def test_an_edition_derived_too_many_times_over_is_422(client):
    base = "classic"
    for depth in range(MAX_DERIVATION):
        assert client.post("/editions", json={"base": base, "id": f"chain-{depth}"}).status_code == 201
        base = f"chain-{depth}"
    response = client.post("/editions", json={"base": base, "id": "one-too-many"})
    assert response.status_code == 422 and "at most" in response.json["errors"]["json"]["base"][0]


def test_an_import_of_more_events_than_the_limit_is_422_naming_it(client):
    from referee.api.exports import MAX_EVENTS

    events = [{"seq": 1}] * (MAX_EVENTS + 1)
    response = client.post("/games/import", json={"format": "referee-journal/2", "events": events})
    assert response.status_code == 422
    assert response.json["errors"]["json"]["events"] == [
        f"At most {MAX_EVENTS} events (this journal has {MAX_EVENTS + 1})."
    ]
