"""Request bodies are JSON: a body sent as anything else gets a 415 that says so,
a body nested too deeply gets a 400 that says so, and a value no field could
hold (an integer of thousands of digits, a lone UTF-16 surrogate, NaN) gets a
422 naming where it is.

Without the first check a body sent as a form (``curl -d`` without a Content-Type)
reads as empty, and the client is told that fields it did send are missing.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import flask_smorest
from flask import current_app, request
from flask_smorest import abort
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

# A body of every route but an import (``MAX_IMPORT_BYTES``): a new table, an action, an
# edition document (itself held to 128 KiB) all fit in a small part of it.
MAX_BODY_BYTES = 256 * 1024

# No body the API takes comes near this (an edition's overrides or an imported
# journal nest under ten levels); the deepest data the service copies, stores and
# validates recursively stays far from Python's recursion limit.
MAX_DEPTH = 32
TOO_DEEP = f"The JSON body is nested too deeply: at most {MAX_DEPTH} levels of arrays and objects."

# Counted in the bytes before they are parsed: parsing and checking a million values takes a
# worker about 3 s, most of it holding the GIL (its other threads wait), whatever their size.
# An imported journal holds about 45 an event (random games measured), 450 000 at 10 000 events.
MAX_VALUES = 1_000_000
TOO_MANY = f"The JSON body holds too many values: at most {MAX_VALUES:_} arrays, objects and items.".replace("_", " ")


# Far above any amount, seat or version the API takes, far below the 4 300 digits
# at which Python refuses to turn a string into an int (a ValueError, not JSON's).
MAX_DIGITS = 30
HUGE = f"A number of at most {MAX_DIGITS} digits."
SURROGATE = "Text with a lone UTF-16 surrogate (\\ud800-\\udfff without its pair) is not Unicode text."
NOT_A_NUMBER = "NaN and Infinity are not JSON numbers."


class _Unfit(str):
    """A JSON value no field takes, kept as the text it came as so that the
    body still parses and the refusal can say where it was."""

    message = HUGE


class _NotANumber(_Unfit):
    message = NOT_A_NUMBER


def _integer(text: str) -> int | _Unfit:
    return _Unfit(text) if len(text.lstrip("-")) > MAX_DIGITS else int(text)


def _number(text: str) -> float | _Unfit:
    value = float(text)
    return _NotANumber(text) if value in (float("inf"), float("-inf")) else value


def _loads(data: bytes) -> Any:
    return json.loads(data.decode("utf-8"), parse_int=_integer, parse_float=_number, parse_constant=_NotANumber)


def unfit(value: Any) -> dict[str, Any] | list[str] | None:
    """Field errors, shaped as marshmallow's, for every value no field takes;
    None when there is none."""
    if isinstance(value, _Unfit):
        return [value.message]
    if isinstance(value, str):
        return [SURROGATE] if _has_surrogate(value) else None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    errors: dict[str, Any] = {}
    for key, item in items:
        if isinstance(key, str) and _has_surrogate(key):
            errors[key.encode("utf-8", "backslashreplace").decode()] = [SURROGATE]
        elif (found := unfit(item)) is not None:
            errors[str(key)] = found
    return errors or None


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def require_json() -> None:
    """Before a request with a body, to a route that reads one: refuse
    anything but JSON. A route that reads no body (every GET, a seat's move
    link) ignores one, whatever its type."""
    if request.content_length and not request.is_json and _reads_json(request.endpoint, request.method):
        came = f"this one came as {request.mimetype}" if request.mimetype else "this one came without it"
        abort(415, message=f"The body must be JSON, sent with the header Content-Type: application/json ({came}).")


@cache
def _reads_json(endpoint: str | None, method: str) -> bool:
    """Whether the view of the endpoint for the method takes a JSON body (its ``@blp.arguments``)."""
    view = current_app.view_functions.get(endpoint) if endpoint else None
    handler = getattr(getattr(view, "view_class", None), method.lower(), None)
    arguments = getattr(handler, "_apidoc", {}).get("arguments", {}).get("parameters", [])
    return any(argument.get("in") == "json" for argument in arguments)


def deeper_than(value: Any, levels: int) -> bool:
    """Whether arrays and objects nest more than ``levels`` deep in ``value``
    (recursing at most ``levels + 1`` calls, whatever the value)."""
    if isinstance(value, dict):
        value = value.values()
    elif not isinstance(value, list):
        return False
    return levels <= 0 or any(deeper_than(item, levels - 1) for item in value if isinstance(item, (dict, list)))


class JsonParser(FlaskParser):
    """webargs' parser, answering a body nested too deeply as it answers JSON
    that does not parse: 400, not a RecursionError and a 500."""

    def _raw_load_json(self, req) -> Any:
        if not is_json_request(req):
            return core.missing
        data = req.get_data(cache=True)
        # A comma or an opening bracket for each value but a few (commas within strings count too).
        if data.count(b",") + data.count(b"[") + data.count(b"{") > MAX_VALUES:
            abort(400, message=TOO_MANY, messages={"json": [TOO_MANY]})
        try:
            body = _loads(data)
        except UnicodeDecodeError as exc:
            raise json.JSONDecodeError(f"Bytes decoding error: {exc.reason}", str(exc.object), exc.start) from exc
        except RecursionError:  # json's decoder stops at the recursion limit, long before the stack ends
            body = None
            too_deep = True
        else:
            too_deep = deeper_than(body, MAX_DEPTH)
        if too_deep:
            abort(400, message=TOO_DEEP, messages={"json": [TOO_DEEP]})
        if (errors := unfit(body)) is not None:
            abort(422, messages={"json": errors})
        return body


class Blueprint(flask_smorest.Blueprint):
    """flask-smorest's Blueprint, reading its arguments with ``JsonParser``."""

    ARGUMENTS_PARSER = JsonParser()
