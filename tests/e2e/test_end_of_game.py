"""How a game ends, on phones in headless Chromium at 360×740: the deal of a
short game, a debt with what its debtor could raise, payment in property,
bankruptcy after a confirmation, a timed game's countdown to its end, and the
final screen with the winner or the standings and their ties. Where a whole
game through the page would take too long, the API plays ahead (the same
journal as examples/classic-short-game.json) and the page finishes it."""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta
from pathlib import Path

from playwright.sync_api import expect

from .phones import Api, baltic_at_auction, cash, overflows, roll, start_table, unnamed_controls

EXAMPLE = json.loads((Path(__file__).resolve().parents[2] / "examples" / "classic-short-game.json").read_text())


def standings_shown(page) -> list[tuple[str, str, str]]:
    """(rank, name, total) of each row of the final standings, as the page shows them."""
    return page.locator(".final .standings tbody tr").evaluate_all(
        """rows => rows.map((r) => [r.dataset.rank, r.querySelector(".name").textContent,
                                    r.querySelector(".total").textContent])"""
    )


def test_a_short_game_from_the_deal_to_the_second_bankruptcy_and_the_final_standings(server, phone, shot):
    # seed 000: "раздает два раза по кругу игрокам по одной карточке Собственника ... должны немедленно
    # заплатить Банк указанную цену"; the game ends at the second bankruptcy, the richest wins
    host = phone()
    links = start_table(host, server.url, *EXAMPLE["players"], variant="Short game")
    table, boris, gleb = phone(), phone(), phone()
    table.goto(links[4])
    boris.goto(links[1])
    gleb.goto(links[3])
    expect(gleb.locator('.pending[data-type="deed_deal"]')).to_contain_text("Deal 2 title deeds to each player")

    # the deal, reported on the table phone: one form, each deed picked once, each bill added up
    expect(table.locator('.table-controls [data-action="deal_deeds"]')).to_have_count(1)  # for the whole table
    submit = table.get_by_role("button", name="8 deeds still to pick")
    expect(submit).to_be_disabled()
    deal = EXAMPLE["steps"][0]["action"]["deeds"]
    for seat, name in enumerate(EXAMPLE["players"]):
        for n, position in enumerate(deal[seat], start=1):
            table.get_by_label(f"{name}: deed {n}").select_option(str(position))
    expect(table.locator('#deal-1-0 option[value="1"]')).to_be_disabled()  # Anna's deed is no one else's
    expect(table.locator('.deal-player[data-seat="3"] .total')).to_have_text("Gleb pays M750 and keeps M750.")
    assert unnamed_controls(table) == [] and not overflows(table)
    shot(table, "deal")
    table.get_by_role("button", name="Record the deal").click()
    expect(gleb.locator('.events li[data-seq="2"] > details > summary')).to_have_text("Table: Dealt title deeds")
    for seat, amount in enumerate(EXAMPLE["steps"][0]["cash"]):
        expect(cash(gleb, seat)).to_have_attribute("data-cash", str(amount))

    # the API plays the example's game on to Gleb's last roll, onto Boris's hotel
    api = Api(server, links[4])
    for step in EXAMPLE["steps"][1:48]:
        api.act(step["action"])
    assert [p["cash"] for p in api.state()["players"]] == EXAMPLE["steps"][47]["cash"]

    boris.get_by_role("button", name="Claim M1000 from Gleb (New York Avenue)").click()
    debt = gleb.locator('.pending[data-type="debt"]')
    expect(debt).to_contain_text("Gleb owes M1000 to Boris.")
    # what Gleb could raise, part by part, adding up to the sum against the debt
    expect(debt.locator(".raising dt")).to_have_text(["Cash", "Sell buildings: houses, hotels", "Mortgages"])
    expect(debt.locator(".raising dd")).to_have_text(["M125", "M200", "M375"])
    expect(debt).to_contain_text("In all M700, against M1000 owed.")
    expect(debt).to_contain_text(
        "Not enough: even with all of this, Gleb cannot pay it all."  # the deeds are under buildings
    )
    expect(gleb.locator(".moves")).to_contain_text("Move Gleb's token to New York Avenue")
    shot(gleb, "debt")

    gleb.get_by_role("button", name="Declare Gleb bankrupt").click()
    dialog = gleb.get_by_role("dialog")
    # seed 000: "Когда и второй игрок становится банкротом, игра заканчивается. Игрок, ставший банкротом,
    # передает своему кредитору (Банку или другому игроку) все, чем владеет, включая здания" -- said first
    said = re.compile(r"^Declare Gleb bankrupt\? Gleb leaves the game\. Boris takes the cash, M125\. Boris takes the ")
    expect(dialog.locator("p")).to_have_text(said)
    expect(dialog).to_contain_text("The buildings stay where they stand and go to the new owner. This ends the game.")
    dialog.get_by_role("button", name="Cancel").click()
    assert not api.state()["players"][3]["bankrupt"]  # nothing without the confirmation
    gleb.get_by_role("button", name="Declare Gleb bankrupt").click()
    gleb.get_by_role("dialog").get_by_role("button", name="Declare bankruptcy").click()

    # every phone ends on the final screen: Boris wins, the standings as the example works them out
    for page in (gleb, boris, table):
        expect(page.locator(".final")).to_contain_text("Game over")
        expect(page.locator(".final-verdict")).to_have_text("Boris wins.")
    expected = [
        [str(r["rank"]), EXAMPLE["players"][r["seat"]], f"M{r['total']}"] for r in EXAMPLE["final"]["standings"]
    ]
    expect(table.locator(".final .standings tbody tr")).to_have_count(4)
    assert standings_shown(table)[:2] == expected
    assert [row[0] for row in standings_shown(table)[2:]] == ["", ""]  # the bankrupt have no rank
    expect(table.locator(".final .standings .badge")).to_have_text(["bankrupt", "bankrupt"])
    expect(table.locator(".controls button")).to_have_count(0)
    expect(gleb.locator(".moves")).to_have_count(0)  # no token moves once the game is over
    expect(boris.get_by_text("Game over. Winner: Boris")).to_be_visible()
    shot(boris, "final")


