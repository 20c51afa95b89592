"""A seat moves to another device, and the table shuts a lost phone out: two
browser contexts are two devices, in headless Chromium at 360×740.

# seed 002 l.160: «Щоб продовжити на іншому пристрої, натисніть «Перенести
# місце» і відкрийте посилання там. Посилання одноразове й діє 10 хвилин; на
# старому пристрої ви вийдете з-за столу.»
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .phones import overflows, roll, unnamed_controls


def open_table(server) -> dict:
    """A classic table of Anna and Boris, opened through the API (the start page has its own tests)."""
    created = server.app.test_client().post(
        "/games", json={"edition": "classic", "players": [{"name": "Anna"}, {"name": "Boris"}]}
    )
    assert created.status_code == 201
    return created.json


def link(server, game: dict, seat: int | None = None) -> str:
    fragment = f"token={game['token']}" if seat is None else f"seat={seat}&token={game['players'][seat]['token']}"
    return f"{server.url}/play/{game['id']}#{fragment}"


def test_a_seat_moves_to_another_device_and_the_old_phone_leaves_the_table(server, phone, shot):
    game = open_table(server)
    old, new = phone(), phone()
    old.goto(link(server, game, 0))
    expect(old.get_by_text("Anna's phone")).to_be_visible()
    old.get_by_text("Move this seat to another device").click()
    old.get_by_role("button", name="Make a move link").click()
    expect(old.locator(".seat-move img.qr[src^='blob:']")).to_be_visible()
    expect(old.locator(".seat-move .countdown")).to_have_text(re.compile(r"The link works for (10:00|9:[0-5]\d) more"))
    assert unnamed_controls(old) == [] and not overflows(old)
    shot(old, "move-link")
    moving = old.get_by_role("textbox", name="Link for Move Anna's seat").input_value()
    assert re.fullmatch(rf"{server.url}/play/{game['id']}#move=[\w-]+", moving)

    new.goto(moving)
    expect(new.get_by_text("Anna's phone")).to_be_visible()
    assert re.search(r"#seat=0&token=[\w-]+$", new.url)  # a reload there does not spend the link again
    expect(old.get_by_role("heading", name="This phone has left the table")).to_be_visible()
    expect(old.get_by_text("The seat moved to another device with its move link")).to_be_visible()
    shot(old, "left-the-table")

    roll(new, 1, 2)  # the seat plays on from its new device
    expect(new.get_by_role("button", name="Buy Baltic Avenue for M60")).to_be_visible()
    old.goto(moving)  # opened a second time, on the old device: a link moves a seat once
    expect(old.get_by_role("heading", name="This move link cannot be used")).to_be_visible()
    expect(old.get_by_text("It was opened already")).to_be_visible()
    assert not [line for line in server.requests if "token" in line.lower()], "a secret reached a URL"


def test_the_table_phone_gives_a_lost_phone_s_seat_a_new_link_and_shuts_it_out(server, phone, shot):
    game = open_table(server)
    table, lost = phone(), phone()
    table.goto(link(server, game))
    lost.goto(link(server, game, 1))
    expect(lost.get_by_text("Boris's phone")).to_be_visible()

    table.get_by_text("A lost phone? Give its seat a new link").click()
    table.get_by_role("button", name="New link for Boris's phone").click()
    expect(table.get_by_role("dialog")).to_contain_text("The old link stops working at once")
    table.get_by_role("dialog").get_by_role("button", name="New link").click()
    renewed = table.get_by_role("textbox", name="Link for Boris's phone")
    expect(renewed).to_have_value(re.compile(r"#seat=1&token=[\w-]+$"))
    shot(table, "new-link")

    expect(lost.get_by_role("heading", name="This phone has left the table")).to_be_visible()
    expect(lost.get_by_text("The table phone gave this seat a new link")).to_be_visible()
    lost.goto(renewed.input_value())
    expect(lost.get_by_text("Boris's phone")).to_be_visible()
    expect(lost.get_by_text("Waiting for Anna…")).to_be_visible()
