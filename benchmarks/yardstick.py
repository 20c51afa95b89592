"""A yardstick for the machine: a fixed piece of pure Python, timed in the
same run as the engine's figures.

The machines these benchmarks run on differ by two or three times from one
day to the next, so an engine figure in µs compares only with figures of the
same machine. Divided by the yardstick it compares across machines: the
engine's cost in yardsticks changes when the engine does, hardly when the
machine does.
"""

from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass(frozen=True)
class _Seat:
    cash: int
    places: tuple[int, ...]


def _work() -> int:
    """What the engine spends its time on, in small: frozen objects read by
    attribute, dicts looked up, tuples built, functions called."""
    seats = tuple(_Seat(1500 - 10 * n, tuple(range(n % 7))) for n in range(40))
    prices = {place: 60 + 20 * place for place in range(40)}
    total = 0
    for _ in range(2):
        for seat in seats:
            worth = seat.cash + sum(prices[place] for place in seat.places)
            total += max(worth, 0) // 2
    return total


def yardstick_us(rounds: int = 7) -> float:
    """CPU time of one ``_work`` (about 100 µs on a quick machine), the best of
    ``rounds`` passes of 200 (µs)."""
    best = float("inf")
    for _ in range(rounds):
        begin = time.process_time()
        for _ in range(200):
            _work()
        best = min(best, (time.process_time() - begin) / 200)
    return best * 1e6
