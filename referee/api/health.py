"""Health: whether this server can answer and store, for a monitor or a proxy."""

from __future__ import annotations

from datetime import UTC, datetime

from flask.views import MethodView
from marshmallow import Schema, fields

from referee.facts import PACKAGE

from .auth import referee
from .documented import Blueprint

blp = Blueprint("health", __name__, url_prefix="/health", description="The server's health")


class HealthSchema(Schema):
    status = fields.String(required=True, metadata={"description": "ok: the database was read and written"})
    version = fields.String(required=True, metadata={"description": "The package version serving"})
    checked_at = fields.String(required=True, metadata={"description": "When the database was written"})


@blp.route("")
class Health(MethodView):
    @blp.operation("getHealth", token=False)
    @blp.response(200, HealthSchema)
    def get(self):
        """Whether the database is reachable and takes writes (503 when it does not), and the version"""
        at = datetime.now(UTC).isoformat(timespec="milliseconds")
        referee().store.check(at)
        return {"status": "ok", "version": PACKAGE, "checked_at": at}
