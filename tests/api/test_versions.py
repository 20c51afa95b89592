"""The game's version is its ETag; If-Match with a stale version is refused with 412 (SPEC §4)."""

import pytest

from .table import Table

ROLL = {"type": "roll", "seat": 0, "dice": [1, 2]}


def test_the_etag_is_the_version_and_every_write_answers_with_the_new_one(client):
    table = Table(client)
    response = client.get(f"/games/{table.id}", headers=table.headers())
    assert response.headers["ETag"] == '"1"'
    acted = table.post("/actions", ROLL, If_Match='"1"')
    assert acted.status_code == 201 and acted.headers["ETag"] == '"2"'
    undone = table.post("/undo", {}, If_Match='"2"')
    assert undone.status_code == 201 and undone.headers["ETag"] == '"3"'


def test_a_stale_if_match_is_412_with_the_current_version_and_changes_nothing(client):
    table = Table(client)
    table.roll(0, 1, 2)
    books = table.books()
    stale = table.post("/actions", {"type": "buy", "seat": 0}, If_Match='"1"')
    assert stale.status_code == 412
    assert stale.json["current_version"] == 2
    assert stale.headers["ETag"] == '"2"'
    assert stale.mimetype == "application/problem+json"
    assert table.books() == books


def test_a_weak_tag_never_matches_and_the_412_says_so(client):
    # If-Match compares strongly (RFC 9110 §13.1.1): a weak tag cannot match the game,
    # even one naming its version.
    table = Table(client)
    books = table.books()
    response = table.post("/actions", ROLL, If_Match='W/"1"')
    assert response.status_code == 412 and response.json["current_version"] == 1
    assert response.json["detail"] == (
        'A weak tag (W/...) never matches, as If-Match compares strongly: the game is at version 1; send If-Match: "1".'
    )
    assert table.books() == books


@pytest.mark.parametrize("tag", ["garbage", "1", '"one"', '""', '"²"', '"1', '"1",', "W/1", '"' + "9" * 5000 + '"'])
def test_an_if_match_that_names_no_version_is_a_400_showing_a_valid_one(client, tag):
    table = Table(client)
    books = table.books()
    for path, body in (("/actions", ROLL), ("/undo", {}), ("/corrections", {"action": ROLL})):
        response = table.post(path, body, If_Match=tag)
        assert response.status_code == 400 and response.mimetype == "application/problem+json"
        assert response.json["detail"] == (
            'If-Match names the game version last seen, as its ETag in double quotes: If-Match: "12" '
            "(or a list of such tags, or *)."
        )
    assert table.books() == books


def test_a_star_or_a_list_naming_the_current_version_matches(client):
    table = Table(client)
    assert table.post("/actions", ROLL, If_Match="*").status_code == 201
    assert table.post("/actions", {"type": "buy", "seat": 0}, If_Match='"1", "2"').status_code == 201
    assert table.post("/actions", {"type": "end_turn", "seat": 0}, If_Match='W/"3", "3"').status_code == 201


def test_undo_and_corrections_honour_if_match(client):
    table = Table(client)
    table.roll(0, 1, 2)
    books = table.books()
    assert table.post("/undo", {}, If_Match='"1"').status_code == 412
    fix = {"action": {"type": "roll", "seat": 0, "dice": [3, 4]}}
    assert table.post("/corrections", fix, If_Match='"1"').status_code == 412
    assert table.books() == books


def test_a_read_with_the_current_etag_is_not_modified(client):
    table = Table(client)
    response = client.get(f"/games/{table.id}", headers={**table.headers(), "If-None-Match": '"1"'})
    assert response.status_code == 304
