"""The benchmark's scripted tables still do what the rules say, and its
sections still run, so that ``python -m benchmarks`` measures real actions
(it asserts nothing on time here)."""

import pytest

from benchmarks.__main__ import Targets
from benchmarks.clients import InProcess
from benchmarks.facts import (
    CYCLE,
    CYCLES_PER_GAME,
    REDO,
    UNDO,
    Figures,
    Samples,
    build,
    depths,
    event_bytes,
    last_of_kind,
    recent_worth,
    sizes,
    undo,
    undo_cycle,
)
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


# -- the facts section's building blocks, on a 30-event game -------------------

NOT_THE_TABLE = {"id", "version", "clock", "clock_since"}  # which game, which event, and when


def table_as(state):
    return {key: value for key, value in state.items() if key not in NOT_THE_TABLE}


def test_an_undo_leaves_the_game_as_it_was_before_its_last_action(client):
    actions = random_actions(seed=3, count=40, players=4)
    at = last_of_kind(actions, 30)
    game, earlier = build(client, actions, at), build(client, actions, at - 1)
    undo(client, game)
    assert game.version == at + 1
    assert table_as(read(client, game)) == table_as(read(client, earlier))


def test_undo_then_the_same_action_again_moves_the_version_on_and_leaves_the_table_as_it_was(client):
    actions = random_actions(seed=3, count=40, players=4)
    at = last_of_kind(actions, 30)
    assert actions[at - 2]["type"] == "roll"
    game = build(client, actions, at)
    before = read(client, game)
    samples = Samples()
    for _ in range(2):
        undo_cycle(client, game, actions[at - 2], samples, "early")
    assert game.version == at + 4
    assert table_as(read(client, game)) == table_as(before)
    assert len(samples.wall[(CYCLE, "early")]) == len(samples.wall[(UNDO, "early")]) == 2


def test_the_polling_history_answers_the_last_event_only(client):
    game = build(client, random_actions(seed=3, count=40, players=4), 30)
    [point] = recent_worth(client, game)["points"]
    assert point["event"] == game.version == 30
    assert len(point["totals"]) == 4


def test_the_bytes_per_event_count_every_event_of_the_game_and_its_facts(client, tmp_path):
    actions = random_actions(seed=3, count=29, players=4)
    game = build(client, actions, 30)
    found = event_bytes(tmp_path / "bench.sqlite3", game.id)
    assert found.events == 30
    assert "facts" not in found.columns and {"action", "rulings", "type", "seat", "at"} <= set(found.columns)
    assert 0 < found.without < found.total
    assert 0 < found.facts <= found.largest and 0 < found.creation <= found.largest


def test_the_facts_section_runs_and_prints_its_targets_on_a_tiny_game(client, tmp_path, capsys):
    table = (random_actions(seed=3, count=60, players=4), "random players (seed 3)")
    samples = CYCLES_PER_GAME + 1  # the early game is played anew once
    measured = depths(client, table, early=10, late=40, samples=samples)
    found = sizes(tmp_path, 30)
    Targets(facts=Figures(measured, measured, found)).print()
    assert {case: len(at["late"].samples) for case, at in measured.undo.items()} == dict.fromkeys(
        (CYCLE, UNDO, REDO), samples
    )
    assert len(measured.history["early"].samples) == samples
    assert found.events == 31
    printed = capsys.readouterr().out
    assert printed.count("late/early") == 4
    assert "facts add <= 2 KB per stored event on average" in printed


def test_the_engine_section_measures_allowed_on_late_game_states_and_prints_its_target(capsys):
    from benchmarks.engine import LATE, allowed_per_state, late_states
    from benchmarks.tables import EDITION
    from referee.rules import allowed

    states = late_states(1)
    assert len(states) == len(LATE) and [s.version for s in states] == [1 + n for n in LATE]
    measured = allowed_per_state(games=1, rounds=1)
    Targets(allowed=measured).print()
    assert measured["us_per_state"] > 0
    assert measured["yardsticks"] == pytest.approx(measured["us_per_state"] / measured["yardstick_us"])
    printed = capsys.readouterr().out
    assert "allowed() <= 20 µs a late-game state" in printed
    assert f"{measured['yardsticks']:.2f} yardsticks" in printed
    # the floor is measured on the same states' own entries, so it counts as many as allowed gives
    assert measured["entries_per_state"] == sum(len(allowed(s, EDITION)) for s in states) / len(states)
    assert measured["list_alone_us"] > 0 and "the list alone" in printed


def test_the_yardstick_measures_a_fixed_piece_of_work():
    from benchmarks.yardstick import _work, yardstick_us

    assert _work() == _work() > 0  # the same work every time, or the yardstick compares nothing
    assert 0 < yardstick_us(rounds=1)


def test_the_engine_section_splits_an_action_into_allowed_and_the_rest(monkeypatch, capsys):
    from benchmarks import engine

    asked = []
    real = engine.allowed
    monkeypatch.setattr(engine, "allowed", lambda state, edition: asked.append(state.version) or real(state, edition))
    measured = engine.random_games(1)
    # every state an action was chosen in, once, in the order played: creation's 1 to the last but one
    assert asked == list(range(1, engine.ACTIONS_PER_GAME + 1))
    assert measured["allowed_in_play_us"] > 0
    assert measured["rest_us"] == pytest.approx(measured["us_per_action"] - measured["allowed_in_play_us"])
    bound = 1e6 / measured["rest_us"] / engine.ACTIONS_PER_GAME
    assert measured["games_per_s_bound"] == pytest.approx(bound)
    assert "were allowed() free, at most" in capsys.readouterr().out


def test_the_servers_section_searches_no_higher_than_max_tables(monkeypatch, capsys):
    import contextlib

    from benchmarks import __main__ as bench
    from benchmarks import servers

    asked = {}

    def capacities(ports, seconds, budget, start, most):
        asked.update(seconds=seconds, most=most)
        return dict.fromkeys(ports, 900)

    monkeypatch.setattr(bench, "serving", lambda kind, directory: contextlib.nullcontext(1))
    monkeypatch.setattr(servers, "write_cost", lambda ports, samples: dict.fromkeys(ports, 0.002))
    monkeypatch.setattr(servers, "writes_per_second", lambda ports, seconds: dict.fromkeys(ports, 400.0))
    monkeypatch.setattr(servers, "capacities", capacities)
    bench.main(["--only", "servers", "--quick", "--max-tables", "1000"])
    assert asked == {"seconds": 10, "most": 1000}
    assert "capacity now within 10% of before" in capsys.readouterr().out
