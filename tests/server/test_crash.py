"""The server is killed (SIGKILL, master and workers) in the middle of a burst
of writes and started again: every acknowledged action is stored, no action
is half-written, the ledger balances, and the state rebuilt from the journal
is the stored state. A phone that never heard back retries with its
Idempotency-Key and its action happens exactly once (SPEC §4 Guarantees)."""

import random
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import requests

from referee import create_app
from referee.audit import audit

from .gunicorn import Phone, gunicorn, new_game, next_move

CRASHES = 3
ACKNOWLEDGED_BEFORE_KILL = 40  # per crash, over all phones
PHONES_PER_GAME = 2
MOVES = 400  # upper bound per phone and crash
WAIT_SECONDS = 120


@dataclass
class Burst:
    """What the phones were told, and what they sent without hearing back."""

    acknowledged: list = field(default_factory=list)  # (game id, event)
    unanswered: list = field(default_factory=list)  # (game, key, body)
    lock: threading.Lock = field(default_factory=threading.Lock)


def burst(server, games, crash: int) -> Burst:
    seen = Burst()

    def play(number: int) -> None:
        game = games[number % len(games)]
        phone, rng = Phone(server, game), random.Random(crash * 100 + number)
        for _ in range(MOVES):
            try:
                move = next_move(phone.state(), rng)
            except requests.RequestException:
                return
            if move is None:
                return
            key = str(uuid.uuid4())
            try:
                response = phone.act(move, **{"Idempotency-Key": key})
            except requests.RequestException:
                with seen.lock:
                    seen.unanswered.append((game, key, move))
                return
            if response.status_code == 201:
                with seen.lock:
                    seen.acknowledged.append((game["id"], response.json()["event"]))

    phones = len(games) * PHONES_PER_GAME
    with ThreadPoolExecutor(phones) as pool:
        running = [pool.submit(play, n) for n in range(phones)]
        deadline = time.monotonic() + WAIT_SECONDS
        while len(seen.acknowledged) < ACKNOWLEDGED_BEFORE_KILL and time.monotonic() < deadline:
            if all(f.done() for f in running):
                break
            time.sleep(0.01)
        server.kill()  # mid-burst: the phones are still sending
    return seen


def journal_of(server, game) -> list[dict]:
    return Phone(server, game).session.get(f"{server.url}/games/{game['id']}/events?limit=5000").json()


def test_a_server_killed_mid_burst_loses_nothing_it_acknowledged_and_keeps_the_books(tmp_path):
    database = tmp_path / "referee.sqlite3"
    with gunicorn(database, workers=2, threads=4) as server:
        games = [new_game(server) for _ in range(3)]
        stored = {g["id"]: len(journal_of(server, g)) for g in games}
    for crash in range(CRASHES):
        with gunicorn(database, workers=2, threads=4) as server:
            seen = burst(server, games, crash)
        assert len(seen.acknowledged) >= ACKNOWLEDGED_BEFORE_KILL
        with gunicorn(database, workers=2, threads=4) as server:
            journals = {g["id"]: journal_of(server, g) for g in games}
            explained = {g["id"]: set() for g in games}
            for game_id, event in seen.acknowledged:
                assert journals[game_id][event["seq"] - 1] == event, "an acknowledged action was lost"
                explained[game_id].add(event["seq"])
            for game, key, move in seen.unanswered:
                retried = Phone(server, game).act(move, **{"Idempotency-Key": key})
                if retried.headers.get("Idempotent-Replayed") == "true":
                    # it committed just before the kill: the retry gets that very event
                    event = retried.json()["event"]
                    assert journals[game["id"]][event["seq"] - 1] == event
                    explained[game["id"]].add(event["seq"])
                else:
                    # it never committed: judged now, on the state the crash left
                    assert retried.status_code in (201, 409), retried.text
            for game in games:
                written = set(range(stored[game["id"]] + 1, len(journals[game["id"]]) + 1))
                assert written == explained[game["id"]], "the journal holds an action nobody sent"
            stored = {g["id"]: len(journal_of(server, g)) for g in games}
        referee = create_app({"REFEREE_DATABASE": str(database)}).extensions["referee"]
        for game in games:
            assert audit(referee, game["id"]) == [], "half-written action, unbalanced ledger or state off the journal"
