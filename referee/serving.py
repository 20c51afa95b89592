"""How ``python -m referee`` serves: gunicorn's threaded worker, answering the
errors gunicorn itself finds in a request (a request line or headers past its
limits: 414, 431; a malformed request: 400) as problem details, like every
other error of the service, instead of gunicorn's HTML page."""

from __future__ import annotations

import json

from gunicorn import util
from gunicorn.workers.gthread import ThreadWorker


def write_problem(sock, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's ``util.write_error``, writing RFC 9457 problem details."""
    body = json.dumps(
        {"type": "about:blank", "title": reason, "status": status_int, "detail": mesg or reason}, ensure_ascii=False
    ).encode()
    head = (
        f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\n"
        f"Content-Type: application/problem+json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    util.write_nonblock(sock, head.encode("latin-1") + body)


class ProblemWorker(ThreadWorker):
    """The gthread worker, its own error answers written as problem details."""

    def init_process(self) -> None:
        # The worker process is gunicorn's alone: its error pages are all written through this function.
        util.write_error = write_problem
        super().init_process()
