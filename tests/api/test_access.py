"""Who may do what: table, seat and spectator tokens, and strangers (SPEC §4, issue "Access")."""

import base64

import pytest

from .table import Table

ROLL = {"type": "roll", "seat": 0, "dice": [1, 2]}


def test_a_seat_token_acts_only_for_its_own_seat_and_a_refusal_changes_nothing(client):
    table = Table(client)
    table.roll(0, 1, 2)  # Baltic Avenue is offered to Anna
    books = table.books()
    boris = table.seat_tokens[1]
    for body in ({"type": "buy", "seat": 0}, {"type": "decline", "seat": 0}):
        refused = table.post("/actions", body, token=boris)
        assert refused.status_code == 403 and refused.mimetype == "application/problem+json"
    assert table.books() == books
    assert table.post("/actions", {"type": "buy", "seat": 0}, token=table.seat_tokens[0]).status_code == 201


@pytest.mark.parametrize("path", ["", "/ledger", "/events", "/export"])
def test_every_token_of_the_game_may_read_it(client, path):
    table = Table(client, spectator=True)
    for token in (table.token, *table.seat_tokens, table.created["spectator_token"]):
        assert client.get(f"/games/{table.id}{path}", headers=table.headers(token)).status_code == 200


def test_a_spectator_token_is_issued_only_when_asked_for_and_only_reads(client):
    assert "spectator_token" not in Table(client).created
    table = Table(client, spectator=True)
    watcher = table.created["spectator_token"]
    books = table.books()
    for seat in (0, 1):
        assert table.post("/actions", {**ROLL, "seat": seat}, token=watcher).status_code == 403
    assert table.post("/undo", {}, token=watcher).status_code == 403
    assert table.post("/corrections", {"action": ROLL}, token=watcher).status_code == 403
    assert table.books() == books


def test_only_the_table_token_may_undo_or_correct(client):
    table = Table(client)
    table.roll(0, 1, 2)
    books = table.books()
    anna = table.seat_tokens[0]
    assert table.post("/undo", {}, token=anna).status_code == 403
    assert table.post("/corrections", {"action": {**ROLL, "dice": [3, 4]}}, token=anna).status_code == 403
    assert table.books() == books
    assert table.post("/undo", {}).status_code == 201


@pytest.mark.parametrize(
    "method, path, body",
    [
        ("get", "", None),
        ("get", "/ledger", None),
        ("get", "/events", None),
        ("get", "/export", None),
        ("post", "/actions", ROLL),
        ("post", "/undo", {}),
    ],
)
def test_a_token_of_another_game_learns_nothing_about_this_one(client, method, path, body):
    mine, theirs = Table(client), Table(client)
    call = getattr(client, method)
    stranger = call(f"/games/{theirs.id}{path}", json=body, headers=mine.headers())
    ghost_id = "A" * len(theirs.id)
    missing = call(f"/games/{ghost_id}{path}", json=body, headers=mine.headers())
    assert stranger.status_code == missing.status_code == 404
    assert stranger.json == {**missing.json, "detail": missing.json["detail"].replace(ghost_id, theirs.id)}
    assert theirs.state()["version"] == 1


def test_no_token_or_an_unknown_one_is_401_with_a_bearer_challenge(client):
    table = Table(client)
    for authorization in (None, "Bearer nope", "Basic YTpi", "Bearer "):
        headers = {"Authorization": authorization} if authorization else {}
        response = client.get(f"/games/{table.id}", headers=headers)
        assert response.status_code == 401
        assert response.headers["WWW-Authenticate"].startswith("Bearer")


def _random_bytes(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def test_game_ids_and_tokens_are_long_random_secrets(client):
    tables = [Table(client, "A", "B", "C") for _ in range(20)]
    ids = [t.id for t in tables]
    tokens = [token for t in tables for token in (t.token, *t.seat_tokens)]
    assert len(set(ids)) == len(ids) and len(set(tokens)) == len(tokens)
    assert all(len(_random_bytes(i)) * 8 >= 96 for i in ids)  # 2^96 ids: not guessable
    assert all(len(_random_bytes(t)) * 8 >= 256 for t in tokens)


def test_the_database_holds_no_usable_token(client, app, tmp_path):
    table = Table(client, spectator=True)
    store = app.extensions["referee"].store
    store.db.execute("PRAGMA wal_checkpoint(PASSIVE)")
    stored = b"".join(path.read_bytes() for path in tmp_path.glob("referee.sqlite3*"))
    for token in (table.token, *table.seat_tokens, table.created["spectator_token"]):
        assert token.encode() not in stored
    roles = store.db.execute("SELECT role FROM tokens WHERE game_id = ? ORDER BY role", (table.id,)).fetchall()
    assert [r[0] for r in roles] == ["seat", "seat", "spectator", "table"]
