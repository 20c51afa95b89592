"""A server on a loopback port, started and stopped by the benchmark: Referee
exactly as ``python -m referee`` serves it, the bare floor app with the
same settings, or Referee on gunicorn's gthread worker as it served before."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

COMMANDS = {
    "referee": [sys.executable, "-m", "referee"],
    "bare": [sys.executable, "-m", "benchmarks.bare"],
    "gthread": [sys.executable, "-m", "benchmarks.gthread"],
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_until_listening(port: int, process: subprocess.Popen, log: Path, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}; see {log}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"the server did not listen on port {port} within {seconds} s; see {log}")


@contextmanager
def serving(kind: str, directory: Path) -> Iterator[int]:
    """Start a server of ``kind`` on 127.0.0.1, yield its port, stop it."""
    port = free_port()
    env = {
        **os.environ,
        "REFEREE_BIND": f"127.0.0.1:{port}",
        "REFEREE_DATABASE": str(directory / f"{kind}-{port}.sqlite3"),
        "REFEREE_RATE_LIMITS": "off",  # the load generator is one address opening thousands of tables
        "REFEREE_CONNECTIONS_PER_CLIENT": "0",  # ... over 64 connections at once
    }
    log = directory / f"{kind}-{port}.log"
    root = Path(__file__).resolve().parent.parent
    with open(log, "wb") as output:
        process = subprocess.Popen(COMMANDS[kind], env=env, cwd=root, stdout=output, stderr=subprocess.STDOUT)
    try:
        _wait_until_listening(port, process, log)
        yield port
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
