"""Phones racing on one game, against a real gunicorn with several workers and
threads: writes are serialised -- never two events with one sequence number,
never a lost update -- and If-Match and Idempotency-Key hold under the race
(SPEC §4 Guarantees)."""

import random
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from referee import create_app
from referee.audit import audit

from .gunicorn import Phone, gunicorn, new_game, next_move

PHONES = 8  # client threads, against 3 workers x 4 threads
MOVES = 25  # attempts per phone


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    return tmp_path_factory.mktemp("races") / "referee.sqlite3"


@pytest.fixture(scope="module")
def server(database):
    with gunicorn(database, workers=3, threads=4) as running:
        yield running


def at_once(phones: list[Phone], move: dict, **headers: str) -> list:
    """Every phone sends the same request, released together."""
    start = threading.Barrier(len(phones))

    def send(phone: Phone):
        start.wait(timeout=30)
        return phone.act(move, **headers)

    with ThreadPoolExecutor(len(phones)) as pool:
        return list(pool.map(send, phones))


def audited(database, game_id: str) -> list[str]:
    return audit(create_app({"REFEREE_DATABASE": str(database)}).extensions["referee"], game_id)


def test_phones_racing_on_two_games_lose_no_update_and_fork_no_sequence(server, database):
    games = [new_game(server), new_game(server)]

    def play(phone_number: int) -> list[tuple[str, int, dict]]:
        rng = random.Random(phone_number)
        phone = Phone(server, games[phone_number % 2])
        answers = []
        for _ in range(MOVES):
            move = next_move(phone.state(), rng)
            if move is None:
                break
            response = phone.act(move)
            answers.append((phone.game["id"], response.status_code, response.json()))
        return answers

    with ThreadPoolExecutor(PHONES) as pool:
        answers = [a for batch in pool.map(play, range(PHONES)) for a in batch]

    assert {status for _, status, _ in answers} <= {201, 409}  # a move the race made stale is refused
    for game in games:
        acknowledged = [body["event"] for gid, status, body in answers if gid == game["id"] and status == 201]
        seqs = [event["seq"] for event in acknowledged]
        assert len(seqs) == len(set(seqs)), "two acknowledged actions share a sequence number"
        journal = Phone(server, game).session.get(f"{server.url}/games/{game['id']}/events?limit=5000").json()
        assert len(journal) == 1 + len(acknowledged), "an acknowledged action is missing, or one appeared unasked"
        for event in acknowledged:
            assert journal[event["seq"] - 1] == event
        assert audited(database, game["id"]) == []
    assert sum(1 for _, status, _ in answers if status == 201) > PHONES  # the race was real


def test_of_phones_racing_with_one_if_match_exactly_one_wins_each_version(server, database):
    game = new_game(server)
    phones = [Phone(server, game) for _ in range(6)]
    rng = random.Random(7)
    for _ in range(8):
        state = phones[0].state()
        move = next_move(state, rng)
        if move is None:
            break
        responses = at_once(phones, move, **{"If-Match": f'"{state["version"]}"'})
        # the move is legal at that version: the first phone through wins, every other is told it is late
        assert sorted(r.status_code for r in responses) == [201] + [412] * (len(phones) - 1)
        late = [r.json()["current_version"] for r in responses if r.status_code == 412]
        assert late == [state["version"] + 1] * (len(phones) - 1)
        assert phones[0].state()["version"] == state["version"] + 1
    assert audited(database, game["id"]) == []


def test_one_key_sent_from_many_phones_at_once_is_applied_once(server, database):
    game = new_game(server)
    phones = [Phone(server, game) for _ in range(6)]
    key = str(uuid.uuid4())
    move = next_move(phones[0].state(), random.Random(1))
    responses = at_once(phones, move, **{"Idempotency-Key": key})
    assert {r.status_code for r in responses} == {201}
    assert len({r.text for r in responses}) == 1
    assert sum(r.headers.get("Idempotent-Replayed") != "true" for r in responses) == 1
    assert phones[0].state()["version"] == 2
    assert len(phones[0].session.get(f"{server.url}/games/{game['id']}/events").json()) == 2
    assert audited(database, game["id"]) == []
