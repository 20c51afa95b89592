"""Request bodies are JSON: a body sent as anything else gets a 415 that says so,
and a body nested too deeply gets a 400 that says so.

Without the first check a body sent as a form (``curl -d`` without a Content-Type)
reads as empty, and the client is told that fields it did send are missing.
"""

from __future__ import annotations

from typing import Any

import flask_smorest
from flask import request
from flask_smorest import abort
from webargs.flaskparser import FlaskParser

# No body the API takes comes near this (an edition's overrides or an imported
# journal nest under ten levels); the deepest data the service copies, stores and
# validates recursively stays far from Python's recursion limit.
MAX_DEPTH = 32
TOO_DEEP = f"The JSON body is nested too deeply: at most {MAX_DEPTH} levels of arrays and objects."


def require_json() -> None:
    """Before a request with a body: refuse anything but JSON."""
    if request.content_length and not request.is_json:
        abort(
            415,
            message="The body must be JSON, sent with the header Content-Type: application/json "
            f"(this one came as {request.mimetype or 'no type'}).",
        )


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
        try:
            body = super()._raw_load_json(req)
        except RecursionError:  # json's decoder stops at the recursion limit, long before the stack ends
            body = None
            too_deep = True
        else:
            too_deep = deeper_than(body, MAX_DEPTH)
        if too_deep:
            abort(400, message=TOO_DEEP, messages={"json": [TOO_DEEP]})
        return body


class Blueprint(flask_smorest.Blueprint):
    """flask-smorest's Blueprint, reading its arguments with ``JsonParser``."""

    ARGUMENTS_PARSER = JsonParser()
