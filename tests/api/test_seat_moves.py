"""Seats that move and lost phones shut out (issue 16, item 9): a seat's phone
asks for a one-time link valid 10 minutes; the device that opens it takes the
seat and the old phone leaves the table; the table replaces any seat's token,
or the spectator's, at once.

# seed 002 l.160: «Щоб продовжити на іншому пристрої, натисніть «Перенести
# місце» і відкрийте посилання там. Посилання одноразове й діє 10 хвилин; на
# старому пристрої ви вийдете з-за столу.»
"""

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from referee.editions import shipped
from referee.service.errors import TokenRevoked

from .table import Table


@pytest.fixture
def clock(app):
    """The service's clock, moved by the test."""
    now = {"at": datetime.now(UTC).replace(microsecond=0)}
    app.extensions["referee"].clock = lambda: now["at"]
    return now


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def move_link(table: Table, seat: int, token: str | None = None, **headers):
    return table.post(f"/seats/{seat}/move", token=token or table.seat_tokens[seat], **headers)


def take(table: Table, link: str, **headers):
    sent = {name.replace("_", "-"): value for name, value in headers.items()}
    return table.client.post(f"/games/{table.id}/seats/take", json={"move_token": link}, headers=sent)


def read(table: Table, token: str):
    return table.client.get(f"/games/{table.id}", headers=bearer(token))


def test_a_seat_moves_by_its_one_time_link_and_the_old_phone_leaves_the_table_in_every_edition(client, clock):
    for edition in sorted(shipped()):
        moves_and_leaves(Table(client, edition=edition), clock)


def moves_and_leaves(table: Table, clock) -> None:
    old = table.seat_tokens[0]
    asked = move_link(table, 0)
    assert asked.status_code == 201, asked.json
    link = asked.json
    assert link["seat"] == 0 and link["valid_seconds"] == 600
    assert datetime.fromisoformat(link["expires_at"]) == clock["at"] + timedelta(minutes=10)
    assert read(table, old).status_code == 200  # the old phone plays on until the link is opened

    taken = take(table, link["move_token"])
    assert taken.status_code == 201, taken.json
    assert taken.json["seat"] == 0 and taken.json["token"] not in (old, link["move_token"])
    new = taken.json["token"]
    assert table.act("roll", 0, token=new, dice=[1, 2])["state"]["players"][0]["position"] == 3

    for refused in (read(table, old), table.post("/actions", {"type": "buy", "seat": 0}, token=old)):
        assert refused.status_code == 401 and refused.mimetype == "application/problem+json"
        assert refused.json["code"] == "seat_moved" and "moved to another device" in refused.json["detail"]
        assert refused.headers["WWW-Authenticate"] == 'Bearer realm="referee"'
    assert move_link(table, 0, token=old).json["code"] == "seat_moved"  # nor can it move the seat back
    for still in (table.token, table.seat_tokens[1]):
        assert read(table, still).status_code == 200


def test_a_move_link_works_once_and_for_ten_minutes_and_a_newer_one_replaces_it(client, clock):
    table = Table(client)
    first = move_link(table, 1).json["move_token"]
    second = move_link(table, 1).json["move_token"]
    replaced = take(table, first)
    assert replaced.status_code == 410 and replaced.json["code"] == "move_link_replaced"
    assert read(table, table.seat_tokens[1]).status_code == 200  # a refused link changes nothing

    clock["at"] += timedelta(minutes=10)
    expired = take(table, second)
    assert expired.status_code == 410 and expired.json["code"] == "move_link_expired"
    assert "10 minutes" in expired.json["detail"]
    assert read(table, table.seat_tokens[1]).status_code == 200

    third = move_link(table, 1).json["move_token"]
    clock["at"] += timedelta(minutes=9, seconds=59)
    assert take(table, third).status_code == 201
    used = take(table, third)
    assert used.status_code == 410 and used.json["code"] == "move_link_used"


def test_only_the_seat_itself_or_the_table_asks_for_its_link_and_strangers_take_nothing(client):
    table = Table(client, spectator=True)
    assert move_link(table, 0, token=table.seat_tokens[1]).status_code == 403
    assert move_link(table, 0, token=table.created["spectator_token"]).status_code == 403
    assert move_link(table, 0, token=table.token).status_code == 201
    assert move_link(table, 7, token=table.token).status_code == 404

    unknown = take(table, "not-a-link")
    assert unknown.status_code == 401 and unknown.headers["WWW-Authenticate"]
    other = Table(client)
    link = move_link(other, 0).json["move_token"]
    elsewhere = client.post(f"/games/{table.id}/seats/take", json={"move_token": link})
    assert elsewhere.status_code == 404  # a link of another game: as if this game did not exist
    assert take(other, link).status_code == 201  # and it was not spent there
    assert take(table, "").status_code == 422


def test_the_table_shuts_out_a_lost_phone_and_the_watching_one(client):
    table = Table(client, spectator=True)
    lost = table.seat_tokens[1]
    open_link = move_link(table, 1).json["move_token"]
    assert table.post("/seats/1/token", token=table.seat_tokens[0]).status_code == 403  # only the table
    reissued = table.post("/seats/1/token")
    assert reissued.status_code == 201 and reissued.json["seat"] == 1
    shut_out = read(table, lost)
    assert shut_out.status_code == 401 and shut_out.json["code"] == "token_revoked"
    assert take(table, open_link).json["code"] == "move_link_replaced"  # the lost phone's link died with it
    assert table.act("roll", 1, expect=409, token=reissued.json["token"], dice=[1, 2])  # it acts: not its turn

    watcher = table.created["spectator_token"]
    watching = table.post("/spectator/token")
    assert watching.status_code == 201 and watching.json["seat"] is None
    assert read(table, watcher).json["code"] == "token_revoked"
    assert read(table, watching.json["token"]).status_code == 200
    assert table.act("end_turn", 0, expect=403, token=watching.json["token"])

    plain = Table(client)  # a table without a watch link gets its first
    assert read(plain, plain.post("/spectator/token").json["token"]).status_code == 200


def test_a_retried_take_gets_the_same_token_once_and_no_secret_is_kept_readable(app, client):
    table = Table(client)
    asked = move_link(table, 0, Idempotency_Key="ask-1")
    again = move_link(table, 0, Idempotency_Key="ask-1")
    assert again.json == asked.json and again.headers["Idempotent-Replayed"] == "true"
    link = asked.json["move_token"]
    first = take(table, link, Idempotency_Key="take-1")
    retried = take(table, link, Idempotency_Key="take-1")  # the answer was lost on the way: asked again
    assert retried.status_code == 201 and retried.json == first.json
    assert read(table, first.json["token"]).status_code == 200
    reissued = table.post("/seats/1/token", Idempotency_Key="lost-1").json["token"]

    secrets = [link, first.json["token"], reissued, table.seat_tokens[0], "ask-1", "take-1", "lost-1"]
    database = Path(app.config["REFEREE_DATABASE"])
    files = [p.read_bytes() for p in database.parent.iterdir() if p.name.startswith(database.name)]
    assert [s for s in secrets if any(s.encode() in f for f in files)] == []


def test_a_phone_shut_out_while_it_asks_for_a_move_link_gets_none(app, client):
    table = Table(client)
    referee = app.extensions["referee"]
    lost = referee.principal(table.seat_tokens[1])  # checked a moment before the table shuts it out
    assert table.post("/seats/1/token").status_code == 201
    with pytest.raises(TokenRevoked, match="reissued"):
        referee.move_link(lost, 1)
    assert app.extensions["referee"].store.db.execute("SELECT COUNT(*) FROM seat_moves").fetchone()[0] == 0
