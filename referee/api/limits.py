"""Limits for strangers: the routes that need no token -- opening a table,
submitting an edition, importing a journal, drawing a QR code, taking a seat
by its move link (with the seats' other routes) -- are rate-limited per
client (Flask-Limiter, in memory by default), answering 429 with
``Retry-After`` once a client has used its share.

A client is its address as the server sees it; behind a reverse proxy set
``REFEREE_PROXIES`` (how many proxies add ``X-Forwarded-For``) so that each
phone counts as itself and not all as the proxy.
"""

from __future__ import annotations

import os

from flask import Flask, Response, current_app
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address
from werkzeug.middleware.proxy_fix import ProxyFix

from .problems import problem

# Each a limit of Flask-Limiter's notation per client, set by the environment variable of its name.
DEFAULTS = {
    "REFEREE_LIMIT_GAMES": "30/minute;300/hour",  # POST /games: a club's evening is a few dozen tables
    "REFEREE_LIMIT_EDITIONS": "10/minute;100/hour",  # POST /editions
    "REFEREE_LIMIT_IMPORTS": "10/minute;100/hour",  # POST /games/import
    "REFEREE_LIMIT_QR": "120/minute",  # POST /web/qr.svg: a new table draws one per seat
    "REFEREE_LIMIT_SEATS": "30/minute;300/hour",  # a seat's move link taken, a lost phone's token replaced
}
LIMITED = {
    "games": "REFEREE_LIMIT_GAMES",
    "editions": "REFEREE_LIMIT_EDITIONS",
    "exports": "REFEREE_LIMIT_IMPORTS",
    "seats": "REFEREE_LIMIT_SEATS",
}


def settings() -> dict[str, object]:
    """The limits' part of the app's configuration, from the environment."""
    return {
        **{name: os.environ.get(name, default) for name, default in DEFAULTS.items()},
        "RATELIMIT_ENABLED": os.environ.get("REFEREE_RATE_LIMITS", "on") != "off",
        "RATELIMIT_STORAGE_URI": os.environ.get("REFEREE_RATE_LIMIT_STORAGE", "memory://"),
        "RATELIMIT_HEADERS_ENABLED": True,
        "REFEREE_PROXIES": int(os.environ.get("REFEREE_PROXIES", "0")),
    }


def _limit(setting: str):
    return lambda: current_app.config[setting]


def register_limits(app: Flask, blueprints: dict[str, object]) -> Limiter:
    """Limit the POSTs of the blueprints named in ``LIMITED`` (and the QR codes')."""
    if app.config["REFEREE_PROXIES"]:
        proxies = app.config["REFEREE_PROXIES"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)
    app.after_request(_retry_after_only_when_waiting)  # registered first, so it runs after the limiter's own
    limiter = Limiter(get_remote_address, app=app)
    for name, setting in {**LIMITED, "web": "REFEREE_LIMIT_QR"}.items():
        limiter.limit(_limit(setting), methods=["POST"])(blueprints[name])
    app.register_error_handler(RateLimitExceeded, _too_many)
    return limiter


WAIT = (429, 503)
"""The answers that ask a client to wait: too many requests, storage in trouble."""


def _retry_after_only_when_waiting(response: Response) -> Response:
    """Flask-Limiter sends Retry-After with every answer of a limited route;
    on any answer but those that ask a client to wait, it would tell a client
    to wait for nothing. The X-RateLimit headers stay: they say how much of
    the share is left."""
    if response.status_code not in WAIT:
        response.headers.pop("Retry-After", None)
    return response


def _too_many(error: RateLimitExceeded):
    """429 naming the limit; Flask-Limiter adds Retry-After and the X-RateLimit headers."""
    return problem(
        429,
        f"Too many of these requests from this address: at most {error.limit.limit}. "
        "Try again after the seconds Retry-After gives.",
        type_="urn:referee:problem:rate_limited",
        code="rate_limited",
    )
