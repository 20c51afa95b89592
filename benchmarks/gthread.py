"""Referee as ``python -m referee`` served it before requests were buffered:
gunicorn's gthread worker, each thread reading its own request, with the same
workers, threads and access log. For the comparison in ``benchmarks.servers``
only; ``python -m benchmarks.gthread`` serves it."""

from __future__ import annotations

from referee.__main__ import _Server, settings

if __name__ == "__main__":
    _Server({**settings(), "worker_class": "gthread"}).run()
