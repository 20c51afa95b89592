"""How ``before_facts.sqlite3`` was written: by the server as it was before
events kept their facts (the commit before "Events are facts"), through its
own API. ``python tests/data/before_facts.py OUT.sqlite3``.

Three games: one with a purchase, an auction, a correction and an undo; one
with virtual dice and decks; and one whose stored roll was altered afterwards,
so that its journal no longer replays to its state.
"""

import json
import sqlite3
import sys

from referee import create_app


def main(path: str) -> None:
    app = create_app({"REFEREE_DATABASE": path, "TESTING": True})
    client = app.test_client()
    ids = {name: play(client, name, **body) for name, body in GAMES.items()}
    app.extensions["referee"].store.close()
    db = sqlite3.connect(path)
    altered = ids["altered"][0]
    roll = db.execute("SELECT action FROM events WHERE game_id = ? AND seq = 2", (altered,)).fetchone()[0]
    db.execute(
        "UPDATE events SET action = ? WHERE game_id = ? AND seq = 2",
        (json.dumps({**json.loads(roll), "dice": [2, 3]}), altered),
    )
    # the test's own index of the games (the table tokens, which the store keeps only as digests)
    db.execute("CREATE TABLE names (game TEXT, id TEXT, token TEXT)")
    db.executemany("INSERT INTO names VALUES (?, ?, ?)", [(name, *found) for name, found in ids.items()])
    db.commit()
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.execute("PRAGMA journal_mode = DELETE")
    db.execute("VACUUM")
    db.close()


GAMES = {"classic": {}, "virtual": {"options": {"dice": "virtual", "decks": "virtual"}}, "altered": {}}


def play(client, name: str, **body) -> tuple[str, str]:
    """The game's id and table token."""
    created = client.post(
        "/games", json={"edition": "classic", "players": [{"name": "Anna"}, {"name": "Boris"}], **body}
    )
    game, token = created.json["id"], created.json["token"]

    def post(path, json):
        answer = client.post(f"/games/{game}{path}", json=json, headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 201, answer.json

    if name == "virtual":
        for _ in range(8):
            state = client.get(f"/games/{game}", headers={"Authorization": f"Bearer {token}"}).json
            kinds = ("roll", "draw_card", "buy", "end_turn", "pay_jail_fine")
            move = next(a for a in state["allowed"] if a["type"] in kinds)
            post("/actions", {"type": move["type"], "seat": move["seat"]})
        return game, token
    post("/actions", {"type": "roll", "seat": 0, "dice": [1, 2]})  # Baltic Avenue
    post("/actions", {"type": "buy", "seat": 0})
    post("/actions", {"type": "end_turn", "seat": 0})
    post("/actions", {"type": "roll", "seat": 1, "dice": [1, 3]})  # Income Tax, mistyped
    post("/corrections", {"action": {"type": "roll", "seat": 1, "dice": [2, 3]}})  # Reading Railroad
    post("/actions", {"type": "decline", "seat": 1})
    post("/actions", {"type": "bid", "seat": 0, "amount": 20})
    post("/actions", {"type": "pass", "seat": 1})
    post("/undo", {})
    post("/actions", {"type": "bid", "seat": 1, "amount": 30})
    post("/actions", {"type": "pass", "seat": 0})
    return game, token


if __name__ == "__main__":
    main(sys.argv[1])
