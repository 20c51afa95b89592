"""One error format everywhere: RFC 9457 problem details."""

from __future__ import annotations

import logging
import sqlite3
from http import HTTPStatus
from typing import Any

import flask_smorest
from flask import Response, has_request_context, json, request
from flask_smorest.pagination import PaginationMetadataSchema
from flask_smorest.spec import prepare_response
from werkzeug.exceptions import HTTPException

from referee import explain
from referee.idempotency import KeyReused
from referee.rules import RuleViolation, UnknownAction
from referee.rules.serialize import ruling_to_dict
from referee.service.errors import (
    EditionExists,
    Forbidden,
    InvalidInput,
    InvariantBroken,
    LinkClosed,
    NotFound,
    RefusedAfterTime,
    StaleVersion,
    TokenRevoked,
    UnknownLink,
)
from referee.store import trouble

from . import field_errors
from .documented import ContractPlugin, register_components
from .language import language
from .schemas import ProblemSchema

PROBLEM = "application/problem+json"
INVALID = "The request is not valid; see errors."
log = logging.getLogger("referee")
RETRY_STORAGE_SECONDS = 5  # what a 503 for storage trouble asks a client to wait


def _reader() -> str:
    return language() if has_request_context() else "en"


def problem(status: int, detail: str | None = None, type_: str = "about:blank", headers=None, **extra) -> Response:
    """A problem, its title and detail in the reader's language (an English
    text the catalogue does not hold stays as it is)."""
    lang = _reader()
    title = extra.pop("title", None) or field_errors.translated(HTTPStatus(status).phrase, lang)
    body = {"type": type_, "title": title, "status": status}
    if detail:
        body["detail"] = field_errors.translated(detail, lang)
    body.update({k: v for k, v in extra.items() if v is not None})
    response = Response(json.dumps(body, ensure_ascii=False), status=status, mimetype=PROBLEM)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def invalid(status: int, errors: Any, headers: dict[str, str] | None = None) -> Response:
    """Field errors (422, or a header's 400), in the reader's language: title, detail and each message."""
    errors = field_errors.localised(errors, _reader())
    return problem(status, INVALID, headers=headers, errors=errors)


class ProblemApi(flask_smorest.Api):
    """flask-smorest's Api, answering every error as problem details."""

    ERROR_SCHEMA = ProblemSchema

    def __init__(self, app=None, *, spec_kwargs=None, **kwargs):
        spec_kwargs = {"marshmallow_plugin": ContractPlugin(), **(spec_kwargs or {})}
        super().__init__(app, spec_kwargs=spec_kwargs, **kwargs)

    def _init_spec(self, **options):
        super()._init_spec(**options)
        register_components(self.spec)

    def _register_responses(self):
        for status in HTTPStatus:
            response = {"description": status.phrase}
            if not (100 <= status < 200) and status not in (204, 304):
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, PROBLEM)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "Default error response", "schema": self.ERROR_SCHEMA}
        prepare_response(response, self.spec, PROBLEM)
        self.spec.components.response("DEFAULT_ERROR", response, lazy=True)

    def _register_pagination_header(self):
        # The header carries JSON text: a string whose content the metadata schema describes.
        metadata = self.ma_plugin.converter.resolve_nested_schema(PaginationMetadataSchema)
        header = {
            "description": "Pagination metadata, as JSON: total, total_pages, first_page, last_page, page, "
            "previous_page, next_page",
            "schema": {"type": "string", "contentMediaType": "application/json", "contentSchema": metadata},
        }
        self.spec.components.header("PAGINATION", header, lazy=True)

    def handle_http_exception(self, error: HTTPException):
        data = getattr(error, "data", None) or {}
        errors = data.get("errors") or data.get("messages")
        detail = data.get("message")
        # werkzeug's own headers say what the error means: a 405's Allow, a 429's Retry-After.
        headers = {name: value for name, value in error.get_headers() if name.lower() != "content-type"}
        headers.update(data.get("headers") or {})
        if detail is None and errors:
            return invalid(error.code, errors, headers)
        return problem(error.code, detail or error.description, errors=errors, headers=headers)

    def _register_error_handlers(self):
        super()._register_error_handlers()
        app = self._app
        app.register_error_handler(RuleViolation, _refused)
        app.register_error_handler(NotFound, lambda e: problem(404, str(e)))
        app.register_error_handler(Forbidden, lambda e: problem(403, str(e)))
        app.register_error_handler(InvalidInput, lambda e: invalid(422, {e.location: e.errors}))
        app.register_error_handler(
            EditionExists,
            lambda e: problem(409, str(e), type_="urn:referee:problem:edition_exists", code="edition_exists"),
        )
        app.register_error_handler(UnknownAction, lambda e: problem(422, f"Unknown action: {e}"))
        app.register_error_handler(
            KeyReused,
            lambda e: problem(
                422, str(e), type_="urn:referee:problem:idempotency_key_reused", code="idempotency_key_reused"
            ),
        )
        app.register_error_handler(StaleVersion, _stale)
        app.register_error_handler(TokenRevoked, _revoked)
        app.register_error_handler(UnknownLink, lambda e: problem(401, str(e), headers=CHALLENGE))
        app.register_error_handler(LinkClosed, _closed)
        app.register_error_handler(InvariantBroken, _broken)
        app.register_error_handler(sqlite3.Error, _storage)
        app.register_error_handler(OSError, _storage)


