"""The OpenAPI document in openapi/ is generated from the code and current."""

import json

from referee import openapi


def test_the_committed_openapi_document_matches_the_code():
    committed = json.loads(openapi.TARGET.read_text(encoding="utf-8"))
    assert committed == openapi.document(), "stale: run `python -m referee.openapi`"


def test_every_documented_error_is_problem_details():
    spec = openapi.document()
    for name, response in spec["components"]["responses"].items():
        if "content" in response:
            assert list(response["content"]) == ["application/problem+json"], name
