"""The game journals in examples/ replay through the API, step by step, to
the balances worked out by hand in each file."""

import json
from pathlib import Path

import pytest

from referee.rules.serialize import state_to_dict

from .table import Table

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.json"))


def test_there_is_a_disney_example():
    assert "disney-game.json" in [path.name for path in EXAMPLES]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_the_example_replays_to_its_expected_balances(client, app, path):
    example = json.loads(path.read_text(encoding="utf-8"))
    variant = example.get("variant", "standard")
    table = Table(client, *example["players"], edition=example["edition"], variant=variant, options=example["options"])
    for number, step in enumerate(example["steps"], start=1):
        result = table.act(**step["action"])
        cash = [p["cash"] for p in result["state"]["players"]]
        assert cash == step["cash"], f"step {number}: {step.get('note', step['action'])}"
    state = table.state()
    final = example["final"]
    assert [p["cash"] for p in state["players"]] == final["cash"]
    assert [p["position"] for p in state["players"]] == final["positions"]
    assert [p["jail_cards"] for p in state["players"]] == final["jail_cards"]
    owners = {str(p["position"]): p["owner"] for p in state["properties"] if p["owner"] is not None}
    assert owners == final["owners"]
    assert state["turn"]["seat"] == final["turn"]
    ledger = table.ledger()
    for seat, cash in enumerate(final["cash"]):  # every coin of every balance is in the ledger
        assert (
            sum(e["amount"] for e in ledger if e["to"] == seat) - sum(e["amount"] for e in ledger if e["from"] == seat)
            == cash
        )
    referee = app.extensions["referee"]
    assert state_to_dict(referee.replay(table.id)) == referee.store.game(table.id)["state"]
