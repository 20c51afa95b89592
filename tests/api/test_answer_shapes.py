"""An action's answer and a game's state are sent as the service builds them,
shaped by a plan of the response schema made once instead of a marshmallow
dump per request: what clients get must stay exactly what the dump gave, byte
for byte."""

import json

import pytest
from marshmallow import Schema, fields, post_dump

from referee.api.actions import ActionResultSchema
from referee.api.schemas import StateSchema
from referee.api.shape import Shape
from referee.rules import RuleViolation
from referee.rules.serialize import state_from_dict
from referee.service.chance import service_draws
from referee.service.errors import InvalidInput
from referee.simulate import RandomChooser, random_action

TABLES = [
    ("classic", {}),
    ("classic", {"options": {"dice": "virtual", "decks": "virtual", "rent_collection": "automatic"}}),
    ("disney", {"options": {"house_rules": ["free_parking_jackpot", "go_landing_double"]}, "spectator": True}),
    ("classic-rub", {"variant": "short"}),
    ("ua-industries", {"options": {"clock": True}}),
    ("classic-rub", {"variant": "timed", "options": {"ends_at": "2099-01-01T00:00:00+00:00"}}),  # time_left
]


def encoded(data) -> str:
    return json.dumps(data, ensure_ascii=False)


def answers(referee, edition_id: str, body: dict, seed: int, count: int = 120):
    """Answers to random legal actions of one game, with the state read back after each."""
    players = [{"name": name} for name in ("Anna", "Boris", "Chen")]
    game = referee.create_game({"edition": edition_id, "players": players, **body})
    edition, choose = referee.edition(edition_id), RandomChooser(seed)
    for number in range(count):
        state = state_from_dict(referee.store.game(game["id"])["state"])
        action = random_action(state, edition, choose)
        if action is None:
            return
        action.pop(service_draws(state, action["type"]), None)  # what the service draws, a client leaves out
        lang = ("en", "ru", "uk", "it")[number % 4]
        try:
            yield referee.act(game["id"], action, lang=lang), referee.game(game["id"], lang)
        except (RuleViolation, InvalidInput):
            continue


@pytest.mark.parametrize(("edition_id", "body"), TABLES, ids=[f"{e}-{i}" for i, (e, _) in enumerate(TABLES)])
def test_answers_and_states_are_shaped_exactly_as_the_schemas_dump_them(app, edition_id, body):
    referee = app.extensions["referee"]
    result, state = Shape(ActionResultSchema), Shape(StateSchema)
    result_schema, state_schema = ActionResultSchema(), StateSchema()
    seen, finished = 0, False
    for answer, view in answers(referee, edition_id, body, seed=len(edition_id)):
        assert encoded(result(answer)) == encoded(result_schema.dump(answer))
        assert encoded(state(view)) == encoded(state_schema.dump(view))
        seen += 1
        finished = view["finished"]
    assert seen > 50 or (seen > 10 and finished)  # the random table may end a short or timed game early


def test_the_answer_over_http_is_the_dump_of_what_the_service_answered(client, app):
    created = client.post("/games", json={"edition": "classic", "players": [{"name": "Anna"}, {"name": "Boris"}]})
    game, token = created.json["id"], created.json["token"]
    headers = {"Authorization": f"Bearer {token}"}
    sent = client.post(f"/games/{game}/actions", json={"type": "roll", "seat": 0, "dice": [1, 2]}, headers=headers)
    assert sent.status_code == 201 and sent.headers["ETag"] == '"2"'
    assert sent.get_data() == app.json.response(ActionResultSchema().dump(sent.json)).get_data()
    read = client.get(f"/games/{game}", headers=headers)
    assert read.status_code == 200 and read.headers["ETag"] == '"2"'
    assert read.get_data() == app.json.response(StateSchema().dump(read.json)).get_data()
    assert read.json == sent.json["state"]


class _Inner(Schema):
    n = fields.Integer()


class _Every(Schema):
    text = fields.String()
    number = fields.Integer(dump_default=7)
    flag = fields.Boolean()
    raw = fields.Raw()
    mapping = fields.Dict()
    numbers = fields.List(fields.Integer())
    inner = fields.Nested(_Inner)
    inners = fields.List(fields.Nested(_Inner))
    many = fields.Nested(_Inner, many=True)
    renamed = fields.Raw(attribute="from", data_key="from")


def test_a_shape_drops_unknown_fields_keeps_the_schemas_order_and_converts_as_marshmallow_does():
    data = {
        "unknown": 1,
        "many": [{"n": 1, "x": 2}],
        "inner": None,
        "inners": [{"n": "3"}],
        "from": 5,
        "numbers": (1, 2),
        "mapping": {"b": (1,), "a": None},
        "raw": [1],
        "flag": 0,
        "text": 12,
    }
    assert encoded(Shape(_Every)(data)) == encoded(_Every().dump(data))
    assert list(Shape(_Every)(data)) == ["text", "number", "flag", "raw", "mapping", "numbers", "inner", "inners"] + [
        "many",
        "from",
    ]


def test_a_schema_a_shape_cannot_follow_is_refused_when_the_shape_is_made():
    class Dated(Schema):
        at = fields.DateTime()

    class Hooked(Schema):
        n = fields.Integer()

        @post_dump
        def _more(self, data, **kwargs):
            return {**data, "more": True}

    for schema in (Dated, Hooked):
        with pytest.raises(TypeError):
            Shape(schema)
