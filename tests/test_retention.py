"""Retention (issue 16, item 8): a finished game idle past its days and any
game idle past its days are removed whole -- state, journal, ledger, tokens,
Idempotency-Keys -- by ``python -m referee prune``; every other game stays as
it was, and so do the custom editions games are played on."""

from datetime import UTC, datetime, timedelta

from referee.__main__ import main
from referee.retention import Retention, expired, prune
from referee.store import GAME_ROWS

GAME = {"edition": "classic", "players": [{"name": "Anna"}, {"name": "Boris"}]}


def open_game(client, key: str) -> dict:
    created = client.post("/games", json=GAME, headers={"Idempotency-Key": key}).json
    token = {"Authorization": f"Bearer {created['token']}", "Idempotency-Key": f"{key}-roll"}
    assert (
        client.post(
            f"/games/{created['id']}/actions", json={"type": "roll", "seat": 0, "dice": [1, 2]}, headers=token
        ).status_code
        == 201
    )
    return created


def last_changed(store, game_id: str, days_ago: float, finished: bool = False) -> None:
    at = (datetime.now(UTC) - timedelta(days=days_ago)).isoformat(timespec="milliseconds")
    with store.write() as writer:
        writer.conn.execute(
            "UPDATE games SET updated_at = ?, state = json_set(state, '$.finished', json(?)) WHERE id = ?",
            (at, "true" if finished else "false", game_id),
        )


def rows_of(store, game_id: str) -> dict[str, int]:
    return {
        table: store.db.execute(f"SELECT COUNT(*) FROM {table} WHERE {column} = ?", (game_id,)).fetchone()[0]
        for table, column in GAME_ROWS
    }


def test_finished_and_idle_games_go_whole_and_the_others_stay(app, client):
    store = app.extensions["referee"].store
    assert client.post("/editions", json={"base": "classic", "id": "ours"}).status_code == 201
    done_long_ago, done_lately, idle, playing = (open_game(client, f"key-{i}") for i in range(4))
    last_changed(store, done_long_ago["id"], 31, finished=True)
    last_changed(store, done_lately["id"], 2, finished=True)
    last_changed(store, idle["id"], 181)
    retention = Retention(finished_days=30, idle_days=180)
    assert set(expired(store, retention)) == {done_long_ago["id"], idle["id"]}
    kept_before = rows_of(store, playing["id"])

    assert set(prune(store, retention)) == {done_long_ago["id"], idle["id"]}
    for gone in (done_long_ago, idle):
        assert set(rows_of(store, gone["id"]).values()) == {0}
        assert (
            client.get(f"/games/{gone['id']}", headers={"Authorization": f"Bearer {gone['token']}"}).status_code == 401
        )
    assert store.db.execute("SELECT COUNT(*) FROM idempotency WHERE scope = ''").fetchone()[0] == 4  # a day's keys
    for kept in (done_lately, playing):
        assert (
            client.get(f"/games/{kept['id']}", headers={"Authorization": f"Bearer {kept['token']}"}).status_code == 200
        )
    assert rows_of(store, playing["id"]) == kept_before and kept_before["events"] == 2
    assert client.get("/editions/ours").status_code == 200


def test_the_command_lists_what_it_would_remove_and_then_removes_it(app, client, capsys, monkeypatch):
    store = app.extensions["referee"].store
    old = open_game(client, "old")
    last_changed(store, old["id"], 200)
    database = app.config["REFEREE_DATABASE"]
    assert main(["prune", "--dry-run", "--database", database]) == 0
    assert old["id"] in capsys.readouterr().out and rows_of(store, old["id"])["games"] == 1
    monkeypatch.setenv("REFEREE_KEEP_IDLE_DAYS", "365")
    assert main(["prune", "--database", database]) == 0
    assert "removed 0 games" in capsys.readouterr().out
    monkeypatch.setenv("REFEREE_KEEP_IDLE_DAYS", "180")
    assert main(["prune", "--database", database]) == 0
    assert "removed 1 game " in capsys.readouterr().out and rows_of(store, old["id"])["games"] == 0
