"""The phone page: a mobile web client served by the service itself.

Plain HTML, CSS and JavaScript modules from ``static/`` (no build step), the
page's setup choices derived from the API's own schema, and QR codes for the
seat and table links. Tokens never reach this blueprint in a URL: links carry
them in the fragment, which browsers do not send, and QR codes are made from
a POST body, which access logs do not record.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, request, send_from_directory
from flask_compress import Compress

from referee.api.problems import problem

from .qr import MAX_TEXT, svg
from .setup import setup_choices

STATIC = Path(__file__).resolve().parent / "static"
# The service worker sits beside the static files, not among them: it must keep one
# URL at the root (its scope is the directory it is served from) and is never cached
# for long, whatever becomes of the static files' names and caching.
WORKER = Path(__file__).resolve().parent / "sw.js"

# The page loads only its own scripts and styles; QR codes arrive as blob: images.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}

blp = Blueprint("web", __name__, static_folder=str(STATIC), static_url_path="/web")


def _page() -> Response:
    response = send_from_directory(STATIC, "index.html", max_age=0)
    response.headers.update(SECURITY_HEADERS)
    response.headers["Cache-Control"] = "no-cache"
    return response


@blp.get("/")
def start_page() -> Response:
    """Start a table: edition, variant, house rules, players; then the links."""
    return _page()


@blp.get("/play/<game_id>")
def play_page(game_id: str) -> Response:
    """One phone at a table; its token travels in the URL fragment."""
    return _page()


@blp.get("/sw.js")
def service_worker() -> Response:
    """The page's service worker: from the root, so that its scope covers every page."""
    response = send_from_directory(WORKER.parent, WORKER.name, max_age=0, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"  # a new release reaches the phones at their next visit
    return response


@blp.get("/web/setup.json")
def setup() -> Response:
    """What a new table may choose, read from the API's own create schema."""
    return current_app.json.response(setup_choices())


@blp.post("/web/qr.svg")
def qr_code() -> Response:
    """A QR code (SVG) for the text in the body: a link that carries a token."""
    text = request.get_data(cache=False, as_text=True)
    if not text or len(text) > MAX_TEXT:
        return problem(422, f"Send the link to encode as the body: 1 to {MAX_TEXT} characters.")
    response = Response(svg(text), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "no-store"
    return response


# The page's own files go compressed (brotli, else gzip): the scripts shrink to about a
# quarter. The API's JSON does not: flask-compress would append the encoding to its ETag
# ("12:gzip"), and the game's version travels in that ETag, back in If-Match.
COMPRESSED = ["text/html", "text/css", "text/javascript", "application/javascript", "image/svg+xml"]


def register_web(app: Flask) -> None:
    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED)
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_STREAMS", True)  # files are sent as streams, which it packs with brotli
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["br", "deflate"])
    Compress(app)
    app.register_blueprint(blp)
