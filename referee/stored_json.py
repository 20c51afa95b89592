"""The JSON text of what the store keeps: the same text the standard library
writes (compact, not ASCII-escaped) and the same values it reads, made by
orjson, which does both several times faster. Every write stores a game's
whole state and every action reads it back, so this is a large part of a
write's cost.

orjson differs from the standard library in a few corners, and there the
standard library does the work: a value orjson does not take (a key that is
not a string, an integer beyond 64 bits, a lone surrogate: a TypeError) is
written by ``json``, as is anything orjson would write but ``json`` refuses
(a record, a time) or writes in its own way (a subclass of dict); text with
an integer of 20 digits or more (which orjson would read as a float), a lone
surrogate or a literal orjson refuses (NaN) is read by ``json``. The one
difference left is how a float far from 1 is spelt (``1e-05`` or
``0.00001``), which reads back as the same float; the engine's records hold
no floats, and the timeout's measured seconds are never that small or large.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_standard_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_DIGITS = bytes(ord("0") if chr(c) in "0123456789" else ord(" ") for c in range(256))
"""Every ASCII digit as 0, every other byte as a space: runs of digits found by a substring search."""
_LONG_INTEGER = b"0" * 20
"""Twenty digits in a row: maybe an integer from 2**64 on, which orjson reads as a float."""
_AS_JSON_DOES = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_SUBCLASS
"""What ``json`` refuses or writes in its own way (a record, a time, a subclass of dict) is left to it."""


def dumps(value: Any) -> str:
    try:
        return orjson.dumps(value, option=_AS_JSON_DOES).decode()
    except TypeError:
        return _standard_dumps(value)


def loads(text: str | bytes) -> Any:
    try:
        encoded = text.encode() if isinstance(text, str) else text
        if _LONG_INTEGER not in encoded.translate(_DIGITS):
            return orjson.loads(encoded)
    except (UnicodeEncodeError, orjson.JSONDecodeError):
        pass  # a lone surrogate, or a literal orjson refuses
    return json.loads(text)
