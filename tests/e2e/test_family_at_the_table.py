"""What a family met on the phone page at 360×740: the links kept one tap away
for the whole game, a claim that keeps the roll entered, a reminder only when
the roll ends a claim, a build form capped by the options, a tab bar in one row."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .phones import cash, roll
from .test_table_phone import open_table


def test_the_links_and_qr_codes_stay_one_tap_away_after_the_first_roll(server, phone):
    page = phone()
    page.goto(server.url + "/")
    rows = page.locator('input[name="player"]')
    expect(rows.first).to_be_visible()
    for index, name in enumerate(("Anna", "Boris")):
        rows.nth(index).fill(name)
    page.get_by_role("button", name="Play on this phone only").click()
    expect(page.get_by_role("radio", name="Die 2: 6")).to_be_attached()
    roll(page, 1, 2)  # Anna on Baltic Avenue
    expect(page.get_by_role("button", name="Buy Baltic Avenue for M60")).to_be_visible()
    page.get_by_text("Links and QR codes for the phones").click()
    expect(page.locator(".link-card")).to_have_count(3)


def test_a_doubles_re_roll_ends_no_claim_so_the_page_does_not_ask(server, phone):
    # seed 001: "Владелец чужой собственности должен потребовать ренту до броска следующего игрока."
    page, api, _ = open_table(server, phone, "Anna", "Boris")
    api.act({"type": "roll", "seat": 0, "dice": [3, 3]})  # 6: Oriental Avenue, a double
    api.act({"type": "buy", "seat": 0})
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})  # 9: Connecticut Avenue
    api.act({"type": "buy", "seat": 0})
    api.act({"type": "end_turn", "seat": 0})
    expect(page.get_by_text("Boris's turn")).to_be_visible()
    roll(page, 3, 3)  # Boris on Anna's Oriental Avenue, a double: rent 6 open
    expect(page.locator(".pending-list")).to_contain_text("Oriental Avenue")
    roll(page, 1, 2)  # his own second roll: the claim stays open, nothing to ask
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(cash(page, 0)).to_have_attribute("data-cash", str(1500 - 100 - 120))
    assert api.state()["players"][1]["position"] == 9
    assert [p["position"] for p in api.state()["pending"] if p["type"] == "rent_claim"] == [6, 9]


@pytest.mark.parametrize("locale", ["en-US", "ru-RU", "uk-UA", "it-IT"])
def test_the_undo_dialog_s_two_choices_say_different_things_in_every_language(server, phone, locale):
    page, api, _ = open_table(server, phone, "Anna", "Boris", locale=locale)
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})
    quick = page.locator("button.quick-undo")
    quick.click()
    buttons = page.get_by_role("dialog").get_by_role("button")
    expect(buttons).to_have_count(2)
    keep, take = [label.strip() for label in buttons.all_inner_texts()]
    # not the same word, nor two forms of one ("Отмена" | "Отменить"): their stems differ
    assert stem(keep) != stem(take), (keep, take)
    assert stem(keep) != stem(quick.inner_text()), "the dialog's no reads like the undo that opened it"
    buttons.first.click()
    assert api.state()["players"][0]["position"] == 3  # kept


def stem(label: str) -> str:
    return label.split()[0].lower()[:4]
