"""The engine alone: random legal games, as fast as one core plays them."""

from __future__ import annotations

import time
from collections import Counter

from referee.rules import GameState, Options, Setup, allowed
from referee.rules.memo import later
from referee.simulate import RandomChooser, play

from .stats import heading
from .tables import EDITION
from .yardstick import yardstick_us

# A game that has not ended by then is counted as complete: about 40 rounds
# of a four-player table at three actions a turn (roll, a decision, end turn).
ACTIONS_PER_GAME = 500
PLAYERS = 4
ALLOWED_TODAY_US = 82.0
"""What ``allowed`` cost a late-game state when issue 14 was filed (µs)."""
LATE = range(250, ACTIONS_PER_GAME + 1, 5)
"""The late-game states sampled: every fifth from action 250 on, where
owners, buildings, mortgages and offers make ``allowed`` work hardest."""


def _setup() -> Setup:
    return Setup(tuple(f"P{i}" for i in range(PLAYERS)), Options(rent_collection="automatic"))


def random_games(games: int) -> dict[str, float]:
    """Play ``games`` random games of at most ``ACTIONS_PER_GAME`` actions each,
    choosing every action with the random table player (its ``allowed`` and
    parameter generation included), and count how each game stopped; then
    split an action's cost into ``allowed`` and the rest (see ``_split``)."""
    heading(f"Engine alone: {games} random games, {PLAYERS} players, {EDITION.id}")
    how = Counter()
    actions = 0
    played_states: list[list[GameState]] = []
    begin_cpu, begin = time.process_time(), time.perf_counter()
    for seed in range(games):
        states = []
        for step in play(EDITION, _setup(), RandomChooser(seed), max_actions=ACTIONS_PER_GAME):
            states.append(step.outcome.state)
        state = states[-1]
        actions += len(states) - 1
        played_states.append(states[:-1])  # the states an action was chosen in
        if state.finished:
            how["ended (a winner)"] += 1
        elif len(states) - 1 == ACTIONS_PER_GAME:
            how[f"stopped at {ACTIONS_PER_GAME} actions"] += 1
        else:
            how["stalled (nothing allowed: a debt no one can pay)"] += 1
    cpu, wall = time.process_time() - begin_cpu, time.perf_counter() - begin
    result = {"games_per_s": games / cpu, "us_per_action": cpu / actions * 1e6, "wall_games_per_s": games / wall}
    result["yardsticks_per_action"] = result["us_per_action"] / yardstick_us()
    print(
        f"  {result['games_per_s']:.1f} complete games/s on one core (CPU time; {result['wall_games_per_s']:.1f}/s"
        f" wall clock), {result['us_per_action']:.1f} µs per action ({result['yardsticks_per_action']:.2f}"
        f" yardsticks), {actions} actions"
    )
    print("  complete = ended, or stalled, or " + f"{ACTIONS_PER_GAME} actions played: " + dict_text(how))
    result.update(_split(played_states, result["us_per_action"]))
    return result


def _split(games: list[list[GameState]], per_action: float) -> dict[str, float]:
    """An action's cost as ``allowed`` and the rest (``step`` and the random
    chooser): ``allowed`` timed again on every state the games chose an action
    in, once each, in the order played (so its per-state memos meet the states
    as in play), and the rest what is left of the action. The rest alone bounds
    the games a second that a cheaper ``allowed`` could reach."""
    states = sum(map(len, games))
    begin = time.process_time()
    for game in games:
        for state in game:
            allowed(state, EDITION)
    allowed_us = (time.process_time() - begin) / states * 1e6
    rest_us = max(per_action - allowed_us, 0.0)
    bound = 1e6 / rest_us / ACTIONS_PER_GAME if rest_us else float("inf")
    print(
        f"  of an action's {per_action:.1f} µs: allowed() {allowed_us:.1f} µs (every state once, in the order played),"
        f" step and the chooser {rest_us:.1f} µs;"
        f" were allowed() free, at most {bound:.0f} complete games/s"
    )
    return {"allowed_in_play_us": allowed_us, "rest_us": rest_us, "games_per_s_bound": bound}


def dict_text(counts: Counter) -> str:
    return ", ".join(f"{n} {what}" for what, n in counts.most_common())


def late_states(games: int) -> list[GameState]:
    """The sampled late-game states of ``games`` random games (seeds 0, 1, ...)."""
    found = []
    for seed in range(games):
        for number, step in enumerate(play(EDITION, _setup(), RandomChooser(seed), max_actions=ACTIONS_PER_GAME)):
            if number in LATE:
                found.append(step.outcome.state)
    return found


def allowed_per_state(games: int = 10, rounds: int = 5) -> dict[str, float]:
    """CPU time of ``allowed`` on each sampled late-game state, the best of
    ``rounds`` passes over them all (the least disturbed by other processes)."""
    states = late_states(games)
    heading(f"allowed() on {len(states)} late-game states of {games} random games ({EDITION.id})")
    best = float("inf")
    for _ in range(rounds):
        begin = time.process_time()
        for state in states:
            allowed(state, EDITION)
        best = min(best, (time.process_time() - begin) / len(states))
    yardstick = yardstick_us()
    result = {
        "us_per_state": best * 1e6,
        "ratio_to_today": best * 1e6 / ALLOWED_TODAY_US,
        "yardstick_us": yardstick,
        "yardsticks": best * 1e6 / yardstick,
        **list_alone(states, rounds),
    }
    print(
        f"  {result['us_per_state']:.1f} µs a state (CPU time, best of {rounds}),"
        f" {result['ratio_to_today']:.2f}x the {ALLOWED_TODAY_US:.0f} µs of issue 14's today"
    )
    print(
        f"  this machine's yardstick (benchmarks/yardstick.py) took {yardstick:.1f} µs:"
        f" allowed() costs {result['yardsticks']:.2f} yardsticks a state, a figure other machines can compare"
    )
    print(
        f"  the list alone ({result['entries_per_state']:.1f} entries a state, their seats known, their options"
        f" unread) costs {result['list_alone_us']:.1f} µs: {result['list_alone_us'] / ALLOWED_TARGET_US:.0%} of"
        f" the {ALLOWED_TARGET_US:.0f} µs target, before any rule is asked"
    )
    return result


ALLOWED_TARGET_US = 20.0
"""Issue 14's target for ``allowed`` on a late-game state (µs)."""


def _unread(*args: object) -> dict:
    return {}


def list_alone(states: list[GameState], rounds: int) -> dict[str, float]:
    """The floor under ``allowed``: CPU time to make the very entries it
    gives for each state (type, seat, marks, options worked out when read, as
    ``allowed`` makes them), with which seats may act already known, so no
    rule is asked. Whatever ``allowed`` decides costs on top of this."""
    shapes = []
    for state in states:
        marks = ("table", "for_table")
        shapes.append([(e["type"], e["seat"], {k: e[k] for k in marks if k in e}) for e in allowed(state, EDITION)])
    best = float("inf")
    for _ in range(rounds):
        begin = time.process_time()
        for state, shape in zip(states, shapes, strict=True):
            found = []
            for kind, seat, marked in shape:
                found.append({"type": kind, "seat": seat, **marked, "options": later(_unread, state, EDITION, seat)})
        best = min(best, (time.process_time() - begin) / len(states))
    return {"list_alone_us": best * 1e6, "entries_per_state": sum(map(len, shapes)) / len(shapes)}
