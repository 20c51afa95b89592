"""Every problem in the request's language: the title and detail of each status the API
answers, and a refusal's ruling, in ru, uk and it as in English (README: "Every error is
RFC 9457 problem details", their texts in the Accept-Language of the request)."""

import pytest

from referee import create_app

from .table import Table

TRANSLATED = ("ru", "uk", "it")


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app({"REFEREE_DATABASE": str(tmp_path_factory.mktemp("problems") / "db.sqlite3"), "TESTING": True})
    return app.test_client()


@pytest.fixture(scope="module")
def table(client):
    return Table(client)


def _moved_twice(client, table, lang):
    """A move link opened a second time: 410 Gone."""
    link = table.post("/seats/1/move", token=table.seat_tokens[1]).json["move_token"]
    taken = client.post(f"/games/{table.id}/seats/take", json={"move_token": link})
    table.seat_tokens[1] = taken.json["token"]
    return client.post(f"/games/{table.id}/seats/take", json={"move_token": link}, headers=lang)


def _game(table, path="", token=None):
    return lambda client, lang: client.get(f"/games/{table.id}{path}", headers={**lang, **table.headers(token)})


def _action(table, action, token=None, **headers):
    sent = lambda lang: {**lang, **table.headers(token), **headers}  # noqa: E731
    return lambda client, lang: client.post(f"/games/{table.id}/actions", json=action, headers=sent(lang))


ROLL = {"type": "roll", "seat": 0, "dice": [1, 2]}
REQUESTS = {
    "400 If-Match": (400, lambda t: _action(t, ROLL, **{"If-Match": "12"})),
    "401 no token": (401, lambda t: lambda client, lang: client.get(f"/games/{t.id}", headers=lang)),
    "401 unknown token": (401, lambda t: _game(t, token="not-a-token")),
    "403 another seat": (403, lambda t: _action(t, ROLL, token=t.seat_tokens[1])),
    "403 undo by a seat": (
        403,
        lambda t: (
            lambda client, lang: client.post(
                f"/games/{t.id}/undo", json={}, headers={**lang, **t.headers(t.seat_tokens[0])}
            )
        ),
    ),
    "404 game": (404, lambda t: lambda client, lang: client.get("/games/nope", headers={**lang, **t.headers()})),
    "409 refusal": (409, lambda t: _action(t, {"type": "end_turn", "seat": 0})),
    "409 nothing to undo": (
        409,
        lambda t: lambda client, lang: client.post(f"/games/{t.id}/undo", json={}, headers={**lang, **t.headers()}),
    ),
    "410 move link used": (410, lambda t: lambda client, lang: _moved_twice(client, t, lang)),
    "412 stale version": (412, lambda t: _action(t, ROLL, **{"If-Match": '"99"'})),
    "415 not JSON": (
        415,
        lambda t: (
            lambda client, lang: client.post(f"/games/{t.id}/actions", data="roll", headers={**lang, **t.headers()})
        ),
    ),
    "422 one player": (
        422,
        lambda t: (
            lambda client, lang: client.post(
                "/games", json={"edition": "classic", "players": [{"name": "A"}]}, headers=lang
            )
        ),
    ),
    "422 off the board": (422, lambda t: _game(t, "/quote?position=63&seat=0")),
}


@pytest.mark.parametrize("case", sorted(REQUESTS))
def test_each_problem_s_title_and_detail_are_in_the_reader_s_language(client, table, case):
    status, request = REQUESTS[case]
    send = request(table)
    english = send(client, {}).json
    assert english["status"] == status, english
    for lang in TRANSLATED:
        response = send(client, {"Accept-Language": lang})
        said = response.json
        assert response.status_code == status and response.headers["Content-Language"] == lang, said
        assert said["title"] != english["title"] and said["detail"] != english["detail"], (lang, said)
        if "ruling" in english:  # a refusal: its ruling explains it in the same words as the detail
            assert said["ruling"]["lang"] == lang and said["ruling"]["text"] == said["detail"]
        if "errors" in english:
            assert said["errors"].keys() == english["errors"].keys()
            assert str(said["errors"]) != str(english["errors"]), (lang, said)


def test_a_setup_the_rules_refuse_is_said_in_the_reader_s_language(client):
    # seed 001 l.70: «Русский буклет C1009 рассчитан на 2–6 игроков от 8 лет.»
    sent = {"edition": "classic", "players": [{"name": "Anna"}]}
    refused = client.post("/games", json=sent, headers={"Accept-Language": "ru"}).json
    assert refused["errors"] == {"json": {"players": ["Это издание рассчитано на 2–6 игроков, а не на 1."]}}


def test_a_quote_off_the_board_is_a_query_parameter_s_error(client, table):
    quoted = client.get(
        f"/games/{table.id}/quote?position=63&seat=0", headers={**table.headers(), "Accept-Language": "uk"}
    )
    assert quoted.status_code == 422
    assert quoted.json["errors"] == {"query": {"position": ["на полі позиції від 0 до 39"]}}
