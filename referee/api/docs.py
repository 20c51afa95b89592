"""The document and its interactive page, served by the service itself:
``/openapi.json`` and Swagger UI at ``/docs``.

The page's scripts and styles come from the ``flask-swagger-ui`` package,
served from here, so the docs work at a table with no internet and the page
loads nothing from elsewhere (Swagger UI's online validator badge is off).
"""

from __future__ import annotations

from pathlib import Path

import flask_swagger_ui
from flask import Blueprint, Flask, Response, send_from_directory

ASSETS = Path(flask_swagger_ui.__file__).resolve().parent / "dist"
ASSETS_URL = "/docs/assets/"

SETTINGS = {
    "OPENAPI_URL_PREFIX": "/",
    "OPENAPI_JSON_PATH": "openapi.json",
    "OPENAPI_SWAGGER_UI_PATH": "/docs",
    "OPENAPI_SWAGGER_UI_URL": ASSETS_URL,
    "OPENAPI_SWAGGER_UI_CONFIG": {"validatorUrl": None, "deepLinking": True},
}

blp = Blueprint("docs_assets", __name__)


@blp.get(f"{ASSETS_URL}<path:name>")
def asset(name: str) -> Response:
    """Swagger UI's own files (scripts, styles, icons)."""
    return send_from_directory(ASSETS, name, max_age=24 * 3600)


def register_docs(app: Flask) -> None:
    app.register_blueprint(blp)
