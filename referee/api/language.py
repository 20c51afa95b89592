"""The reader's language: ``Accept-Language`` picks ru, uk, it or en (the
default) for explanations; booklet wording always stays in its own language.
The document names the header on every operation that reads it (``@blp.operation(language=True)``)."""

from __future__ import annotations

from flask import Response, g, request

from referee.explain import LANGUAGES


def language() -> str:
    """The best language the reader accepts, English if none."""
    g.language = request.accept_languages.best_match(LANGUAGES, default="en")
    return g.language


def mark(response: Response) -> Response:
    """Say which language an answer was explained in; caches keep one per language."""
    if "language" in g:
        response.headers["Content-Language"] = g.language
        response.vary.add("Accept-Language")
    return response
