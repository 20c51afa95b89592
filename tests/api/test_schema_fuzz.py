"""schemathesis against the committed OpenAPI document: whatever a client
sends -- fitting the document or not -- no 5xx, every answer matches what the
document promises (status, content type, body schema, headers), and a request
that breaks the document is refused.

Not checked: that every request fitting the document is accepted. The
document cannot say everything the rules and the validators know (a bid needs
an amount, a stale If-Match is 412, the edition wants 2-6 players), so such
requests are rightly refused with 409, 412 or 422.
"""

import json

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import ignored_auth, positive_data_acceptance

from referee import create_app, openapi

from .table import Table

DOCUMENT = schemathesis.openapi.from_dict(json.loads(openapi.TARGET.read_text(encoding="utf-8")))
OPERATIONS = [result.ok() for result in DOCUMENT.get_all_operations()]


def takes_input(operation) -> bool:
    return any(len(part) for part in (operation.query, operation.body))


# Requests that break the document need something to break: a query or a body (path
# parameters and most headers are free strings, and the game's own id is fixed below).
CASES = [
    pytest.param(operation, mode, id=f"{operation.label} {mode}")
    for operation in OPERATIONS
    for mode in GenerationMode
    if mode.is_positive or takes_input(operation)
]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    app = create_app({"REFEREE_DATABASE": str(tmp_path_factory.mktemp("fuzz") / "db.sqlite3"), "TESTING": True})
    return app, Table(app.test_client(), "Anna", "Boris", "Vera")


@pytest.mark.parametrize("operation, mode", CASES)
def test_every_generated_request_gets_a_documented_answer_and_no_server_error(served, operation, mode):
    app, table = served
    game = {"game_id": table.id} if "{game_id}" in operation.path else None

    # With the game's own id and token the requests get past 401/404 into the game's checks.
    @given(case=operation.as_strategy(mode, path_parameters=game, headers={"Authorization": f"Bearer {table.token}"}))
    @settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def answers_as_documented(case):
        # ignored_auth takes the game's own token, given as a header above, for one it generated;
        # tests/api/test_access.py shows that a missing or unknown token is 401.
        case.call_and_validate(app=app, excluded_checks=[positive_data_acceptance, ignored_auth])

    answers_as_documented()
