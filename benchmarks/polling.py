"""How many phones can watch their tables, and how fast a change reaches them.

Serves Referee exactly as ``python -m referee`` does (waitress in gunicorn's
2 workers x 4 threads by default, access log on; every phone is 127.0.0.1,
so the cap of connections per client is off) on a loopback port, then:

1. throughput: client threads poll one game as fast as they can, with the
   current ETag (304) and without it (the full state, 200);
2. propagation: tables of phones poll every POLL seconds as the page does,
   while one player per table keeps playing; for each action, how long until
   each other phone holds the new version.

A measurement, not a test: bounded in time and count, loopback only. The
clients share the machine's cores with the server, so the figures are a floor.

    python benchmarks/polling.py [--tables 10] [--phones 4] [--seconds 20]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

POLL = 0.8  # the page's interval (referee/web/static/js/live.js)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Http:
    """One keep-alive connection, as a phone's browser keeps one."""

    def __init__(self, port: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

    def call(self, method: str, path: str, body=None, headers=None):
        headers = dict(headers or {})
        data = None
        if body is not None:
            data = json.dumps(body)
            headers["Content-Type"] = "application/json"
        try:
            self.conn.request(method, path, data, headers)
            response = self.conn.getresponse()
        except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
            # the server closed an idle keep-alive connection (the keep-alive is 2 s): reconnect
            self.conn.close()
            self.conn.request(method, path, data, headers)
            response = self.conn.getresponse()
        raw = response.read()
        return response.status, response.getheader("ETag"), (json.loads(raw) if raw else None)


def serve(port: int, database: str) -> subprocess.Popen:
    env = {
        **os.environ,
        "REFEREE_BIND": f"127.0.0.1:{port}",
        "REFEREE_DATABASE": database,
        "REFEREE_RATE_LIMITS": "off",
        "REFEREE_CONNECTIONS_PER_CLIENT": "0",  # every phone here is one address
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "referee"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    for _ in range(100):
        try:
            Http(port).call("GET", "/editions")
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


def create(port: int, players: int) -> dict:
    names = [{"name": f"P{i}"} for i in range(players)]
    status, _, game = Http(port).call("POST", "/games", {"edition": "classic", "players": names})
    assert status == 201, game
    return game


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def throughput(port: int, game: dict, clients: int, seconds: float, conditional: bool) -> tuple[float, list[float]]:
    auth = {"Authorization": f"Bearer {game['token']}"}
    version = game["state"]["version"]
    if conditional:
        auth["If-None-Match"] = f'"{version}"'
    latencies: list[float] = []
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def hammer():
        http = Http(port)
        mine = []
        while time.monotonic() < stop:
            began = time.perf_counter()
            status, _, _ = http.call("GET", f"/games/{game['id']}", headers=auth)
            mine.append(time.perf_counter() - began)
            assert status == (304 if conditional else 200), status
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=hammer) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return len(latencies) / seconds, latencies


class Player:
    """Plays one table through the API: the first allowed action that works."""

    def __init__(self, port: int, game: dict, edition: dict):
        self.http = Http(port)
        self.game = game
        self.auth = {"Authorization": f"Bearer {game['token']}"}
        self.decks = {d["id"]: [c["id"] for c in d["cards"]] for d in edition["decks"]}
        self.rng = random.Random(7)

    def body(self, allowed: dict, state: dict) -> dict:
        body = dict(allowed)
        pending = [p for p in state["pending"] if p.get("seat", p.get("owner")) == allowed["seat"]]
        if allowed["type"] == "roll":
            body["dice"] = [self.rng.randint(1, 6), self.rng.randint(1, 6)]
        elif allowed["type"] == "draw_card":
            draw = next(p for p in pending if p["type"] == "card_draw")
            held = {c for p in state["players"] for c in p["jail_cards"]}
            body["card"] = self.rng.choice([c for c in self.decks[draw["deck"]] if c not in held])
        elif allowed["type"] == "bid":
            return {}
        elif allowed["type"] == "choose":
            body["option"] = next(p for p in pending if p["type"] == "card_choice")["options"][0]
        return body

    def act(self, state: dict) -> tuple[dict, float] | None:
        for allowed in sorted(state["allowed"], key=lambda a: a["type"] in ("decline", "bid")):
            body = self.body(allowed, state)
            if not body:
                continue
            status, _, result = self.http.call("POST", f"/games/{self.game['id']}/actions", body, self.auth)
            if status == 201:
                return result["state"], time.monotonic()
        return None


def propagation(port: int, tables: int, phones: int, seconds: float) -> tuple[list[float], int, int]:
    _, _, edition = Http(port).call("GET", "/editions/classic")
    games = [create(port, 2) for _ in range(tables)]
    changed: dict[tuple[str, int], float] = {}  # (game, version) -> when the action was answered
    seen: list[float] = []
    polls = [0]
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def phone(game: dict):
        http = Http(port)
        auth = {"Authorization": f"Bearer {game['token']}"}
        etag = None
        time.sleep(random.random() * POLL)
        while time.monotonic() < stop:
            headers = {**auth, **({"If-None-Match": etag} if etag else {})}
            status, tag, state = http.call("GET", f"/games/{game['id']}", headers=headers)
            now = time.monotonic()
            with lock:
                polls[0] += 1
                if status == 200 and etag is not None and (game["id"], state["version"]) in changed:
                    seen.append(now - changed[(game["id"], state["version"])])
            etag = tag
            time.sleep(POLL)

    def player(game: dict):
        me = Player(port, game, edition)
        state = game["state"]
        while time.monotonic() < stop - 2:
            time.sleep(1.5 + random.random())
            done = me.act(state)
            if done is None:
                return
            state, answered = done
            with lock:
                changed[(game["id"], state["version"])] = answered

    threads = [threading.Thread(target=phone, args=(g,)) for g in games for _ in range(phones)]
    threads += [threading.Thread(target=player, args=(g,)) for g in games]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return seen, polls[0], len(changed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--phones", type=int, default=4, help="phones polling each table")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--clients", type=int, default=8, help="threads for the throughput phase")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as scratch:
        server = serve(port, os.path.join(scratch, "bench.sqlite3"))
        try:
            game = create(port, 2)
            for conditional, label in ((True, "poll answered 304"), (False, "full state 200")):
                rate, lat = throughput(port, game, args.clients, min(args.seconds, 10), conditional)
                print(
                    f"{label:>18}: {rate:7.0f} req/s with {args.clients} clients;"
                    f" latency p50 {1000 * statistics.median(lat):.1f} ms, p99 {1000 * percentile(lat, 0.99):.1f} ms"
                )
            seen, polls, actions = propagation(port, args.tables, args.phones, args.seconds)
            print(
                f"       propagation: {args.tables} tables x {args.phones} phones polling every {POLL}s,"
                f" {actions} actions, {polls} polls in {args.seconds:.0f}s"
            )
            print(
                f"                    change seen after p50 {1000 * statistics.median(seen):.0f} ms,"
                f" p99 {1000 * percentile(seen, 0.99):.0f} ms, max {1000 * max(seen):.0f} ms ({len(seen)} sightings)"
            )
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
