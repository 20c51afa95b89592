"""The phone page: a mobile web client served by the service itself.

Plain HTML, CSS and JavaScript modules from ``static/`` (no build step) served
under content-hashed addresses and cached for good (see ``shell``), the page
itself revalidated, the page's setup choices derived from the API's own schema,
and QR codes for the seat and table links. Tokens never reach this blueprint in
a URL: links carry them in the fragment, which browsers do not send, and QR
codes are made from a POST body, which access logs do not record.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, request
from flask_compress import Compress

from referee.api.problems import problem

from .qr import MAX_TEXT, svg
from .setup import setup_choices
from .shell import IMMUTABLE, Shell, build

STATIC = Path(__file__).resolve().parent / "static"
# The service worker sits beside the static files, not among them: it must keep one
# URL at the root (its scope is the directory it is served from) and is never cached
# for long, whatever becomes of the static files' names and caching.
WORKER = Path(__file__).resolve().parent / "sw.js"
RELEASE_MARK = b"{{release}}"  # in the worker's source: where the shell's digest goes

# The page loads only its own scripts and styles; QR codes arrive as blob: images.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}

# The files at the top of static/ keep a plain address too (/web/app.css), revalidated,
# for what needs one that never moves (a service worker's script, a manifest). The
# modules are served only under the hash (/web/js/main.js is a stale release's 404), so
# that no module runs twice under two addresses with two copies of its state.
blp = Blueprint("web", __name__, static_folder=str(STATIC), static_url_path="/web")


def _shell() -> Shell:
    return current_app.extensions["referee.shell"]


def _page() -> Response:
    shell = _shell()
    response = Response(shell.page, mimetype="text/html")
    response.headers.update(SECURITY_HEADERS)
    response.headers["Cache-Control"] = "no-cache"  # a reload asks; a 304 when nothing moved
    response.set_etag(shell.page_tag)
    return response.make_conditional(request)


@blp.get("/")
def start_page() -> Response:
    """Start a table: edition, variant, house rules, players; then the links."""
    return _page()


@blp.get("/play/<game_id>")
def play_page(game_id: str) -> Response:
    """One phone at a table; its token travels in the URL fragment."""
    return _page()


@blp.get("/web/<digest>/<path:name>")
def shell_file(digest: str, name: str) -> Response:
    """One file of the page's shell, by the hash of the shell it belongs to: cached for good."""
    shell = _shell()
    if digest != shell.digest:
        return problem(404, "These files belong to another release of the page: reload it.")
    if name not in shell.files:
        # as lasting as the files: this release ships no such file (a custom edition is read from the API)
        missing = problem(404, f"The page has no file {name!r}.")
        missing.headers["Cache-Control"] = IMMUTABLE
        return missing
    if request.accept_encodings["br"]:
        response = Response(shell.brotli(name), mimetype=shell.mimetype(name))
        response.headers["Content-Encoding"] = "br"  # flask-compress leaves an encoded answer alone
        response.headers["Vary"] = "Accept-Encoding"
    else:
        response = Response(shell.files[name], mimetype=shell.mimetype(name))
    response.headers["Cache-Control"] = IMMUTABLE
    return response


@blp.get("/web/shell.json")
def shell_list() -> Response:
    """The page's shell (its page and every hashed file) for a cache that keeps it offline."""
    shell = _shell()
    response = current_app.json.response({"version": shell.digest, "page": "/", "files": shell.urls()})
    response.headers["Cache-Control"] = "no-cache"
    response.set_etag(shell.digest)
    return response.make_conditional(request)


@blp.get("/sw.js")
def service_worker() -> Response:
    """The page's service worker: from the root, so that its scope covers every page."""
    script = worker_script(_shell().digest)
    response = Response(script, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"  # a new release reaches the phones at their next visit
    response.set_etag(hashlib.sha256(script).hexdigest()[:16])
    return response.make_conditional(request)


@functools.cache
def worker_script(release: str) -> bytes:
    """The worker with the release it serves written in: a new release changes the script,
    so the browser installs it, and the worker clears the caches of every other release."""
    return WORKER.read_bytes().replace(RELEASE_MARK, release.encode())


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


# The page's files go compressed (brotli, else gzip): the scripts shrink to about a quarter,
# an edition's document among them to a fifth. The API's JSON does not: flask-compress would
# append the encoding to the state's ETag ("12:gzip"), and the game's version travels in that
# ETag, back in If-Match.
COMPRESSED = ["text/html", "text/css", "text/javascript", "application/javascript", "image/svg+xml", "application/json"]


def _api_json(response: Response) -> bool:
    return response.mimetype == "application/json" and request.blueprint != "web"


def shipped_documents(service) -> dict[str, dict]:
    """Every shipped edition's document, by id: what the shell carries a page's copies of."""
    return {summary["id"]: service.edition_document(summary["id"]) for summary in service.edition_summaries()}


def register_web(app: Flask) -> None:
    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED)
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_STREAMS", True)  # files sent from disk (Swagger UI's) are streams: brotli too
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["br", "deflate"])
    app.config["COMPRESS_REGISTER"] = False
    compress = Compress(app)
    app.after_request(lambda response: response if _api_json(response) else compress.after_request(response))
    app.extensions["referee.shell"] = build(STATIC, shipped_documents(app.extensions["referee"]))
    app.register_blueprint(blp)
