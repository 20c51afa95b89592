"""A game's journal moves between servers: export here, import there, the
same state and ledger under new tokens (issue "Journal export/import")."""

import copy

import pytest

from referee import create_app
from referee.audit import audit

from .table import Table


@pytest.fixture
def elsewhere(tmp_path):
    """A second server with its own database."""
    return create_app({"REFEREE_DATABASE": str(tmp_path / "elsewhere.sqlite3"), "TESTING": True})


def played(client, **body) -> Table:
    table = Table(client, "Anna", "Boris", "Vera", **body)
    table.roll(0, 1, 2)  # Baltic Avenue
    table.act("buy", 0)
    table.act("end_turn", 0)
    table.roll(1, 1, 3)  # Income Tax, mistyped
    table.post("/corrections", {"action": {"type": "roll", "seat": 1, "dice": [1, 1]}})  # a double: Community Chest
    table.post("/undo")
    table.roll(1, 2, 3)  # Reading Railroad
    table.act("decline", 1)
    table.act("bid", 2, amount=50)
    table.act("pass", 0)
    table.act("pass", 1)
    return table


def comparable(state: dict) -> dict:
    return {k: v for k, v in state.items() if k != "id"}


def entries(ledger: list[dict]) -> list[tuple]:
    return [(e["seq"], e["event"], e["from"], e["to"], e["amount"], e["reason"], e["rule"]) for e in ledger]


def test_the_export_is_the_whole_journal(client, app):
    table = played(client)
    exported = client.get(f"/games/{table.id}/export", headers=table.headers()).json
    assert exported["format"] == "referee-journal/2" and exported["game"] == table.id
    store = app.extensions["referee"].store
    stored = [{**event, "ledger": store.event_ledger(table.id, event["seq"])} for event in store.events(table.id)]
    assert exported["events"] == stored  # as stored, not localised: facts and ledger included
    assert all(event["facts"]["judged_by"]["edition"] in exported["editions"] for event in exported["events"])
    assert exported["version"] == table.state()["version"] == len(exported["events"])
    assert {"undo", "correction"} <= {e["type"] for e in exported["events"]}


def test_importing_on_another_server_recreates_the_same_state_and_ledger_with_new_tokens(client, elsewhere):
    table = played(client)
    exported = client.get(f"/games/{table.id}/export", headers=table.headers()).json
    there = elsewhere.test_client()
    response = there.post("/games/import", json=exported)
    assert response.status_code == 201, response.json
    moved = response.json
    assert moved["id"] != table.id and moved["token"] != table.token
    assert {p["token"] for p in moved["players"]}.isdisjoint(table.seat_tokens)
    headers = {"Authorization": f"Bearer {moved['token']}"}
    assert comparable(there.get(f"/games/{moved['id']}", headers=headers).json) == comparable(table.state())
    ledger_there = there.get(f"/games/{moved['id']}/ledger?page_size=1000", headers=headers).json
    assert entries(ledger_there) == entries(table.ledger())
    events_there = there.get(f"/games/{moved['id']}/events", headers=headers).json
    assert events_there == table.events()
    assert there.get(f"/games/{moved['id']}", headers=table.headers()).status_code == 401  # old tokens mean nothing
    assert audit(elsewhere.extensions["referee"], moved["id"]) == []


def test_the_moved_game_plays_on_exactly_as_the_original(client, elsewhere):
    table = played(client)
    exported = client.get(f"/games/{table.id}/export", headers=table.headers()).json
    there = elsewhere.test_client()
    moved = there.post("/games/import", json=exported).json
    headers = {"Authorization": f"Bearer {moved['token']}"}
    here = table.act("end_turn", 1)
    there_answer = there.post(f"/games/{moved['id']}/actions", json={"type": "end_turn", "seat": 1}, headers=headers)
    assert comparable(there_answer.json["state"]) == comparable(here["state"])


