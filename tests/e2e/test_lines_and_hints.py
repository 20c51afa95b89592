"""What the table phone's lines say: a hint names only what the seat may do now
(read from `allowed`, never derived on the page), the lines read as sentences
without event numbers or rule ids, which are one tap away, and a group is
built evenly in two taps from the Property drawer."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .phones import cash, short_table
from .test_table_phone import open_table


def test_the_jail_line_names_only_the_ways_out_the_seat_has(server, phone):
    # seed 001 l.44: "На следующем своём ходу выберите выход: заплатить 50 до броска, использовать карточку
    # «Выйти из тюрьмы бесплатно» или попробовать выбросить дубль." -- without the card, two ways are left
    page, api, _ = open_table(server, phone, "Anna", "Boris")
    for dice in ([6, 6], [6, 6]):
        api.act({"type": "roll", "seat": 0, "dice": dice})
        api.act({"type": "buy", "seat": 0})
    api.act({"type": "roll", "seat": 0, "dice": [3, 3]})  # the third double: to jail
    api.act({"type": "end_turn", "seat": 0})
    api.act({"type": "roll", "seat": 1, "dice": [1, 2]})
    api.act({"type": "decline", "seat": 1})
    api.act({"type": "auction_result", "seat": 1})
    api.act({"type": "end_turn", "seat": 1})
    assert api.state()["players"][0]["jail_cards"] == []
    line = page.locator('.pending[data-type="jail_decision"]')
    expect(line).to_contain_text("Anna is in jail (attempt 1): pay M50 or roll for doubles.")
    expect(line).not_to_contain_text("card")


def test_a_short_debtor_who_owns_nothing_is_not_told_to_offer_property(server, phone):
    # seed 001 l.53: "Если после продажи зданий и залога вы всё равно не можете погасить долг, вы банкрот"
    # -- with nothing to sell, mortgage or hand over, bankruptcy is the one way the line names
    page, api, _ = open_table(server, phone, "Anna", "Boris")
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})  # Baltic Avenue
    api.act({"type": "buy", "seat": 0})
    api.act({"type": "end_turn", "seat": 0})
    api.act({"type": "adjust", "seat": 1, "source": "seat", "target": "bank", "amount": 1497, "reason": "test"})
    api.act({"type": "roll", "seat": 1, "dice": [1, 2]})  # Boris on Baltic Avenue with M3
    api.act({"type": "claim_rent", "seat": 0})
    line = page.locator('.pending[data-type="debt"]')
    expect(line).to_contain_text("Not enough: Boris can only declare bankruptcy.")
    expect(line).not_to_contain_text("offer")


def test_lines_carry_no_event_numbers_nor_rule_ids_which_are_one_tap_away(server, phone):
    page, api, _ = open_table(server, phone, "Anna", "Boris")
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})
    api.act({"type": "buy", "seat": 0})
    api.act({"type": "end_turn", "seat": 0})
    api.act({"type": "roll", "seat": 1, "dice": [1, 2]})
    page.get_by_role("button", name="Claim M4 from Boris").click()
    expect(cash(page, 0)).to_have_attribute("data-cash", "1444")
    latest = page.locator(".events").first
    claim = latest.locator("li").first
    expect(claim.locator("summary").first).to_have_text(re.compile(r"^Anna: Claim rent"))
    visible = latest.evaluate("el => el.innerText")
    assert not re.search(r"#\d", visible) and not re.search(r"\b[a-z_]+\.[a-z_]+", visible), visible
    claim.get_by_text("Rule and event numbers").click()
    ids = claim.locator("details.ids")
    expect(ids).to_contain_text(f"Event #{api.events()[-1]['seq']}")
    expect(ids).to_contain_text("Rules: rent.")


def test_a_group_is_built_evenly_from_the_drawer_after_one_confirmation_and_the_drawer_stays_for_the_next(
    server, phone
):
    # seed 001 l.39: "Застраивайте равномерно: прежде чем поставить второй дом на одну Улицу, поставьте по
    # первому на все остальные этого цвета."
    link, api = short_table(server, "Anna", "Boris")
    api.act({"type": "deal_deeds", "seat": 0, "deeds": [[1, 3], [6, 8]]})  # Anna: all of Brown; Boris: two of three
    page = phone()
    page.goto(link)
    page.locator("details.property-drawer > summary").click()
    rounds = page.locator(".build-rounds .build-round")
    expect(rounds).to_have_count(1)  # Boris's Light Blue is not whole: no round of his
    rounds.first.click()
    # money spent in one tap on a phone passed round the table: asked first, naming the amount
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Anna: build 2 houses on brown for M100?")
    dialog.get_by_role("button", name="Build for M100").click()
    expect(page.locator('.events li[data-seq="3"]')).to_be_attached()  # the build, read
    levels = {p["position"]: p["houses"] for p in api.state()["properties"] if p["position"] in (1, 3)}
    assert levels == {1: 1, 3: 1}
    expect(cash(page, 0)).to_have_attribute("data-cash", str(api.state()["players"][0]["cash"]))
    expect(page.locator("details.property-drawer")).to_have_attribute("open", "")  # open for the next level
    expect(rounds.first).to_have_text("Anna builds brown one level up: 2 houses for M100")
