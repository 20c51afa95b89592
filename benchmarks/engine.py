"""The engine alone: random legal games, as fast as one core plays them."""

from __future__ import annotations

import time
from collections import Counter

from referee.rules import GameState, Options, Setup, allowed
from referee.simulate import RandomChooser, play

from .stats import heading
from .tables import EDITION

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
    parameter generation included), and count how each game stopped."""
    heading(f"Engine alone: {games} random games, {PLAYERS} players, {EDITION.id}")
    how = Counter()
    actions = 0
    begin_cpu, begin = time.process_time(), time.perf_counter()
    for seed in range(games):
        played = 0
        for step in play(EDITION, _setup(), RandomChooser(seed), max_actions=ACTIONS_PER_GAME):
            played += 1
            state = step.outcome.state
        actions += played - 1
        if state.finished:
            how["ended (a winner)"] += 1
        elif played - 1 == ACTIONS_PER_GAME:
            how[f"stopped at {ACTIONS_PER_GAME} actions"] += 1
        else:
            how["stalled (nothing allowed: a debt no one can pay)"] += 1
    cpu, wall = time.process_time() - begin_cpu, time.perf_counter() - begin
    result = {"games_per_s": games / cpu, "us_per_action": cpu / actions * 1e6, "wall_games_per_s": games / wall}
    print(
        f"  {result['games_per_s']:.1f} complete games/s on one core (CPU time; {result['wall_games_per_s']:.1f}/s"
        f" wall clock), {result['us_per_action']:.1f} µs per action, {actions} actions"
    )
    print("  complete = ended, or stalled, or " + f"{ACTIONS_PER_GAME} actions played: " + dict_text(how))
    return result


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
    result = {"us_per_state": best * 1e6, "ratio_to_today": best * 1e6 / ALLOWED_TODAY_US}
    print(
        f"  {result['us_per_state']:.1f} µs a state (CPU time, best of {rounds}),"
        f" {result['ratio_to_today']:.2f}x the {ALLOWED_TODAY_US:.0f} µs of issue 14's today"
    )
    return result
