"""The OpenAPI document, built once per process.

Building it (every schema converted, every operation described) is most of an
app's start. It depends only on the code and on the settings that say what the
document is, so a later app of the same process with the same settings takes
the spec the first one finished instead of converting everything again: a test
suite starts hundreds of apps, a server a few.
"""

from __future__ import annotations

import json
from typing import Any

from flask_smorest.spec import openapi_cli

# The settings the document is made from (flask-smorest reads the ETag one while describing operations).
DOCUMENT_SETTINGS = ("API_TITLE", "API_VERSION", "OPENAPI_VERSION", "API_SPEC_OPTIONS", "ETAG_DISABLED")
# False builds the document anew: ``python -m referee.openapi`` and the test comparing both ways.
REUSE = "REFEREE_OPENAPI_REUSE"


class Finished:
    """A whole document and what built it: the spec, its plugins, the blueprints it describes."""

    def __init__(self, api: Any, blueprints: frozenset[str]):
        self.spec, self.flask_plugin, self.ma_plugin = api.spec, api.flask_plugin, api.ma_plugin
        self.blueprints = blueprints


_FINISHED: dict[str, Finished] = {}


class SpecOnce:
    """A flask-smorest ``Api`` mixin: the first app with given document settings builds the spec;
    the next ones adopt it and register their blueprints without describing them again."""

    def _init_spec(self, **options):
        self._spec_key = _key(self.config, self.config_prefix)
        self._documented: set[str] = set()
        self._adopted = _FINISHED.get(self._spec_key) if self._app.config.get(REUSE, True) else None
        if self._adopted is None:
            super()._init_spec(**options)
            return
        self.spec = self._adopted.spec
        self.flask_plugin, self.ma_plugin = self._adopted.flask_plugin, self._adopted.ma_plugin
        self._app.cli.add_command(openapi_cli)

    def register_blueprint(self, blp, *, parameters=None, **options):
        name = options.get("name", blp.name)
        if self._adopted is None:
            self._documented.add(name)
            return super().register_blueprint(blp, parameters=parameters, **options)
        if name not in self._adopted.blueprints:  # the shared document cannot grow: it would change other apps'
            raise LookupError(f"blueprint {name!r} is not in the document this process built; build it anew")
        self._app.extensions["flask-smorest"]["blp_name_to_api"][name] = self
        self._app.register_blueprint(blp, **options)

    def finish_spec(self) -> None:
        """Every blueprint is registered: the document is whole, for the next apps to adopt."""
        if self._adopted is None and self._app.config.get(REUSE, True):
            # from now on this app's document is the shared one: it too takes no new blueprint
            self._adopted = _FINISHED.setdefault(self._spec_key, Finished(self, frozenset(self._documented)))


def _key(config, prefix: str) -> str:
    settings = {name: config.get(name) for name in DOCUMENT_SETTINGS}
    return json.dumps([prefix, settings], sort_keys=True, default=repr)
