"""``python -m benchmarks``: every measurement in one run (a few minutes).

python -m benchmarks            # everything
python -m benchmarks --quick    # fewer samples, shorter loads
python -m benchmarks --only engine,inprocess,depth,facts,http,capacity,servers
"""

from __future__ import annotations

import argparse
import os
import platform
import sqlite3
import sys
import tempfile
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path

from referee.__main__ import settings

from . import engine, facts, inprocess, load, servers, tables
from .server import serving
from .stats import Summary, heading

SECTIONS = ("engine", "inprocess", "depth", "facts", "http", "capacity", "servers")
REGRESSION = 0.10  # how much worse the server may do than the one before it (issue 16)


SERVED_BY = ("flask", "flask-smorest", "sqlite-utils", "gunicorn", "waitress")


def machine() -> str:
    production = settings()
    return (
        f"{os.cpu_count()} cores ({platform.processor() or platform.machine()}), load {os.getloadavg()[0]:.1f};"
        f" Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}, "
        + ", ".join(f"{name} {version(name)}" for name in SERVED_BY)
        + f" ({production['workers']} workers x {production['threads']} threads, {production['worker_class']})"
    )


@dataclass
class Targets:
    """The issue's targets, checked against what this run measured."""

    engine: dict[str, float] | None = None
    allowed: dict[str, float] | None = None
    inprocess: dict[str, Summary] | None = None
    depth: dict[str, dict[str, Summary]] | None = None
    facts: facts.Figures | None = None
    http: dict[str, Summary] | None = None
    capacity: int | None = None  # tables held
    servers: servers.Comparison | None = None
    lines: list[str] = field(default_factory=list)

    def check(self, what: str, measured: str, met: bool) -> None:
        self.lines.append(f"  {'met    ' if met else 'MISSED '} {what:<52} {measured}")

    def print(self) -> None:
        if self.allowed:
            cost, ratio = self.allowed["us_per_state"], self.allowed["ratio_to_today"]
            yardsticks = self.allowed["yardsticks"]
            measured = f"{cost:.1f} µs ({ratio:.2f}x today's {engine.ALLOWED_TODAY_US:.0f} µs)"
            measured += f", {yardsticks:.2f} yardsticks"
            self.check("allowed() <= 20 µs a late-game state", measured, cost <= 20)
        if self.engine:
            rate = self.engine["games_per_s"]
            self.check("engine >= 60 complete random games/s", f"{rate:.0f}/s on one core", rate >= 60)
        if self.inprocess:
            write = self.inprocess[tables.RENT.name]
            floor = self.inprocess[inprocess.FLOOR]
            ratio, cpu = write.median / floor.median, write.cpu_median / floor.cpu_median
            self.check("write median <= 4x bare endpoint (in process)", f"{ratio:.1f}x (CPU {cpu:.1f}x)", ratio <= 4)
        if self.depth:
            at = self.depth["all"]
            ratio = at["late"].median / at["early"].median
            cpu = at["late"].cpu_median / at["early"].cpu_median
            self.check("action at event 5000 <= 1.2x at event 50", f"{ratio:.2f}x (CPU {cpu:.2f}x)", ratio <= 1.2)
        if self.facts:
            played, steady = self.facts.played, self.facts.steady
            ratio, cpu = facts.ratio(played.undo[facts.CYCLE])
            measured = f"{ratio:.2f}x (CPU {cpu:.2f}x; never buying: {facts.ratio(steady.undo[facts.CYCLE])[0]:.2f}x)"
            self.check("undo + redo at event 5000 <= 1.2x at event 50", measured, ratio <= 1.2)
            ratio, cpu = facts.ratio(played.history)
            measured = f"{ratio:.2f}x (CPU {cpu:.2f}x; never buying: {facts.ratio(steady.history)[0]:.2f}x)"
            self.check("history?after=version-1 at 5000 <= 1.2x at 50", measured, ratio <= 1.2)
            found = self.facts.bytes
            measured = f"{found.facts:.0f} bytes/event ({found.without:.0f} without, {found.total:.0f} with)"
            self.check("facts add <= 2 KB per stored event on average", measured, found.facts <= 2048)
        if self.http:
            write, floor = self.http[load.WRITES], self.http[load.FLOOR]
            ratio = write.p99 / write.median
            measured = f"{ratio:.1f}x (the bare endpoint's: {floor.p99 / floor.median:.1f}x)"
            self.check("HTTP, 8 connections: write p99 <= 10x p50", measured, ratio <= 10)
        if self.capacity is not None:
            held = self.capacity
            self.check("capacity >= 2000 tables (p99 < 50 ms, no errors)", f"{held} tables", held >= 2000)
        if self.servers:
            for what, ratio in self.servers.ratios.items():
                worse = ratio is None or (ratio > 1 + REGRESSION if what == "write cost" else ratio < 1 - REGRESSION)
                measured = f"{ratio:.2f}x" if ratio is not None else "not measured: the old server held no step"
                self.check(f"{what} now within {REGRESSION:.0%} of before", measured, not worse)
        if self.lines:
            heading("Targets")
            print("\n".join(self.lines))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer samples and shorter loads")
    parser.add_argument("--only", default=",".join(SECTIONS), help="comma-separated: " + ",".join(SECTIONS))
    parser.add_argument("--step-seconds", type=float, help="duration of one capacity step (default 20; quick 10)")
    parser.add_argument("--capacity-budget", type=float, default=240, help="seconds for the whole capacity search")
    parser.add_argument("--max-tables", type=int, default=16000, help="the capacity search goes no higher")
    args = parser.parse_args(argv)
    only = set(args.only.split(","))
    unknown = only - set(SECTIONS)
    if unknown:
        parser.error(f"unknown sections {sorted(unknown)}")
    quick = args.quick
    print(machine())
    found = Targets()
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as tmp:
        directory = Path(tmp)
        if "engine" in only:
            found.allowed = engine.allowed_per_state(rounds=3 if quick else 7)
            found.engine = engine.random_games(20 if quick else 100)
        if "inprocess" in only:
            found.inprocess = inprocess.typical(directory, 50 if quick else 300)
        if "depth" in only:
            found.depth = inprocess.depth(directory, early=50, late=5000, window=50 if quick else 200)
        if "facts" in only:
            found.facts = facts.run(directory, early=50, late=5000, samples=50 if quick else 200, count=500)
        if "http" in only:
            with serving("bare", directory) as bare, serving("referee", directory) as referee:
                load.sequential(bare, referee, 50 if quick else 300, directory)
                found.http = load.concurrent(bare, referee, connections=8, seconds=5 if quick else 15)
        step = args.step_seconds or (10 if quick else 20)
        if "capacity" in only:
            with serving("referee", directory) as referee:
                best = load.capacity(
                    referee, seconds=step, budget=args.capacity_budget, start=500, most=args.max_tables
                )
                found.capacity = best.tables if best else 0
        if "servers" in only:
            with serving("gthread", directory) as old, serving("referee", directory) as new:
                found.servers = servers.compare(old, new, quick, step, args.capacity_budget, args.max_tables)
    found.print()
    print(f"\n(load average at the end: {os.getloadavg()[0]:.1f})")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
