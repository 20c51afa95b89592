"""The benchmark's scripted tables still do what the rules say, so that
``python -m benchmarks`` measures real actions (it times nothing here)."""

import pytest

from benchmarks.clients import InProcess
from benchmarks.tables import EDITION, RENT, WrongAnswer, act, create, random_actions, read, scenes
from referee import create_app


@pytest.fixture
def client(tmp_path):
    return InProcess(create_app({"REFEREE_DATABASE": str(tmp_path / "bench.sqlite3")}))


@pytest.mark.parametrize("scene", scenes(), ids=lambda s: s.name)
def test_each_scripted_action_moves_the_money_the_rules_say(client, scene):
    game = scene.prepare(client)
    scene.run(client, game)
    assert read(client, game)["version"] == game.version


def test_the_rent_scene_pays_baltic_avenues_base_rent_to_its_owner(client):
    game = RENT.prepare(client)
    before = {p["seat"]: p["cash"] for p in read(client, game)["players"]}
    RENT.run(client, game)
    after = {p["seat"]: p["cash"] for p in read(client, game)["players"]}
    rent = EDITION.space(3).rent[0]
    assert after == {0: before[0] + rent, 1: before[1] - rent}


def test_a_scripted_action_that_the_rules_refuse_fails_the_run(client):
    game = RENT.prepare(client)
    with pytest.raises(WrongAnswer, match="409"):
        act(client, game, {"type": "buy", "seat": 1})


def test_a_random_game_played_by_the_engine_is_accepted_action_by_action(client):
    actions = random_actions(seed=3, count=60, players=4)
    game = create(client, players=4)
    for action in actions:
        act(client, game, action)
    assert read(client, game)["version"] == 1 + len(actions)


def test_the_cautious_table_never_buys_so_its_long_game_goes_on(client):
    actions = random_actions(seed=1, count=400, players=4, cautious=True)
    assert len(actions) == 400
    assert not {"buy", "bid"} & {a["type"] for a in actions}
    game = create(client, players=4)
    for action in actions:
        act(client, game, action)
    assert all(p["owner"] is None for p in read(client, game)["properties"])