def test_a_debt_is_paid_partly_in_property_offered_on_one_phone_and_accepted_on_the_other(server, phone, shot):
    # seed 000: "Вы можете заплатить Вашему кредитору часть суммы наличными и часть суммы принадлежащей вам
    # собственностью (при этом на этих Владениях не должно быть никаких зданий)"
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris")
    anna, boris = phone(), phone()
    anna.goto(links[0])
    boris.goto(links[1])
    api = Api(server, links[2])
    for action in (
        *baltic_at_auction(2, keeps=40),
        {"type": "roll", "seat": 0, "dice": [1, 3]},  # Chance
        {"type": "draw_card", "seat": 0, "card": "chance.chairman"},  # 50 to Boris: 10 short
    ):
        api.act(action)
    expect(anna.locator('.pending[data-type="debt"]')).to_contain_text("Anna owes M50 to Boris.")

    anna.get_by_text("Pay part of the debt in kind").click()
    anna.get_by_role("checkbox", name="Baltic Avenue").check()
    anna.get_by_label("Value against the debt").fill("20")
    assert unnamed_controls(anna) == []
    shot(anna, "offer")
    anna.get_by_role("button", name="Offer", exact=True).click()
    expect(boris.locator('.pending[data-type="property_offer"]')).to_contain_text(
        "Anna offers Boris Baltic Avenue for M20 of the debt."
    )
    expect(anna.get_by_role("button", name="Withdraw the offer")).to_be_visible()
    shot(boris, "offer-received")
    boris.get_by_role("button", name="Accept Baltic Avenue for M20").click()
    expect(cash(anna, 0)).to_have_attribute("data-cash", "10")
    expect(cash(anna, 1)).to_have_attribute("data-cash", "1530")
    expect(anna.locator('.pending[data-type="debt"]')).to_have_count(0)
    owner = next(p["owner"] for p in api.state()["properties"] if p["position"] == 3)
    assert owner == 1


