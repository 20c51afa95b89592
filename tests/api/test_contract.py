"""The document says everything the views read and refuse: every query and
header parameter, and for the action body one schema per type that the
loader agrees with."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest

from referee import create_app, openapi
from referee.api import BLUEPRINTS
from referee.api.action_types import ActionSchema
from referee.rules import ACTIONS

DOCUMENT = openapi.document()


def _resolved(item: dict) -> dict:
    while "$ref" in item:
        kind, name = item["$ref"].split("/")[-2:]
        item = DOCUMENT["components"][kind][name]
    return item


def _read(function) -> dict[str, set[str]]:
    """The parameter names a view's argument schemas and pagination read, by location."""
    read: dict[str, set[str]] = {}
    for argument in function._apidoc.get("arguments", {}).get("parameters", []):
        location = {"headers": "header", "query": "query"}.get(argument["in"])
        if location:
            schema = argument["schema"]() if isinstance(argument["schema"], type) else argument["schema"]
            read.setdefault(location, set()).update(f.data_key or n for n, f in schema.load_fields.items())
    if "pagination" in function._apidoc:
        read.setdefault("query", set()).update({"page", "page_size"})
    return read


def _operations():
    with tempfile.TemporaryDirectory() as scratch:
        app = create_app({"REFEREE_DATABASE": f"{scratch}/db.sqlite3", "TESTING": True})
    for rule in app.url_map.iter_rules():
        view = app.view_functions[rule.endpoint]
        cls = getattr(view, "view_class", None)
        if cls is None or rule.endpoint.split(".")[0] not in {b.name for b in BLUEPRINTS}:
            continue
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            yield path, method.lower(), getattr(cls, method.lower())


OPERATIONS = list(_operations())


@pytest.mark.parametrize("path, method, function", OPERATIONS, ids=[f"{m} {p}" for p, m, _ in OPERATIONS])
def test_the_document_names_every_parameter_a_view_reads(path, method, function):
    operation = DOCUMENT["paths"][path][method]
    documented: dict[str, set[str]] = {}
    for parameter in map(_resolved, operation.get("parameters", [])):
        documented.setdefault(parameter["in"], set()).add(parameter["name"])
    for location, names in _read(function).items():
        assert names <= documented.get(location, set()), (location, names - documented.get(location, set()))


def test_every_operation_has_a_stable_id_and_says_whether_it_needs_a_token():
    ids = [op["operationId"] for ops in DOCUMENT["paths"].values() for op in ops.values() if isinstance(op, dict)]
    assert len(ids) == len(set(ids)) == len(OPERATIONS)
    for path, ops in DOCUMENT["paths"].items():
        for op in (op for op in ops.values() if isinstance(op, dict)):
            # a move link is taken on a device that holds no token of the game yet: the link is in the body
            needs_token = path.startswith("/games/{game_id}") and op["operationId"] != "takeSeat"
            assert op["security"] == ([{"bearer": []}] if needs_token else []), path


def test_every_error_answer_is_a_problem():
    for path, ops in DOCUMENT["paths"].items():
        for method, op in ops.items():
            if method == "parameters":
                continue
            for status, response in op["responses"].items():
                if status[0] in "45":
                    assert list(_resolved(response)["content"]) == ["application/problem+json"], (method, path, status)


def _sample(schema: dict):
    """A value that fits a field's schema (the least one)."""
    schema = _resolved(schema)
    kind = schema.get("type")
    kind = next(k for k in kind if k != "null") if isinstance(kind, list) else kind
    if "enum" in schema:
        return schema["enum"][0]
    if kind == "integer":
        return max(schema.get("minimum", 1), 1) if schema.get("maximum", 2) >= 1 else schema.get("minimum", 0)
    if kind == "number":
        return 1.0
    if kind == "string":
        return "x"
    if kind == "array":
        return [_sample(schema["items"]) for _ in range(max(schema.get("minItems", 1), 1))]
    if kind == "object":
        return {name: _sample(field) for name, field in schema.get("properties", {}).items()}
    raise AssertionError(schema)


def _component(action_type: str) -> dict:
    return _resolved({"$ref": DOCUMENT["components"]["schemas"]["Action"]["discriminator"]["mapping"][action_type]})


def _taken_somewhere(name: str) -> dict:
    """The schema of a field, from an action type that takes it."""
    return next(_component(t)["properties"][name] for t in ACTIONS if name in _component(t)["properties"])


@pytest.mark.parametrize("action_type", sorted(ACTIONS))
def test_the_loader_agrees_with_each_action_types_schema(action_type):
    document = _component(action_type)
    assert document["properties"]["type"]["enum"] == [action_type]
    assert document["additionalProperties"] is False
    required = set(document["required"])
    body = {name: _sample(document["properties"][name]) for name in required}
    assert ActionSchema().validate(body) == {}
    for name in required - {"type"}:
        assert name in ActionSchema().validate({k: v for k, v in body.items() if k != name}), name
    for name in set(ActionSchema._declared_fields) - set(document["properties"]):
        assert name in ActionSchema().validate({**body, name: _sample(_taken_somewhere(name))}), name
    assert "seats" in ActionSchema().validate({**body, "seats": 1})


@pytest.mark.parametrize("action_type", sorted(ACTIONS))
def test_each_action_type_s_fields_say_what_they_mean_to_it_alone(action_type):
    # a generated client shows these in its docstrings: a bid's amount says nothing of an adjustment
    others = [f"{t}:" for t in ACTIONS if t != action_type]
    for name, field in _component(action_type)["properties"].items():
        described = field.get("description", "")
        assert not any(other in described for other in others), (name, described)
        assert described or name in ("type", "seat"), name


def test_the_document_lists_every_refusal_code_the_engine_has():
    root = Path(openapi.__file__).parent
    sources = [*(root / "rules").glob("*.py"), root / "journal.py"]
    codes = {code for source in sources for code in re.findall(r'refuse\(\s*"([a-z_]+)"', source.read_text())}
    listed = DOCUMENT["components"]["schemas"]["Problem"]["properties"]["code"]["x-refusal-codes"]
    assert codes and codes <= set(listed), codes - set(listed)
