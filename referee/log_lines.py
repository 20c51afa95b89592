"""Log lines no request can forge: whatever a client sends shows as escapes.

A path, a query, a header or a method reaches the logs as the client wrote it;
a newline in it would start a line that looks like another request, an ESC
would drive the terminal the log is read in, and a byte that is not UTF-8
makes the file binary to grep. So every such value is written printable: a
control character or any other non-printable one as an escape (``\\n``,
``\\x1b``, ``\\u2028``), a byte that is not UTF-8 as ``\\xff``, the backslash
doubled so that an escape cannot be faked, and, in a quoted field, the quote
as ``\\"`` (as Apache and nginx write their logs). Printable text, accents and
Cyrillic included, stays readable.
"""

from __future__ import annotations

import logging
import traceback
from datetime import datetime

NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\\": "\\\\"}
QUOTED = {**NAMED, '"': '\\"'}
SURROGATE_BYTES = range(0xDC80, 0xDD00)  # where surrogateescape puts a byte that is not UTF-8


def _escape(char: str, named: dict[str, str]) -> str:
    if char in named:
        return named[char]
    if char.isprintable():
        return char
    code = ord(char)
    if code in SURROGATE_BYTES:
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def printable(text: str, quoted: bool = False) -> str:
    """``text`` on one line, every character that is not printable as its escape."""
    named = QUOTED if quoted else NAMED
    if text.isprintable() and not any(char in text for char in named):
        return text  # the usual case, checked in C
    return "".join(_escape(char, named) for char in text)


def from_wire(value: str, quoted: bool = False) -> str:
    """A WSGI value (the request's bytes as latin-1, PEP 3333) shown as the UTF-8 it
    should be: printable, and each byte that is not UTF-8 as ``\\xNN``."""
    if value.isascii():  # the usual case: the same text either way
        return printable(value, quoted)
    try:
        text = value.encode("latin-1").decode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # not bytes in latin-1 clothing: a str already
        text = value
    return printable(text, quoted)


def access_line(environ: dict, status: str, length: str) -> str:
    """gunicorn's default access log format (Apache's combined), every value from the request escaped."""

    def field(key: str) -> str:
        return from_wire(environ.get(key) or "-", quoted=True)

    query = environ.get("QUERY_STRING")
    target = from_wire(environ.get("PATH_INFO", "") + (f"?{query}" if query else ""), quoted=True)
    client = from_wire(environ.get("REMOTE_ADDR") or "-")  # a proxy's X-Forwarded-For, when REFEREE_PROXIES trusts one
    when = datetime.now().astimezone().strftime("%d/%b/%Y:%H:%M:%S %z")
    return (
        f'{client} - - [{when}] "{field("REQUEST_METHOD")} {target} {field("SERVER_PROTOCOL")}" '
        f'{status.split(" ", 1)[0]} {length} "{field("HTTP_REFERER")}" "{field("HTTP_USER_AGENT")}"'
    )


class OneLine(logging.Filter):
    """Each record of a logger on one printable line, its traceback included (escaped
    as ``\\n``): an error's message may quote the request it failed on."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = printable(record.getMessage())
        if record.exc_info:
            message += "\\n" + printable("".join(traceback.format_exception(*record.exc_info)).rstrip("\n"))
            record.exc_info = record.exc_text = None
        record.msg, record.args = message, ()
        return True


def one_line(*names: str) -> None:
    """Every record of these loggers written as one printable line (once per logger)."""
    for name in names:
        logger = logging.getLogger(name)
        if not any(isinstance(found, OneLine) for found in logger.filters):
            logger.addFilter(OneLine())
