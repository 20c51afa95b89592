"""The edition document carries the forms a count takes, as the committed
document says: the page reads them from there, the rulings from the same table
(``referee.rules.plurals``), so a language is added in one place."""

from __future__ import annotations

import json

import jsonschema_rs

from referee import openapi
from referee.editions import served, shipped
from referee.rules.plurals import FORMS
from referee.web.shell import page_copy

DOCUMENT = json.loads(openapi.TARGET.read_text(encoding="utf-8"))
EDITION = jsonschema_rs.Draft202012Validator({"$ref": "#/components/schemas/Edition", **DOCUMENT})


def test_the_documented_edition_names_its_plural_forms():
    forms = DOCUMENT["components"]["schemas"]["Edition"]["properties"]["plural_forms"]
    assert forms["type"] == "object" and forms["additionalProperties"]["type"] == "object"
    assert "plural category" in forms["description"]
    classic = served(shipped()["classic"])
    assert EDITION.is_valid(classic)
    assert not EDITION.is_valid({**classic, "plural_forms": {"ru": {"few": 2}}})  # a form is a term's key


def test_every_edition_is_served_with_the_forms_the_rulings_count_with(app, client):
    page_files = app.extensions["referee.shell"].files
    for edition_id in shipped():
        served = client.get(f"/editions/{edition_id}").json
        assert EDITION.is_valid(served), [e.message for e in EDITION.iter_errors(served)]
        assert served["plural_forms"] == FORMS, edition_id
        # the copies the page loads with its files are that document as each language's page reads it
        for lang in ("en", "ru", "uk", "it"):
            assert json.loads(page_files[f"editions/{edition_id}.{lang}.json"]) == page_copy(served, lang)


def test_a_custom_edition_is_served_with_the_service_s_forms_not_the_ones_it_was_sent_with(client):
    document = client.get("/editions/classic").json
    document["id"] = "classic-own-forms"
    document["plural_forms"] = {"ru": {"one": "", "few": "gen_pl", "many": "gen_pl"}}
    created = client.post("/editions", json=document)
    assert created.status_code == 201, created.json
    assert created.json["plural_forms"] == FORMS
    assert client.get("/editions/classic-own-forms").json["plural_forms"] == FORMS
