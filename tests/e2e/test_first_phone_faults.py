"""What a new user met on the phone page, each as that person meets it in
headless Chromium: money typed as the page shows it where amounts are shown in
thousands, an exact auction said to be exact, the newest happening open in the
list, the news line wrapping on narrow screens, and a Property drawer titled
by what the seats may do now."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .phones import Api, cash, overflows, start_table

WHOLE = "Type the amount as the page shows it: a whole multiple of 1\u00a0000\u00a0₽."


def validation(locator) -> str:
    return locator.evaluate("input => input.validationMessage")


def sent(api: Api, type_: str) -> list[dict]:
    return [e["action"] for e in api.events() if e["type"] == type_]


def ruble_auction(server, phone) -> tuple[list[str], Api]:
    """A classic-rub table whose first player declined Nagatinskaya Street
    (60 000 ₽): its auction is open. The links and the table's API."""
    links = start_table(phone(), server.url, "Anna", "Boris", edition="classic-rub")
    api = Api(server, links[2])
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})
    api.act({"type": "decline", "seat": 0})
    return links, api


def test_a_bid_in_rubles_is_typed_as_shown_and_a_part_of_a_thousand_is_refused_in_words(server, phone):
    links, api = ruble_auction(server, phone)
    (entry,) = [a for a in api.state()["allowed"] if a["type"] == "bid" and a["seat"] == 1]
    amounts = entry["options"]["amount"]
    boris = phone()
    boris.goto(links[1])
    bid = boris.get_by_role("spinbutton", name=re.compile(r"^Boris's bid for"))
    # the field, its limits and the −/+ shortcut in the amounts the page shows
    expect(bid).to_have_value(str(amounts["min"] * 1000))
    assert (bid.get_attribute("min"), bid.get_attribute("max")) == (
        str(amounts["min"] * 1000),
        str(amounts["max"] * 1000),
    )
    expect(boris.get_by_role("button", name="Bid 10\u00a0000 more")).to_have_text("+10\u00a0000")

    bid.fill(str(amounts["min"] * 1000 + 500))  # not a whole thousand: said, and nothing sent
    boris.get_by_role("button", name="Bid", exact=True).click()
    assert validation(bid) == WHOLE
    assert sent(api, "bid") == []

    bid.fill("25000")  # what Boris sees as 25 000 ₽ is 25 in the service's units
    boris.get_by_role("button", name="Bid", exact=True).click()
    expect(boris.get_by_text("High bid 25\u00a0000 ₽ by Boris.")).to_be_visible()
    assert [a["amount"] for a in sent(api, "bid")] == [25]


def test_the_start_page_and_the_table_phone_take_rubles_as_shown(server, phone):
    host = phone()
    host.goto(server.url + "/")
    host.locator("#edition").select_option("classic-rub")
    host.get_by_text("Options and house rules").click()
    jackpot = host.get_by_label("Jackpot starts at (with the Free Parking jackpot)")
    jackpot.fill("50500")
    assert validation(jackpot) == WHOLE
    host.locator("#edition").select_option("classic")  # in plain dollars any whole amount will do
    assert validation(jackpot) == ""
    host.locator("#edition").select_option("classic-rub")
    jackpot.fill("50000")
    host.get_by_label("Free Parking jackpot (taxes and fines go to a pot)").check()
    links = start_table_here(host, "Anna", "Boris")
    api = Api(server, links[2])
    assert api.state()["options"]["jackpot_start"] == 50

    table = phone()
    table.goto(links[2])
    table.get_by_text("Move money").click()
    form = table.locator("form.adjust")
    form.get_by_label("Player").select_option(label="Boris")
    form.get_by_label("To", exact=True).select_option(label="Boris (1\u00a0500\u00a0000 ₽)")
    amount = form.get_by_label("Amount")
    assert (amount.get_attribute("min"), amount.get_attribute("step")) == ("1000", "1000")
    expect(form.locator("#adjust-amount-hint")).to_have_text(
        "From 1\u00a0000\u00a0₽ to 1\u00a0000\u00a0000\u00a0000\u00a0000\u00a0₽"
    )
    amount.fill("200500")
    form.get_by_label("Reason").fill("salary forgotten at GO")
    form.get_by_role("button", name="Move the money").click()
    assert validation(amount) == WHOLE and sent(api, "adjust") == []
    amount.fill("200000")
    form.get_by_role("button", name="Move the money").click()
    expect(cash(table, 1)).to_have_text("1\u00a0700\u00a0000 ₽")
    assert [a["amount"] for a in sent(api, "adjust")] == [200]

    # a trade's cash: Anna, on her phone, offers her street and 100 000 ₽
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})
    api.act({"type": "buy", "seat": 0})  # Nagatinskaya Street, 60 000 ₽
    anna = phone()
    anna.goto(links[0])
    anna.get_by_text("Offer a trade…").click()
    money = anna.get_by_label("Money from Anna (has 1\u00a0440\u00a0000\u00a0₽)")
    assert (money.get_attribute("max"), money.get_attribute("step")) == ("1440000", "1000")
    money.fill("100500")
    anna.get_by_role("button", name="Send the offer").click()
    assert validation(money) == WHOLE and sent(api, "trade") == []
    money.fill("100000")
    anna.locator('.trade-side[data-side="give"]').get_by_label("Nagatinskaya Street").check()
    anna.get_by_role("button", name="Send the offer").click()
    expect(anna.locator(".pending")).to_contain_text("100\u00a0000\u00a0₽")  # the offer, waiting for Boris
    assert [a["give"]["cash"] for a in sent(api, "trade")] == [100]


