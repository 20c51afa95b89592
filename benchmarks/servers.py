"""The server before and after requests were buffered, in one run: gunicorn's
gthread worker (``python -m benchmarks.gthread``: what ``python -m referee``
served with until slow clients could starve it) against ``python -m referee``
as it serves now (waitress in gunicorn's workers), both started here with the
same workers and threads.

Each figure is sampled in turn on the two servers, so that what the rest of
the machine does falls on both alike: one connection's write cost (the typical
actions, median), 8 connections writing as fast as they are answered
(writes/s), and the capacity search (tables held), its steps alternating.
A ratio is the new server's figure over the old one's.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from .clients import Http
from .load import Club, Search, _hammer, players
from .stats import heading, ms, timed
from .tables import scenes

OLD, NEW = "gthread (before)", "waitress in gunicorn (now)"


@dataclass(frozen=True)
class Comparison:
    write: tuple[float, float]  # median seconds of one write, one connection: old, new
    writes_per_s: tuple[float, float]  # 8 connections
    tables: tuple[int, int]  # capacity held

    @property
    def ratios(self) -> dict[str, float | None]:
        """Now over before: above 1 is better for the rate and the capacity, worse for the cost;
        None where the old server measured nothing to compare with (no capacity step held)."""
        pairs = {"write cost": self.write, "writes/s, 8 connections": self.writes_per_s, "capacity": self.tables}
        return {what: new / old if old else None for what, (old, new) in pairs.items()}


def write_cost(ports: dict[str, int], samples: int) -> dict[str, float]:
    """Median of every typical write (roll on rent, buy, build) over one kept-alive connection each."""
    clients = {name: Http(port) for name, port in ports.items()}
    times: dict[str, list[float]] = {name: [] for name in ports}
    for _ in range(samples):
        for name, client in clients.items():
            for scene in scenes():
                game = scene.prepare(client)
                times[name].append(timed(lambda s=scene, c=client, g=game: s.run(c, g))[0])
    for client in clients.values():
        client.close()
    return {name: statistics.median(values) for name, values in times.items()}


def writes_per_second(ports: dict[str, int], seconds: float, rounds: int = 2) -> dict[str, float]:
    """8 connections, each playing its own game's random actions as fast as answered; rounds in turn."""
    rates: dict[str, list[float]] = {name: [] for name in ports}
    for _ in range(rounds):
        for name, port in ports.items():
            writers = players(port, 8)
            summary, errors = _hammer(name, [p.next_action for p in writers], seconds)
            print(f"  {name:<28} {summary.rate:6.0f} writes/s  p50 {ms(summary.median)}  p99 {ms(summary.p99)}"
                  + (f"  ERRORS {errors}" if errors else ""), flush=True)  # fmt: skip
            rates[name].append(summary.rate)
            for player in writers:
                player.client.close()
    return {name: statistics.median(values) for name, values in rates.items()}


def capacities(ports: dict[str, int], seconds: float, budget: float, start: int, most: int) -> dict[str, int]:
    """Both capacity searches, one step of each in turn, within ``budget`` seconds together."""
    clubs = {name: Club(port) for name, port in ports.items()}
    searches = {name: Search(start, most) for name in ports}
    deadline = time.monotonic() + budget
    while time.monotonic() + seconds < deadline and not all(s.done for s in searches.values()):
        for name, search in searches.items():
            if not search.done and time.monotonic() + seconds < deadline:
                step = clubs[name].run(search.tables, seconds)
                print(f"  {name:<28}{step.line()}", flush=True)
                search.record(step)
    for name, search in searches.items():
        print(f"  {name:<28}  {search.verdict()}")
    return {name: search.best.tables if search.best else 0 for name, search in searches.items()}


def compare(old: int, new: int, quick: bool, step_seconds: float, budget: float, most: int) -> Comparison:
    ports = {OLD: old, NEW: new}
    heading("Servers: gthread before, waitress in gunicorn now (sampled in turn)")
    cost = write_cost(ports, 30 if quick else 150)
    for name in ports:
        print(f"  {name:<28} one connection, write median {ms(cost[name])}")
    rate = writes_per_second(ports, 5 if quick else 10)
    held = capacities(ports, step_seconds, budget, start=500, most=most)
    found = Comparison((cost[OLD], cost[NEW]), (rate[OLD], rate[NEW]), (held[OLD], held[NEW]))
    for what, ratio in found.ratios.items():
        print(f"  now / before, {what:<26} " + (f"{ratio:.2f}x" if ratio is not None else "no ratio: none held before"))
    return found
