"""Bad input is refused with the right status and changes nothing (SPEC §4 Errors)."""

import json

import pytest

from referee import openapi
from referee.api.request_body import MAX_DEPTH

from .table import Table

BASE = {"edition": "classic", "players": [{"name": "Anna"}, {"name": "Boris"}]}


def games_in(app) -> int:
    return app.extensions["referee"].store.db.execute("SELECT COUNT(*) FROM games").fetchone()[0]


@pytest.mark.parametrize("count", [1, 7, 12])
def test_a_table_outside_the_editions_two_to_six_players_is_422(client, app, count):
    # seed 001 l.70: «Русский буклет C1009 рассчитан на 2–6 игроков от 8 лет»
    response = client.post("/games", json={**BASE, "players": [{"name": f"P{i}"} for i in range(count)]})
    assert response.status_code == 422 and "players" in response.json["errors"]["json"]
    assert games_in(app) == 0


@pytest.mark.parametrize("count", [2, 6])
def test_two_and_six_players_are_welcome(client, count):
    assert Table(client, *[f"P{i}" for i in range(count)]).created["state"]["version"] == 1


@pytest.mark.parametrize(
    "change, field",
    [
        ({"players": [{"name": ""}, {"name": "Boris"}]}, "players"),
        ({"players": [{"name": "   "}, {"name": "Boris"}]}, "players"),
        ({"players": [{"name": "A" * 41}, {"name": "Boris"}]}, "players"),
        ({"players": [{"name": "An\nna"}, {"name": "Boris"}]}, "players"),
        ({"players": [{"name": "Anna"}, {"name": " anna "}]}, "players"),
        ({"players": [{"name": "Anna", "cash": 9999}, {"name": "Boris"}]}, "players"),
        ({"players": "Anna, Boris"}, "players"),
        ({"bank": "mine"}, "bank"),
        ({"edition": 7}, "edition"),
        ({"variant": "forever"}, "variant"),
        ({"options": {"dice": "loaded"}}, "options"),
        ({"options": {"house_rules": ["everyone_wins"]}}, "options"),
        ({"options": {"cash": 1}}, "options"),
        ({"spectator": "yes"}, "spectator"),
    ],
)
def test_a_malformed_new_game_is_422_naming_the_field_and_creates_nothing(client, app, change, field):
    response = client.post("/games", json={**BASE, **change})
    assert response.status_code == 422, response.json
    assert field in response.json["errors"]["json"]
    assert response.mimetype == "application/problem+json"
    assert games_in(app) == 0


def test_an_unknown_edition_is_422(client, app):
    response = client.post("/games", json={**BASE, "edition": "narnia"})
    assert response.status_code == 422 and "edition" in response.json["errors"]["json"]


@pytest.mark.parametrize(
    "body, field",
    [
        ({"type": "roll", "seat": 0, "dice": [0, 7]}, "dice"),
        ({"type": "roll", "seat": 0, "dice": [1]}, "dice"),
        ({"type": "roll", "seat": 0, "dice": [1, 2, 3]}, "dice"),
        ({"type": "roll", "seat": 0, "dice": ["1", "2"]}, "dice"),
        ({"type": "roll", "seat": 0, "dice": [1.5, 2]}, "dice"),
        ({"type": "roll", "seat": "0", "dice": [1, 2]}, "seat"),
        ({"type": "roll", "seat": True, "dice": [1, 2]}, "seat"),
        ({"type": "roll", "seat": -1, "dice": [1, 2]}, "seat"),
        ({"type": "roll", "dice": [1, 2]}, "seat"),
        ({"type": "roll", "seat": 0, "dice": [1, 2], "cheat": True}, "cheat"),
        ({"type": "roll", "seat": 0, "amount": 5}, "amount"),
        ({"type": "bid", "seat": 0}, "amount"),
        ({"type": "bid", "seat": 0, "amount": 0}, "amount"),
        ({"type": "bid", "seat": 0, "amount": 10**10}, "amount"),
        ({"type": "fly", "seat": 0}, "type"),
        ({"seat": 0}, "type"),
    ],
)
def test_a_malformed_action_is_422_naming_the_field_and_changes_nothing(client, body, field):
    table = Table(client)
    books = table.books()
    response = table.post("/actions", body)
    assert response.status_code == 422, response.json
    assert field in response.json["errors"]["json"]
    assert table.books() == books


@pytest.mark.parametrize("body", [{"event": "3"}, {"event": 1}, {"event": 3, "why": "oops"}])
def test_a_malformed_undo_is_422(client, body):
    table = Table(client)
    table.roll(0, 1, 2)
    books = table.books()
    assert table.post("/undo", body).status_code == 422
    assert table.books() == books


def test_a_correction_needs_a_well_formed_action(client):
    table = Table(client)
    table.roll(0, 1, 2)
    books = table.books()
    for body in ({}, {"action": {"type": "roll", "seat": 0, "dice": [9, 9]}}, {"action": "roll"}):
        assert table.post("/corrections", body).status_code == 422
    assert table.books() == books


