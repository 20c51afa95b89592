"""The Ukrainian industries game on phones in headless Chromium at 360×740: a
table started with the table clock, the clock shown on every phone with who is
on it, a seller's own auction opened on one phone and bid on another, and the
timeout reported once a bidder's time ran out. The service's clock and each
page's clock move only when the test says."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .phones import Api, cash, overflows, roll, start_table, unnamed_controls


def test_a_seller_s_auction_on_the_clock_and_a_silent_bidder_s_timeout(server, phone, shot, hand_clock):
    # seed 002: "Ставлять лише суперники, зокрема боти; продавець не бере участі. Переможець платить свою
    # ставку вам і отримує майно." and "Мовчання означає пас або відмову"
    clock = hand_clock
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris", "Vera", edition="ua-industries", clock=True)
    table, boris, vera = phone(), phone(), phone()
    for page, link in ((table, links[3]), (boris, links[1]), (vera, links[2])):
        page.clock.install()
        page.goto(link)
    assert Api(server, links[3]).state()["options"]["clock"] is True

    # seed 002 l.153: «Гру запускає той, хто її створив, щойно зібралося двоє.» -- before the game's first
    # action no time runs: every phone says who will be on the clock, and from when
    shown = boris.locator(".timer.clock")
    expect(shown).to_have_text("Anna to decide · 5:00, counted from the first action")
    ukrainian = phone("uk-UA")  # the same clock on a phone that speaks Ukrainian
    ukrainian.goto(links[3])
    expect(ukrainian.locator(".timer.clock")).to_have_text("Вирішує: Anna · 5:00, відлік з першої дії")
    clock.advance(600)  # the players take their seats: ten minutes, and nobody is out
    boris.clock.fast_forward("10:00")
    expect(shown).to_have_text("Anna to decide · 5:00, counted from the first action")
    shot(boris, "clock-not-started")

    roll(table, 1, 4)  # onto Logistics 1: the game has started
    # every phone shows who is on the clock, how long is left, and what running out means
    expect(shown).to_contain_text(re.compile(r"Anna to decide · (5:00|4:5\d) left"))
    expect(shown).to_contain_text("Out of time, Anna is out of the game.")
    expect(boris.get_by_role("timer", name="Table clock: Anna to decide")).to_be_visible()
    expect(ukrainian.locator(".timer.clock")).to_contain_text(re.compile(r"Вирішує: Anna · лишилося (5:00|4:5\d)"))
    expect(ukrainian.locator(".timer.clock")).to_contain_text("Не встигне — вибуває з гри (Anna).")
    table.get_by_role("button", name="Buy Logistics 1 for 200").click()
    expect(cash(boris, 0)).to_have_attribute("data-cash", "1300")

    # Anna auctions it from the table phone; only Boris and Vera may bid
    drawer = table.locator("details.property-drawer > summary")  # the table phone's drawer, Anna chosen
    expect(drawer).to_contain_text("auction a business")
    drawer.click()
    table.get_by_text("Auction one of your businesses").click()
    table.get_by_label("Business").select_option(label="Logistics 1")
    table.get_by_label("Opening bid (not below the bank's price)").fill("100")
    assert unnamed_controls(table) == [] and not overflows(table)
    shot(table, "seller-auction-form")
    table.get_by_role("button", name="Start the auction").click()
    table.get_by_role("dialog").get_by_role("button", name="Start the auction").click()  # asked first

    auction = boris.locator('.pending[data-type="seller_auction"]')
    expect(auction).to_contain_text("Anna auctions Logistics 1; only opponents bid: Boris, Vera.")
    expect(shown).to_contain_text(re.compile(r"First bid for the lot · (1:00|0:5\d) left"))  # anyone's first bid
    expect(shown).to_contain_text("Without a bid the lot is cancelled.")
    expect(table.locator('.seat-controls[data-seat="0"] form.bid')).to_have_count(0)  # the seller does not bid
    shot(boris, "seller-auction-clock")
    boris.get_by_role("button", name="Bid").click()
    expect(vera.locator(".timer.clock")).to_contain_text(re.compile(r"Vera to bid · (1:00|0:5\d) left"))
    expect(vera.locator(".timer.clock")).to_contain_text("Silence is a pass.")
    expect(vera.get_by_role("button", name="Report that time is up for Vera")).to_have_count(0)

    # Vera stays silent: a minute later her phone counts to zero and offers to report it
    clock.advance(61)
    vera.clock.fast_forward("01:01")
    expired = vera.locator(".timer.clock.expired")
    expect(expired).to_contain_text(
        "Vera's time to bid is up. Once reported, the silence is a pass. Any phone may report it."
    )
    report = vera.get_by_role("button", name="Report that time is up for Vera")
    assert unnamed_controls(vera) == [] and not overflows(vera)
    shot(vera, "timeout")
    report.click()

    # the silence is a pass: Boris's bid wins, he pays Anna
    expect(cash(boris, 0)).to_have_attribute("data-cash", "1400")
    expect(cash(boris, 1)).to_have_attribute("data-cash", "1400")
    expect(auction).to_have_count(0)
    api = Api(server, links[3])
    assert next(p["owner"] for p in api.state()["properties"] if p["position"] == 5) == 1
    timeout = next(e for e in api.events() if e["type"] == "timeout")
    assert timeout["seat"] == 2 and timeout["action"]["elapsed"] == 61.0
    expect(table.locator(".timer.clock")).to_contain_text("Anna to decide")
    shot(table, "after-timeout")


def test_the_start_page_offers_the_clock_and_the_variants_only_where_the_edition_has_them(server, phone):
    page = phone()
    page.goto(server.url + "/")
    clock = page.get_by_label("Play with the table clock")
    expect(page.locator("#edition")).to_have_value("classic")
    expect(page.get_by_label("Timed game")).to_be_visible()
    expect(clock).to_be_hidden()
    page.locator("#edition").select_option("ua-industries")
    expect(clock).to_be_visible()
    expect(page.locator("#clock-hint")).to_have_text(
        "5 min for each decision, 60 s for each bid, 60 s to answer a trade. Silence at an auction is a pass; "
        "a decision not made in time puts the player out."
    )
    clock.check()
    page.locator("#edition").select_option("classic")
    expect(clock).to_be_hidden()
    expect(clock).not_to_be_checked()  # a clock the edition lacks is never sent
    page.get_by_label("Timed game").check()
    expect(page.get_by_role("textbox", name="End time")).to_be_visible()
    assert unnamed_controls(page) == [] and not overflows(page)


def test_a_tap_after_the_time_ran_out_is_refused_on_screen_and_the_report_is_all_that_is_left(
    server, phone, shot, hand_clock
):
    # seed 002 l.154-155: «На своє рішення ... у вас 5 хвилин.» «Не встигли — ви вибуваєте з гри.» The service
    # records the timeout before whatever comes late; the late phone is told, and the message stays.
    clock = hand_clock
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris", "Vera", edition="ua-industries", clock=True)
    anna, boris = phone(), phone()
    for page, link in ((anna, links[0]), (boris, links[1])):
        page.clock.install()
        page.goto(link)
    roll(anna, 1, 4)  # onto Logistics 1: the game and Anna's five minutes start
    buy = anna.get_by_role("button", name="Buy Logistics 1 for 200")
    expect(buy).to_be_visible()

    clock.advance(301)  # the service's clock: Anna's screen has not counted down yet
    buy.click()
    refusal = anna.get_by_role("alert")
    expect(refusal).to_contain_text("Anna is bankrupt and out of the game.")
    expect(refusal).to_contain_text("Time ran out before this arrived: what the clock decided was recorded first.")
    expect(cash(anna, 0)).to_have_attribute("data-cash", "0")  # the state after the recorded timeout came
    anna.clock.run_for(3000)  # polls and ticks: the refusal answered the state it came with, and stays
    expect(refusal).to_contain_text("Anna is bankrupt and out of the game.")
    shot(anna, "late-tap-refused")
    timeout = next(e for e in Api(server, links[3]).events() if e["type"] == "timeout")
    assert timeout["action"]["elapsed"] == 301.0

    # Boris's turn; his five minutes run out too: every phone offers the report, and nothing else
    boris.reload()
    expect(boris.get_by_role("radio", name="Die 1: 1")).to_be_visible()
    clock.advance(301)
    boris.clock.fast_forward("05:01")
    expect(boris.get_by_role("button", name="Report that time is up for Boris")).to_be_visible()
    expect(boris.get_by_role("radio", name="Die 1: 1")).to_have_count(0)
    assert {a["type"] for a in Api(server, links[3]).state()["allowed"]} == {"timeout"}
