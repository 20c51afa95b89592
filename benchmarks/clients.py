"""Two ways to call the API with the same code: Flask's test client (in
process) and HTTP/1.1 over a kept-alive loopback connection (``http.client``)."""

from __future__ import annotations

import http.client
import json
import time
from typing import Any, Protocol


class Client(Protocol):
    def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]: ...


def _headers(token: str | None, has_body: bool) -> dict[str, str]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if has_body:
        headers["Content-Type"] = "application/json"
    return headers


class InProcess:
    """The Flask test client: the whole WSGI stack, no socket."""

    def __init__(self, app):
        self.client = app.test_client()

    def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body)
        response = self.client.open(path, method=method, data=data, headers=_headers(token, body is not None))
        return response.status_code, response.get_json(silent=True)


class Http:
    """One kept-alive HTTP connection to 127.0.0.1.

    The server closes a connection idle for longer than its keep-alive (2 s,
    gunicorn's setting); one idle for more than a second is reopened before use, so a
    request is never sent on a connection the server may be closing.
    """

    IDLE = 1.0

    def __init__(self, port: int):
        self.port = port
        self.connection: http.client.HTTPConnection | None = None
        self.last = 0.0

    def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        if self.connection is None or time.monotonic() - self.last > self.IDLE:
            self.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        data = None if body is None else json.dumps(body).encode()
        try:
            self.connection.request(method, path, body=data, headers=_headers(token, body is not None))
            response = self.connection.getresponse()
            payload = response.read()
        except (OSError, http.client.HTTPException):
            self.close()
            raise
        self.last = time.monotonic()
        try:
            return response.status, json.loads(payload) if payload else None
        except ValueError:  # not JSON (a server error page): the caller sees the status and the text
            return response.status, payload.decode(errors="replace")

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None
