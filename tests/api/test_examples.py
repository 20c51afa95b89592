"""The scripted games in examples/ replay through the HTTP API to the balances and owners worked
out by hand, and the state rebuilt from the journal is the stored state."""

import json
from collections import Counter
from pathlib import Path

import pytest

from referee.editions import shipped
from referee.rules import Setup, parse_action, replay
from referee.rules.serialize import state_to_dict

from .table import Table

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.json"))


def actions_of(example: dict) -> list[dict]:
    return [action for turn in example["turns"] for action in turn["actions"]]


def test_there_is_at_least_one_example_game():
    assert EXAMPLES


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_an_example_game_replays_through_the_api_to_its_expected_end(client, app, path):
    example = json.loads(path.read_text(encoding="utf-8"))
    create = example["create"]
    table = Table(
        client,
        *(p["name"] for p in create["players"]),
        edition=create["edition"],
        **{k: v for k, v in create.items() if k not in ("edition", "players")},
    )
    for turn in example["turns"]:
        for action in turn["actions"]:
            response = client.post(f"/games/{table.id}/actions", json=action, headers=table.headers())
            assert response.status_code == 201, (turn["turn"], action, response.json)

    expected = example["expected"]
    state = table.state()
    assert [p["cash"] for p in state["players"]] == expected["cash"]
    assert [p["position"] for p in state["players"]] == expected["positions"]
    assert [p["in_jail"] for p in state["players"]] == expected["in_jail"]
    owners = {str(p["position"]): p["owner"] for p in state["properties"] if p["owner"] is not None}
    assert owners == expected["owners"]
    assert state["turn"]["seat"] == expected["turn"]
    assert state["pending"] == [] and state["version"] == 1 + len(actions_of(example))

    ledger = table.ledger()
    assert len(ledger) == expected["ledger_entries"]
    for seat, cash in enumerate(expected["cash"]):
        received = sum(e["amount"] for e in ledger if e["to"] == seat)
        paid = sum(e["amount"] for e in ledger if e["from"] == seat)
        assert received - paid == cash, seat

    rulings = Counter(r["rule"] for event in table.events() for r in event["rulings"])
    assert {rule: rulings[rule] for rule in expected["rulings"]} == expected["rulings"]

    referee = app.extensions["referee"]
    stored = referee.store.game(table.id)["state"]
    assert state_to_dict(referee.replay(table.id)) == stored
    edition = shipped()[create["edition"]]
    from_file = replay(
        edition, Setup(tuple(p["name"] for p in create["players"])), map(parse_action, actions_of(example))
    )
    assert state_to_dict(from_file) == stored
