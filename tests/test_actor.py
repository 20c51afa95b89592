"""Who did a recorded action, read from the action alone (referee.actor): the
seat an action carries is not always its actor."""

from referee import actor
from referee.rules import ACTIONS


def test_an_auction_result_the_table_phone_reports_is_the_table_s_whatever_seat_it_carries():
    # seed 000 l.69: «При проведении аукционов Банкир берет на себя роль ведущего.» -- the table reports the result
    result = {"type": "auction_result", "seat": 2, "winner": 1, "amount": 130}
    assert ACTIONS["auction_result"].table
    assert actor.actor(result) == actor.TABLE
    assert actor.kind_of(result) == "table"
    assert actor.phrase(result, ["Mum", "Boris", "Vera"]) == "table"


def test_the_end_recorded_at_the_end_time_is_the_end_time_s_and_the_table_s_stop_is_the_table_s():
    # seed 000 l.277: «Перед началом этого варианта игры Вам нужно условиться о времени окончания игры.»
    assert actor.actor({"type": "end_game", "seat": 0, "time_up": True}) == actor.END_TIME
    assert actor.actor({"type": "end_game", "seat": 0, "time_up": False}) == actor.TABLE
    assert actor.actor({"type": "end_game", "seat": 1}) == actor.TABLE


def test_the_creation_and_an_undo_are_the_table_s():
    assert actor.actor({"type": "create", "players": ["Anna", "Boris"]}) == actor.TABLE
    assert actor.actor({"type": "undo", "seat": 0, "event": 3}) == actor.TABLE


def test_a_player_s_own_action_is_the_player_of_its_seat_by_seat_and_name():
    bought = {"type": "buy", "seat": 1}
    assert actor.actor(bought) == 1
    assert actor.kind_of(bought) == actor.PLAYER
    # a player called "table" stays a player: the phrase carries the seat beside the name
    assert actor.phrase(bought, ["Anna", "table"]) == {"seat": 1, "name": "table"}


def test_a_correction_is_done_by_whoever_does_its_replacement():
    by_table = {"type": "correction", "action": {"type": "auction_result", "seat": 0, "winner": 1, "amount": 90}}
    by_player = {"type": "correction", "action": {"type": "roll", "seat": 1, "dice": [3, 4]}}
    assert actor.actor(by_table) == actor.TABLE
    assert actor.actor(by_player) == 1
