"""Never twice: every action carries If-Match (the version on screen) and an
Idempotency-Key that a retry reuses; a double tap sends one action."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .phones import cash, roll, start_table


def _action_posts(page):
    sent = []
    page.on(
        "request",
        lambda r: sent.append(r.headers) if r.method == "POST" and r.url.endswith("/actions") else None,
    )
    return sent


def _anna_at_a_new_table(server, phone):
    """Anna's phone on a new table of two, with the headers of every action it sends."""
    links = start_table(phone(), server.url, "Anna", "Boris")
    anna = phone()
    sent = _action_posts(anna)
    anna.goto(links[0])
    return anna, sent


def test_each_action_names_the_version_on_screen_and_a_fresh_idempotency_key(server, phone):
    anna, sent = _anna_at_a_new_table(server, phone)
    roll(anna, 1, 2)
    anna.get_by_role("button", name="Buy Baltic Avenue for M60").click()
    expect(cash(anna, 0)).to_have_attribute("data-cash", "1440")
    assert [h["if-match"] for h in sent] == ['"1"', '"2"']
    keys = [h["idempotency-key"] for h in sent]
    assert all(re.fullmatch(r"[0-9a-f]{32}", k) for k in keys) and len(set(keys)) == 2


def test_a_double_tap_buys_once(server, phone):
    anna, sent = _anna_at_a_new_table(server, phone)
    roll(anna, 1, 2)
    anna.get_by_role("button", name="Buy Baltic Avenue for M60").dblclick()
    expect(cash(anna, 0)).to_have_attribute("data-cash", "1440")
    expect(anna.get_by_role("alert")).to_have_count(0)
    assert len(sent) == 2  # the roll and one purchase


def test_a_send_lost_on_the_way_is_retried_with_the_same_key(server, phone):
    anna, sent = _anna_at_a_new_table(server, phone)
    lost = []

    def lose_the_first(route):
        if not lost:
            lost.append(route.request.headers["idempotency-key"])
            return route.abort("connectionreset")
        return route.continue_()

    anna.route(re.compile(r".*/actions$"), lose_the_first)
    roll(anna, 1, 2)
    expect(anna.locator(".moves")).to_have_text("Move Anna's token to Baltic Avenue")
    assert len(sent) == 2 and {h["idempotency-key"] for h in sent} == {lost[0]}
    posted = [line for line in server.requests if line.startswith("POST /games/") and line.endswith("/actions")]
    assert len(posted) == 1  # the lost send never arrived; the retry did, once


def test_a_phone_acting_on_an_old_screen_is_told_and_brought_up_to_date(server, phone):
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris")
    anna, table = phone(), phone()
    anna.goto(links[0])
    table.goto(links[2])
    roll(table, 1, 2)
    buy = anna.get_by_role("button", name="Buy Baltic Avenue for M60")
    expect(buy).to_be_visible()
    polls = re.compile(r".*/games/[\w-]+$")
    anna.route(polls, lambda route: route.abort())  # Anna's screen stops updating
    table.get_by_role("button", name="Buy Baltic Avenue for M60").click()
    expect(cash(table, 0)).to_have_attribute("data-cash", "1440")
    buy.click()  # version 2 on Anna's screen; the game is at 3
    expect(anna.get_by_role("alert")).to_contain_text("Another phone entered something first.")
    anna.unroute(polls)
    expect(cash(anna, 0)).to_have_attribute("data-cash", "1440")  # bought once
    expect(anna.get_by_role("button", name="End Anna's turn")).to_be_visible()


def test_a_server_that_cannot_store_now_is_retried_with_the_same_key_saying_it_is_busy(server, phone):
    anna, sent = _anna_at_a_new_table(server, phone)
    refused = []

    def busy_twice(route):
        if len(refused) < 2:
            refused.append(route.request.headers["idempotency-key"])
            problem = (
                '{"type": "urn:referee:problem:storage_unavailable", "status": 503, "code": "storage_unavailable"}'
            )
            headers = {"Retry-After": "1", "Content-Type": "application/problem+json"}
            return route.fulfill(status=503, headers=headers, body=problem)
        return route.continue_()

    anna.route(re.compile(r".*/actions$"), busy_twice)
    roll(anna, 1, 2)
    expect(anna.get_by_role("alert")).to_have_text("The server is busy, retrying… Nothing is entered twice.Close")
    expect(anna.locator(".moves")).to_have_text("Move Anna's token to Baltic Avenue")
    expect(anna.get_by_role("alert")).to_have_count(0)
    assert len(sent) == 3 and {h["idempotency-key"] for h in sent} == set(refused)
    posted = [line for line in server.requests if line.startswith("POST /games/") and line.endswith("/actions")]
    assert len(posted) == 1  # the refused sends never reached the service; the third did, once