def test_a_debt_to_the_bank_ends_in_bankruptcy_and_the_estate_is_auctioned_on_the_other_phones(server, phone, shot):
    # seed 001: "При долге Банку собственность возвращают ему, залоги аннулируют, объекты выставляют на аукцион"
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris", "Vera")
    anna, boris, vera = phone(), phone(), phone()
    for page, link in ((anna, links[0]), (boris, links[1]), (vera, links[2])):
        page.goto(link)
    api = Api(server, links[3])
    for action in (
        *baltic_at_auction(3, keeps=40),
        {"type": "roll", "seat": 0, "dice": [1, 3]},  # Chance
        {"type": "draw_card", "seat": 0, "card": "chance.back_3"},  # back to Income Tax: 200 to the bank
    ):
        api.act(action)
    debt = anna.locator('.pending[data-type="debt"]')
    expect(debt).to_contain_text("Anna owes M200 to the bank.")
    expect(debt.locator(".raising dd")).to_have_text(["M40", "M0", "M30"])
    expect(debt).to_contain_text("In all M70, against M200 owed.")
    expect(debt).to_contain_text("Not enough: Anna can only declare bankruptcy.")
    expect(boris.get_by_role("button", name="Declare Anna bankrupt")).to_have_count(0)  # Anna's phone alone
    anna.get_by_role("button", name="Declare Anna bankrupt").click()
    # seed 001: "При долге Банку собственность возвращают ему, залоги аннулируют, объекты выставляют на аукцион"
    expect(anna.get_by_role("dialog")).to_have_text(
        "Declare Anna bankrupt? Anna leaves the game. The bank takes the cash, M40. "
        "The bank takes the property (1) back and auctions it lot by lot."
        "CancelDeclare bankruptcy"
    )
    anna.get_by_role("dialog").get_by_role("button", name="Declare bankruptcy").click()

    auction = vera.locator('.pending[data-type="estate_auction"]')
    expect(auction).to_contain_text("The bank auctions Baltic Avenue from Anna's estate; bidding: Boris, Vera.")
    expect(anna.locator('.balances [data-seat="0"]')).to_contain_text("bankrupt")
    expect(anna.get_by_role("button", name="Bid")).to_have_count(0)  # out of the game: no bid
    bid = boris.get_by_label("Boris's bid for Baltic Avenue (at least M10)")
    expect(bid).to_have_value("10")
    assert unnamed_controls(boris) == [] and not overflows(boris)
    shot(boris, "estate-auction")
    bid.fill("30")
    boris.get_by_role("button", name="Bid", exact=True).click()
    expect(auction).to_contain_text("High bid M30 by Boris.")
    vera.get_by_role("button", name="Pass (leave the auction)").click()
    expect(auction).to_have_count(0)
    expect(cash(vera, 1)).to_have_attribute("data-cash", "1470")
    assert next(p["owner"] for p in api.state()["properties"] if p["position"] == 3) == 1
    expect(vera.locator(".final")).to_have_count(0)  # two players are still in the game


def test_a_timed_game_counts_down_to_its_end_and_the_richest_share_the_win(server, phone, shot, hand_clock):
    # seed 000: "Победит участник самый богатый на момент окончания игры."
    clock = hand_clock
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris", "Vera", variant="Timed game")
    table, anna = phone(), phone()
    for page, link in ((table, links[3]), (anna, links[0])):
        page.clock.install()
        page.goto(link)
    api = Api(server, links[3])
    ends_at = datetime.fromisoformat(api.state()["time_left"]["ends_at"])
    assert timedelta(hours=2) <= ends_at - clock.at <= timedelta(hours=2, minutes=5)  # the page's default
    api.act({"type": "deal_deeds", "seat": 0, "deeds": [[1, 3], [6, 8], [37, 39]]})  # each worth 1500 still

    timer = anna.locator(".timer")
    expect(timer).to_contain_text(re.compile(r"The game ends at .+ · (2:0\d|1:5\d):\d\d left"))
    expect(table.get_by_role("button", name="End the game now")).to_be_visible()
    expect(anna.get_by_role("button", name="End the game now")).to_have_count(0)  # the table's alone
    shot(anna, "countdown")

    clock.advance((ends_at - clock.at).total_seconds() + 1)
    for page in (table, anna):
        page.clock.fast_forward("02:06:00")
    # the phones' next poll finds the end recorded by the service: nobody has to record it
    expect(anna.locator(".final-verdict")).to_have_text("A tie: Anna, Boris, Vera share the win.")
    expect(anna.locator(".final .standings tbody tr")).to_have_count(3)
    assert [row[0] for row in standings_shown(anna)] == ["1", "1", "1"]
    expect(anna.locator(".final .standings .badge.tie")).to_have_count(3)
    expect(anna.locator(".timer")).to_have_count(0)
    expect(table.locator(".mistakes .last-entry")).to_have_text("Last entry: End time: Ended the game")
    # the end the time brought stands: undone, the next poll would record it again
    table.get_by_role("button", name="Undo the last entry").click()
    table.get_by_role("dialog").get_by_role("button", name="Take it back").click()
    expect(table.get_by_role("alert")).to_contain_text("journal.end_time_stands")
    expect(table.locator(".mistakes .last-entry")).to_have_text("Last entry: End time: Ended the game")
    shot(anna, "tie")


def test_a_seat_phone_never_offers_what_only_the_table_may_send(server, phone):
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris", variant="Timed game")
    anna = phone()
    anna.goto(links[0])
    state = Api(server, links[2]).state()
    assert {"type": "end_game", "seat": 0, "table": True, "for_table": True} in [
        {k: v for k, v in a.items() if k != "options"} for a in state["allowed"]
    ]
    expect(anna.locator('.pending[data-type="deed_deal"]')).to_be_visible()
    expect(anna.locator('[data-action="end_game"]')).to_have_count(0)
    roll_free = Api(server, links[2])
    roll_free.act({"type": "deal_deeds", "seat": 0, "deeds": [[1, 3], [6, 8]]})
    roll(anna, 2, 3)
    expect(anna.get_by_role("button", name=re.compile("Buy Reading Railroad"))).to_be_visible()
    expect(anna.get_by_role("button", name="End the game now")).to_have_count(0)
