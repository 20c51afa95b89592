"""No secret at rest in the clear: after an evening of play on a real server --
tables opened and imported with Idempotency-Keys (the page always sends one),
retried, played, seats moved to other devices by their one-time links, lost
phones' tokens replaced -- no token, move link and Idempotency-Key is
anywhere in the database's files, the WAL included, while the server runs or
after it stops (SPEC §4 Guarantees)."""

import random
import uuid

import requests

from .gunicorn import Phone, gunicorn, next_move

TABLES = 4
MOVES = 15  # per table


def issued(answer: dict) -> list[str]:
    return [answer["token"], *(p["token"] for p in answer["players"]), answer.get("spectator_token")]


def seats_moved_and_replaced(phone: Phone, seat_token: str) -> list[str]:
    """Seat 0 moves to another device by its link, the table replaces seat 1's and the
    spectator's tokens, each sent with a key: the secrets this handed out."""
    games = f"{phone.server.url}/games/{phone.game['id']}"
    secrets = []

    def post(path: str, token: str | None, body: dict | None = None) -> dict:
        key = str(uuid.uuid4())
        sent = {"Idempotency-Key": key, **({"Authorization": f"Bearer {token}"} if token else {})}
        answer = requests.post(f"{games}{path}", json=body, headers=sent, timeout=30)
        assert answer.status_code == 201, answer.text
        secrets.append(key)
        return answer.json()

    link = post("/seats/0/move", seat_token)["move_token"]
    moved = post("/seats/take", None, {"move_token": link})["token"]
    secrets += [link, moved, post("/seats/1/token", phone.game["token"])["token"]]
    secrets.append(post("/spectator/token", phone.game["token"])["token"])
    return secrets


def found_in_files(database, secrets: list[str]) -> list[str]:
    """The secrets whose text is in any file beside the database (WAL, shared memory, lock)."""
    contents = [path.read_bytes() for path in database.parent.iterdir() if path.name.startswith(database.name)]
    return [secret for secret in secrets if any(secret.encode() in content for content in contents)]


def test_an_evening_of_play_leaves_no_token_readable_in_any_database_file(tmp_path):
    database = tmp_path / "referee.sqlite3"
    secrets: list[str] = []
    rng = random.Random(16)
    with gunicorn(database, workers=2, threads=4) as server:
        body = {
            "edition": "classic",
            "players": [{"name": "Anna"}, {"name": "Boris"}, {"name": "Vera"}],
            "options": {"dice": "virtual", "decks": "virtual", "rent_collection": "automatic"},
            "spectator": True,
        }
        for _ in range(TABLES):
            key = str(uuid.uuid4())
            first = requests.post(f"{server.url}/games", json=body, headers={"Idempotency-Key": key}, timeout=30)
            again = requests.post(f"{server.url}/games", json=body, headers={"Idempotency-Key": key}, timeout=30)
            assert first.status_code == again.status_code == 201
            assert again.json() == first.json()  # the sealed answer opens with the key that sealed it
            assert again.headers["Idempotent-Replayed"] == "true"
            phone = Phone(server, first.json())
            for _ in range(MOVES):
                move = next_move(phone.state(), rng)
                action_key = str(uuid.uuid4())
                assert phone.act(move, **{"Idempotency-Key": action_key}).status_code == 201
                secrets.append(action_key)
            secrets += [key, *issued(first.json())]
            secrets += seats_moved_and_replaced(phone, first.json()["players"][0]["token"])
        journal = phone.session.get(f"{server.url}/games/{phone.game['id']}/export", timeout=30).json()
        key = str(uuid.uuid4())
        imported = requests.post(
            f"{server.url}/games/import", json=journal, headers={"Idempotency-Key": key}, timeout=30
        )
        assert imported.status_code == 201, imported.text
        secrets += [key, *issued(imported.json())]
        assert (tmp_path / "referee.sqlite3-wal").stat().st_size > 0  # the test reads a WAL with the evening in it
        assert found_in_files(database, [s for s in secrets if s]) == []
    assert found_in_files(database, [s for s in secrets if s]) == []
    assert len(secrets) > TABLES * (MOVES + 5 + 8)