def test_virtual_dice_and_decks_move_with_their_draws(client, elsewhere):
    table = Table(client, options={"dice": "virtual", "decks": "virtual"})
    for _ in range(6):
        allowed = table.state()["allowed"]
        choice = next(a for a in allowed if a["type"] in ("roll", "draw_card", "buy", "end_turn", "pay_jail_fine"))
        table.act(choice["type"], choice["seat"])
    exported = client.get(f"/games/{table.id}/export", headers=table.headers()).json
    moved = elsewhere.test_client().post("/games/import", json=exported)
    assert moved.status_code == 201, moved.json
    assert comparable(moved.json["state"]) == comparable(table.state())


def test_importing_twice_with_one_key_opens_one_game(client, elsewhere):
    table = played(client)
    exported = client.get(f"/games/{table.id}/export", headers=table.headers()).json
    there = elsewhere.test_client()
    first = there.post("/games/import", json=exported, headers={"Idempotency-Key": "move-7f3a9c2e"})
    again = there.post("/games/import", json=exported, headers={"Idempotency-Key": "move-7f3a9c2e"})
    assert again.json["id"] == first.json["id"] and again.headers["Idempotent-Replayed"] == "true"


def tampered(exported: dict, how) -> dict:
    changed = copy.deepcopy(exported)
    how(changed["events"])
    return changed


@pytest.mark.parametrize(
    "how",
    [
        pytest.param(lambda ev: ev[1]["action"].update(dice=[3, 4]), id="other dice than the rulings say"),
        pytest.param(lambda ev: ev[2]["rulings"][0]["values"].update(price=1), id="a ruling's numbers"),
        pytest.param(lambda ev: ev.pop(2), id="an event left out"),
        pytest.param(lambda ev: ev[1].update(seat=1), id="another seat"),
        pytest.param(lambda ev: ev[0]["action"].update(edition="narnia"), id="unknown edition"),
        pytest.param(lambda ev: ev[0]["action"]["players"].append("Zoe"), id="another player"),
        pytest.param(lambda ev: ev[0]["action"]["options"].update(decks="virtual"), id="decks without an order"),
        pytest.param(lambda ev: ev[3]["action"].update(type="fly"), id="unknown action"),
        pytest.param(lambda ev: ev.append({**ev[-1], "seq": len(ev) + 1}), id="an action replayed twice"),
    ],
)
def test_a_journal_that_does_not_replay_exactly_is_refused_and_stores_nothing(client, elsewhere, how):
    table = played(client)
    exported = client.get(f"/games/{table.id}/export", headers=table.headers()).json
    there = elsewhere.test_client()
    refused = there.post("/games/import", json=tampered(exported, how))
    assert refused.status_code == 422, refused.json
    assert "events" in refused.json["errors"]["json"]
    count = elsewhere.extensions["referee"].store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    assert count == 0


def test_a_virtual_deck_order_must_be_a_shuffle_of_the_editions_cards(client, elsewhere):
    table = Table(client, options={"decks": "virtual"})
    exported = client.get(f"/games/{table.id}/export", headers=table.headers()).json
    deck = next(iter(exported["events"][0]["action"]["decks"]))
    order = exported["events"][0]["action"]["decks"][deck]
    order[0] = order[1]  # one card twice, another gone
    refused = elsewhere.test_client().post("/games/import", json=exported)
    assert refused.status_code == 422 and "shuffle" in str(refused.json["errors"])


def judged_elsewhere(exported: dict) -> dict:
    """The same journal as a server with other rules (another package version) would export it."""
    moved = copy.deepcopy(exported)
    for event in moved["events"]:
        event["facts"]["judged_by"]["package"] = "0.0.1"
    return moved


