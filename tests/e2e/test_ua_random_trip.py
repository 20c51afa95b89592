"""The Ukrainian industries game's random trip on the table phone in headless
Chromium at 360×740, with the table's own decks: the card reported, the
phone offers no space to choose, the service draws the destination and the
phone says where the token must go. The service's draw is fixed by the test."""

from __future__ import annotations

from playwright.sync_api import expect

from referee.service import chance

from .phones import Api, overflows, start_table, unnamed_controls


class BusinessForum:
    """Stands in for the service's randomness: the destination is space 20, the Business forum."""

    def choice(self, options):
        assert 20 in options
        return 20


def test_the_table_phone_shows_the_drawn_destination_and_offers_no_choice(server, phone, shot, monkeypatch):
    # seed 002 l.109: «Несподівана поїздка: перемістіться на випадкову клітинку, крім поточної та останнього
    # випадкового місця призначення»: a random space, which nobody at the table picks
    monkeypatch.setattr(chance, "_random", BusinessForum())
    links = start_table(phone(), server.url, "Anna", "Boris", edition="ua-industries")
    api = Api(server, links[2])
    api.act({"type": "roll", "seat": 0, "dice": [3, 4]})  # to 7, the market
    api.act({"type": "draw_card", "seat": 0, "card": "rynok.trip"})  # the table's decks: the card reported
    table = phone()
    table.goto(links[2])

    controls = table.locator('.seat-controls[data-seat="0"]')
    draw = controls.get_by_role("button", name="Draw the random destination")
    expect(draw).to_be_visible()
    expect(controls.locator("select")).to_have_count(0)  # no space to pick
    expect(table.get_by_role("button", name="Move here")).to_have_count(0)
    assert unnamed_controls(table) == [] and not overflows(table)
    shot(table, "trip-to-draw")
    draw.click()

    expect(table.locator(".moves")).to_contain_text("Move Anna's token to Business forum")
    expect(draw).to_have_count(0)
    shot(table, "trip-drawn")
    moved = api.events()[-1]
    assert moved["type"] == "random_move" and moved["action"]["position"] == 20
    assert api.state()["players"][0]["position"] == 20
