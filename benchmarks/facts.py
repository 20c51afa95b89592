"""Facts in the journal: undo (and the same action sent again) and the
polling worth history at event 50 vs event 5 000 of one game -- both read only
the facts they need, so neither should depend on the game's length -- and what
the facts add to a stored event. A second table, whose players never buy,
keeps its state the same size all game: only its journal grows."""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .clients import Client
from .inprocess import referee_client
from .stats import Summary, clocked, heading
from .tables import EDITION, Game, WrongAnswer, act, create, long_random_actions, random_actions, read, written

UNDO, REDO, CYCLE = "undo", "the action again", "undo + the action again"
HISTORY = "history?after=version-1"
# The action undone and sent again at both depths: the same kind, so that only the depth differs.
UNDONE = "roll"
# Each undo and redo adds two events; a game at event 50 is played anew after
# this many cycles, so it stays near event 50 (the game at 5 000 barely moves).
CYCLES_PER_GAME = 10


def build(client: Client, actions: list[dict[str, Any]], events: int) -> Game:
    """A new four-player game brought to event ``events`` (the creation is
    event 1, so ``actions[events - 2]`` is its last action)."""
    game = create(client, players=4)
    for action in actions[: events - 1]:
        act(client, game, action)
    return game


def undo(client: Client, game: Game) -> dict[str, Any]:
    """Take back the game's last action; the undo must be its next event."""
    return written(client, game, "/undo", {"event": game.version}, f"undo of event {game.version}")


def recent_worth(client: Client, game: Game) -> dict[str, Any]:
    """What a polling phone asks: the net worth after the last event only."""
    path = f"/games/{game.id}/standings/history?after={game.version - 1}"
    status, result = client.request("GET", path, token=game.token)
    if status != 200 or result["version"] != game.version or [p["event"] for p in result["points"]] != [game.version]:
        raise WrongAnswer(f"GET {path}: {status} {result}")
    return result


@dataclass(frozen=True)
class EventBytes:
    """What one game's stored events take in SQLite, averaged per event, in bytes."""

    events: int
    columns: tuple[str, ...]  # the columns counted as "without facts"
    without: float  # an event's row without its facts
    facts: float  # its facts column alone
    largest: int  # the largest facts of one event
    creation: int  # the creation's facts: the whole first state

    @property
    def total(self) -> float:
        return self.without + self.facts


def event_bytes(database: Path, game_id: str) -> EventBytes:
    """Each column's stored length (``length`` of its bytes; integers as their digits)."""
    with closing(sqlite3.connect(database)) as conn:
        columns = tuple(name for _, name, *_ in conn.execute("PRAGMA table_info(events)") if name != "facts")
        size = " + ".join(f"coalesce(length(CAST({name} AS BLOB)), 0)" for name in columns)
        facts = "coalesce(length(CAST(facts AS BLOB)), 0)"
        count, without, added, largest = conn.execute(
            f"SELECT count(*), sum({size}), sum({facts}), max({facts}) FROM events WHERE game_id = ?", (game_id,)
        ).fetchone()
        (creation,) = conn.execute(f"SELECT {facts} FROM events WHERE game_id = ? AND seq = 1", (game_id,)).fetchone()
    return EventBytes(count, columns, without / count, added / count, largest, creation)


def ratio(at: dict[str, Summary]) -> tuple[float, float]:
    """Late over early: the wall-clock medians', the CPU medians'."""
    return at["late"].median / at["early"].median, at["late"].cpu_median / at["early"].cpu_median


@dataclass(frozen=True)
class Depths:
    """One table's game measured at two depths ("early", "late")."""

    table: str  # who played it
    history: dict[str, Summary]  # depth -> the worth history's latencies
    undo: dict[str, dict[str, Summary]]  # UNDO, REDO or CYCLE -> depth -> latencies
    state_bytes: dict[str, int]  # depth -> the game's state as answered, in bytes


@dataclass(frozen=True)
class Figures:
    """What the section measured."""

    played: Depths  # random players, as in the "depth" section
    steady: Depths  # players who never buy: the state stays the same size, only the journal grows
    bytes: EventBytes


class Samples:
    """Wall and CPU times by (case, depth)."""

    def __init__(self) -> None:
        self.wall: dict[tuple[str, str], list[float]] = defaultdict(list)
        self.cpu: dict[tuple[str, str], list[float]] = defaultdict(list)

    def measure(self, case: str, label: str, call: Callable[[], object]) -> tuple[float, float]:
        elapsed, used, _ = clocked(call)
        self.wall[(case, label)].append(elapsed)
        self.cpu[(case, label)].append(used)
        return elapsed, used

    def add(self, case: str, label: str, elapsed: float, used: float) -> None:
        self.wall[(case, label)].append(elapsed)
        self.cpu[(case, label)].append(used)

    def summary(self, case: str, label: str, name: str) -> Summary:
        return Summary(name, tuple(self.wall[(case, label)]), cpu=tuple(self.cpu[(case, label)]))


