"""A real gunicorn serving Referee on 127.0.0.1, for the server-level tests.

It binds a free port (port 0; the log says which), runs several workers with
several threads each, and is always stopped -- SIGTERM, then SIGKILL -- by the
context manager. Every wait is bounded; the tests send traffic only to this
server.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[2]
STARTUP_SECONDS = 60
LISTENING = re.compile(r"Listening at: http://127\.0\.0\.1:(\d+)")


class Server:
    """One gunicorn process group over one database file."""

    def __init__(self, database: Path, workers: int = 3, threads: int = 4, logs: Path | None = None):
        self.database = database
        self.workers = workers
        self.threads = threads
        self.log = (logs or database.parent) / f"gunicorn-{time.monotonic_ns()}.log"
        self.process: subprocess.Popen | None = None
        self.url = ""

    def start(self) -> Server:
        command = [
            sys.executable,
            "-m",
            "gunicorn",
            "--bind=127.0.0.1:0",
            f"--workers={self.workers}",
            f"--threads={self.threads}",
            "--worker-class=referee.serving.BufferedWorker",  # as python -m referee serves
            "--no-control-socket",
            "--graceful-timeout=5",
            f"--error-logfile={self.log}",
            "referee:create_app()",
        ]
        env = {**os.environ, "REFEREE_DATABASE": str(self.database)}
        self.process = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
        self.url = f"http://127.0.0.1:{self._port()}"
        self._wait_until_answering()
        return self

    def _port(self) -> int:
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {self.log.read_text() if self.log.exists() else ''}")
            found = LISTENING.search(self.log.read_text()) if self.log.exists() else None
            if found:
                return int(found.group(1))
            time.sleep(0.05)
        raise TimeoutError("gunicorn did not start listening")

    def _wait_until_answering(self) -> None:
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            try:
                if requests.get(f"{self.url}/editions", timeout=5).status_code == 200:
                    return
            except (requests.ConnectionError, requests.Timeout):  # workers still booting on a busy machine
                pass
            time.sleep(0.05)
        raise TimeoutError("gunicorn did not answer")

    def kill(self) -> None:
        """SIGKILL to the master and every worker at once: a crash, no cleanup."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.kill()


@contextmanager
def gunicorn(database: Path, workers: int = 3, threads: int = 4, logs: Path | None = None) -> Iterator[Server]:
    """``logs``: where the server's log goes (beside the database unless said)."""
    server = Server(database, workers, threads, logs)
    try:
        yield server.start()
    finally:
        server.stop()


class Phone:
    """A client at the table: its own HTTP session, one game's table token."""

    def __init__(self, server: Server, game: dict):
        self.server = server
        self.game = game
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {game['token']}"

    def state(self) -> dict:
        return self.session.get(f"{self.server.url}/games/{self.game['id']}", timeout=30).json()

    def act(self, body: dict, **headers: str) -> requests.Response:
        url = f"{self.server.url}/games/{self.game['id']}/actions"
        return self.session.post(url, json=body, headers=headers, timeout=30)


def new_game(server: Server, players: int = 3) -> dict:
    """A game that needs no dice or cards from the table, so any phone can play it."""
    body = {
        "edition": "classic",
        "players": [{"name": f"P{i}"} for i in range(players)],
        "options": {"dice": "virtual", "decks": "virtual", "rent_collection": "automatic"},
    }
    response = requests.post(f"{server.url}/games", json=body, timeout=30)
    assert response.status_code == 201, response.text
    return response.json()


# Moves a phone can make from the state alone in a game of virtual dice and decks.
SIMPLE = {"roll", "buy", "decline", "bid", "pass", "draw_card", "choose", "end_turn", "pay_jail_fine", "use_jail_card"}


def next_move(state: dict, rng: random.Random) -> dict | None:
    """One of the simple actions the state allows, with what it needs; None when there is none."""
    allowed = [move for move in state.get("allowed", ()) if move["type"] in SIMPLE]
    if not allowed:
        return None
    picked = rng.choice(allowed)
    move, options = {"type": picked["type"], "seat": picked["seat"]}, picked["options"]
    if move["type"] == "bid":
        move["amount"] = options["amount"]["min"]
    elif move["type"] == "choose":
        move["option"] = rng.choice(options["option"])
    return move
