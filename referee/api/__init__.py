"""The HTTP layer: one module per resource, each a flask-smorest blueprint.

Views validate, authorise, call the service and return; the service does
the rest.
"""

from __future__ import annotations

from . import actions, corrections, editions, events, exports, games, health, ledger, quotes, rules, rulings, seats
from .problems import ProblemApi
from .request_body import require_json
from .spec_once import SpecOnce

BLUEPRINTS = (
    editions.blp,
    rules.blp,
    games.blp,
    actions.blp,
    corrections.blp,
    ledger.blp,
    events.blp,
    exports.blp,
    rulings.blp,
    quotes.blp,
    seats.blp,
    health.blp,
)


class Api(SpecOnce, ProblemApi):
    """The API: every error as problem details, its document built once per process."""


def register_blueprints(api: Api) -> None:
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
    api.finish_spec()


# Once per process, before any app registers them: Flask allows no setup on a registered blueprint.
for _blueprint in BLUEPRINTS:
    _blueprint.before_request(require_json)


__all__ = ["Api", "register_blueprints"]
