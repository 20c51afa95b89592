"""Request headers that make writes safe to repeat: Idempotency-Key and If-Match.

Every POST takes an ``Idempotency-Key`` (see ``referee.idempotency``); the
game's writes also take ``If-Match`` with the version last seen (the ETag of
``GET /games/{id}``). flask-smorest checks If-Match only on PUT, PATCH and
DELETE, so the views read it here.
"""

from __future__ import annotations

from typing import Any

from flask import request
from marshmallow import Schema, fields, validate

from referee.idempotency import SERVER, Replayed, Retry

from .shape import Shape

KEY_PATTERN = r"^[\x21-\x7e]{1,255}$"  # visible ASCII, as a header carries it


class KeyHeaderSchema(Schema):
    idempotency_key = fields.String(
        data_key="Idempotency-Key",
        validate=validate.Regexp(KEY_PATTERN, error="1 to 255 visible ASCII characters, such as a UUID."),
        metadata={
            "description": "Makes the request safe to retry: a retry with the same key and body gets the first"
            " answer and records nothing new; the same key with another body is refused (422). Kept 24 hours."
        },
    )


class GameWriteHeaderSchema(KeyHeaderSchema):
    if_match = fields.String(
        data_key="If-Match",
        metadata={"description": 'The game version last seen, as its ETag ("12"); any other version is 412.'},
    )


def _unquoted(key: str) -> str:
    """Structured-field form ("...") and bare form name the same key."""
    return key[1:-1] if len(key) >= 2 and key[0] == key[-1] == '"' else key


def retry_of(headers: dict[str, Any], endpoint: str, body: Any, scope: str = SERVER) -> Retry | None:
    """The retry identity of this request, when it carries an Idempotency-Key."""
    key = headers.get("idempotency_key")
    return None if key is None else Retry.of(_unquoted(key), scope, endpoint, body)


def if_match_versions() -> frozenset[int] | None:
    """The versions named by If-Match: None without the header (or with ``*``).

    A weak or non-numeric tag names no version, so it never matches (412), as
    If-Match compares strongly.
    """
    if not request.if_match or request.if_match.star_tag:
        return None
    tags = request.if_match.as_set()
    return frozenset(int(tag) for tag in tags if tag and tag.isascii() and tag.isdigit())


def answered(answer: dict[str, Any], status: int = 201, shape: Shape | None = None):
    """The view's return value: the new version as ETag, and a header that
    says when this is a first answer given again. With ``shape``, the body
    is sent in the response schema's shape as it is (see ``shape``)."""
    headers = {"ETag": f'"{answer["state"]["version"]}"'}
    body = answer if shape is None else shape.response(answer)
    if isinstance(answer, Replayed):
        return body, answer.status, {**headers, "Idempotent-Replayed": "true"}
    return body, status, headers
