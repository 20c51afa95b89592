"""Who did a recorded action (referee.actor), read from the action alone."""

import pytest

from referee.actor import END_TIME, PLAYER, TABLE, actor, kind_of, phrase
from referee.rules import ACTIONS


@pytest.mark.parametrize(
    "action, who",
    [
        ({"type": "auction_result", "seat": 0, "winner": 2, "amount": 130}, TABLE),  # sent by the table phone
        ({"type": "end_game", "seat": 1}, TABLE),  # the table stops a timed game
        ({"type": "end_game", "seat": 0, "time_up": True}, END_TIME),  # the service, at the end time
        ({"type": "create", "players": ["Anna", "Boris"]}, TABLE),
        ({"type": "undo", "event": 3}, TABLE),
        ({"type": "roll", "seat": 2, "dice": [1, 2]}, 2),
        ({"type": "buy", "seat": 1}, 1),
        ({"type": "correction", "event": 4, "action": {"type": "auction_result", "seat": 0}}, TABLE),
        ({"type": "correction", "event": 2, "action": {"type": "roll", "seat": 1, "dice": [2, 3]}}, 1),
    ],
)
def test_the_actor_is_read_from_the_recorded_action(action, who):
    assert actor(action) == who


def test_every_action_only_the_table_sends_is_the_table_s_whatever_seat_it_carries():
    table_only = [kind for kind, spec in ACTIONS.items() if spec.table]
    assert "auction_result" in table_only
    assert {actor({"type": kind, "seat": 1}) for kind in table_only} == {TABLE}
    assert {actor({"type": kind, "seat": 1}) for kind, spec in ACTIONS.items() if not spec.table} == {1}


def test_a_player_is_named_by_seat_and_name_and_the_table_by_its_key():
    names = ["Mum", "Boris"]
    assert phrase({"type": "buy", "seat": 1}, names) == {"seat": 1, "name": "Boris"}
    assert phrase({"type": "auction_result", "seat": 0}, names) == TABLE
    assert kind_of({"type": "buy", "seat": 1}) == PLAYER
    assert kind_of({"type": "end_game", "seat": 0, "time_up": True}) == END_TIME
