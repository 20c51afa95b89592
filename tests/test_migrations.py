"""A database written before events kept their facts opens, migrates and
plays on: its events get their facts by one replay; a game that no longer
replays is kept as it is, readable, and reported, never dropped.
(``tests/data/before_facts.sqlite3`` was written by that older server;
``tests/data/before_facts.py`` says how.)"""

import shutil
import sqlite3
from pathlib import Path

import pytest

from referee import create_app, migrations
from referee.__main__ import main
from referee.audit import audit

OLD = Path(__file__).parent / "data" / "before_facts.sqlite3"


@pytest.fixture
def old_database(tmp_path) -> str:
    path = tmp_path / "club.sqlite3"
    shutil.copy(OLD, path)
    return str(path)


def games(path: str) -> dict[str, tuple[str, str]]:
    with sqlite3.connect(path) as db:
        return {name: (game, token) for name, game, token in db.execute("SELECT game, id, token FROM names")}


def stored_states(path: str) -> dict[str, str]:
    with sqlite3.connect(path) as db:
        return dict(db.execute("SELECT id, state FROM games"))


def test_the_old_database_has_no_facts_until_it_is_opened(old_database):
    with sqlite3.connect(old_database) as db:
        assert "facts" not in [column[1] for column in db.execute("PRAGMA table_info(events)")]


def test_opening_it_gives_every_replayable_event_its_facts_and_keeps_every_game(old_database):
    before = stored_states(old_database)
    app = create_app({"REFEREE_DATABASE": old_database, "TESTING": True})
    store = app.extensions["referee"].store
    assert stored_states(old_database) == before  # nothing dropped, no state changed
    found = games(old_database)
    for name in ("classic", "virtual"):
        game, _ = found[name]
        assert all(event["facts"] for event in store.events(game))
        assert audit(app.extensions["referee"], game) == []
    altered, _ = found["altered"]
    assert all(event["facts"] is None for event in store.events(altered))
    notes = migrations.notes(store.db)
    assert [(n["game_id"], n["migration"]) for n in notes] == [(altered, "002_event_facts")]
    assert notes[0]["problem"].startswith("does not replay")


def test_a_migrated_game_undoes_its_past_and_plays_on(old_database):
    app = create_app({"REFEREE_DATABASE": old_database, "TESTING": True})
    client = app.test_client()
    game, token = games(old_database)["classic"]
    headers = {"Authorization": f"Bearer {token}"}
    before = client.get(f"/games/{game}", headers=headers).json
    undone = client.post(f"/games/{game}/undo", headers=headers)  # Anna's pass, recorded by the old server
    assert undone.status_code == 201, undone.json
    assert [(e["reason"], e["amount"]) for e in undone.json["ledger"]] == [("reversal", 30)]  # Boris's bid of 30
    played = client.post(f"/games/{game}/actions", json={"type": "pass", "seat": 0}, headers=headers)
    assert played.status_code == 201, played.json
    assert {k: v for k, v in played.json["state"].items() if k != "version"} == {
        k: v for k, v in before.items() if k != "version"
    }
    history = client.get(f"/games/{game}/standings/history", headers=headers).json["points"]
    assert len(history) == played.json["state"]["version"]
    assert audit(app.extensions["referee"], game) == []


def test_a_game_that_no_longer_replays_stays_readable_and_says_why_it_cannot_be_undone(old_database):
    app = create_app({"REFEREE_DATABASE": old_database, "TESTING": True})
    client = app.test_client()
    game, token = games(old_database)["altered"]
    headers = {"Authorization": f"Bearer {token}"}
    assert client.get(f"/games/{game}", headers=headers).status_code == 200
    assert len(client.get(f"/games/{game}/events", headers=headers).json) == 12
    refused = client.post(f"/games/{game}/undo", headers=headers)
    assert refused.status_code == 409 and refused.json["rule"] == "journal.no_facts"
    assert audit(app.extensions["referee"], game) == ["kept without facts by a migration: its journal did not replay"]


def test_the_audit_command_checks_a_database_and_fails_on_a_problem(old_database, capsys):
    create_app({"REFEREE_DATABASE": old_database, "TESTING": True})
    found = games(old_database)
    assert main(["audit", "--database", old_database, found["classic"][0], found["virtual"][0]]) == 0
    assert main(["audit", "--database", old_database]) == 1
    printed = capsys.readouterr().out
    assert f"{found['altered'][0]}: kept without facts" in printed
    assert "audited 2 games: 0 problems in 0 games" in printed
    assert "audited all games: 1 problem in 1 game" in printed
