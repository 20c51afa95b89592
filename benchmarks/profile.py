"""Where a write (POST /games/{id}/actions: a roll landing on rent) and a read
(GET /games/{id}) spend their time, in process: ``python -m benchmarks.profile``.

cProfile over many requests, timing CPU (this thread's CPU time, so that
other load on the machine does not blur it), then the cumulative CPU time of
the stages of the path, per request. cProfile slows Python code down by a
similar factor throughout, so the shares matter more than the absolute
figures. Waiting for the disk (the commit's fsync) is not CPU time: it is
measured on its own, without profiling, at the end, with how many writes of
threads writing at once share one commit (the group commit).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .clients import InProcess
from .disk import CommitProbe
from .inprocess import referee_client
from .stats import ms
from .tables import RENT, act, read

# (label, file suffix, function name): the stages of the path, outermost first.
STAGES = [
    ("whole request (test client)", "werkzeug/test.py", "open"),
    ("  marshmallow Schema.load (the body)", "marshmallow/schema.py", "load"),
    ("  authenticate (token hash + SELECT)", "referee/api/auth.py", "authenticate"),
    ("  Referee.act", "referee/service/actions.py", "act"),
    ("    Store.commit: group commit (lock, BEGIN IMMEDIATE, SQL, COMMIT)", "referee/store.py", "commit"),
    ("    SELECT game row + json.loads", "referee/store.py", "game"),
    ("    state_from_dict", "referee/rules/serialize.py", "state_from_dict"),
    ("    engine step", "referee/rules/engine.py", "step"),
    ("    state_to_dict", "referee/rules/serialize.py", "state_to_dict"),
    ("    the event's facts and the invariants checked", "referee/service/records.py", "guarded"),
    ("    INSERT event + ledger (json dumps)", "referee/store.py", "append_event"),
    ("    UPDATE game state (json dumps)", "referee/store.py", "update_state"),
    ("    state view (allowed, jail decision)", "referee/present.py", "state_view"),
    ("  Referee.game (the read)", "referee/service/views.py", "game"),
    ("  marshmallow Schema.dump (off the hot paths now)", "marshmallow/schema.py", "dump"),
    ("  Shape: the answer in its schema's shape", "referee/api/shape.py", "__call__"),
    ("  JSON encoding of the answer", "flask/json/provider.py", "response"),
    ("sqlite3 execute (all statements)", "~", "<method 'execute' of 'sqlite3.Connection' objects>"),
    ("sqlite3 executemany", "~", "<method 'executemany' of 'sqlite3.Connection' objects>"),
]


def _stage_times(stats: pstats.Stats, requests: int) -> list[tuple[str, float]]:
    found = []
    for label, suffix, name in STAGES:
        total = sum(
            row[3]
            for (path, _line, function), row in stats.stats.items()
            if function == name and (path == suffix or path.endswith(suffix))
        )
        found.append((label, total / requests))
    return found


def _report(title: str, profile: cProfile.Profile, requests: int, top: int) -> None:
    stats = pstats.Stats(profile)
    print(f"\n== {title}: cumulative CPU time per request under cProfile ({requests} requests)")
    stages = _stage_times(stats, requests)
    whole = stages[0][1]
    for label, seconds in stages:
        if seconds:
            print(f"  {label:<62} {ms(seconds):>10}  {seconds / whole:5.0%}")
    print(f"  -- top {top} functions by own time:")
    stats.sort_stats("tottime").print_stats(top)


def _cpu(call: Callable[[], object], repeat: int = 200) -> float:
    """Best of five: CPU time of one call, averaged over ``repeat`` calls."""
    best = float("inf")
    for _ in range(5):
        begin = time.thread_time()
        for _ in range(repeat):
            call()
        best = min(best, (time.thread_time() - begin) / repeat)
    return best


def _act(client: InProcess, game) -> None:
    client.client.application.extensions["referee"].act(game.id, RENT.action)


def _empty_write(store) -> None:
    store.commit(lambda writer: None)


def direct(client: InProcess, directory: Path) -> None:
    """Each stage of the write and read paths timed on its own, unprofiled.
    Stages that change the game run on fresh games, one call each."""
    from referee.api.actions import ActionResultSchema, ActionSchema
    from referee.api.schemas import StateSchema
    from referee.api.shape import Shape
    from referee.editions import shipped
    from referee.present import state_view
    from referee.rules import parse_action, step
    from referee.rules.serialize import state_from_dict, state_to_dict
    from referee.service.access import token_digest

    from .bare import FLOOR_ACTION, bare_app

    referee = client.client.application.extensions["referee"]
    store = referee.store
    edition = shipped()["classic"]
    game = RENT.prepare(client)
    row = store.game(game.id)
    state = state_from_dict(row["state"])
    action = parse_action(RENT.action)
    outcome = step(state, action, edition)
    snapshot = state_to_dict(outcome.state)
    answer = act(client, game, RENT.action)
    view = referee.game(game.id)
    result_schema, state_schema, action_schema = ActionResultSchema(), StateSchema(), ActionSchema()
    result_shape, state_shape = Shape(ActionResultSchema), Shape(StateSchema)
    floor = InProcess(bare_app())
    unsynced = referee_client(directory / "direct-unsynced.sqlite3", fsync=False)
    fresh_unsynced = [RENT.prepare(unsynced) for _ in range(200)]
    fresh_act = [RENT.prepare(unsynced) for _ in range(1000)]

    def one_each(games, run, target):
        pending = iter(games)
        return lambda: run(target, next(pending))

    rows = [
        ("bare endpoint (the floor), whole request", lambda: floor.request("POST", "/games/g/actions", FLOOR_ACTION)),
        ("write, whole request (synchronous=OFF: CPU only)", one_each(fresh_unsynced, RENT.run, unsynced)),
        ("  Referee.act (synchronous=OFF)", one_each(fresh_act, _act, unsynced)),
        ("    Store.commit: flock + BEGIN IMMEDIATE + COMMIT, nothing written", lambda: _empty_write(store)),
        ("  body: ActionSchema.load", lambda: action_schema.load(RENT.action)),
        ("  token: sha256 + SELECT", lambda: store.token(token_digest(game.token))),
        ("  SELECT game row + json.loads", lambda: store.game(game.id)),
        ("  state_from_dict", lambda: state_from_dict(row["state"])),
        ("  engine step (roll landing on rent)", lambda: step(state, action, edition)),
        ("  state_to_dict", lambda: state_to_dict(outcome.state)),
        ("  state view: allowed + jail decision", lambda: state_view(outcome.state, edition, snapshot)),
        ("  answer: its shape (what the write sends)", lambda: result_shape(answer)),
        ("  answer: ActionResultSchema.dump (what it used to)", lambda: result_schema.dump(answer)),
        ("  answer: JSON encoding", lambda: json.dumps(answer)),
        ("read, whole request", lambda: read(client, game)),
        ("  state: its shape (what the read sends)", lambda: state_shape(view)),
        ("  state: StateSchema.dump (what it used to)", lambda: state_schema.dump(view)),
    ]
    print("\n== Stages on their own, unprofiled: CPU time per call (best of 5)")
    for label, call in rows:
        repeat = 40 if "whole request" in label and "write" in label else 200
        print(f"  {label:<52} {ms(_cpu(call, repeat)):>10}")


def commits(directory: Path, rounds: int = 3, count: int = 200) -> None:
    """The durable commit alone, several times (it varies with the disk's
    load), one write per commit and eight writes sharing one commit."""
    print("\n== SQLite commit alone (WAL, synchronous=FULL), wall clock")
    probe = CommitProbe(directory / "probe.sqlite3")
    for round in range(1, rounds + 1):
        single = sorted(probe.sample() for _ in range(count))
        batch = sorted(probe.sample(rows=8) / 8 for _ in range(count // 8))
        print(
            f"  round {round}: one write per commit: median {ms(single[count // 2])}, p99 {ms(single[-3])};"
            f"  8 writes per commit: median {ms(batch[len(batch) // 2])} per write"
        )
    probe.close()


def group_commit(directory: Path, threads: int = 8, writes: int = 100) -> None:
    """Threads of one process writing at once, each to its own games: how
    many writes share a commit, and the rate, against one thread alone."""
    print(f"\n== Group commit: {threads} threads x {writes} writes (Referee.act, synchronous=FULL), wall clock")
    for count in (1, threads):
        client = referee_client(directory / f"group-{count}.sqlite3")
        referee = client.client.application.extensions["referee"]
        games = [[RENT.prepare(client) for _ in range(writes)] for _ in range(count)]
        store = referee.store
        before = (store.writes, store.commits)

        def play(mine, referee=referee) -> None:
            for game in mine:
                referee.act(game.id, RENT.action)

        began = time.perf_counter()
        with ThreadPoolExecutor(count) as pool:
            list(pool.map(play, games))
        elapsed = time.perf_counter() - began
        done, commits = store.writes - before[0], store.commits - before[1]
        print(
            f"  {count} thread(s): {done / elapsed:6.0f} writes/s, {commits} commits,"
            f" {done / commits:.1f} writes per commit"
        )


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.profile", description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--cprofile", action="store_true", help="also profile whole requests with cProfile")
    parser.add_argument("--no-fsync", action="store_true", help="synchronous=OFF for this run (diagnostic)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="referee-profile-") as tmp:
        client: InProcess = referee_client(Path(tmp) / "profile.sqlite3", fsync=not args.no_fsync)
        direct(client, Path(tmp))
        commits(Path(tmp))
        group_commit(Path(tmp))
        if not args.cprofile:
            return
        games = [RENT.prepare(client) for _ in range(args.requests)]
        profile = cProfile.Profile(time.thread_time)
        for game in games:
            profile.runcall(RENT.run, client, game)
        _report(f"write: {RENT.name}", profile, args.requests, args.top)
        profile = cProfile.Profile(time.thread_time)
        for game in games:
            profile.runcall(read, client, game)
        _report("read: GET /games/{id}", profile, args.requests, args.top)


if __name__ == "__main__":
    main()
