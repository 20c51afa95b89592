"""Storage trouble is said, not hidden (issue 16, item 3): a real server whose
database lives on a small file system that fills up in the middle of a burst
of play answers every write it could not store with 503, Retry-After and
problem details, never 500; every write answered 201 is in the journal, and no
write answered 503 was stored (its retry, once there is room, is judged anew:
never "Idempotent-Replayed"), and the checkpoints that failed on the full disk
were logged, not given to a request (SPEC §4 Guarantees). A read-only or
locked database: tests/api/test_storage_trouble.py."""

import os
import random
import subprocess
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import pytest

from referee import create_app
from referee.audit import audit

from .gunicorn import Phone, gunicorn, new_game, next_move

SIZE = "3m"  # the small file system: room for the games, then the filler takes the rest
PHONES = 4
MOVES = 150  # per phone, at most
FILL_AFTER = 40  # acknowledged writes before the disk fills


@contextmanager
def small_file_system(path):
    path.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={SIZE}", "tmpfs", str(path)], capture_output=True)
    if mounted.returncode != 0:
        if os.environ.get("CI"):
            pytest.fail(f"CI runs as root and must mount a small tmpfs: {mounted.stderr.decode()}")
        pytest.skip("mounting a small file system needs root (CI runs as root)")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=False)


def fill(path) -> None:
    """Write until the file system refuses: the disk is full. Unbuffered, so
    that closing the file has nothing left to write (and no error to raise)."""
    with open(path / "filler", "wb", buffering=0) as filler:
        try:
            while True:
                filler.write(b"\0" * 4096)
        except OSError:
            pass


def is_storage_problem(response) -> bool:
    return (
        response.status_code == 503
        and response.headers["Content-Type"] == "application/problem+json"
        and response.json()["code"] == "storage_unavailable"
        and int(response.headers["Retry-After"]) > 0
    )


def test_a_disk_filling_mid_burst_gives_503_never_500_and_loses_or_invents_nothing(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    with small_file_system(tmp_path / "small") as small, gunicorn(small / "referee.sqlite3", 2, 4, logs) as server:
        games = [new_game(server) for _ in range(PHONES)]
        acknowledged, refused, lock, filled = [], [], threading.Lock(), threading.Event()
        phones = [Phone(server, game) for game in games]

        def play(number: int) -> list:
            phone, rng, answers = phones[number], random.Random(number), []
            for _ in range(MOVES):
                move = next_move(phone.state(), rng)
                key = str(uuid.uuid4())
                response = phone.act(move, **{"Idempotency-Key": key})
                answers.append(response.status_code)
                with lock:
                    if response.status_code == 201:
                        acknowledged.append((phone.game["id"], response.json()["event"]))
                    elif is_storage_problem(response):
                        refused.append((phone, key, move))
                    if len(acknowledged) == FILL_AFTER and not filled.is_set():
                        filled.set()
                        fill(small)
                if len(refused) >= 40:
                    break
            return answers

        with ThreadPoolExecutor(PHONES) as pool:
            statuses = [s for answers in pool.map(play, range(PHONES)) for s in answers]
        assert filled.is_set() and refused, "the disk never filled up under the burst"
        assert set(statuses) <= {201, 409, 503}, statuses  # 409: a move another phone's burst made stale

        (small / "filler").unlink()  # room again: every refused write may be sent again with its key
        for phone, key, move in refused:
            again = phone.act(move, **{"Idempotency-Key": key})
            assert again.status_code in (201, 409, 412) and "Idempotent-Replayed" not in again.headers
        for phone in phones:
            phone.session.close()  # no kept-alive connection for the server's graceful stop to wait on

        referee = create_app({"REFEREE_DATABASE": str(small / "referee.sqlite3")}).extensions["referee"]
        for game in games:
            journal = referee.store.events(game["id"])
            for game_id, event in acknowledged:
                if game_id == game["id"]:
                    assert journal[event["seq"] - 1]["action"] == event["action"]
            assert audit(referee, game["id"]) == []
    assert "Traceback" not in "".join(path.read_text() for path in logs.iterdir())
