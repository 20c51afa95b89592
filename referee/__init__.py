"""Referee: a REST service that referees and banks a Monopoly game played on a
physical board."""

from __future__ import annotations

import os
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from flask import Flask

DEFAULT_DATABASE = "referee.sqlite3"


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """The application: configuration, the service over its store, the API."""
    from referee.api import Api, register_blueprints
    from referee.api.docs import SETTINGS, register_docs
    from referee.api.limits import register_limits
    from referee.api.limits import settings as limits
    from referee.api.request_body import MAX_BODY_BYTES
    from referee.log_lines import one_line
    from referee.service import Referee
    from referee.store import Store
    from referee.web import register_web

    app = Flask(__name__)
    # Flask's logger ("referee") names the path of a request that failed; the others follow suit.
    one_line(app.logger.name, "referee.store", "referee.migrations")
    app.config.from_mapping(
        API_TITLE="Referee",
        API_VERSION="1.0",
        OPENAPI_VERSION="3.1.0",
        API_SPEC_OPTIONS={
            "info": {"description": "Referee and bank for Monopoly played on a physical board."},
            "servers": [{"url": "/", "description": "The server that serves this document"}],
        },
        **SETTINGS,
        REFEREE_DATABASE=os.environ.get("REFEREE_DATABASE", DEFAULT_DATABASE),
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        REFEREE_IDEMPOTENCY_SECONDS=int(os.environ.get("REFEREE_IDEMPOTENCY_SECONDS", 24 * 3600)),
        REFEREE_LOCK_TIMEOUT_SECONDS=float(os.environ.get("REFEREE_LOCK_TIMEOUT_SECONDS", 10)),
        JSON_SORT_KEYS=False,
        **limits(),
    )
    app.config.update(config or {})
    if app.config.get("TESTING") and "RATELIMIT_ENABLED" not in (config or {}):
        app.config["RATELIMIT_ENABLED"] = False  # a test client is one address opening every test's tables
    app.json.ensure_ascii = False
    app.json.sort_keys = False
    app.extensions["referee"] = Referee(
        Store(app.config["REFEREE_DATABASE"], busy_seconds=app.config["REFEREE_LOCK_TIMEOUT_SECONDS"]),
        timedelta(seconds=app.config["REFEREE_IDEMPOTENCY_SECONDS"]),
    )
    api = Api(app)
    register_blueprints(api)
    register_docs(app)
    register_web(app)
    register_limits(app, app.blueprints)
    return app