def undo_cycle(client: Client, game: Game, action: dict[str, Any], samples: Samples, label: str) -> None:
    """Undo the last action, then send it again: the game is where it was, two events on."""
    elapsed, used = samples.measure(UNDO, label, lambda: undo(client, game))
    again, again_used = samples.measure(REDO, label, lambda: act(client, game, action))
    samples.add(CYCLE, label, elapsed + again, used + again_used)


def _print_pair(at: dict[str, Summary]) -> None:
    wall, cpu = ratio(at)
    print(at["early"].line())
    print(at["late"].line() + f"  late/early: wall {wall:4.2f}x, CPU {cpu:4.2f}x")


def never_buying(count: int, seeds: range = range(20)) -> tuple[list[dict[str, Any]], str]:
    """A game of ``count`` actions by random players who never buy, bid or build."""
    for seed in seeds:
        actions = random_actions(seed, count, cautious=True)
        if len(actions) == count:
            return actions, f"random players who never buy, bid or build (seed {seed})"
    raise RuntimeError(f"no cautious game of {count} actions among seeds {seeds}")


def last_of_kind(actions: list[dict[str, Any]], events: int, kind: str = UNDONE) -> int:
    """The first event from ``events`` on that is an action of ``kind``."""
    return next(at for at in range(events, len(actions) + 2) if actions[at - 2]["type"] == kind)


def depths(client: Client, table: tuple[list[dict[str, Any]], str], early: int, late: int, samples: int) -> Depths:
    """The worth history, then undo + redo, on one game brought to its first
    roll from event ``early`` on and a copy brought to its first roll from
    ``late`` on, sampled alternately so that load from elsewhere falls on both
    alike."""
    actions, players = table
    heading(f"Facts: undo and the worth history at event {early} vs {late} ({samples} samples each), {players}")
    events = {"early": last_of_kind(actions, early), "late": last_of_kind(actions, late)}
    games = {label: build(client, actions, at) for label, at in events.items()}
    state_bytes = {label: len(json.dumps(read(client, game))) for label, game in games.items()}
    timed = Samples()
    for _ in range(samples):
        for label, game in games.items():
            timed.measure(HISTORY, label, lambda game=game: recent_worth(client, game))
    history = {label: timed.summary(HISTORY, label, f"{HISTORY} at {at}") for label, at in events.items()}
    for k in range(samples):
        if k and k % CYCLES_PER_GAME == 0:
            games["early"] = build(client, actions, events["early"])
        for label, game in games.items():
            undo_cycle(client, game, actions[events[label] - 2], timed, label)
    reached = {label: game.version for label, game in games.items()}
    undone = {
        case: {label: timed.summary(case, label, f"{case} at {at}-{reached[label]}") for label, at in events.items()}
        for case in (CYCLE, UNDO, REDO)
    }
    for pair in (history, *undone.values()):
        _print_pair(pair)
    print(
        f"  the action undone: a {UNDONE} at both depths; state answered: {state_bytes['early']} bytes early,"
        f" {state_bytes['late']} late; the early game is played anew every {CYCLES_PER_GAME} cycles"
    )
    return Depths(players, history, undone, state_bytes)


def sizes(directory: Path, count: int) -> EventBytes:
    """One random game of about ``count`` actions through the API; its events' sizes as stored."""
    actions, players = long_random_actions(count)
    heading(f"Facts: bytes per stored event, one game of {len(actions)} actions, {players}")
    database = directory / "facts-bytes.sqlite3"
    game = build(referee_client(database), actions, len(actions) + 1)
    found = event_bytes(database, game.id)
    print(f"  {'row without facts (' + ', '.join(found.columns) + ')':<66} {found.without:8.0f} bytes/event")
    print(f"  {'row with facts':<66} {found.total:8.0f} bytes/event")
    print(f"  {'facts alone':<66} {found.facts:8.0f} bytes/event  ({found.facts / found.without:.1f}x the rest)")
    print(
        f"  largest facts of one event: {found.largest} bytes; the creation's (the whole first state): {found.creation}"
    )
    print(f"  ({EDITION.id}, 4 players, {found.events} events; lengths of the stored text, integers as their digits)")
    return found


def run(directory: Path, early: int, late: int, samples: int, count: int) -> Figures:
    client = referee_client(directory / "facts.sqlite3")
    enough = late + 50  # to reach the first roll from event ``late`` on
    played = depths(client, long_random_actions(enough), early, late, samples)
    steady = depths(client, never_buying(enough), early, late, samples)
    return Figures(played, steady, sizes(directory, count))