def test_a_jackpot_start_without_its_house_rule_is_refused_naming_the_rule_as_the_start_page_does(server, phone):
    host = phone("ru-RU")
    host.goto(server.url + "/")
    host.get_by_text("Настройки и домашние правила").click()
    host.get_by_label("Джекпот начинается с (касса поля «Бесплатная парковка»)").fill("500")
    house_rule = host.locator('input[name="house_rules"][value="free_parking_jackpot"]')
    label = host.locator("label.check", has=house_rule).inner_text().strip()
    rows = host.locator('input[name="player"]')
    for index, name in enumerate(("Anna", "Boris")):
        rows.nth(index).fill(name)
    host.get_by_role("button", name="Создать стол").click()
    error = host.locator(".error")
    nested = label.replace("«", "„").replace("»", "“")  # the label's own quotes, nested in the refusal's
    expect(error).to_contain_text(f"домашнего правила «{nested}»")
    expect(error).not_to_contain_text("free_parking_jackpot")
    assert not house_rule.is_checked()


def start_table_here(page, *names: str) -> list[str]:
    """Create the table from the start form as filled so far."""
    rows = page.locator('input[name="player"]')
    for index, name in enumerate(names):
        rows.nth(index).fill(name)
    page.get_by_role("button", name="Create the table").click()
    expect(page.get_by_role("heading", name="Links for the phones")).to_be_visible()
    return page.locator(".link-card input").evaluate_all("inputs => inputs.map(i => i.value)")


def test_an_auction_of_exact_raises_says_the_first_bid_is_exactly_the_opening(server, phone):
    # seed 002: the bank's auction opens at 75% of the price and each raise is exactly 10
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris", "Vera", edition="ua-industries")
    api = Api(server, links[3])
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})
    api.act({"type": "decline", "seat": 0})
    anna = phone()
    anna.goto(links[0])
    pending = anna.locator(".pending")
    expect(pending).to_contain_text("No bid yet; the first bid is exactly 45.")
    expect(pending).not_to_contain_text("at least")
    # the same on a phone that speaks Ukrainian, from its own catalog
    ukrainian = phone("uk-UA")
    ukrainian.goto(links[1])
    expect(ukrainian.locator(".pending")).to_contain_text("перша — рівно 45.")


def test_the_newest_entry_of_what_happened_is_open_each_time_one_arrives(server, phone):
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris")
    api = Api(server, links[2])
    vera = phone()
    vera.goto(links[1])
    newest = vera.locator("ol.events > li").first.locator(":scope > details")
    for action in (
        {"type": "roll", "seat": 0, "dice": [1, 2]},
        {"type": "buy", "seat": 0},
        {"type": "end_turn", "seat": 0},
        {"type": "roll", "seat": 1, "dice": [2, 3]},
    ):
        result = api.act(action)
        expect(vera.locator("ol.events > li").first).to_have_attribute("data-seq", str(result["event"]["seq"]))
        if result["rulings"]:
            expect(newest).to_have_attribute("open", "")
        else:  # an end of turn holds nothing to open: a plain line
            expect(newest).to_have_count(0)


def test_the_news_line_wraps_on_narrow_phones(server, phone, shot):
    host = phone()
    links = start_table(host, server.url, "Anastasia Konstantinovna", "Boris")
    api = Api(server, links[2])
    boris = phone()
    boris.goto(links[1])
    expect(cash(boris, 1)).to_be_visible()
    toast = boris.locator("#toast")
    for width, action in ((360, {"type": "roll", "seat": 0, "dice": [1, 2]}), (320, {"type": "buy", "seat": 0})):
        boris.set_viewport_size({"width": width, "height": 740})
        before = toast.text_content()
        api.act(action)
        expect(toast).to_have_class(re.compile(r"\bshown\b"))
        expect(toast).not_to_have_text(before)  # the line for this action, not the one before
        expect(toast).to_contain_text("Anastasia Konstantinovna")
        box = toast.evaluate(
            "el => ({ right: el.getBoundingClientRect().right,"
            " cut: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight })"
        )
        assert box["right"] <= width and not box["cut"], (width, box)
        assert not overflows(boris), width
        shot(boris, f"news-{width}")


def test_the_property_drawer_is_titled_by_what_the_seats_may_do_now(server, phone):
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris", "Vera")
    api = Api(server, links[3])
    table = phone()
    table.goto(links[3])
    drawer = table.locator("details.property-drawer > summary")
    expect(table.get_by_role("radio", name="Die 2: 6").first).to_be_attached()
    expect(drawer).to_have_count(0)  # nobody owns anything yet: no dealings to offer
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})
    api.act({"type": "buy", "seat": 0})
    expect(drawer).to_have_text("Property: mortgage, trade")
    allowed = {a["type"] for a in api.state()["allowed"]}
    assert "build" not in allowed and "sell_building" not in allowed


def test_an_auction_bid_aloud_in_rubles_is_recorded_as_the_table_heard_it(server, phone):
    links, api = ruble_auction(server, phone)
    table = phone()
    table.goto(links[2])
    price = table.get_by_label("for", exact=True)
    table.get_by_label("Won by").select_option(label="Boris")
    (winner,) = [
        w
        for a in api.state()["allowed"]
        if a["type"] == "auction_result"
        for w in a["options"]["winners"]
        if w["seat"] == 1
    ]
    assert price.get_attribute("min") == str(winner["min"] * 1000)
    expect(table.locator(".aloud .muted")).to_contain_text(f"{winner['min']}\u00a0000\u00a0₽")
    price.fill("45500")
    table.get_by_role("button", name="Record the winner").click()
    assert validation(price) == WHOLE and sent(api, "auction_result") == []
    price.fill("45000")
    table.get_by_role("button", name="Record the winner").click()
    expect(cash(table, 1)).to_have_text("1\u00a0455\u00a0000 ₽")
    assert [a["amount"] for a in sent(api, "auction_result")] == [45]