def test_a_body_that_is_not_json_is_refused_with_problem_details(client):
    table = Table(client)
    books = table.books()
    response = client.post(
        f"/games/{table.id}/actions", data=b"roll 1 2", content_type="application/json", headers=table.headers()
    )
    assert response.status_code in (400, 422) and response.mimetype == "application/problem+json"
    assert client.post("/games", json=["Anna", "Boris"]).status_code == 422
    assert table.books() == books


def test_an_oversize_body_is_413_with_problem_details_and_changes_nothing(client, app):
    table = Table(client)
    books = table.books()
    padding = "x" * (300 * 1024)
    for url, headers in (("/games", {}), (f"/games/{table.id}/actions", table.headers())):
        response = client.post(url, json={"type": "roll", "seat": 0, "padding": padding}, headers=headers)
        assert response.status_code == 413
        assert response.mimetype == "application/problem+json" and response.json["status"] == 413
    assert table.books() == books
    assert games_in(app) == 1


def test_an_import_may_be_longer_than_other_bodies_but_not_without_bound(client):
    long = client.post("/games/import", json={"format": "referee-journal/1", "events": [], "game": "x" * 300_000})
    assert long.status_code == 422  # read and judged, not cut off at 256 KiB
    huge = client.post("/games/import", data=b"x" * (33 * 1024 * 1024), content_type="application/json")
    assert huge.status_code == 413


def test_a_journal_of_millions_of_values_is_refused_before_it_is_parsed(client):
    # 4 MB of empty lists: parsed and checked, a worker's 10 s (its other threads waiting on the GIL)
    # and half a GiB for an answer that the journal is too long.
    journal = b'{"format": "referee-journal/2", "events": [' + b",".join([b"[]"] * 1_500_000) + b"]}"
    response = client.post("/games/import", data=journal, content_type="application/json")
    assert response.status_code == 400, response.json
    message = "The JSON body holds too many values: at most 1 000 000 arrays, objects and items."
    assert response.json["detail"] == message and response.json["errors"]["json"] == [message]
    in_russian = client.post(
        "/games/import", data=journal, content_type="application/json", headers={"Accept-Language": "ru"}
    )
    assert in_russian.json["detail"].startswith("В JSON слишком много значений: не больше 1 000 000")


def json_bodies() -> list[str]:
    """Every operation the OpenAPI document says takes a JSON body."""
    document = json.loads(openapi.TARGET.read_text(encoding="utf-8"))
    return sorted(
        f"{method.upper()} {path}"
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
        if isinstance(operation, dict)
        if "application/json" in operation.get("requestBody", {}).get("content", {})
    )


def nested(levels: int) -> str:
    return '{"type": "decline", "seat": 0, "x": ' + "[" * (levels - 1) + "]" * (levels - 1) + "}"


def test_every_json_body_the_review_named_is_covered():
    assert set(json_bodies()) >= {
        "POST /games",
        "POST /editions",
        "POST /games/import",
        "POST /games/{game_id}/actions",
        "POST /games/{game_id}/undo",
        "POST /games/{game_id}/corrections",
    }


@pytest.mark.parametrize("operation", json_bodies())
@pytest.mark.parametrize("levels", [MAX_DEPTH + 1, 1000, 100_000])
def test_a_body_nested_too_deeply_is_a_400_that_says_so_and_changes_nothing(client, app, operation, levels):
    table = Table(client)
    books = table.books()
    path = operation.split()[1].replace("{game_id}", table.id)
    response = client.post(path, data=nested(levels), content_type="application/json", headers=table.headers())
    assert response.status_code == 400 and response.mimetype == "application/problem+json"
    assert (
        response.json["detail"]
        == f"The JSON body is nested too deeply: at most {MAX_DEPTH} levels of arrays and objects."
    )
    assert table.books() == books
    assert games_in(app) == 1


def test_a_body_of_millions_of_levels_leaves_the_server_answering(client):
    # An import may be 32 MiB: sixteen million levels, were the decoder to follow them.
    response = client.post("/games/import", data="[" * 4_000_000 + "]" * 4_000_000, content_type="application/json")
    assert response.status_code == 400
    table = Table(client)
    untokened = client.post(f"/games/{table.id}/actions", data=nested(100_000), content_type="application/json")
    assert untokened.status_code == 400
    assert Table(client).created["state"]["version"] == 1


def test_a_body_nested_as_deep_as_allowed_is_judged_on_its_fields(client):
    table = Table(client)
    response = table.post("/actions", json.loads(nested(MAX_DEPTH)))
    assert response.status_code == 422 and "x" in response.json["errors"]["json"]


