"""The OpenAPI document in openapi/ is generated from the code and current."""

import json

import pytest
from flask_smorest import Blueprint

from referee import create_app, openapi


def test_the_committed_openapi_document_matches_the_code():
    committed = json.loads(openapi.TARGET.read_text(encoding="utf-8"))
    assert committed == openapi.document(), "stale: run `python -m referee.openapi`"


def test_every_documented_error_is_problem_details():
    spec = openapi.document()
    for name, response in spec["components"]["responses"].items():
        if "content" in response:
            assert list(response["content"]) == ["application/problem+json"], name


def _spec(app):
    return app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec


def test_apps_of_a_process_share_one_document_the_same_as_one_built_anew(tmp_path):
    first, second = (create_app({"REFEREE_DATABASE": str(tmp_path / f"{n}.sqlite3")}) for n in "ab")
    assert _spec(second) is _spec(first)  # adopted, not converted again
    served = second.test_client().get("/openapi.json").json
    assert served == openapi.document()
    assert served == json.loads(openapi.TARGET.read_text(encoding="utf-8"))


def test_an_app_with_other_document_settings_builds_its_own_document(tmp_path):
    club = create_app({"REFEREE_DATABASE": str(tmp_path / "club.sqlite3"), "API_TITLE": "Club referee"})
    plain = create_app({"REFEREE_DATABASE": str(tmp_path / "plain.sqlite3")})
    assert club.test_client().get("/openapi.json").json["info"]["title"] == "Club referee"
    assert plain.test_client().get("/openapi.json").json["info"]["title"] == "Referee"
    assert _spec(club) is not _spec(plain)


def test_a_blueprint_the_shared_document_lacks_is_refused_rather_than_left_undocumented(tmp_path):
    first, second = (create_app({"REFEREE_DATABASE": str(tmp_path / f"{n}.sqlite3")}) for n in "ab")
    for app in (first, second):
        with pytest.raises(LookupError, match="extra"):
            app.extensions["flask-smorest"]["apis"][""]["ext_obj"].register_blueprint(Blueprint("extra", __name__))
    assert "extra" not in {tag["name"] for tag in second.test_client().get("/openapi.json").json["tags"]}
