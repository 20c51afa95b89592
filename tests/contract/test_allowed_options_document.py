"""The document types every entry of ``allowed`` by its action type, and says
exactly what the engine gives: over random games of every shipped edition and
variant, each entry, as it goes over the wire, fits its type's schema in the
committed document strictly (no field the schema does not name, every
required one there, every value of its type), and every action type comes up."""

from __future__ import annotations

import json
from collections import Counter

import jsonschema_rs

from referee import openapi
from referee.api.action_types import OPTIONS
from referee.rules import ACTIONS, allowed
from tests.rules.tables import seeded_states

DOCUMENT = json.loads(openapi.TARGET.read_text(encoding="utf-8"))
SCHEMAS = DOCUMENT["components"]["schemas"]
MAPPING = SCHEMAS["Allowed"]["discriminator"]["mapping"]


def validator(ref: str) -> jsonschema_rs.Validator:
    """A validator of one component, its references resolved in the document (a compiled validator:
    every entry of hundreds of random states takes well under a second)."""
    return jsonschema_rs.Draft202012Validator({"$ref": ref, "components": DOCUMENT["components"]})


ALLOWED = validator("#/components/schemas/Allowed")
BY_TYPE = {kind: validator(ref) for kind, ref in MAPPING.items()}


def problems(entry: dict) -> list[str]:
    """What is wrong with an entry of ``allowed`` by the document: it fits none of the ``oneOf``, or
    not the schema its ``type`` maps to (whose errors say where)."""
    if ALLOWED.is_valid(entry):
        return []
    own = BY_TYPE.get(entry.get("type"))
    return [f"{e.instance_path}: {e.message}" for e in own.iter_errors(entry)] if own else ["unknown type"]


def test_every_action_type_has_its_options_in_the_document():
    assert set(OPTIONS) == set(ACTIONS)
    assert set(MAPPING) == set(ACTIONS)
    assert [member["$ref"] for member in SCHEMAS["Allowed"]["oneOf"]] == list(MAPPING.values())
    for action_type, ref in MAPPING.items():
        options = SCHEMAS[ref.rsplit("/", 1)[1]]["properties"]["options"]
        assert options["$ref"].endswith(f"/{OPTIONS[action_type].__name__.removesuffix('Schema')}"), action_type


def test_the_document_refuses_options_that_stray_from_their_type():
    bid = {"type": "bid", "seat": 1, "options": {"amount": {"min": 10, "max": 90, "step": 1, "exact": False}}}
    bid["options"].update(limit=90, position=5, high_bid=None)
    assert problems(bid) == []
    assert problems({**bid, "options": {**bid["options"], "minimum": 10}})  # a field the type does not give
    assert problems({**bid, "options": {k: v for k, v in bid["options"].items() if k != "limit"}})  # one missing
    assert problems({**bid, "options": {**bid["options"], "high_bid": "10"}})  # of another type
    assert problems({**bid, "type": "pass"})  # a pass's options are not a bid's
    assert problems({"type": "end_game", "seat": 0, "options": {"time_up": False}})  # only the table sends it


def test_every_allowed_entry_of_random_games_of_every_edition_fits_its_documented_options():
    seen: Counter = Counter()
    for table, state in seeded_states(max_actions=300):
        for entry in allowed(state, table.edition, table.now):
            # as it goes over the wire: JSON (options worked out when read are read here; a compiled
            # validator reads a dict's storage, not its methods)
            entry = json.loads(json.dumps(entry))
            assert ALLOWED.is_valid(entry), (table, entry, problems(entry))
            seen[entry["type"]] += 1
    assert set(seen) == set(ACTIONS), sorted(set(ACTIONS) - set(seen))
