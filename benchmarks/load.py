"""Load over HTTP on 127.0.0.1, from a Python load generator in this process.

Why Python and not wrk: every request must be a legal action of its own game
with its answer checked (status, event number, money), tables must act on a
schedule (one action every 5 s each), and the benchmark must run from a fresh
clone with nothing installed beyond the project. The generator shares the
machine's cores with the server, so its figures are a floor of what the
server does alone; its own delay in sending is reported (``late``).

Everything is bounded: loopback only, a fixed duration per run, a fixed
number of tables, and the capacity search has a time budget.
"""

from __future__ import annotations

import os
import queue
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from http.client import HTTPException
from pathlib import Path
from typing import Any

from .bare import FLOOR_ACTION, check_floor
from .clients import Http
from .disk import CommitProbe
from .stats import Summary, heading, ms, timed
from .tables import ACTIONS, Game, WrongAnswer, act, create, random_actions, read, scenes

FLOOR = "bare endpoint (floor)"
WRITES = "write: random actions of 8 games"
PERIOD = 5.0  # seconds between two actions of one table


def _floor(client: Http) -> None:
    check_floor(*client.request("POST", "/games/g/actions", FLOOR_ACTION))


def sequential(bare: int, referee: int, samples: int, directory: Path) -> dict[str, Summary]:
    """One connection, one request at a time: the floor and each typical
    action; and a bare durable commit at the same moments, on the same disk."""
    heading(f"HTTP, one connection, {samples} samples each")
    floor, client = Http(bare), Http(referee)
    probe = CommitProbe(directory / "probe-http.sqlite3")
    if "build" not in ACTIONS:
        print("  build: skipped -- this engine has no `build` action yet")
    reader = create(client)
    times: dict[str, list[float]] = defaultdict(list)
    for _ in range(samples):
        times[FLOOR].append(timed(lambda: _floor(floor))[0])
        for scene in scenes():
            game = scene.prepare(client)
            times[scene.name].append(timed(lambda scene=scene, game=game: scene.run(client, game))[0])
        times["GET /games/{id}"].append(timed(lambda: read(client, reader))[0])
        times["SQLite commit alone (WAL, FULL)"].append(probe.sample())
    probe.close()
    results = {name: Summary(name, tuple(values)) for name, values in times.items()}
    for summary in results.values():
        print(summary.line(results[FLOOR]))
    return results


# -- closed loop: N connections, each sending as fast as it is answered -------


@dataclass
class _Player:
    """One connection's own game and the random actions it plays in order."""

    client: Http
    script: list[dict[str, Any]]
    game: Game | None = None
    played: int = 0

    def next_action(self) -> None:
        if self.game is None or self.played == len(self.script):
            self.game, self.played = create(self.client, players=4), 0
        act(self.client, self.game, self.script[self.played])
        self.played += 1


