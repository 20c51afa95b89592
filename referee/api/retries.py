"""Request headers that make writes safe to repeat: Idempotency-Key and If-Match.

Every POST takes an ``Idempotency-Key`` (see ``referee.idempotency``); the
game's writes also take ``If-Match`` with the version last seen (the ETag of
``GET /games/{id}``). flask-smorest checks If-Match only on PUT, PATCH and
DELETE, so the views read it here.
"""

from __future__ import annotations

import re
from typing import Any

from flask import g, request
from flask_smorest import abort
from marshmallow import Schema, fields, validate

from referee.idempotency import SERVER, Replayed, Retry

from .shape import Shape

KEY_PATTERN = r"^[\x21-\x7e]{1,255}$"  # visible ASCII, as a header carries it
# If-Match is * or a list of entity tags (RFC 9110 §13.1.1, §8.8.3); this service's tags are versions.
_VERSION_TAG = r'(?:W/)?"[0-9]{1,18}"'
IF_MATCH = re.compile(rf"[ \t]*(?:\*|{_VERSION_TAG}(?:[ \t]*,[ \t]*{_VERSION_TAG})*)[ \t]*")
MALFORMED_IF_MATCH = (
    'If-Match names the game version last seen, as its ETag in double quotes: If-Match: "12" '
    "(or a list of such tags, or *)."
)


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
        metadata={
            "description": 'The game version last seen, as its ETag ("12"); any other version is 412, and so is'
            ' a weak tag (W/"12"), which never matches; a header that names no version is 400.'
        },
    )


def _unquoted(key: str) -> str:
    """Structured-field form ("...") and bare form name the same key."""
    return key[1:-1] if len(key) >= 2 and key[0] == key[-1] == '"' else key


def retry_of(
    headers: dict[str, Any], endpoint: str, body: Any, scope: str = SERVER, language: str = ""
) -> Retry | None:
    """The retry identity of this request, when it carries an Idempotency-Key;
    ``language``: the one its answer is explained in, kept with the answer."""
    key = headers.get("idempotency_key")
    return None if key is None else Retry.of(_unquoted(key), scope, endpoint, body, language=language)


def if_match_versions() -> frozenset[int] | None:
    """The versions named by If-Match: None without the header (or with ``*``).

    A header that is not a list of version tags is a 400 saying what one
    looks like. A weak tag names no version, so it never matches (412), as
    If-Match compares strongly.
    """
    header = request.headers.get("If-Match")
    if header is None:
        return None
    if not IF_MATCH.fullmatch(header):
        abort(400, message=MALFORMED_IF_MATCH)
    if request.if_match.star_tag:
        return None
    return frozenset(int(tag) for tag in request.if_match.as_set())


def answered(answer: dict[str, Any], status: int = 201, shape: Shape | None = None):
    """The view's return value: the new version as ETag, and a header that
    says when this is a first answer given again. With ``shape``, the body
    is sent in the response schema's shape as it is (see ``shape``)."""
    body = answer if shape is None else shape.response(answer)
    return given(answer, status, {"ETag": f'"{answer["state"]["version"]}"'}, body)


def given(answer: dict[str, Any], status: int = 201, headers: dict[str, str] | None = None, body: Any = None):
    """A write's answer as a view returns it, saying when it is a first answer given again."""
    headers, body = dict(headers or {}), answer if body is None else body
    if isinstance(answer, Replayed):
        if answer.language and "language" in g:
            g.language = answer.language  # Content-Language says what the first answer was explained in
        return body, answer.status, {**headers, "Idempotent-Replayed": "true"}
    return body, status, headers