def test_a_journal_judged_by_other_rules_is_taken_on_its_facts(client, elsewhere):
    table = played(client)
    exported = judged_elsewhere(client.get(f"/games/{table.id}/export", headers=table.headers()).json)
    exported["events"][2]["rulings"][0]["text"] = "as the other server's rules worded it"  # a fact, not judged again
    there = elsewhere.test_client()
    moved = there.post("/games/import", json=exported)
    assert moved.status_code == 201, moved.json
    headers = {"Authorization": f"Bearer {moved.json['token']}"}
    assert comparable(there.get(f"/games/{moved.json['id']}", headers=headers).json) == comparable(table.state())
    events = there.get(f"/games/{moved.json['id']}/events", headers=headers).json
    assert {e["judged_by"]["package"] for e in events} == {"0.0.1"}
    assert there.post(f"/games/{moved.json['id']}/undo", headers=headers).status_code == 201
    assert audit(elsewhere.extensions["referee"], moved.json["id"]) == []


def cash_of(event: dict, seat: int) -> list:
    return event["facts"]["change"]["players"][str(seat)]["cash"]


@pytest.mark.parametrize(
    "index, how, words",
    [
        pytest.param(
            2, lambda ev, docs: cash_of(ev[2], 0).__setitem__(1, 1400), "moves by", id="cash without a transfer"
        ),
        pytest.param(2, lambda ev, docs: ev[2]["ledger"].clear(), "moves by", id="a transfer left out"),
        pytest.param(
            2, lambda ev, docs: ev[2]["ledger"][0].update({"to": "mars"}), "not a player", id="money paid to nobody"
        ),
        pytest.param(
            2,
            lambda ev, docs: ev[2]["facts"]["change"]["properties"]["1"].update(houses=[0, 1]),
            "houses on board",
            id="a house from nowhere",
        ),
        pytest.param(
            6,
            lambda ev, docs: ev[6]["facts"]["change"]["players"]["1"].update(position=[2, 7]),
            "does not return the game",
            id="an undo that keeps what it undid",
        ),
        pytest.param(3, lambda ev, docs: ev[3]["facts"].update(below=1), "actions in effect", id="a broken undo stack"),
        pytest.param(
            0,
            lambda ev, docs: next(iter(docs.values()))["spaces"][3].update(price=1),
            "edition document",
            id="an edition document that is not the one judged under",
        ),
        pytest.param(
            4, lambda ev, docs: ev[4]["facts"].update(change={"dice": [1, 2]}), "does not apply", id="bad change"
        ),
    ],
)
def test_facts_that_do_not_add_up_are_refused_naming_the_first_bad_event(client, elsewhere, index, how, words):
    table = played(client)
    exported = judged_elsewhere(client.get(f"/games/{table.id}/export", headers=table.headers()).json)
    how(exported["events"], exported["editions"])
    refused = elsewhere.test_client().post("/games/import", json=exported)
    assert refused.status_code == 422, refused.json
    [problem] = refused.json["errors"]["json"]["events"][str(index)]
    assert problem.startswith(f"Event {index + 1}") and words in problem, problem
    count = elsewhere.extensions["referee"].store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    assert count == 0


def test_a_journal_judged_by_these_rules_is_judged_again(client, elsewhere):
    table = played(client)
    exported = client.get(f"/games/{table.id}/export", headers=table.headers()).json
    exported["events"][2]["rulings"][0]["text"] = "not what these rules say"
    refused = elsewhere.test_client().post("/games/import", json=exported)
    assert refused.status_code == 422
    assert "judged again" in refused.json["errors"]["json"]["events"]["2"][0]


def test_a_journal_of_the_first_format_without_facts_is_judged_here(client, elsewhere):
    table = played(client)
    exported = client.get(f"/games/{table.id}/export", headers=table.headers()).json
    old = {
        "format": "referee-journal/1",
        "events": [{k: v for k, v in e.items() if k not in ("facts", "ledger")} for e in exported["events"]],
    }
    there = elsewhere.test_client()
    moved = there.post("/games/import", json=old)
    assert moved.status_code == 201, moved.json
    assert comparable(moved.json["state"]) == comparable(table.state())
    assert audit(elsewhere.extensions["referee"], moved.json["id"]) == []
