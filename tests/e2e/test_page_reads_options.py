"""The page offers what the engine's ``allowed`` options list, not what it
would work out from the edition's rule parameters: in a Disney short game the
fourth building on a street is a castle (seed 000: a hotel after three houses),
and the page says so because the options say so."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .phones import Api, overflows, start_table, unnamed_controls


def test_in_a_disney_short_game_the_build_form_offers_a_castle_after_three_cottages(server, phone, shot):
    # seed 000 l.253: «В укороченной игре Вы должны построить только три Дома (вместо четырех) на каждом Владении
    # цветовой группы прежде, чем Вы сможете купить Отель»
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris", edition="disney", variant="Short game")
    api = Api(server, links[2])
    api.act({"type": "deal_deeds", "seat": 0, "deeds": [[1, 3], [6, 8]]})  # Anna: the brown group
    api.act({"type": "build", "seat": 0, "positions": [1, 3, 1, 3, 1, 3]})  # three cottages on each
    anna = phone()
    anna.goto(links[0])

    anna.get_by_text("Build…").click()
    build = anna.locator('[data-form="build-0"] form')
    expect(build.get_by_role("spinbutton", name=re.compile(r"next: castle$"))).to_have_count(2)
    expect(build.get_by_role("spinbutton", name=re.compile(r"next: cottage$"))).to_have_count(0)
    build.get_by_role("button", name="One more on each").click()
    build.get_by_role("button", name="One more on each").click()  # the headroom is one castle each
    assert unnamed_controls(anna) == [] and not overflows(anna)
    shot(anna, "castle-after-three-cottages")
    build.get_by_role("button", name="Build 2 castles for M100").click()

    expect(anna.locator('[data-form="build-0"]')).to_have_count(0)  # nothing left to build on
    built = {p["position"]: p for p in api.state()["properties"] if p["position"] in (1, 3)}
    assert [(p["hotel"], p["houses"]) for p in built.values()] == [(True, 0), (True, 0)]


# What the build button says once the form adds one more on each brown street, then one more again
# (a cottage on each, then each street's castle), in each language: the edition's counted words.
BUILD_BUTTON = {
    "en-US": ("Build 2 cottages for M100", "Build 2 cottages and 2 castles for M200"),
    "ru-RU": ("Построить 2 коттеджа за M100", "Построить 2 коттеджа и 2 замка за M200"),
    "uk-UA": ("Збудувати 2 котеджі за M100", "Збудувати 2 котеджі і 2 замки за M200"),
    "it-IT": ("Costruisci 2 cottage per M100", "Costruisci 2 cottage e 2 castelli per M200"),
}


def test_the_build_button_counts_what_it_builds_in_the_edition_s_words_in_every_language(server, phone):
    # seed 000 l.253: three cottages («Дома») on each street before a castle («Отель») in the short game
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris", edition="disney", variant="Short game")
    api = Api(server, links[2])
    api.act({"type": "deal_deeds", "seat": 0, "deeds": [[1, 3], [6, 8]]})  # Anna: the brown group
    api.act({"type": "build", "seat": 0, "positions": [1, 3, 1, 3]})  # two cottages on each
    for locale, (cottages, both) in BUILD_BUTTON.items():
        anna = phone(locale)
        anna.goto(links[0])
        anna.locator('[data-form="build-0"] > summary').click()
        build = anna.locator('[data-form="build-0"] form')
        one_each = build.locator("fieldset.group > button.small")
        one_each.click()
        expect(build.locator('button[type="submit"]')).to_have_text(cottages)
        one_each.click()
        expect(build.locator('button[type="submit"]')).to_have_text(both)
        anna.context.close()


def test_the_deal_asks_for_the_edition_s_deeds_by_their_word_in_the_reader_s_language(server, phone):
    # seed 000 l.13: «Карточки Собственника эквивалентны Title Deeds»
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris", edition="disney", variant="Short game")
    table = phone("ru-RU")
    table.goto(links[2])
    expect(table.locator('.pending[data-type="deed_deal"]')).to_contain_text(
        "Раздайте каждому игроку по 2 карточки Собственника;"
    )
    expect(table.locator("form.deal .muted")).to_contain_text(
        "Банкир раздаёт каждому игроку по 2 карточки Собственника."
    )


def bid_options(api: Api, seat: int) -> dict:
    (entry,) = [a for a in api.state()["allowed"] if a["type"] == "bid" and a["seat"] == seat]
    return entry["options"]["amount"]


def test_the_bid_form_offers_only_the_amounts_the_options_allow_exact_raises_and_a_classic_minimum(server, phone, shot):
    # seed 002: the bank's auction opens at 75% of the price and each raise is exactly 10, the decliner first
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris", "Vera", edition="ua-industries")
    api = Api(server, links[3])
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})
    api.act({"type": "decline", "seat": 0})
    first = bid_options(api, 0)
    assert first["exact"] and first["min"] == first["max"]
    anna = phone()
    anna.goto(links[0])
    bid = anna.get_by_role("spinbutton", name=re.compile(r"^Anna's bid for .* \(exactly .*: each raise is .*10\)$"))
    expect(bid).to_have_value(str(first["min"]))
    expect(bid).to_have_attribute("readonly", "")  # nothing to choose: the exact amount
    assert (bid.get_attribute("min"), bid.get_attribute("max")) == (str(first["min"]), str(first["max"]))
    expect(anna.get_by_role("button", name="Bid 10 more")).to_have_count(0)
    shot(anna, "exact-bid")
    anna.get_by_role("button", name="Bid", exact=True).click()
    expect(bid).to_have_count(0)  # Boris bids next
    (auction,) = [p for p in api.state()["pending"] if p["type"] == "auction"]
    assert (auction["high_bid"], auction["high_bidder"]) == (first["min"], 0)
    raised = bid_options(api, 1)
    assert raised["min"] == raised["max"] == first["min"] + raised["step"] and raised["step"] == 10

    # the classic auction: any amount from the opening bid up to the bidder's cash
    links = start_table(host, server.url, "Anna", "Boris", edition="classic")
    api = Api(server, links[2])
    api.act({"type": "roll", "seat": 0, "dice": [2, 3]})  # Reading Railroad
    api.act({"type": "decline", "seat": 0})
    amounts = bid_options(api, 1)
    boris = phone()
    boris.goto(links[1])
    bid = boris.get_by_label("Boris's bid for Reading Railroad (at least M10)")
    expect(bid).to_have_value(str(amounts["min"]))
    assert (bid.get_attribute("min"), bid.get_attribute("max")) == (str(amounts["min"]), str(amounts["max"]))
    assert bid.get_attribute("readonly") is None
    bid.fill(str(amounts["min"] - 1))
    boris.get_by_role("button", name="Bid", exact=True).click()  # below the minimum: the form does not send it
    assert bid.evaluate("input => input.validity.rangeUnderflow")
    bid.fill(str(amounts["min"]))
    boris.get_by_role("button", name="Bid 10 more").click()
    expect(bid).to_have_value(str(amounts["min"] + 10))
    boris.get_by_role("button", name="Bid", exact=True).click()
    expect(boris.get_by_text("High bid M20 by Boris.")).to_be_visible()
    (auction,) = [p for p in api.state()["pending"] if p["type"] == "auction"]
    assert (auction["high_bid"], auction["high_bidder"]) == (amounts["min"] + 10, 1)  # the one bid sent
    assert [e["action"].get("amount") for e in api.events() if e["action"]["type"] == "bid"] == [20]
