"""Latency samples and how they are printed."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Summary:
    """Latencies of one measured case, in seconds."""

    name: str
    samples: tuple[float, ...]
    seconds: float = 0.0  # wall time of a throughput run, else 0
    cpu: tuple[float, ...] = ()  # CPU time of the same calls (in process only)

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def p99(self) -> float:
        ordered = sorted(self.samples)
        return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]

    @property
    def cpu_median(self) -> float:
        return statistics.median(self.cpu) if self.cpu else 0.0

    @property
    def rate(self) -> float:
        return len(self.samples) / self.seconds if self.seconds else 0.0

    def line(self, floor: Summary | None = None) -> str:
        text = f"  {self.name:<40} median {ms(self.median):>8}  p99 {ms(self.p99):>8}  n={len(self.samples)}"
        if self.seconds:
            text += f"  {self.rate:7.0f} req/s  p99/p50 {self.p99 / self.median:5.1f}"
        if floor is not None:
            text += f"  {self.median / floor.median:5.1f}x floor"
        if self.cpu:
            text += f"  | CPU median {ms(self.cpu_median):>8}"
            if floor is not None and floor.cpu:
                text += f"  {self.cpu_median / floor.cpu_median:5.1f}x floor"
        return text


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def timed(call: Callable[[], object]) -> tuple[float, object]:
    """One call's wall time and its result."""
    begin = time.perf_counter()
    result = call()
    return time.perf_counter() - begin, result


def clocked(call: Callable[[], object]) -> tuple[float, float, object]:
    """One call's wall time, the CPU time this thread spent in it, and its result.

    The CPU time leaves out waiting (for the disk, or for a core that another
    process holds), so it stays comparable on a busy machine."""
    begin_cpu, begin = time.thread_time(), time.perf_counter()
    result = call()
    return time.perf_counter() - begin, time.thread_time() - begin_cpu, result


def heading(text: str) -> None:
    print(f"\n== {text}", flush=True)