def _hammer(name: str, calls: list[Callable[[], None]], seconds: float) -> tuple[Summary, int]:
    """Run each call in its own thread, over and over, for ``seconds``."""
    latencies: list[list[float]] = [[] for _ in calls]
    errors = [0] * len(calls)
    wrong: list[WrongAnswer] = []
    start = threading.Barrier(len(calls) + 1)
    deadline = 0.0

    def loop(i: int) -> None:
        start.wait()
        while time.perf_counter() < deadline:
            try:
                latencies[i].append(timed(calls[i])[0])
            except WrongAnswer as answer:
                wrong.append(answer)
                return
            except (OSError, HTTPException):  # counted and reported: a load run goes on after a lost connection
                errors[i] += 1

    threads = [threading.Thread(target=loop, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    deadline = time.perf_counter() + seconds
    began = time.perf_counter()
    start.wait()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    if wrong:
        raise wrong[0]
    return Summary(name, tuple(t for per in latencies for t in per), seconds=elapsed), sum(errors)


def players(port: int, connections: int) -> list[_Player]:
    """One player a connection, each with its own random actions and its game created before the clock starts."""
    found = [_Player(Http(port), random_actions(seed, 3000)) for seed in range(connections)]
    for player in found:
        player.game = create(player.client, players=4)
    return found


def concurrent(bare: int, referee: int, connections: int, seconds: float) -> dict[str, Summary]:
    heading(f"HTTP, {connections} connections, {seconds:.0f} s each, as fast as answered")
    writers = players(referee, connections)
    readers = []
    for _ in range(connections):
        client = Http(referee)
        readers.append((client, create(client)))
    cases = {
        FLOOR: [partial(_floor, Http(bare)) for _ in range(connections)],
        WRITES: [p.next_action for p in writers],
        "read: GET /games/{id}": [lambda c=c, g=g: read(c, g) for c, g in readers],
    }
    results = {}
    for name, calls in cases.items():
        summary, errors = _hammer(name, calls, seconds)
        results[name] = summary
        print(summary.line(results[FLOOR]) + (f"  ERRORS {errors}" if errors else ""))
    return results


# -- open loop: tables acting on a schedule ------------------------------------


@dataclass
class _Table:
    game: Game
    script: list[dict[str, Any]]
    played: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


@dataclass
class Step:
    tables: int
    summary: Summary
    errors: int
    late: float  # p99 of how late a request started, after its scheduled time
    starved: float  # p99 of how late the scheduler itself woke up: the generator short of CPU
    load: float  # the machine's load average at the end of the step

    @property
    def held(self) -> bool:
        return self.errors == 0 and self.summary.p99 < 0.050

    def line(self) -> str:
        verdict = "held" if self.held else "NOT held"
        if not self.held and self.starved > 0.010:
            verdict += " (the generator itself ran late: the machine is busy; not the server's figure)"
        errors = f", {self.errors} errors" if self.errors else ""
        return (
            f"  {self.tables:>6} tables ({self.tables / PERIOD:6.0f} actions/s): p50 {ms(self.summary.median)}"
            f"  p99 {ms(self.summary.p99)}  n={len(self.summary.samples)}{errors}"
            f"  (started late p99 {ms(self.late)}, scheduler {ms(self.starved)}; load {self.load:.1f})  {verdict}"
        )


class Club:
    """Tables on one server, each with its own game, playing random scripts."""

    SCRIPTS = 16
    CONNECTIONS = 64

    def __init__(self, port: int):
        self.port = port
        self.scripts = [random_actions(seed, 400) for seed in range(self.SCRIPTS)]
        self.tables: list[_Table] = []
        self.pool: queue.Queue[Http] = queue.Queue()
        for _ in range(self.CONNECTIONS):
            self.pool.put(Http(port))

    def grow(self, count: int) -> None:
        """Create games until there are ``count`` tables (8 at a time)."""
        missing = count - len(self.tables)
        if missing <= 0:
            return

        def new(i: int) -> _Table:
            client = self.pool.get()
            try:
                return _Table(create(client, players=4), self.scripts[i % self.SCRIPTS])
            finally:
                self.pool.put(client)

        with ThreadPoolExecutor(8) as workers:
            self.tables += list(workers.map(new, range(len(self.tables), count)))

    def _send(self, table: _Table) -> None:
        client = self.pool.get()
        try:
            with table.lock:
                if table.played == len(table.script):
                    table.game, table.played = create(client, players=4), 0
                act(client, table.game, table.script[table.played])
                table.played += 1
        finally:
            self.pool.put(client)

    def run(self, tables: int, seconds: float) -> Step:
        """Each of ``tables`` tables sends one action every PERIOD seconds,
        spread evenly, for ``seconds``; latency counts from the scheduled time."""
        self.grow(tables)
        latencies: list[float] = []
        late: list[float] = []
        errors = [0]
        wrong: list[WrongAnswer] = []
        gap = PERIOD / tables
        count = int(seconds / gap)
        began = time.perf_counter() + 0.2

        def job(due: float, table: _Table) -> None:
            late.append(time.perf_counter() - due)
            try:
                self._send(table)
                latencies.append(time.perf_counter() - due)
            except WrongAnswer as answer:
                wrong.append(answer)
            except (OSError, HTTPException):  # counted: the step is then not held
                errors[0] += 1

        woke: list[float] = []
        with ThreadPoolExecutor(self.CONNECTIONS) as workers:
            for k in range(count):
                due = began + k * gap
                pause = due - time.perf_counter()
                if pause > 0:
                    time.sleep(pause)
                woke.append(time.perf_counter() - due)
                workers.submit(job, due, self.tables[k % tables])
        elapsed = time.perf_counter() - began
        if wrong:
            raise wrong[0]
        summary = Summary(f"{tables} tables", tuple(latencies) or (0.0,), seconds=elapsed)
        return Step(tables, summary, errors[0], _p99(late), _p99(woke), os.getloadavg()[0])


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[int(0.99 * (len(ordered) - 1))] if ordered else 0.0


@dataclass
class Search:
    """Where the capacity search is: double from ``start`` until a step fails,
    then halve the gap between the last held and the first not held."""

    tables: int
    most: int
    best: Step | None = None
    low: int = 0
    high: int | None = None
    done: bool = False

    def record(self, step: Step) -> None:
        if step.held:
            self.best, self.low = step, step.tables
        else:
            self.high = step.tables
        if self.high is None:
            self.done = self.tables >= self.most
            self.tables = min(self.most, self.tables * 2)
        elif self.high - self.low <= max(50, self.high // 16):
            self.done = True
        else:
            self.tables = (self.low + self.high) // 2

    def verdict(self) -> str:
        if self.best is None:
            return "no step held"
        bound = f"(the next step, {self.high}, was not)" if self.high else f"(the search stopped at {self.most})"
        return f"held: {self.best.tables} tables {bound}"


def capacity(port: int, seconds: float, budget: float, start: int, most: int) -> Step | None:
    """The largest number of tables held (p99 < 50 ms, no errors), searched within ``budget`` seconds."""
    heading(f"Capacity: tables each sending one action every {PERIOD:.0f} s, {seconds:.0f} s per step")
    club, search = Club(port), Search(start, most)
    deadline = time.monotonic() + budget
    while not search.done and time.monotonic() + seconds < deadline:
        step = club.run(search.tables, seconds)
        print(step.line(), flush=True)
        search.record(step)
    print(f"  {search.verdict()}")
    return search.best
