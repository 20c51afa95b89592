"""A hypothesis state machine plays a table through the HTTP API: legal and
illegal actions, retries with Idempotency-Keys, stale If-Match versions,
strangers' seats, undos, corrections and moves to another server. After
every step the books must balance, the fold of the journal's facts must be
the stored state, and whatever was refused must have changed nothing."""

import dataclasses
import functools
import itertools
import tempfile
import uuid
from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from referee import create_app
from referee.audit import audit
from referee.editions import shipped
from referee.rules import ACTIONS, parse_action, step
from referee.rules.serialize import state_from_dict, state_to_dict
from referee.simulate import random_action

from ..rules.test_random_games import DrawnChooser

EDITION = shipped()["classic"]
FILLERS = {"dice": [1, 2], "amount": 1, "option": "x", "card": "x", "position": 1}


def without_version(state: dict) -> dict:
    return {k: v for k, v in state.items() if k != "version"}


@functools.cache
def servers() -> tuple:
    """The server every example plays its table on and the one it moves it to, started once:
    each example's game has its own id, tokens and keys, and every check reads that game only."""
    scratch = tempfile.TemporaryDirectory()  # kept with the servers, removed when the run ends
    folder = Path(scratch.name)
    here = create_app({"REFEREE_DATABASE": str(folder / "db.sqlite3"), "TESTING": True})
    elsewhere = create_app({"REFEREE_DATABASE": str(folder / "elsewhere.sqlite3"), "TESTING": True})
    return here, elsewhere, scratch