@pytest.mark.parametrize("name", ["A\u0000x", "An\nna", "\t", "A\u007f"])
def test_a_name_with_a_control_character_is_refused_saying_so(client, app, name):
    response = client.post("/games", json={**BASE, "players": [{"name": name}, {"name": "Boris"}]})
    assert response.status_code == 422
    assert response.json["errors"]["json"]["players"]["0"]["name"] == [
        "A name may not hold control characters (a line break, a tab, U+0000)."
    ]
    assert games_in(app) == 0


def test_a_name_of_spaces_is_refused_for_showing_nothing(client):
    response = client.post("/games", json={**BASE, "players": [{"name": "   "}, {"name": "Boris"}]})
    assert response.json["errors"]["json"]["players"]["0"]["name"] == ["A name shows at least one character."]


HUGE = "1" * 4301  # one digit past the int-string limit at which Python's json.loads raises ValueError


@pytest.mark.parametrize("operation", json_bodies())
@pytest.mark.parametrize("value", ["-" + HUGE, "1e400", "NaN"])
def test_a_number_no_field_could_hold_is_422_naming_where_it_is(client, app, operation, value):
    table = Table(client)
    books = table.books()
    path = operation.split()[1].replace("{game_id}", table.id)
    body = '{"type": "decline", "seat": 0, "x": [0, {"y": VALUE}]}'.replace("VALUE", value)
    response = client.post(path, data=body, content_type="application/json", headers=table.headers())
    assert response.status_code == 422 and response.mimetype == "application/problem+json", response.data
    assert list(response.json["errors"]["json"]["x"]) == ["1"]
    assert table.books() == books and games_in(app) == 1


def test_a_number_of_thirty_digits_is_judged_by_its_field(client):
    table = Table(client)
    response = table.post("/actions", {"type": "bid", "seat": 0, "amount": 10**29})
    assert response.status_code == 422 and "amount" in response.json["errors"]["json"]


@pytest.mark.parametrize(
    "path, body, where",
    [
        (
            "/games",
            '{"edition": "classic", "players": [{"name": "A\\ud800"}, {"name": "Boris"}]}',
            ["players", "0", "name"],
        ),
        ("/editions", '{"base": "classic", "id": "ours", "name": {"en": "\\udfff"}}', ["name", "en"]),
        (
            "/editions",
            '{"base": "classic", "id": "ours", "overrides": {"decks": [{"id": "chance", "cards": '
            '[{"id": "c1", "text": {"en": "x\\ud83d"}}]}]}}',
            ["overrides", "decks", "0", "cards", "0", "text", "en"],
        ),
    ],
)
def test_a_lone_surrogate_in_a_name_is_422_naming_the_field(client, app, path, body, where):
    response = client.post(path, data=body, content_type="application/json")
    assert response.status_code == 422 and response.mimetype == "application/problem+json"
    found = response.json["errors"]["json"]
    for key in where:
        found = found[key]
    assert found == ["Text with a lone UTF-16 surrogate (\\ud800-\\udfff without its pair) is not Unicode text."]
    assert games_in(app) == 0
    assert client.get("/editions/ours").status_code == 404


def test_a_paired_surrogate_is_an_emoji_and_welcome(client):
    response = client.post(
        "/games",
        data='{"edition": "classic", "players": [{"name": "\\ud83c\\udfa9 Anna"}, {"name": "Boris"}]}',
        content_type="application/json",
    )
    assert response.status_code == 201 and response.json["players"][0]["name"] == "\U0001f3a9 Anna"


def test_a_method_a_path_does_not_take_is_405_saying_which_it_does(client):
    response = client.delete("/games")
    assert response.status_code == 405 and response.mimetype == "application/problem+json"
    assert set(response.headers["Allow"].split(", ")) == {"POST", "OPTIONS"}


@pytest.mark.parametrize(
    "edition, rolled, body",
    [
        ("classic", False, {"type": "claim_rent", "seat": 0, "position": 40}),
        ("classic", False, {"type": "keep_mortgage", "seat": 0, "positions": [63]}),
        # seed 002: «Філію відкривають лише на тому підприємстві, де стоїть ваша фішка», in one's turn
        ("ua-industries", True, {"type": "build", "seat": 0, "positions": [40]}),
    ],
    ids=["claim_rent", "keep_mortgage", "build where the token stands"],
)
def test_a_space_past_the_board_is_a_refusal_naming_it_and_changes_nothing(client, edition, rolled, body):
    # The document takes positions up to 63 (an edition may have 64 spaces); these boards have 40.
    table = Table(client, "Anna", "Boris", edition=edition)
    if rolled:
        table.roll(0, 2, 4)
    before = table.books()
    response = table.post("/actions", body)
    assert response.status_code == 409, response.json
    assert response.json["code"] == "no_such_space" and response.json["rule"] == "board.position"
    assert str(body.get("position", body.get("positions", [None])[0])) in response.json["detail"]
    assert table.books() == before
