"""The HTTP layer: one module per resource, each a flask-smorest blueprint.

Views validate, authorise, call the service and return; the service does
the rest.
"""

from __future__ import annotations

from . import actions, corrections, editions, events, exports, games, ledger
from .problems import Api

BLUEPRINTS = (editions.blp, games.blp, actions.blp, ledger.blp, events.blp, corrections.blp, exports.blp)


def register_blueprints(api: Api) -> None:
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)


__all__ = ["Api", "register_blueprints"]
