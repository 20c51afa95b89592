"""In process, through Flask's test client: the floor, typical actions, a
read, a bare durable commit, and the same action early and late in one long
game."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from referee import create_app

from .bare import FLOOR_ACTION, bare_app, check_floor
from .clients import Client, InProcess
from .disk import CommitProbe
from .stats import Summary, clocked, heading
from .tables import ACTIONS, EDITION, RENT, act, create, long_random_actions, read, scenes

FLOOR = "bare endpoint (floor)"


def referee_client(path: Path, fsync: bool = True) -> InProcess:
    app = create_app({"REFEREE_DATABASE": str(path), "RATELIMIT_ENABLED": False})
    if not fsync:
        # Diagnostic only: this thread's connection (the test client runs here)
        # stops waiting for the disk, to show what a write costs besides fsync.
        app.extensions["referee"].store.db.execute("PRAGMA synchronous = OFF")
    return InProcess(app)


def _floor(client: Client) -> Callable[[], None]:
    def call() -> None:
        check_floor(*client.request("POST", "/games/g/actions", FLOOR_ACTION))

    return call


def typical(directory: Path, samples: int) -> dict[str, Summary]:
    """The floor and each typical action, sampled in turn so that load from
    elsewhere on the machine falls on all of them alike. A scene's setup
    (a new game and the actions before the measured one) is not timed."""
    heading(f"In process (Flask test client), {samples} samples each; wall clock, then CPU time of the request")
    floor = InProcess(bare_app())
    referee = referee_client(directory / "inprocess.sqlite3")
    unsynced = referee_client(directory / "unsynced.sqlite3", fsync=False)
    probe = CommitProbe(directory / "probe.sqlite3")
    played = scenes()
    if "build" not in ACTIONS:
        print("  build: skipped -- this engine has no `build` action yet")
    reader = create(referee)
    wall: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)

    def measure(name: str, call: Callable[[], object]) -> None:
        elapsed, used, _ = clocked(call)
        wall[name].append(elapsed)
        cpu[name].append(used)

    for _ in range(samples):
        measure(FLOOR, _floor(floor))
        for scene in played:
            game = scene.prepare(referee)
            measure(scene.name, lambda scene=scene, game=game: scene.run(referee, game))
        measure("GET /games/{id}", lambda: read(referee, reader))
        game = RENT.prepare(unsynced)
        measure(f"{RENT.name}, synchronous=OFF *", lambda game=game: RENT.run(unsynced, game))
        wall["SQLite commit alone (WAL, FULL)"].append(probe.sample())
    probe.close()
    results = {name: Summary(name, tuple(values), cpu=tuple(cpu.get(name, ()))) for name, values in wall.items()}
    base = results[FLOOR]
    for summary in results.values():
        print(summary.line(base))
    print("  * diagnostic, not a setting: the same write without waiting for the disk")
    return results


def depth(directory: Path, early: int, late: int, window: int) -> dict[str, dict[str, Summary]]:
    """One long random game through the API, twice: one copy brought to event
    ``early``, the other to event ``late``; then their next ``window`` actions
    are sent alternately, so load from elsewhere falls on both alike."""
    heading(f"One game, actions at event {early} vs event {late} ({window} actions each, alternating)")
    actions, players = long_random_actions(late + window)
    client = referee_client(directory / "depth.sqlite3")
    games = {"early": create(client, players=4), "late": create(client, players=4)}
    first = {"early": early - 2, "late": late - 2}  # the creation is event 1; action i is event i + 2
    for label, game in games.items():
        for action in actions[: first[label]]:
            act(client, game, action)
    wall: dict[tuple[str, str], list[float]] = defaultdict(list)
    cpu: dict[tuple[str, str], list[float]] = defaultdict(list)
    for k in range(window):
        for label, game in games.items():
            action = actions[first[label] + k]
            elapsed, used, _ = clocked(lambda game=game, action=action: act(client, game, action))
            for kind in (action["type"], "all"):
                wall[(label, kind)].append(elapsed)
                cpu[(label, kind)].append(used)
    results = {}
    for kind in ["all"] + sorted({k for _, k in wall if k != "all"}):
        if min(len(wall[("early", kind)]), len(wall[("late", kind)])) < 10:
            continue
        at = {
            label: Summary(f"{kind} at event {start}", tuple(wall[(label, kind)]), cpu=tuple(cpu[(label, kind)]))
            for label, start in (("early", early), ("late", late))
        }
        results[kind] = at
        print(at["early"].line())
        ratio = f"  late/early: wall {at['late'].median / at['early'].median:4.2f}x"
        print(at["late"].line() + ratio + f", CPU {at['late'].cpu_median / at['early'].cpu_median:4.2f}x")
    sizes = {label: len(json.dumps(read(client, game))) for label, game in games.items()}
    print(f"  state answered at the end: {sizes['early']} bytes early, {sizes['late']} bytes late")
    print(f"  (the game: {EDITION.id}, 4 {players}, {len(actions)} actions, every answer checked)")
    return results
