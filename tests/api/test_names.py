"""Names a table can read (issue 16, item 6): NFC, something to show, no
bidirectional controls, and no two at one table that look alike (Unicode
TR39 skeletons, through ICU)."""

import pytest

from referee.service.names import BIDI, SHOWS_NOTHING

from .table import Table


def create(client, *names: str):
    return client.post("/games", json={"edition": "classic", "players": [{"name": n} for n in names]})


def name_errors(response) -> list[str]:
    assert response.status_code == 422 and response.mimetype == "application/problem+json"
    return response.json["errors"]["json"]["players"]["0"]["name"]


@pytest.mark.parametrize("name", ["\u200b", "\u2800", "\u3164", "\u200b\u200d\u2060", "\u00ad ", "\u034f"])
def test_a_name_of_invisible_characters_is_refused_for_showing_nothing(client, name):
    assert name_errors(create(client, name, "Boris")) == [SHOWS_NOTHING]


@pytest.mark.parametrize("name", ["Eve\u202e", "\u202eknaB", "Anna\u2066x\u2069", "Bob\u200f"])
def test_a_name_with_a_bidirectional_control_is_refused_saying_so(client, name):
    assert name_errors(create(client, name, "Boris")) == [BIDI]


@pytest.mark.parametrize(
    "first, second",
    [("Anna", "\u0410nna"), ("Oleg", "0leg"), ("Vera", "VERA"), ("Ivan", "Ivan\u200b"), ("Zo\u00e9", "Zoe\u0301")],
)
def test_two_names_that_look_alike_at_one_table_are_refused_naming_them(client, first, second):
    response = create(client, first, "Boris", second)
    assert response.status_code == 422
    [message] = response.json["errors"]["json"]["players"]
    assert "look alike" in message or message == "Every player needs a name of their own."
    assert client.get("/editions").status_code == 200  # nothing else affected


def test_the_message_names_both_look_alikes(client):
    [message] = create(client, "Anna", "\u0410nna").json["errors"]["json"]["players"]
    assert message == ("The names 'Anna' and '\u0410nna' look alike: give one of them a name the table can tell apart.")


def test_a_name_typed_decomposed_is_stored_composed(client):
    table = Table(client, "Zoe\u0301", "Bj\u00f6rn")
    assert [p["name"] for p in table.state()["players"]] == ["Zo\u00e9", "Bj\u00f6rn"]


@pytest.mark.parametrize(
    "name", ["\U0001f469\u200d\U0001f680 Vera", "\u0410\u043d\u043d\u0430", "\u05d3\u05e0\u05d4", "Li Na"]
)
def test_names_in_any_script_and_emoji_joined_by_zwj_are_welcome(client, name):
    assert Table(client, name, "Boris").state()["players"][0]["name"] == name


def test_an_imported_journal_is_held_to_the_same_names(client):
    table = Table(client, "Anna", "Boris")
    exported = client.get(f"/games/{table.id}/export", headers=table.headers()).json
    exported["events"][0]["action"]["players"][1] = "\u0410nna"
    response = client.post("/games/import", json=exported)
    assert response.status_code == 422
    assert "look alike" in response.json["errors"]["json"]["events"]["0"][0]


def test_a_rename_to_a_name_that_looks_like_another_player_s_is_refused_and_changes_nothing(client):
    table = Table(client, "Xena", "Yuri")
    before = table.books()
    refused = table.post("/actions", {"type": "rename", "seat": 0, "name": "Yur\u0456"}, Accept_Language="ru")
    assert refused.status_code == 409 and refused.json["code"] == "name_alike"
    assert refused.json["rule"] == "table.rename.alike"
    assert refused.json["detail"] == "Имя Yur\u0456 похоже на имя другого игрока, Yuri: стол их не различит."
    assert table.books() == before
    assert table.post("/actions", {"type": "rename", "seat": 0, "name": "Yuliya"}).status_code == 201


def test_an_imported_journal_s_renames_are_held_to_the_same_names(client):
    table = Table(client, "Xena", "Yuri")
    table.act("rename", 0, name="Yuliya")
    exported = client.get(f"/games/{table.id}/export", headers=table.headers()).json
    # the rename as an older server, which judged no look-alike, could have recorded it
    exported["events"][1]["action"]["name"] = "Yur\u0456"
    response = client.post("/games/import", json=exported)
    assert response.status_code == 422
    assert response.json["errors"]["json"]["events"]["1"] == [
        "The names 'Yuri' and 'Yur\u0456' look alike: give one of them a name the table can tell apart."
    ]
