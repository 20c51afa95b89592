"""Whatever a client sends, the answer is problem details (issue 16, item 2),
also where the server, not the app, refuses the request: a request line or
headers past its limits (414, 431), a body larger than any route takes (413,
before a byte of it is read) or a request it cannot parse (400)."""

import json
import socket

import pytest

from .gunicorn import gunicorn


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with gunicorn(tmp_path_factory.mktemp("errors") / "referee.sqlite3", workers=1, threads=2) as running:
        yield running


def raw(server, request: bytes) -> tuple[int, dict, dict]:
    """Send bytes as they are; the status, headers and JSON body of the answer."""
    host, port = server.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(request)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, json.loads(body)


@pytest.mark.parametrize(
    "request_bytes, status",
    [
        (b"GET /games/" + b"x" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
        (b"GET /editions HTTP/1.1\r\nHost: x\r\nX-Big: " + b"y" * 9000 + b"\r\n\r\n", 431),
        (b"GET /editions HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(150)) + b"\r\n", 431),
        (b"POST /games/import HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % (64 * 1024 * 1024), 413),
        (b"GET /editions HTTP/9.9\r\nHost: x\r\n\r\n", 400),
    ],
    ids=["long request line", "long header", "too many headers", "body past any route's", "unknown protocol"],
)
def test_what_the_server_refuses_itself_is_answered_as_problem_details(server, request_bytes, status):
    answered, headers, body = raw(server, request_bytes)
    assert answered == status and headers["Content-Type"] == "application/problem+json"
    assert body["status"] == status and body["title"] and body["detail"]
