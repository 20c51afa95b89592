"""Who did a recorded action (referee.actor), read from the action alone."""

import pytest

from referee.actor import END_TIME, PLAYER, TABLE, actor, kind_of, phrase
from referee.rules import ACTIONS


@pytest.mark.parametrize(
    "action, who",
    [
        ({"type": "auction_result", "seat": 0, "winner": 2, "amount": 130}, TABLE),  # sent by the table phone
        ({"type": "deal_deeds", "seat": 1, "deeds": [[1, 3], [6, 8]]}, TABLE),  # any phone reports the deal
        ({"type": "timeout", "seat": 2, "elapsed": 300.0}, TABLE),  # any phone reports the table clock's
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


def test_every_action_done_for_the_table_is_the_table_s_whatever_seat_it_carries():
    for_table = {kind for kind, spec in ACTIONS.items() if spec.for_table}
    assert {kind for kind, spec in ACTIONS.items() if spec.table} < for_table  # all the table sends, and more
    assert {"auction_result", "deal_deeds", "timeout"} <= for_table
    assert {actor({"type": kind, "seat": 1}) for kind in for_table} == {TABLE}
    assert {actor({"type": kind, "seat": 1}) for kind in set(ACTIONS) - for_table} == {1}


def test_a_deal_and_a_timeout_are_sent_by_any_phone_yet_done_for_the_table():
    # seed 000 l.277: «Затем Банкир раздает по две карточки каждому игроку» -- the banker deals for everyone;
    # seed 002 l.154: «На своє рішення ... у вас 5 хвилин» -- the limit is the table clock's, not the reporter's
    for kind in ("deal_deeds", "timeout"):
        assert ACTIONS[kind].for_table and not ACTIONS[kind].table, kind


def test_a_player_is_named_by_seat_and_name_and_the_table_by_its_key():
    names = ["Mum", "Boris"]
    assert phrase({"type": "buy", "seat": 1}, names) == {"seat": 1, "name": "Boris"}
    assert phrase({"type": "auction_result", "seat": 0}, names) == TABLE
    assert phrase({"type": "deal_deeds", "seat": 1}, names) == TABLE
    assert kind_of({"type": "buy", "seat": 1}) == PLAYER
    assert kind_of({"type": "end_game", "seat": 0, "time_up": True}) == END_TIME
