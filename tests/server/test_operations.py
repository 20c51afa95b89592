"""Operations (issue 16, item 10): ``GET /health`` says the database is read
and written (503 when it is not); ``python -m referee backup FILE`` copies a
database while its server writes, and the copy, put in place, serves every
game as it was; two servers of two databases on one machine run side by side,
each with its gunicorn control socket beside its database, and a server told
to stop answers the request it is serving first; a checkpointed WAL is cut
back instead of only growing."""

import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests

from referee import create_app
from referee.__main__ import main as referee_main
from referee.audit import audit
from referee.store import WAL_KEPT_BYTES, Store

from .gunicorn import ROOT, Phone, new_game, next_move

STARTUP_SECONDS = 60


def referee_server(database: Path, port: int) -> subprocess.Popen:
    """``python -m referee`` as a club runs it, on its own port and database."""
    env = {**os.environ, "REFEREE_DATABASE": str(database), "REFEREE_BIND": f"127.0.0.1:{port}", "REFEREE_WORKERS": "1"}
    log = open(database.with_suffix(".log"), "wb")  # noqa: SIM115 -- closed with the process
    return subprocess.Popen(
        [sys.executable, "-m", "referee"], cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True
    )


def answering(url: str) -> bool:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        try:
            return requests.get(f"{url}/health", timeout=5).status_code == 200
        except (requests.ConnectionError, requests.Timeout):
            time.sleep(0.1)
    return False


def stop(process: subprocess.Popen) -> None:
    if process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=15)


def free_ports(count: int) -> list[int]:
    import socket

    sockets = [socket.socket() for _ in range(count)]
    for s in sockets:
        s.bind(("127.0.0.1", 0))
    ports = [s.getsockname()[1] for s in sockets]
    for s in sockets:
        s.close()
    return ports


def answered_through_a_stop(process: subprocess.Popen, url: str, database: Path) -> int:
    """A new table whose write waits on the database's lock when the server is told to stop (SIGTERM):
    the server answers it before it exits, once the lock is free. Its status."""
    other = sqlite3.connect(str(database), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    with ThreadPoolExecutor(1) as pool:
        body = {"edition": "classic", "players": [{"name": "Anna"}, {"name": "Boris"}]}
        pending = pool.submit(requests.post, f"{url}/games", json=body, timeout=30)
        time.sleep(0.5)  # the request has arrived, its write waits for the lock
        os.killpg(process.pid, signal.SIGTERM)
        time.sleep(1.5)  # the workers are stopping, longer than they wait for their threads when they exit
        other.execute("ROLLBACK")
        other.close()
        status = pending.result().status_code
    process.wait(timeout=30)
    return status


class Served:
    def __init__(self, url: str):
        self.url = url


@pytest.fixture
def short_folder():
    """A folder with a short path, so that a control socket beside a database in it fits a unix
    socket's path (tmp_path, under a pytest-xdist worker's own folder, can be too long for one)."""
    with tempfile.TemporaryDirectory(prefix="referee-") as folder:
        yield Path(folder)


@pytest.mark.alone  # the stop is timed by sleeps: the write must wait on the lock when SIGTERM comes
def test_two_servers_run_side_by_side_answer_health_and_back_up_while_playing(tmp_path, short_folder):
    databases = [short_folder / "one" / "referee.sqlite3", short_folder / "two" / "referee.sqlite3"]
    for database in databases:
        database.parent.mkdir()
    ports = free_ports(2)
    servers = [referee_server(database, port) for database, port in zip(databases, ports, strict=True)]
    try:
        urls = [f"http://127.0.0.1:{port}" for port in ports]
        assert all(answering(url) for url in urls), "a server did not answer /health"
        health = requests.get(f"{urls[1]}/health", timeout=10).json()
        assert health["status"] == "ok" and health["version"]
        for database in databases:
            assert Path(f"{database}.gunicorn.ctl").exists()  # each its own, beside its database
        game = new_game(Served(urls[0]))
        phone, rng = Phone(Served(urls[0]), game), random.Random(10)
        for _ in range(10):
            assert phone.act(next_move(phone.state(), rng)).status_code == 201
        copy = tmp_path / "backup.sqlite3"
        backup = subprocess.run(
            [sys.executable, "-m", "referee", "backup", str(copy), "--database", str(databases[0])],
            cwd=ROOT,
            capture_output=True,
            timeout=60,
        )
        assert backup.returncode == 0, backup.stderr
        assert referee_main(["backup", str(copy), "--database", str(databases[0])]) == 1  # never overwrites
        state = phone.state()
        phone.session.close()  # no connection kept open for the servers' graceful stop to wait on
        assert answered_through_a_stop(servers[1], urls[1], databases[1]) == 201
    finally:
        for server in servers:
            stop(server)
    # restore, as the README says: the copy in place of the database, its WAL and shared memory gone
    restored = tmp_path / "restored" / "referee.sqlite3"
    restored.parent.mkdir()
    copy.rename(restored)
    referee = create_app({"REFEREE_DATABASE": str(restored), "TESTING": True})
    client = referee.test_client()
    answer = client.get(f"/games/{game['id']}", headers={"Authorization": f"Bearer {game['token']}"})
    assert answer.status_code == 200 and answer.json["version"] == state["version"]
    assert audit(referee.extensions["referee"], game["id"]) == []


def test_health_is_503_when_the_database_takes_no_writes(tmp_path):
    app = create_app({"REFEREE_DATABASE": str(tmp_path / "r.sqlite3"), "REFEREE_LOCK_TIMEOUT_SECONDS": 0.2})
    client = app.test_client()
    assert client.get("/health").status_code == 200
    other = sqlite3.connect(str(tmp_path / "r.sqlite3"), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        sick = client.get("/health")
        assert sick.status_code == 503 and sick.json["code"] == "storage_unavailable" and sick.headers["Retry-After"]
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_a_checkpointed_wal_is_cut_back_instead_of_only_growing(tmp_path):
    store = Store(tmp_path / "r.sqlite3", checkpoint_every=2)
    wal = Path(f"{tmp_path / 'r.sqlite3'}-wal")
    with store.write() as writer:
        writer.conn.execute("CREATE TABLE filler (data BLOB)")
    with store.write() as writer:  # a burst: the WAL grows to several MiB; then a checkpoint
        writer.conn.execute("INSERT INTO filler VALUES (?)", (os.urandom(4 * WAL_KEPT_BYTES),))
    assert wal.stat().st_size > 4 * WAL_KEPT_BYTES
    with store.write() as writer:  # the next write starts the WAL over, cut back to the limit
        writer.conn.execute("INSERT INTO filler VALUES (x'00')")
    assert wal.stat().st_size <= WAL_KEPT_BYTES
