"""A spectator's phone, driven in headless Chromium at 360×740: the start page
makes its link on request, and the phone follows the game with no control."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .phones import Api, cash, overflows, roll, start_table, unnamed_controls


def test_a_spectator_phone_follows_the_game_and_offers_no_control(server, phone, shot):
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris", spectator=True)
    assert re.fullmatch(rf"{server.url}/play/[\w-]+#watch=1&token=[\w-]+", links[3])
    expect(host.locator(".link-card h3")).to_have_text(
        ["Anna's phone", "Boris's phone", "The table phone (every seat)", "Watch only (spectators)"]
    )
    shot(host, "links-with-spectator")

    table, spectator = phone(), phone()
    table.goto(links[2])
    spectator.goto(links[3])
    expect(spectator.get_by_text("Watching: this phone follows the table and changes nothing")).to_be_visible()
    expect(spectator.get_by_text("This link only watches")).to_be_visible()

    roll(table, 1, 2)
    expect(spectator.locator(".moves")).to_have_text("Move Anna's token to Baltic Avenue")
    expect(spectator.locator('.pending[data-type="buy_decision"]')).to_contain_text("Anna may buy Baltic Avenue")
    table.get_by_role("button", name="Buy Baltic Avenue for M60").click()
    expect(cash(spectator, 0)).to_have_attribute("data-cash", "1440")
    shot(spectator, "spectator-follows")

    # nothing to press on the play tab but the tabs themselves, nor on a space's card
    buttons = spectator.locator("#panel button:visible, #panel input:visible, #panel select:visible")
    expect(buttons).to_have_count(0)
    expect(spectator.locator(".controls, .mistakes")).to_have_count(0)
    spectator.get_by_role("tab", name="Board").click()
    spectator.get_by_role("button", name=re.compile(r"^Baltic Avenue, owned by Anna")).click()
    expect(spectator.get_by_role("dialog")).to_contain_text("Mortgage value")
    expect(spectator.locator("dialog .actions")).to_have_count(0)
    assert unnamed_controls(spectator) == [] and not overflows(spectator)
    spectator.keyboard.press("Escape")

    # and its token could not act anyway: the service refuses it
    watcher = Api(server, links[3])
    refused = watcher.client.post(
        f"/games/{watcher.game}/actions", json={"type": "end_turn", "seat": 0}, headers=watcher.headers()
    )
    assert refused.status_code == 403
