"""Request bodies are JSON: a body sent as anything else gets a 415 that says so.

Without this check a body sent as a form (``curl -d`` without a Content-Type)
reads as empty, and the client is told that fields it did send are missing.
"""

from __future__ import annotations

from flask import request
from flask_smorest import abort


def require_json() -> None:
    """Before a request with a body: refuse anything but JSON."""
    if request.content_length and not request.is_json:
        abort(
            415,
            message="The body must be JSON, sent with the header Content-Type: application/json "
            f"(this one came as {request.mimetype or 'no type'}).",
        )
