"""A tiny API client for scenario tests: one table, its tokens, its actions."""

from __future__ import annotations

from datetime import UTC, datetime

END = datetime(2031, 5, 1, 20, 0, tzinfo=UTC)
"""A timed game's agreed end time, far ahead of any test run."""


def moved_clock(app, at: datetime) -> dict:
    """Give the service a clock the test moves (``now["at"] = ...``), starting at ``at``."""
    now = {"at": at}
    app.extensions["referee"].clock = lambda: now["at"]
    return now


class Table:
    def __init__(self, client, *names: str, edition: str = "classic", **body):
        self.client = client
        response = client.post(
            "/games", json={"edition": edition, "players": [{"name": n} for n in names or ("Anna", "Boris")], **body}
        )
        assert response.status_code == 201, response.json
        created = response.json
        self.id = created["id"]
        self.token = created["token"]
        self.seat_tokens = [p["token"] for p in created["players"]]
        self.created = created

    def headers(self, token: str | None = None) -> dict:
        return {"Authorization": f"Bearer {token or self.token}"}

    def act(self, type: str, seat: int, expect: int = 201, token: str | None = None, **fields) -> dict:
        response = self.client.post(
            f"/games/{self.id}/actions", json={"type": type, "seat": seat, **fields}, headers=self.headers(token)
        )
        assert response.status_code == expect, response.json
        return response.json

    def post(self, path: str, body: dict | None = None, token: str | None = None, **headers: str):
        """POST to one of this game's resources (``/actions``, ``/undo``, ...); the raw response.
        Header names are given with underscores: ``Idempotency_Key="..."``."""
        sent = {**self.headers(token), **{name.replace("_", "-"): value for name, value in headers.items()}}
        return self.client.post(f"/games/{self.id}{path}", json=body, headers=sent)

    def events(self) -> list[dict]:
        response = self.client.get(f"/games/{self.id}/events", headers=self.headers())
        assert response.status_code == 200, response.json
        return response.json

    def books(self) -> tuple[dict, list, list]:
        """The state, the ledger and the journal: what a refused request must leave alone."""
        return self.state(), self.ledger(), self.events()

    def roll(self, seat: int, a: int, b: int, **kw) -> dict:
        return self.act("roll", seat, dice=[a, b], **kw)

    def state(self) -> dict:
        response = self.client.get(f"/games/{self.id}", headers=self.headers())
        assert response.status_code == 200, response.json
        return response.json

    def cash(self) -> list[int]:
        return [p["cash"] for p in self.state()["players"]]

    def ledger(self, **query) -> list[dict]:
        response = self.client.get(
            f"/games/{self.id}/ledger", query_string={"page_size": 1000, **query}, headers=self.headers()
        )
        assert response.status_code == 200, response.json
        return response.json

    def journal(self) -> list[dict]:
        """The game's events, as GET /games/{id}/events returns them."""
        response = self.client.get(f"/games/{self.id}/events", headers=self.headers())
        assert response.status_code == 200, response.json
        return response.json

    def snapshot(self) -> tuple:
        """Everything a client can read about the game, to show that a refusal changed nothing."""
        return self.state(), self.ledger(), self.journal()


TABLE_DECISIONS = frozenset({"adjust", "rename", "leave"})
"""The table's own decisions: open at every moment of play, left out where a test is about the turn's flow."""


def of_play(allowed: list[dict]) -> list[dict]:
    """The allowed entries without the table's own decisions."""
    return [entry for entry in allowed if entry["type"] not in TABLE_DECISIONS]


def actions(allowed: list[dict]) -> list[dict]:
    """The allowed entries without their options: which actions, for which seats."""
    return [{key: value for key, value in entry.items() if key != "options"} for entry in allowed]


def broke_by_income_tax(table: Table) -> dict:
    """Seat 0 spends all but M50 on Baltic Avenue at auction, then a Chance card
    sends it back to Income Tax (M200) with no property left to raise cash on:
    the card's answer, the debt pending."""
    table.roll(0, 1, 2)  # Baltic Avenue
    table.act("decline", 0)
    table.act("bid", 0, amount=1450)
    table.act("pass", 1)
    table.act("end_turn", 0)
    table.roll(1, 4, 6)
    table.act("end_turn", 1)
    table.roll(0, 1, 3)
    return table.act("draw_card", 0, card="chance.back_3")  # Income Tax 200, with 50
