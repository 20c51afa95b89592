"""Who did an action, as the journal names it through HTTP: an action the
table phone sends for the whole table is the table's, the end a timed game's
end time brings is the end time's, not the seat the action carries; and that
end stands while its time has passed (SPEC §4 "Undo / correction")."""

from datetime import timedelta

import pytest

from .table import END, Table, moved_clock


@pytest.fixture
def clock(app):
    """The service's clock, set by the test: 10 minutes before END unless moved."""
    return moved_clock(app, END - timedelta(minutes=10))


def timed_table(client) -> Table:
    table = Table(client, "Anna", "Boris", "Vera", variant="timed", options={"ends_at": END.isoformat()})
    table.act("deal_deeds", 0, deeds=[[1, 3], [6, 8], [37, 39]])
    return table


def ruling(answer: dict, rule: str) -> dict:
    [found] = [r for r in answer["rulings"] if r["rule"] == rule]
    return found


def undo_ruling_in(client, table: Table, lang: str) -> str:
    events = client.get(f"/games/{table.id}/events", headers={**table.headers(), "Accept-Language": lang}).json
    return ruling(events[-1], "journal.undo")["text"]


def test_an_undone_auction_result_is_the_table_s_not_the_seat_it_was_sent_with(client):
    # seed 001 l.28: the auction is bid aloud at the table; the table phone reports its result
    table = Table(client, "Mum", "Boris", "Vera")
    table.roll(0, 2, 3)  # Reading Railroad, declined
    table.act("decline", 0)
    reported = table.act("auction_result", 0, winner=2, amount=130)
    assert reported["event"]["by"] == "table"
    undone = table.post("/undo", {})
    assert undone.status_code == 201, undone.json
    text = ruling(undone.json, "journal.undo")["text"]
    assert "auction result by the table" in text and "Mum" not in text
    assert ruling(undone.json, "journal.undo")["values"]["by"] == "table"
    assert "итог аукциона, стол" in undo_ruling_in(client, table, "ru")
    assert "підсумок торгів, стіл" in undo_ruling_in(client, table, "uk")
    assert "esito dell'asta, il tavolo" in undo_ruling_in(client, table, "it")
    assert [e["by"] for e in table.events()] == ["table", "player", "player", "table", "table"]


def test_a_deal_reported_from_a_player_s_seat_is_the_table_s_in_by_and_in_the_undo(client):
    # seed 000 l.277: «Затем Банкир раздает по две карточки каждому игроку» -- the banker deals for the table
    table = Table(client, "Anna", "Boris", "Vera", variant="timed", options={"ends_at": END.isoformat()})
    dealing = [a for a in table.state()["allowed"] if a["type"] == "deal_deeds"]
    assert dealing and all(a["for_table"] and "table" not in a for a in dealing)  # any phone, for the table
    dealt = table.act("deal_deeds", 1, deeds=[[1, 3], [6, 8], [37, 39]])
    assert dealt["event"]["by"] == "table"
    undone = table.post("/undo", {})
    assert undone.status_code == 201, undone.json
    assert ruling(undone.json, "journal.undo")["text"].startswith("Event 2 (deeds dealt by the table) is undone")
    assert ruling(undone.json, "journal.undo")["values"]["by"] == "table"
    assert "раздача карточек собственности, стол" in undo_ruling_in(client, table, "ru")
    assert [e["by"] for e in table.events()] == ["table", "table", "table"]


def test_an_undone_purchase_is_still_its_player_s(client):
    table = Table(client)
    table.roll(0, 1, 2)  # Baltic Avenue
    table.act("buy", 0)
    undone = table.post("/undo", {"event": 3})
    assert "purchase by Anna" in ruling(undone.json, "journal.undo")["text"]
    assert ruling(undone.json, "journal.undo")["values"]["by"] == {"seat": 0, "name": "Anna"}


def test_a_corrected_auction_result_is_the_table_s_before_and_after(client):
    table = Table(client, "Mum", "Boris", "Vera")
    table.roll(0, 2, 3)
    table.act("decline", 0)
    table.act("auction_result", 0, winner=2, amount=130)
    fixed = table.post("/corrections", {"action": {"type": "auction_result", "seat": 0, "winner": 1, "amount": 90}})
    assert fixed.status_code == 201, fixed.json
    text = ruling(fixed.json, "journal.correction")["text"]
    assert text == "Event 4, auction result by the table: Vera, M130 is corrected to Boris, M90"
    assert fixed.json["event"]["by"] == "table"


def test_the_end_at_the_end_time_is_the_end_time_s_and_stands_while_it_has_passed(client, clock):
    # seed 000: "Победит участник самый богатый на момент окончания игры." Undone, the end would be
    # recorded again by the next read, so the journal refuses to take it back.
    table = timed_table(client)
    clock["at"] = END + timedelta(seconds=1)
    books = table.snapshot()
    end = table.journal()[-1]
    assert end["action"] == {"type": "end_game", "seat": 0, "time_up": True}
    refused = table.post("/undo", {"event": end["seq"]})
    assert refused.status_code == 409, refused.json
    assert refused.json["rule"] == "journal.end_time_stands" and refused.json["code"] == "end_time_stands"
    corrected = table.post("/corrections", {"action": {"type": "end_game", "seat": 0}})
    assert corrected.status_code == 409 and corrected.json["rule"] == "journal.end_time_stands"
    assert table.snapshot() == books
    in_russian = table.post("/undo", {}, Accept_Language="ru")
    assert in_russian.status_code == 409 and "условленное время" in in_russian.json["detail"]
    assert end["by"] == "end_time"


def test_the_table_s_own_stop_before_the_end_time_is_undone_as_the_table_s(client, clock):
    table = timed_table(client)
    stopped = table.act("end_game", 1)
    assert stopped["event"]["by"] == "table"
    undone = table.post("/undo", {})
    assert undone.status_code == 201, undone.json
    assert "end of the game by the table" in ruling(undone.json, "journal.undo")["text"]
    assert undone.json["state"]["finished"] is False


def test_an_undo_sent_once_the_end_time_has_passed_meets_the_end_it_brought(client, clock):
    # seed 000: "Победит участник самый богатый на момент окончания игры." The undo is the first
    # request after the end time: the end is recorded first and stands, the roll before it too.
    table = timed_table(client)
    table.roll(0, 2, 3)
    clock["at"] = END + timedelta(seconds=1)
    refused = table.post("/undo", {})
    assert refused.status_code == 409, refused.json
    assert refused.json["rule"] == "journal.end_time_stands"
    *_, roll, end = table.journal()
    assert (roll["type"], end["action"]) == ("roll", {"type": "end_game", "seat": 0, "time_up": True})
