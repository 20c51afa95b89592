"""A rule fixed while games are in play: the server is deployed again with a
deed's rent changed in a shipped edition's data and a new package version.
Later actions are judged by the new rules; undo, corrections, history,
standings, export, import and the audit read what the old rules decided."""

import json
import shutil

import pytest

from referee import create_app, editions, facts
from referee.audit import audit

from .table import Table

BALTIC = 3


@pytest.fixture
def deploy(tmp_path, monkeypatch):
    """Restart the server on the same database with Baltic Avenue's deed
    printing another rent and the package at another version."""
    database = str(tmp_path / "club.sqlite3")

    def restart(rent: list[int] | None = None, package: str | None = None):
        if rent is not None:
            data = tmp_path / f"data-{package}"
            shutil.copytree(editions.DATA, data)
            document = json.loads((data / "classic.json").read_text(encoding="utf-8"))
            next(s for s in document["spaces"] if s["position"] == BALTIC)["rent"] = rent
            (data / "classic.json").write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
            monkeypatch.setattr(editions, "DATA", data)
            monkeypatch.setattr(facts, "PACKAGE", package)
            editions.shipped.cache_clear()
        return create_app({"REFEREE_DATABASE": database, "TESTING": True})

    yield restart
    editions.shipped.cache_clear()


def rents(table: Table) -> list[int]:
    return [entry["amount"] for entry in table.ledger() if entry["reason"] == "rent"]


def totals(client, table: Table) -> dict:
    """Net worth by seat, from the standings and from the last point of the history."""
    standings = client.get(f"/games/{table.id}/standings", headers=table.headers()).json["standings"]
    history = client.get(f"/games/{table.id}/standings/history", headers=table.headers()).json
    return {
        "standings": {row["seat"]: row["total"] for row in standings},
        "history": dict(enumerate(history["points"][-1]["totals"])),
        "points": len(history["points"]),
    }


def shown(table: Table) -> dict:
    """The state as a phone shows it, but for its version."""
    return {key: value for key, value in table.state().items() if key != "version"}


def test_later_actions_follow_the_new_rule_and_the_past_stays_as_the_old_rules_decided(deploy, tmp_path):
    # seed 001: the rent of an unimproved street is the one printed on its title deed
    old = deploy()
    table = Table(old.test_client(), "Anna", "Boris")
    table.roll(0, 1, 2)  # Baltic Avenue
    table.act("buy", 0)
    bought = shown(table)
    table.act("end_turn", 0)
    ended = shown(table)
    table.roll(1, 1, 2)  # Boris on Baltic Avenue: rent 4, by the old deed
    table.act("claim_rent", 0, position=BALTIC)
    claimed = shown(table)
    assert rents(table) == [4]
    judged_before = table.events()[-1]["judged_by"]

    new = deploy(rent=[9, 20, 60, 180, 320, 450], package="9.9.9")
    client = new.test_client()
    table.client = client
    assert shown(table) == claimed
    table.act("end_turn", 1)
    table.roll(0, 4, 6)  # Anna, 3 -> 13 (States Avenue, unowned): declined, nobody bids
    table.act("decline", 0)
    table.act("pass", 1)
    table.act("pass", 0)
    table.act("end_turn", 0)
    table.roll(1, 6, 6)  # Boris, 3 -> 15 (Pennsylvania Railroad), a double
    table.act("decline", 1)
    table.act("pass", 0)
    table.act("pass", 1)

    events = table.events()
    assert len(events) == 16 and events[-1]["judged_by"]["package"] == "9.9.9"
    assert judged_before["package"] != "9.9.9" and judged_before["edition"] != events[-1]["judged_by"]["edition"]
    assert [e["judged_by"] for e in events[:6]] == [judged_before] * 6  # as the old rules judged them
    now = totals(client, table)
    assert now["standings"] == now["history"] and now["points"] == 16

    # undo walks back over the deploy, to the old rules' rent claim
    for _ in range(10):
        response = table.post("/undo")
        assert response.status_code == 201, response.json
    assert shown(table) == claimed
    # a claim stands as its roll decided it, whatever the deed says now
    redone = table.post("/corrections", {"action": {"type": "claim_rent", "seat": 0, "position": BALTIC}})
    assert redone.status_code == 201, redone.json
    assert [(e["reason"], e["amount"]) for e in redone.json["ledger"]] == [("reversal", 4), ("rent", 4)]
    # a correction of the old rules' roll: only the replacement is judged, by today's rules, on the state before it
    assert table.post("/undo").status_code == 201
    corrected = table.post("/corrections", {"action": {"type": "roll", "seat": 1, "dice": [1, 2]}})
    assert corrected.status_code == 201, corrected.json
    assert corrected.json["event"]["judged_by"]["package"] == "9.9.9"
    table.act("claim_rent", 0, position=BALTIC)
    assert rents(table)[-1] == 9
    assert table.cash() == [ended["players"][0]["cash"] + 9, ended["players"][1]["cash"] - 9]
    for back_to in (None, ended, bought):  # the claim, the corrected roll, Anna's end of turn: all undone
        assert table.post("/undo").status_code == 201
        assert back_to is None or shown(table) == back_to

    now = totals(client, table)
    assert now["standings"] == now["history"] and now["points"] == table.state()["version"]
    assert audit(new.extensions["referee"], table.id) == []
    # the journal moves to a server with the new rules: its facts, both rule versions, are taken
    exported = client.get(f"/games/{table.id}/export", headers=table.headers()).json
    assert len(exported["editions"]) == 2
    elsewhere = create_app({"REFEREE_DATABASE": str(tmp_path / "elsewhere.sqlite3"), "TESTING": True})
    there = elsewhere.test_client()
    moved = there.post("/games/import", json=exported)
    assert moved.status_code == 201, moved.json
    headers = {"Authorization": f"Bearer {moved.json['token']}"}
    same = [k for k in table.state() if k != "id"]
    there_state = there.get(f"/games/{moved.json['id']}", headers=headers).json
    assert {k: there_state[k] for k in same} == {k: table.state()[k] for k in same}
    there_ledger = there.get(f"/games/{moved.json['id']}/ledger?page_size=1000", headers=headers).json
    assert [(e["from"], e["to"], e["amount"]) for e in there_ledger] == [
        (e["from"], e["to"], e["amount"]) for e in table.ledger()
    ]
    assert there.post(f"/games/{moved.json['id']}/undo", headers=headers).status_code == 201
    assert audit(elsewhere.extensions["referee"], moved.json["id"]) == []

    # and the server restarted once more still reads it all
    again = deploy()
    table.client = again.test_client()
    assert table.state()["version"] == len(table.events())
    assert audit(again.extensions["referee"], table.id) == []
