"""Whatever a client sends, the answer is problem details (issue 16, item 2),
also where the server, not the app, refuses the request: a request line or
headers past its limits (414, 431), a body larger than its route takes (413,
before the rest of it is read) or a request it cannot parse (400)."""

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


def answer_while_sending(server, head: bytes, chunks: int, chunk: bytes) -> bytes:
    """Send the head, then the chunks one by one; what the server answers by the time they are
    sent (or it stops reading), empty when it answered nothing."""
    host, port = server.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(head)
        try:
            for _ in range(chunks):
                connection.sendall(chunk)
        except OSError:  # the server answered and closed while the body was still coming
            pass
        answer = b""
        try:
            while piece := connection.recv(65536):
                answer += piece
        except OSError:
            pass
        return answer


@pytest.mark.parametrize(
    "head, chunk",
    [
        (b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"
         % (4 * 1024 * 1024), b"x" * 65536),
        (b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
         b"10000\r\n" + b"x" * 65536 + b"\r\n"),
    ],
    ids=["declared", "chunked"],
)  # fmt: skip
def test_a_body_past_its_routes_limit_is_refused_before_the_server_reads_the_rest(server, head, chunk):
    # Read whole first, 32 MiB (the import's limit) sent to a route that takes 256 KiB fills
    # the server's disk with buffered bodies: 1 GiB for the 32 connections one address holds.
    answer = answer_while_sending(server, head, 5, chunk)  # 320 KiB: past 256 KiB, the body not yet whole
    status, _, body = answer.partition(b"\r\n\r\n")
    assert status.startswith(b"HTTP/1.1 413"), answer[:200]
    problem = json.loads(body)
    assert problem["status"] == 413
    assert problem["detail"] == "The body is larger than this request takes: at most 262144 bytes."


def test_a_refusal_by_the_server_itself_speaks_the_readers_language(server):
    # The app answers each reader in the language it accepts; a body the server refuses
    # before the app sees it is answered in that language too, not in English alone.
    head = (
        b"POST /games HTTP/1.1\r\nHost: x\r\nAccept-Language: uk-UA,uk;q=0.9\r\n"
        b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n" % (4 * 1024 * 1024)
    )
    answer = answer_while_sending(server, head, 5, b"x" * 65536)
    status, _, body = answer.partition(b"\r\n\r\n")
    assert status.startswith(b"HTTP/1.1 413") and b"\r\nContent-Language: uk" in status, answer[:300]
    problem = json.loads(body)
    assert problem["title"] == "Завеликий запит"
    assert problem["detail"] == "Тіло запиту більше, ніж приймає цей запит: не більше 262144 байтів."


def test_an_import_still_takes_a_body_past_the_other_routes_limit(server):
    journal = json.dumps({"format": "referee/1", "events": [], "padding": "x" * 300_000}).encode()
    head = b"POST /games/import HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n"
    status, _, body = raw(server, head + b"Content-Length: %d\r\n\r\n" % len(journal) + journal)
    assert status == 422 and "padding" in body["errors"]["json"]


def test_one_address_sends_at_most_two_journals_at_once(server):
    # An import may send 32 MiB, read whole (to a temporary file) before the app's rate limit
    # counts it: unbounded, the 32 connections of one address would hold 1 GiB of the disk.
    host, port = server.url.removeprefix("http://").split(":")
    head = b"POST /games/import HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"
    sending = [socket.create_connection((host, int(port)), timeout=5) for _ in range(3)]
    try:
        for connection in sending:
            connection.sendall(head % (8 * 1024 * 1024) + b"{" + b" " * 65536)
        answer = answered(sending[2])
        status, _, body = answer.partition(b"\r\n\r\n")
        assert status.startswith(b"HTTP/1.1 429") and b"\r\nRetry-After: " in status, answer[:300]
        problem = json.loads(body)
        assert problem["code"] == "rate_limited"
        assert problem["detail"] == "This address is sending 2 journals already: send one at a time."
        sending[0].settimeout(0.5)
        with pytest.raises(TimeoutError):  # the first two are still being read
            sending[0].recv(1)
    finally:
        for connection in sending:
            connection.close()


def answered(connection: socket.socket) -> bytes:
    """One whole answer: its head, then as much body as its Content-Length says
    (a body may come in a later packet than the head)."""
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += connection.recv(65536)
    head, _, body = answer.partition(b"\r\n\r\n")
    lengths = [line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")]
    length = int(lengths[0])
    while len(body) < length:
        body += connection.recv(65536)
    return head + b"\r\n\r\n" + body
