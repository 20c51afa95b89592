"""``python -m benchmarks``: every measurement in one run (a few minutes).

python -m benchmarks            # everything
python -m benchmarks --quick    # fewer samples, shorter loads
python -m benchmarks --only engine,inprocess,depth,http,capacity
"""

from __future__ import annotations

import argparse
import os
import platform
import sqlite3
import sys
import tempfile
from importlib.metadata import version
from pathlib import Path

from referee.__main__ import settings

from . import engine, inprocess, load
from .server import serving

SECTIONS = ("engine", "inprocess", "depth", "http", "capacity")


def machine() -> str:
    production = settings()
    return (
        f"{os.cpu_count()} cores ({platform.processor() or platform.machine()}), load {os.getloadavg()[0]:.1f};"
        f" Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}, "
        + ", ".join(f"{name} {version(name)}" for name in ("flask", "flask-smorest", "sqlite-utils", "gunicorn"))
        + f" ({production['workers']} workers x {production['threads']} threads, {production['worker_class']})"
    )


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
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as tmp:
        directory = Path(tmp)
        if "engine" in only:
            engine.random_games(20 if quick else 100)
        if "inprocess" in only:
            inprocess.typical(directory, 50 if quick else 300)
        if "depth" in only:
            inprocess.depth(directory, early=50, late=5000, window=50 if quick else 200)
        if "http" in only:
            with serving("bare", directory) as bare, serving("referee", directory) as referee:
                load.sequential(bare, referee, 50 if quick else 300)
                load.concurrent(bare, referee, connections=8, seconds=5 if quick else 15)
        if "capacity" in only:
            with serving("referee", directory) as referee:
                load.capacity(
                    referee,
                    seconds=args.step_seconds or (10 if quick else 20),
                    budget=args.capacity_budget,
                    start=500,
                    most=args.max_tables,
                )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
