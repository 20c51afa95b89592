"""The document types every entry of the state's ``refused`` by its action type,
and says exactly what the engine gives: over random games of every shipped
edition and variant, each entry, as it goes over the wire, fits the committed
document strictly, and every type that tells what it refuses comes up."""

from __future__ import annotations

import json
from collections import Counter

import jsonschema_rs

from referee import openapi
from referee.api.refused_types import REFUSED
from referee.rules import ACTIONS, refused
from tests.rules.tables import seeded_states

DOCUMENT = json.loads(openapi.TARGET.read_text(encoding="utf-8"))
REFUSED_ENTRY = jsonschema_rs.Draft202012Validator(
    {"$ref": "#/components/schemas/Refused", "components": DOCUMENT["components"]}
)


def test_every_type_that_tells_what_it_refuses_has_its_schema():
    assert set(REFUSED) == {kind for kind, spec in ACTIONS.items() if spec.refused is not None}


def test_every_refused_entry_of_random_games_of_every_edition_fits_the_document():
    seen: Counter = Counter()
    for table, state in seeded_states(max_actions=300):
        for entry in refused(state, table.edition):
            entry = json.loads(json.dumps(entry))
            assert REFUSED_ENTRY.is_valid(entry), (table, entry)
            seen[entry["type"]] += 1
    assert set(seen) == set(REFUSED), seen
