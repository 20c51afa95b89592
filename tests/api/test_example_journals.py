"""The scripted games in examples/ replay through the HTTP API, step by step, to the balances
worked out by hand; at the end owners, positions, the ledger and the rulings match the file, and the
state rebuilt from the journal -- the service's and the file's own -- is the stored state. A step's
``drawn`` is what the service draws for it (a random destination), fixed so the balances can be
worked out by hand."""

import json
from collections import Counter
from pathlib import Path

import pytest

from referee.editions import shipped
from referee.rules import Options, Setup, parse_action, replay
from referee.rules.serialize import state_to_dict
from referee.service import chance

from .table import Table

FOLDER = Path(__file__).resolve().parents[2] / "examples"
EXAMPLES = sorted(FOLDER.glob("*.json"))


def test_there_is_a_short_game_played_to_its_end_with_its_standings():
    # seed 000: "Когда и второй игрок становится банкротом, игра заканчивается ... Побеждает самый богатый игрок!"
    example = json.loads((FOLDER / "classic-short-game.json").read_text(encoding="utf-8"))
    assert example["variant"] == "short"
    assert [s["action"]["type"] for s in example["steps"]].count("declare_bankruptcy") == 2
    assert example["final"]["standings"] and example["final"]["winners"]


def test_there_is_a_classic_example_of_twenty_turns_or_more():
    example = json.loads((FOLDER / "classic-three-players.json").read_text(encoding="utf-8"))
    assert example["edition"] == "classic"
    assert sum(1 for step in example["steps"] if step["action"]["type"] == "end_turn") >= 20


def test_there_is_a_disney_example():
    example = json.loads((FOLDER / "disney-game.json").read_text(encoding="utf-8"))
    assert example["edition"] == "disney"


class Drawn:
    """Stands in for the service's randomness: the step's own ``drawn`` destination."""

    def __init__(self, position: int):
        self.position = position

    def choice(self, options):
        assert self.position in options, (self.position, options)
        return self.position


def recorded(step: dict) -> dict:
    """The step's action as the journal records it: with what the service drew."""
    return {**step["action"], **step.get("drawn", {})}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_an_example_game_replays_through_the_api_to_its_hand_worked_end(client, app, monkeypatch, path):
    example = json.loads(path.read_text(encoding="utf-8"))
    variant = example.get("variant", "standard")
    table = Table(client, *example["players"], edition=example["edition"], variant=variant, options=example["options"])
    for number, step in enumerate(example["steps"], start=1):
        if "drawn" in step:
            monkeypatch.setattr(chance, "_random", Drawn(**step["drawn"]))
        response = client.post(f"/games/{table.id}/actions", json=step["action"], headers=table.headers())
        assert response.status_code == 201, (number, step["action"], response.json)
        cash = [p["cash"] for p in response.json["state"]["players"]]
        assert cash == step["cash"], f"step {number}: {step.get('note', step['action'])}"

    final = example["final"]
    state = table.state()
    assert [p["cash"] for p in state["players"]] == final["cash"]
    assert [p["position"] for p in state["players"]] == final["positions"]
    assert [p["jail_cards"] for p in state["players"]] == final["jail_cards"]
    owners = {str(p["position"]): p["owner"] for p in state["properties"] if p["owner"] is not None}
    assert owners == final["owners"]
    assert state["turn"]["seat"] == final["turn"]
    assert state["version"] == 1 + len(example["steps"])
    if "in_jail" in final:
        assert [p["in_jail"] for p in state["players"]] == final["in_jail"]
    if "bankrupt" in final:
        assert [p["bankrupt"] for p in state["players"]] == final["bankrupt"]
    if "winners" in final:
        assert state["finished"] and state["winners"] == final["winners"]
    if "standings" in final:
        response = client.get(f"/games/{table.id}/standings", headers=table.headers())
        rows = [row for row in response.json["standings"] if not row["bankrupt"]]
        assert len(rows) == len(final["standings"])
        shown = [{key: row[key] for key in expected} for row, expected in zip(rows, final["standings"], strict=True)]
        assert shown == final["standings"]

    ledger = table.ledger()
    for seat, cash in enumerate(final["cash"]):  # every balance is the sum of its ledger entries
        received = sum(e["amount"] for e in ledger if e["to"] == seat)
        paid = sum(e["amount"] for e in ledger if e["from"] == seat)
        assert received - paid == cash, seat
    if "ledger_entries" in final:
        assert len(ledger) == final["ledger_entries"]
    if "rulings" in final:
        rulings = Counter(r["rule"] for event in table.journal() for r in event["rulings"])
        assert {rule: rulings[rule] for rule in final["rulings"]} == final["rulings"]

    referee = app.extensions["referee"]
    stored = referee.store.game(table.id)["state"]
    assert state_to_dict(referee.replay(table.id)) == stored
    options = Options(
        **{**example["options"], "variant": variant, "house_rules": tuple(example["options"].get("house_rules", ()))}
    )
    setup = Setup(tuple(example["players"]), options)
    from_file = replay(shipped()[example["edition"]], setup, [parse_action(recorded(s)) for s in example["steps"]])
    assert state_to_dict(from_file) == stored