class Table(RuleBasedStateMachine):
    """One new game on the server; the machine remembers what it was told."""

    def __init__(self):
        super().__init__()
        self.app, self.elsewhere, _ = servers()
        self.client = self.app.test_client()
        self.referee = self.app.extensions["referee"]
        self.before: list[tuple] = []  # (view, engine state) before each action still in effect
        self.last_keyed: tuple[str, str, dict, dict] | None = None  # path, key, body, first answer

    # -- talking to the server ---------------------------------------------------
    def post(self, path: str, body: dict | None, token: str | None = None, **headers):
        sent = {"Authorization": f"Bearer {token or self.token}", **headers}
        return self.client.post(f"/games/{self.id}{path}", json=body, headers=sent)

    def books(self) -> tuple:
        state = self.client.get(f"/games/{self.id}", headers={"Authorization": f"Bearer {self.token}"}).json
        events = self.referee.store.count_events(self.id)
        _, entries = self.referee.store.ledger(self.id, limit=0)
        return state, events, entries

    def engine_state(self):
        return state_from_dict(self.referee.store.game(self.id)["state"])

    def fill(self, kind: str, seat: int) -> dict:
        """A well-formed body for an action type, whatever it means now."""
        fields = {f.name for f in dataclasses.fields(ACTIONS[kind].cls)} - {"seat"}
        return {"type": kind, "seat": seat, **{name: FILLERS[name] for name in fields if name in FILLERS}}

    # -- the table ----------------------------------------------------------------
    @initialize(players=st.integers(2, 4), automatic=st.booleans())
    def create(self, players, automatic):
        body = {
            "edition": "classic",
            "players": [{"name": f"P{i}"} for i in range(players)],
            "options": {"rent_collection": "automatic" if automatic else "claim"},
        }
        created = self.client.post("/games", json=body, headers={"Idempotency-Key": str(uuid.uuid4())})
        assert created.status_code == 201
        self.id, self.token = created.json["id"], created.json["token"]
        self.seat_tokens = [p["token"] for p in created.json["players"]]

    @rule(data=st.data(), keyed=st.booleans(), with_version=st.booleans())
    def legal_action(self, data, keyed, with_version):
        action = random_action(self.engine_state(), EDITION, DrawnChooser(data))
        if action is None:
            return
        state, engine = self.books()[0], self.engine_state()
        headers = {"If-Match": f'"{state["version"]}"'} if with_version else {}
        key = str(uuid.uuid4())
        if keyed:
            headers["Idempotency-Key"] = key
        # the table's own actions (auction_result, adjust...) go with the table's token; others with either
        seat_token = [] if ACTIONS[action["type"]].table else [self.seat_tokens[action["seat"]]]
        token = data.draw(st.sampled_from([None, *seat_token]), label="token")
        response = self.post("/actions", action, token, **headers)
        assert response.status_code == 201, response.json
        self.before.append((state, engine))
        if keyed:
            self.last_keyed = ("/actions", key, action, response.json)

    @rule(data=st.data())
    def illegal_action(self, data):
        state, _, _ = self.books()
        legal = {(a["type"], a["seat"]) for a in state["allowed"]}
        seats = range(len(state["players"]))
        illegal = [(t, s) for t, s in itertools.product(sorted(ACTIONS), seats) if (t, s) not in legal]
        kind, seat = data.draw(st.sampled_from(illegal), label="illegal")
        body = self.fill(kind, seat)
        books = self.books()
        response = self.post("/actions", body)
        assert response.status_code in (409, 422), (body, response.json)
        assert self.books() == books

    @precondition(lambda self: self.last_keyed is not None)
    @rule()
    def retry(self):
        path, key, body, first = self.last_keyed
        books = self.books()
        again = self.post(path, body, **{"Idempotency-Key": key})
        assert again.status_code == 201 and again.json == first
        assert again.headers["Idempotent-Replayed"] == "true"
        assert self.books() == books

    @precondition(lambda self: self.last_keyed is not None)
    @rule()
    def reuse_a_key_for_another_request(self):
        path, key, body, _ = self.last_keyed
        books = self.books()
        other = {**body, "seat": (body.get("seat") or 0) + 1} if path == "/actions" else {"event": 10**6}
        response = self.post(path, other, **{"Idempotency-Key": key})
        assert response.status_code == 422
        assert self.books() == books

    @rule(data=st.data())
    def stale_version(self, data):
        state, _, _ = self.books()
        action = random_action(self.engine_state(), EDITION, DrawnChooser(data))
        books = self.books()
        stale = data.draw(st.integers(1, state["version"] - 1), label="stale") if state["version"] > 1 else 0
        response = self.post("/actions", action or {"type": "end_turn", "seat": 0}, **{"If-Match": f'"{stale}"'})
        assert response.status_code == 412 and response.json["current_version"] == state["version"]
        assert self.books() == books

    @rule(data=st.data())
    def another_seats_token(self, data):
        move = random_action(self.engine_state(), EDITION, DrawnChooser(data))
        if move is None:
            return
        stranger = (move["seat"] + 1) % len(self.seat_tokens)
        books = self.books()
        response = self.post("/actions", move, self.seat_tokens[stranger])
        assert response.status_code == 403
        assert self.books() == books

    @precondition(lambda self: self.before)
    @rule(keyed=st.booleans())
    def undo(self, keyed):
        key = str(uuid.uuid4())
        response = self.post("/undo", {}, **({"Idempotency-Key": key} if keyed else {}))
        assert response.status_code == 201, response.json
        assert without_version(response.json["state"]) == without_version(self.before.pop()[0])
        if keyed:
            self.last_keyed = ("/undo", key, {}, response.json)

    @precondition(lambda self: self.before)
    @rule(data=st.data())
    def correct(self, data):
        _, before = self.before[-1]
        replacement = random_action(before, EDITION, DrawnChooser(data))
        if replacement is None:
            return
        current = self.referee.store.game(self.id)["version"]
        response = self.post("/corrections", {"action": replacement})
        assert response.status_code == 201, response.json
        # the replacement stands where the mistake stood, on the same earlier state (as a new
        # event: what it makes is numbered by the correction's event, e.g. a trade offer's id)
        expected = state_to_dict(step(replace(before, version=current), parse_action(replacement), EDITION).state)
        assert without_version(self.referee.store.game(self.id)["state"]) == without_version(expected)

    @rule()
    def move_to_another_server(self):
        headers = {"Authorization": f"Bearer {self.token}"}
        exported = self.client.get(f"/games/{self.id}/export", headers=headers).json
        there = self.elsewhere.test_client()
        moved = there.post("/games/import", json=exported)
        assert moved.status_code == 201, moved.json
        here = self.client.get(f"/games/{self.id}", headers=headers).json
        assert {k: v for k, v in moved.json["state"].items() if k != "id"} == {
            k: v for k, v in here.items() if k != "id"
        }
        assert audit(self.elsewhere.extensions["referee"], moved.json["id"]) == []

    # -- after every step -------------------------------------------------------------
    @invariant()
    def books_balance_and_the_facts_fold_to_the_stored_state(self):
        if hasattr(self, "id"):
            assert audit(self.referee, self.id) == []
            assert state_to_dict(self.referee.replay(self.id)) == self.referee.store.game(self.id)["state"]


Table.TestCase.settings = settings(
    max_examples=20,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
test_a_table_through_the_api_keeps_its_books = Table.TestCase
