"""The error contract (SPEC §4 "Errors"): 409 names the rule and changes nothing, 422 lists field
errors, 404 for an unknown game, 401/403 for tokens, and one problem-details format for all."""

import pytest

from .table import Table

PROBLEM_KEYS = {"type", "title", "status", "detail"}


def assert_problem(response, status: int) -> dict:
    """An RFC 9457 problem-details body with the response's own status."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    body = response.json
    assert PROBLEM_KEYS <= set(body) and body["status"] == status
    assert body["detail"]
    return body


def post_action(client, table: Table, token: str | None = None, **action):
    return client.post(f"/games/{table.id}/actions", json=action, headers=table.headers(token))


class TestRefusals:
    @pytest.mark.parametrize(
        "action, code, rule",
        [
            ({"type": "roll", "seat": 1, "dice": [1, 2]}, "not_your_turn", "turn.order"),
            ({"type": "end_turn", "seat": 0}, "must_roll", "turn.roll_first"),
            ({"type": "buy", "seat": 0}, "no_offer", "purchase.no_offer"),
            ({"type": "bid", "seat": 0, "amount": 10}, "no_auction", "auction.none"),
            ({"type": "claim_rent", "seat": 1}, "no_claim", "rent.no_claim"),
            ({"type": "pay_jail_fine", "seat": 0}, "not_in_jail", "jail.not_in_jail"),
            ({"type": "draw_card", "seat": 0, "card": "chest.go"}, "no_draw", "card.no_draw"),
            ({"type": "roll", "seat": 0}, "dice_required", "dice.table"),
            ({"type": "roll", "seat": 4, "dice": [1, 2]}, "unknown_seat", "setup.seat"),
        ],
    )
    def test_an_illegal_action_is_409_naming_the_rule_and_changes_nothing(self, client, action, code, rule):
        table = Table(client)
        before = table.snapshot()
        body = assert_problem(post_action(client, table, **action), 409)
        assert (body["code"], body["rule"]) == (code, rule)
        assert body["type"] == f"urn:referee:problem:{code}"
        assert body["ruling"]["rule"] == rule and body["ruling"]["text"] == body["detail"]
        assert table.snapshot() == before

    def test_a_refusal_in_the_middle_of_a_game_leaves_state_ledger_and_journal_as_they_were(self, client):
        table = Table(client)
        table.roll(0, 1, 2)
        table.act("decline", 0)
        table.act("bid", 1, amount=30)
        before = table.snapshot()
        body = assert_problem(post_action(client, table, type="bid", seat=0, amount=30), 409)
        assert body["detail"] == "A bid must be at least M31 (high bid M30 + M1)."
        assert table.snapshot() == before


class TestMalformed:
    @pytest.mark.parametrize(
        "action, field, message",
        [
            ({"type": "roll", "seat": 0, "dice": [0, 7]}, "dice", None),
            ({"type": "roll", "seat": 0, "dice": [1, 2, 3]}, "dice", "Length must be 2."),
            ({"type": "bid", "seat": 0}, "amount", "required by bid"),
            ({"type": "bid", "seat": 0, "amount": 0}, "amount", None),
            ({"type": "buy", "seat": 0, "dice": [1, 2]}, "dice", "not used by buy"),
            ({"type": "fly", "seat": 0}, "type", None),
            ({"type": "roll", "seat": -1, "dice": [1, 2]}, "seat", None),
            ({"type": "roll", "dice": [1, 2]}, "seat", "Missing data for required field."),
            ({"type": "roll", "seat": "zero", "dice": [1, 2]}, "seat", "Not a valid integer."),
        ],
    )
    def test_a_malformed_action_is_422_with_the_field_in_error_and_changes_nothing(
        self, client, action, field, message
    ):
        table = Table(client)
        before = table.snapshot()
        response = client.post(f"/games/{table.id}/actions", json=action, headers=table.headers())
        errors = assert_problem(response, 422)["errors"]["json"]
        assert field in errors
        if message:
            assert message in errors[field]
        assert table.snapshot() == before

    @pytest.mark.parametrize(
        "body, field",
        [
            ({"players": [{"name": "Anna"}, {"name": "Boris"}]}, "edition"),
            ({"edition": "classic"}, "players"),
            ({"edition": "classic", "players": [{"name": "Anna"}]}, "players"),
            ({"edition": "classic", "players": [{"name": f"P{i}"} for i in range(7)]}, "players"),
            ({"edition": "classic", "players": [{"name": ""}, {"name": "Boris"}]}, "players"),
            ({"edition": "atlantis", "players": [{"name": "Anna"}, {"name": "Boris"}]}, "edition"),
            (
                {"edition": "classic", "players": [{"name": "A"}, {"name": "B"}], "options": {"dice": "loaded"}},
                "options",
            ),
            ({"edition": "classic", "players": [{"name": "A"}, {"name": "B"}], "colour": "red"}, "colour"),
        ],
    )
    def test_a_malformed_game_is_422_with_field_errors(self, client, body, field):
        errors = assert_problem(client.post("/games", json=body), 422)["errors"]["json"]
        assert field in errors

    def test_a_player_count_outside_two_to_six_is_explained(self, client):
        body = {"edition": "classic", "players": [{"name": f"P{i}"} for i in range(7)]}
        errors = assert_problem(client.post("/games", json=body), 422)["errors"]["json"]
        assert errors["players"] == ["This edition is for 2 to 6 players, not 7."]

    def test_a_bad_ledger_query_is_422(self, client):
        table = Table(client)
        response = client.get(f"/games/{table.id}/ledger?seat=first", headers=table.headers())
        assert "seat" in assert_problem(response, 422)["errors"]["query"]

    def test_a_body_that_is_not_json_is_a_problem_too(self, client):
        table = Table(client)
        response = client.post(
            f"/games/{table.id}/actions", data="roll 3 4", content_type="application/json", headers=table.headers()
        )
        assert_problem(response, 400)

    def test_a_body_sent_as_a_form_is_415_saying_to_send_json_not_that_fields_are_missing(self, client):
        # what `curl -d '{...}'` sends when the Content-Type header is forgotten
        table = Table(client)
        before = table.snapshot()
        response = client.post(
            f"/games/{table.id}/actions",
            data='{"type": "roll", "seat": 0, "dice": [1, 2]}',
            content_type="application/x-www-form-urlencoded",
            headers=table.headers(),
        )
        body = assert_problem(response, 415)
        assert body["detail"] == (
            "The body must be JSON, sent with the header Content-Type: application/json "
            "(this one came as application/x-www-form-urlencoded)."
        )
        assert table.snapshot() == before
        response = client.post("/games", data='{"edition": "classic"}', content_type="text/plain")
        assert_problem(response, 415)

    def test_a_body_sent_to_a_route_that_reads_none_is_ignored_whatever_its_type(self, client):
        # RFC 9110: a GET's content has no meaning; a seat's move link is asked for with no body
        table = Table(client)
        read = client.get(f"/games/{table.id}", data="x", content_type="text/plain", headers=table.headers())
        assert read.status_code == 200 and read.json["version"] == table.state()["version"]
        assert client.get("/health", data="x", content_type="application/x-www-form-urlencoded").status_code == 200
        link = client.post(
            f"/games/{table.id}/seats/1/move", data="x", content_type="text/plain", headers=table.headers()
        )
        assert link.status_code == 201 and link.json["move_token"]


class TestUnknown:
    @pytest.mark.parametrize(
        "method, path", [("get", ""), ("get", "/ledger"), ("get", "/events"), ("post", "/actions")]
    )
    def test_an_unknown_game_is_404(self, client, method, path):
        table = Table(client)
        response = getattr(client, method)(
            f"/games/no-such-game{path}", headers=table.headers(), json={"type": "roll", "seat": 0, "dice": [1, 2]}
        )
        assert_problem(response, 404)

    def test_an_unknown_edition_and_an_unknown_path_are_404(self, client):
        assert_problem(client.get("/editions/atlantis"), 404)
        assert_problem(client.get("/nowhere"), 404)


class TestTokens:
    def test_a_missing_or_unknown_token_is_401_with_a_bearer_challenge(self, client):
        table = Table(client)
        for headers in (
            {},
            {"Authorization": "Basic YW5uYTpwdw=="},
            {"Authorization": "Bearer"},
            {"Authorization": "Bearer nope"},
        ):
            response = client.get(f"/games/{table.id}", headers=headers)
            assert_problem(response, 401)
            assert response.headers["WWW-Authenticate"] == 'Bearer realm="referee"'

    def test_every_game_resource_needs_a_token(self, client):
        table = Table(client)
        for path in ("", "/ledger", "/events"):
            assert_problem(client.get(f"/games/{table.id}{path}"), 401)
        assert_problem(client.post(f"/games/{table.id}/actions", json={"type": "roll", "seat": 0, "dice": [1, 2]}), 401)

    def test_a_seat_token_acts_only_for_its_own_seat_but_reads_the_game(self, client):
        table = Table(client)
        before = table.snapshot()
        body = assert_problem(
            post_action(client, table, token=table.seat_tokens[1], type="roll", seat=0, dice=[1, 2]), 403
        )
        assert body["detail"] == "This token may not act for seat 0."
        assert table.snapshot() == before
        assert client.get(f"/games/{table.id}", headers=table.headers(table.seat_tokens[1])).status_code == 200
        assert (
            post_action(client, table, token=table.seat_tokens[0], type="roll", seat=0, dice=[1, 2]).status_code == 201
        )

    def test_a_token_of_another_game_grants_nothing_and_learns_nothing(self, client):
        table, other = Table(client), Table(client)
        for token in (other.token, other.seat_tokens[0]):
            for path in ("", "/ledger", "/events"):
                body = assert_problem(client.get(f"/games/{table.id}{path}", headers=other.headers(token)), 404)
                assert body["detail"] == f"No game {table.id!r}."
            assert_problem(post_action(client, table, token=token, type="roll", seat=0, dice=[1, 2]), 404)

    def test_the_table_token_acts_for_every_seat(self, client):
        table = Table(client)
        table.roll(0, 1, 2)
        table.act("decline", 0)
        table.act("bid", 1, amount=10)


def test_a_stale_if_match_is_412_and_changes_nothing(client):
    table = Table(client)
    before = table.snapshot()
    response = client.post(
        f"/games/{table.id}/actions",
        json={"type": "roll", "seat": 0, "dice": [1, 2]},
        headers={**table.headers(), "If-Match": '"7"'},
    )
    assert assert_problem(response, 412)["current_version"] == 1
    assert table.snapshot() == before