def _storage(error: Exception) -> Response:
    """The disk or the database file failed (full, read-only, locked too long): 503, said
    plainly, with Retry-After; the write was rolled back. Anything else is the code's: 500."""
    reason = trouble(error)
    if reason is None:
        log.exception("internal error", exc_info=error)
        return problem(500, "The server failed to answer this request; nothing was stored.")
    log.error("storage trouble, the request was refused and nothing stored: %s (%s)", reason, error)
    said = field_errors.translated(reason, _reader())  # the detail's template keeps it as it comes
    return problem(
        503,
        f"The server cannot store anything now: {said}. Nothing of this request was stored; "
        "send it again (with the same Idempotency-Key) after Retry-After seconds.",
        type_="urn:referee:problem:storage_unavailable",
        code="storage_unavailable",
        headers={"Retry-After": str(RETRY_STORAGE_SECONDS)},
    )


CHALLENGE = {"WWW-Authenticate": 'Bearer realm="referee"'}
_REVOKED = {
    "moved": (
        "seat_moved",
        "This seat moved to another device at {at} (its move link was opened there): this phone has left "
        "the table. To come back, open a move link from the seat's new device, or ask the table phone.",
    ),
    "reissued": (
        "token_revoked",
        "The table phone replaced this link's key at {at} (a lost phone shut out): it no longer works. "
        "Ask the table phone for the new link.",
    ),
}
_CLOSED = {
    "used": "This move link was opened already at {at}: a link moves a seat once. Ask for a new one.",
    "replaced": "This move link was replaced at {at} (by a newer link, or the table gave the seat a new key).",
    "expired": "This move link expired at {at}: it works for 10 minutes. Ask for a new one.",
}


def _revoked(error: TokenRevoked) -> Response:
    """A token that worked once: 401, saying why it no longer does (the seat moved, or the table replaced it)."""
    code, detail = _REVOKED[error.why]
    return problem(401, detail.format(at=error.at), type_=f"urn:referee:problem:{code}", code=code, headers=CHALLENGE)


def _closed(error: LinkClosed) -> Response:
    """A move link that was good once: 410 Gone, naming why (used, replaced, expired); nothing changed."""
    code = f"move_link_{error.why}"
    return problem(410, _CLOSED[error.why].format(at=error.at), type_=f"urn:referee:problem:{code}", code=code)


def _broken(error: InvariantBroken) -> Response:
    """A rule's bug caught before the ledger: nothing was stored, and the log says where."""
    log.error("invariant broken, nothing stored: %s", error)
    return problem(
        500,
        f"The rules came to an outcome that breaks the books ({'; '.join(error.problems)}): nothing was stored.",
        type_="urn:referee:problem:invariant_broken",
        code="invariant_broken",
        invariants=error.problems,
    )


def _stale(error: StaleVersion) -> Response:
    """412, saying why: the game moved on, or the tag was weak (which never matches)."""
    current = error.current
    detail = f"The game has moved on: it is at version {current}."
    if request.if_match.as_set(include_weak=True) - request.if_match.as_set():
        detail = (
            "A weak tag (W/...) never matches, as If-Match compares strongly: "
            f'the game is at version {current}; send If-Match: "{current}".'
        )
    return problem(412, detail, current_version=current, headers={"ETag": f'"{current}"'})


def _refused(error: RuleViolation) -> Response:
    """A refusal naming its rule, explained in the reader's language by the
    words of the edition whose rule it was."""
    ruling = ruling_to_dict(error.ruling)
    if error.edition is not None:
        ruling = explain.ruling_view(ruling, error.edition, _reader())
    moved = isinstance(error, RefusedAfterTime)  # time recorded before the refusal stands: say the new version
    return problem(
        409,
        ruling["text"],
        type_=f"urn:referee:problem:{error.code}",
        code=error.code,
        rule=error.ruling.rule,
        ruling=ruling,
        headers={"ETag": f'"{error.version}"'} if moved else None,
    )
