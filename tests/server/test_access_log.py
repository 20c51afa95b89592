"""No request can forge the access log of ``python -m referee``: a newline, an
ESC, a NUL or a byte that is not UTF-8 in the path, the query or a header shows
as an escape, so each request is one line and the log stays text; no token is
ever written there."""

import re
import socket
import time

import pytest

from .test_operations import answering, free_ports, referee_server, stop

TOKEN = "Bearer sEcReT-tOkEn-of-the-table"
FORGED = (
    b"GET /games/x%0a127.0.0.1%20-%20-%20FORGED%20%1b%5b31mRED%00%ff?q=%0d%0a%1b HTTP/1.1\r\n"
    b"Host: x\r\n"
    b'User-Agent: agent\t\xff\xe2\x80\xae "quoted" \\ end\r\n'  # a tab, a byte not UTF-8, a right-to-left override
    b"Referer: ref\xc3\xa9rent\xe2\x80\xa8next\r\n"  # é stays; U+2028 (a line separator to some readers) does not
    b"Authorization: " + TOKEN.encode() + b"\r\n"
    b"Connection: close\r\n\r\n"
)
CONTROL = re.compile(rb"[\x00-\x09\x0b-\x1f\x7f]")  # every control byte but the newline ending each line


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The club's server, as the README starts it (its access log on), and the file its output goes to."""
    database = tmp_path_factory.mktemp("access") / "referee.sqlite3"
    port = free_ports(1)[0]
    process = referee_server(database, port)
    try:
        assert answering(f"http://127.0.0.1:{port}"), "the server did not answer /health"
        yield port, database.with_suffix(".log")
    finally:
        stop(process)


def sent(port: int, request: bytes) -> bytes:
    """The answer's status line to a request sent byte for byte."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(request)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer.split(b"\r\n", 1)[0]


def logged(log, marker: bytes) -> list[bytes]:
    """The lines of the log that match ``marker``, once the server has written any (a bounded wait)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        lines = [line for line in log.read_bytes().split(b"\n") if re.search(marker, line)]
        if lines:
            return lines
        time.sleep(0.05)
    return []


def test_a_forged_line_in_a_request_is_one_escaped_line_of_the_access_log(served):
    port, log = served
    assert sent(port, FORGED).startswith(b"HTTP/1.1 401 ")
    lines = logged(log, rb"/games/x|FORGED")  # the request, and the line it tried to forge
    assert len(lines) == 1, lines
    address, _, answer = lines[0].decode("utf-8").partition(" [")
    assert address == "127.0.0.1 - -"
    when, _, answer = answer.partition("] ")
    assert re.fullmatch(r"\d\d/\w{3}/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}", when)
    assert re.sub(r"^(.*\" 401) \d+ ", r"\1 N ", answer) == (
        r'"GET /games/x\n127.0.0.1 - - FORGED \x1b[31mRED\x00\xff?q=%0d%0a%1b HTTP/1.1" 401 N '
        r'"reférent\u2028next" "agent\t\xff\u202e \"quoted\" \\ end"'
    )
    written = log.read_bytes()
    assert not CONTROL.search(written), "a raw control byte reached the log"
    written.decode("utf-8")  # text, never binary to grep
    assert not any(line.startswith(b"127.0.0.1 - - FORGED") for line in written.split(b"\n"))
    assert b"sEcReT" not in written  # the token a request carries is never logged
