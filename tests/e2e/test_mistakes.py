"""Mistakes set right on the table phone, driven in headless Chromium at
360×740: dice entered wrong are corrected after a confirmation, the money
they moved goes back, every phone follows; what cannot be taken back says so."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from .phones import Api, cash, roll, start_table, unnamed_controls


def test_the_table_phone_corrects_a_mistyped_roll_and_the_tax_it_paid_goes_back(server, phone, shot):
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris")
    table, boris = phone(), phone()
    table.goto(links[2])
    boris.goto(links[1])
    roll(table, 1, 3)  # GO + 4: Income Tax, paid at once -- but the dice really showed 2 and 3
    expect(cash(boris, 0)).to_have_attribute("data-cash", "1300")
    expect(table.locator(".mistakes .last-entry")).to_have_text("Last entry: Anna: rolled 1+3")

    table.get_by_text("Correct the dice of this roll…").click()
    submit = table.get_by_role("button", name="Pick the right dice")
    expect(submit).to_be_disabled()  # the dice as entered are preselected: nothing to send yet
    expect(table.get_by_role("radio", name="Corrected die 1: 1")).to_be_checked()
    table.get_by_role("radio", name="Corrected die 1: 2").check()
    table.get_by_role("radio", name="Corrected die 2: 3").check()
    assert unnamed_controls(table) == []
    shot(table, "correction-form")
    table.get_by_role("button", name="Correct to 2 + 3 = 5").click()
    dialog = table.get_by_role("dialog")
    expect(dialog).to_have_text(
        "Replace Anna: rolled 1+3 with 2+3? The journal keeps the mistake and its correction.CancelYes"
    )
    shot(table, "correction-confirm")
    dialog.get_by_role("button", name="Yes").click()

    # every phone follows: the tax is back, the token moves on to Reading Railroad, which Anna may buy
    expect(cash(boris, 0)).to_have_attribute("data-cash", "1500")
    expect(boris.locator(".moves")).to_have_text("Move Anna's token to Reading Railroad")
    expect(boris.locator('.pending[data-type="buy_decision"]')).to_contain_text("Anna may buy Reading Railroad")
    expect(table.locator(".mistakes .last-entry")).to_have_text("Last entry: Anna: rolled 2+3")
    shot(boris, "after-correction")
    api = Api(server, links[2])
    assert [(e["type"], e["action"].get("event")) for e in api.events()] == [
        ("create", None),
        ("roll", None),
        ("correction", 2),
    ]
    assert api.state()["players"][0]["position"] == 5

    # the ledger keeps the mistake and its reversal, each with its ruling
    boris.get_by_role("tab", name="Money").click()
    expect(boris.locator('.ledger > li[data-reason="reversal"]')).to_have_count(1)
    expect(boris.locator('.ledger > li[data-reason="reversal"] .reason')).to_have_text("reversal")  # not "Reversal"
    expect(boris.locator('.ledger > li[data-reason="tax"]')).to_have_count(1)


def test_a_roll_of_the_phones_own_dice_stands_and_the_page_says_why(server, phone, shot):
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris", options={"Dice": "Roll on the phone"})
    table = phone()
    table.goto(links[2])
    table.get_by_role("button", name="Roll the dice").click()
    stands = table.locator(".mistakes .stands")
    expect(stands).to_contain_text("was drawn by the phone (its dice or a random space), so it stands")
    expect(stands).to_contain_text("Anna: rolled")
    expect(stands).not_to_contain_text("#2")  # the event number is in the history, one tap away
    expect(table.get_by_role("button", name="Undo the last entry")).to_have_count(0)
    expect(table.get_by_text("Correct the dice of this roll…")).to_have_count(0)
    stands.scroll_into_view_if_needed()
    shot(table, "virtual-roll-stands")


def test_only_the_table_phone_offers_to_undo_or_correct(server, phone):
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris")
    anna, table = phone(), phone()
    anna.goto(links[0])
    table.goto(links[2])
    roll(anna, 1, 2)
    expect(table.locator(".mistakes .last-entry")).to_have_text("Last entry: Anna: rolled 1+2")
    expect(anna.get_by_role("button", name="Buy Baltic Avenue for M60")).to_be_visible()
    expect(anna.locator(".mistakes")).to_have_count(0)
    expect(anna.get_by_role("button", name="Undo the last entry")).to_have_count(0)


def test_a_correction_and_an_undo_are_made_with_the_keyboard_alone(server, phone):
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris")
    table = phone()
    table.goto(links[2])
    roll(table, 2, 3)  # Reading Railroad; the dice really showed 2 and 4
    opener = table.get_by_text("Correct the dice of this roll…")
    opener.focus()
    table.keyboard.press("Enter")
    expect(table.get_by_role("radio", name="Corrected die 2: 3")).to_be_visible()
    table.get_by_role("radio", name="Corrected die 2: 3").focus()  # the die as entered has the focus in its group
    table.keyboard.press("ArrowRight")
    expect(table.get_by_role("radio", name="Corrected die 2: 4")).to_be_checked()
    table.keyboard.press("Tab")
    expect(table.get_by_role("button", name="Correct to 2 + 4 = 6")).to_be_focused()
    table.keyboard.press("Enter")
    dialog = table.get_by_role("dialog")
    expect(dialog.get_by_role("button", name="Cancel")).to_be_focused()  # the safe answer comes first
    table.keyboard.press("Tab")
    table.keyboard.press("Enter")
    expect(table.locator(".mistakes .last-entry")).to_have_text("Last entry: Anna: rolled 2+4")
    expect(table.locator('.pending[data-type="buy_decision"]')).to_contain_text("Anna may buy Oriental Avenue")

    table.get_by_role("button", name="Undo the last entry").focus()
    table.keyboard.press("Enter")
    table.keyboard.press("Escape")  # changed her mind: nothing is sent
    expect(table.get_by_role("dialog")).to_have_count(0)
    assert [e["type"] for e in Api(server, links[2]).events()] == ["create", "roll", "correction"]


def test_an_undo_the_server_refuses_is_explained_with_the_rule_it_names(server, phone, shot):
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris")
    table = phone()
    table.goto(links[2])
    roll(table, 1, 2)
    table.get_by_role("button", name="Buy Baltic Avenue for M60").click()
    expect(table.locator(".mistakes .last-entry")).to_have_text("Last entry: Anna: Buy")

    # the request is changed on its way to name the roll before the purchase: the real server refuses it
    def older(route):
        route.continue_(post_data=json.dumps({**route.request.post_data_json, "event": 2}))

    table.route("**/undo", older)
    table.get_by_role("button", name="Undo the last entry").click()
    table.get_by_role("dialog").get_by_role("button", name="Take it back").click()
    alert = table.get_by_role("alert")
    expect(alert).to_contain_text("This entry cannot be taken back:")
    expect(alert).to_contain_text(
        "Only the last action in effect can be undone or corrected: that is event 3, not event 2."
    )
    expect(alert).to_contain_text("journal.last_only")
    alert.scroll_into_view_if_needed()
    shot(table, "undo-refused")
    expect(cash(table, 0)).to_have_attribute("data-cash", "1440")  # nothing changed
