"""Invariants guard every write in production, not only in tests: an outcome
that breaks the books (a bug in a rule) is refused before anything is stored,
named in a 500-class problem and logged with the game id."""

import logging
import sys

from referee.rules.step import Step

from .table import Table

STEP_MODULE = sys.modules[Step.__module__]  # the package's name `step` is the engine's function


def test_a_rule_that_moves_money_without_a_transfer_reaches_no_ledger(client, monkeypatch, caplog):
    table = Table(client, "Anna", "Boris")
    table.roll(0, 1, 2)  # Baltic Avenue
    books = table.books()
    moved = STEP_MODULE._moved

    def leaky(state, source, target, amount):  # a bug: the payer is charged one more than the transfer says
        changed = moved(state, source, target, amount)
        return changed.with_player(source, cash=changed.players[source].cash - 1)

    monkeypatch.setattr(STEP_MODULE, "_moved", leaky)
    with caplog.at_level(logging.ERROR, logger="referee"):
        response = table.post("/actions", {"type": "buy", "seat": 0})
    assert response.status_code == 500
    assert response.json["code"] == "invariant_broken"
    assert response.json["invariants"] == ["account 0 moves by -61, its transfers by -60"]
    assert table.id in caplog.text and "account 0 moves by -61" in caplog.text
    monkeypatch.undo()
    assert table.books() == books  # nothing stored
    assert table.act("buy", 0)["ledger"][0]["amount"] == 60


def test_a_rule_that_builds_from_nowhere_is_refused_too(client, monkeypatch):
    # seed 001: houses come from the bank's supply only; an outcome with more houses than exist is a bug
    table = Table(client, "Anna", "Boris")
    table.roll(0, 1, 2)
    books = table.books()
    start = Step.__init__

    def with_a_house(self, state, edition):
        start(self, state, edition)
        holdings = dict(state.holdings)
        holdings[3] = type(holdings[3])(**{**holdings[3].__dict__, "houses": 1})
        self.state = type(state)(**{**state.__dict__, "holdings": holdings})

    monkeypatch.setattr(Step, "__init__", with_a_house)
    response = table.post("/actions", {"type": "buy", "seat": 0})
    assert response.status_code == 500 and response.json["code"] == "invariant_broken"
    assert any("houses on board + bank" in problem for problem in response.json["invariants"])
    monkeypatch.undo()
    assert table.books() == books
