"""The shared table phone at 360×740, as quick as electronic banking: the turn's
controls and Undo without scrolling, the any-time dealings in one Property
drawer, an auction bid aloud recorded in one tap or one form, and the line
saying what another phone did, which never covers a control nor takes a tap."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .phones import Api, cash, roll, start_on_this_phone


def open_table(server, phone, *names: str, locale: str = "en-US"):
    """A game made through the API (the start page has its own tests), opened on the table's phone."""
    created = server.app.test_client().post(
        "/games", json={"edition": "classic", "players": [{"name": n} for n in names]}
    )
    assert created.status_code == 201, created.json
    body = created.json
    link = f"{server.url}/play/{body['id']}#token={body['token']}"
    page = phone(locale)
    page.goto(link)
    expect(page.locator(".dice input[type=radio]").first).to_be_attached()
    return page, Api(server, link), body


def in_view(locator) -> bool:
    """Whether the element lies wholly inside the viewport as the page stands (no scrolling)."""
    return locator.evaluate(
        """el => { const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; }"""
    )


def test_the_turn_comes_first_with_undo_in_reach_and_dealings_in_one_drawer(server, phone, shot):
    page, api, _ = open_table(server, phone, "Anna", "Boris", "Vera")
    assert in_view(page.locator(".dice").first), "the dice are below the fold"
    roll(page, 1, 2)  # Anna on Baltic Avenue
    buy = page.get_by_role("button", name="Buy Baltic Avenue for M60")
    expect(buy).to_be_visible()
    undo = page.get_by_role("button", name="Undo: Anna: rolled 1+2")
    assert in_view(buy) and in_view(undo)
    buy.click()
    expect(cash(page, 0)).to_have_attribute("data-cash", "1440")
    api.act({"type": "end_turn", "seat": 0})
    api.act({"type": "roll", "seat": 1, "dice": [3, 3]})  # Boris on Oriental Avenue: buy or auction
    expect(page.get_by_role("button", name="Buy Oriental Avenue for M100")).to_be_visible()
    # Boris's turn is first; Anna's and Vera's blocks hold nothing to do with the turn
    assert page.locator("fieldset.seat-controls[data-seat]").first.get_attribute("data-seat") == "1"
    drawer = page.locator("details.property-drawer")
    expect(drawer).to_have_count(1)
    expect(drawer.locator("> summary")).to_have_text(
        "Property: mortgage, trade"
    )  # what Anna may do with Baltic Avenue, and trades
    assert in_view(page.get_by_role("button", name="Undo: Boris: rolled 3+3"))
    shot(page, "turn-first")


def test_an_auction_bid_aloud_is_one_tap_for_nobody_and_one_form_for_the_winner(server, phone, shot):
    page, api, _ = open_table(server, phone, "Anna", "Boris", "Vera")
    roll(page, 2, 3)  # Reading Railroad
    page.get_by_role("button", name="Don't buy: auction it").click()
    nobody = page.get_by_role("button", name="Nobody bids")
    expect(nobody).to_be_visible()
    assert in_view(nobody)
    shot(page, "auction-aloud")
    nobody.click()
    expect(nobody).to_have_count(0)
    assert [p["owner"] for p in api.state()["properties"] if p["position"] == 5] == [None]
    api.act({"type": "end_turn", "seat": 0})
    api.act({"type": "roll", "seat": 1, "dice": [2, 3]})
    api.act({"type": "decline", "seat": 1})
    page.get_by_label("Won by").select_option(label="Vera")
    page.get_by_label("for", exact=True).fill("130")
    page.get_by_role("button", name="Record the winner").click()
    expect(cash(page, 2)).to_have_attribute("data-cash", "1370")
    # the table reported the result, whichever seat the page sent it with
    expect(page.locator(".mistakes .last-entry")).to_have_text(re.compile(r"^Last entry: Table: "))
    assert [p["owner"] for p in api.state()["properties"] if p["position"] == 5] == [2]


def test_a_refused_price_shows_the_rule_and_keeps_the_auction(server, phone):
    page, api, _ = open_table(server, phone, "Anna", "Boris")
    api.act({"type": "roll", "seat": 0, "dice": [2, 3]})
    api.act({"type": "decline", "seat": 0})
    page.get_by_label("Won by").select_option(label="Boris")
    page.get_by_label("for", exact=True).fill("5")
    page.get_by_role("button", name="Record the winner").click()
    # the browser's own range check stops a price under the opening bid before it is sent
    assert api.state()["pending"][0]["type"] == "auction"


def test_the_news_line_never_covers_a_control_nor_takes_a_tap(server, phone):
    page, api, _ = open_table(server, phone, "Anna", "Boris")
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})
    toast = page.locator("#toast.shown")
    expect(toast).to_have_count(1)
    assert toast.evaluate("el => getComputedStyle(el).pointerEvents") == "none"
    box = toast.bounding_box()
    overlaps = page.evaluate(
        """(t) => [...document.querySelectorAll('button, input, select, summary, a[href]')].filter((el) => {
          const r = el.getBoundingClientRect();
          const across = r.left < t.x + t.width && r.right > t.x;
          return r.width && r.height && across && r.top < t.y + t.height && r.bottom > t.y;
        }).map((el) => el.outerHTML.slice(0, 80))""",
        box,
    )
    assert overlaps == []
    page.get_by_role("button", name="Buy Baltic Avenue for M60").click()
    expect(cash(page, 0)).to_have_attribute("data-cash", "1440")


def hold_polls(page, game: str) -> None:
    """The phone's polls ("still version N?") get no answer, so its screen stays one version behind;
    a full read of the state (no If-None-Match) still goes through."""

    def answer(route):
        if route.request.headers.get("if-none-match"):
            route.abort()
        else:
            route.continue_()

    page.route(f"**/games/{game}", answer)


def test_a_pass_one_version_behind_is_recorded_when_the_auction_it_answered_is_unchanged(server, phone):
    page, api, body = open_table(server, phone, "Anna", "Boris", "Vera")
    api.act({"type": "roll", "seat": 0, "dice": [2, 3]})
    api.act({"type": "decline", "seat": 0})
    boris = page.locator('fieldset.seat-controls[data-seat="1"]')
    expect(boris.get_by_role("button", name="Pass (leave the auction)")).to_be_visible()
    hold_polls(page, body["id"])
    api.act({"type": "pass", "seat": 2})  # Vera leaves: the same auction, still no bid
    boris.get_by_role("button", name="Pass (leave the auction)").click()
    expect(boris).to_have_count(0)
    [auction] = api.state()["pending"]
    assert auction["bidders"] == [0] and [e["type"] for e in api.events()[-2:]] == ["pass", "pass"]


def test_a_bid_one_version_behind_is_refused_when_the_high_bid_has_changed(server, phone):
    page, api, body = open_table(server, phone, "Anna", "Boris", "Vera")
    api.act({"type": "roll", "seat": 0, "dice": [2, 3]})
    api.act({"type": "decline", "seat": 0})
    boris = page.locator('fieldset.seat-controls[data-seat="1"]')
    expect(boris.get_by_role("button", name="Bid", exact=True)).to_be_visible()
    hold_polls(page, body["id"])
    api.act({"type": "bid", "seat": 2, "amount": 50})  # Vera raises: Boris's 10 answered another auction
    boris.get_by_role("button", name="Bid", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text("Another phone entered something first")
    [auction] = api.state()["pending"]
    assert (auction["high_bid"], auction["high_bidder"]) == (50, 2)


def test_a_roll_that_would_end_an_open_claim_asks_first_claim_or_roll_anyway(server, phone):
    # seed 001: "Владелец чужой собственности должен потребовать ренту до броска следующего игрока."
    page, api, _ = open_table(server, phone, "Anna", "Boris", "Vera")
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})
    api.act({"type": "buy", "seat": 0})
    api.act({"type": "end_turn", "seat": 0})
    api.act({"type": "roll", "seat": 1, "dice": [1, 2]})  # Boris on Anna's Baltic Avenue: rent 4 to claim
    api.act({"type": "end_turn", "seat": 1})
    expect(page.get_by_text("Vera's turn")).to_be_visible()
    roll(page, 2, 3)
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Anna may still claim M4 for Baltic Avenue")
    # the button says both what it does: the claim, then the roll entered
    dialog.get_by_role("button", name="Claim M4 and roll", exact=True).click()
    expect(cash(page, 0)).to_have_attribute("data-cash", "1444")
    # the claim, then the roll the table entered: nothing entered is lost
    expect(page.get_by_role("button", name="Buy Reading Railroad for M200")).to_be_visible()
    expect(page.get_by_role("dialog")).to_have_count(0)
    assert api.state()["players"][2]["position"] == 5
    assert [e["type"] for e in api.events()[-2:]] == ["claim_rent", "roll"]


def test_in_italian_an_open_claim_says_the_rent_of_its_amount_and_lasts_until_the_next_player_s_roll(server, phone):
    # seed 001: "Владелец чужой собственности должен потребовать ренту до броска следующего игрока."
    page, api, _ = open_table(server, phone, "Anna", "Boris", "Vera", locale="it-IT")
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})
    api.act({"type": "buy", "seat": 0})
    api.act({"type": "end_turn", "seat": 0})
    api.act({"type": "roll", "seat": 1, "dice": [1, 2]})  # Boris on Anna's Vicolo Stretto: rent 4 to claim
    expect(page.get_by_text("fino al tiro del giocatore successivo (paga Boris)")).to_be_visible()
    api.act({"type": "end_turn", "seat": 1})
    page.get_by_role("radio", name="Dado 1: 2").check()
    page.get_by_role("radio", name="Dado 2: 3").check()
    page.get_by_role("button", name="Lancio 2 + 3 = 5").click()
    expect(page.get_by_role("dialog")).to_contain_text("Anna può ancora chiedere l'affitto di M4 per")


def test_a_one_phone_start_opens_the_table_at_once_with_the_links_one_tap_away(server, phone):
    page = phone()
    start_on_this_phone(page, server.url, "Anna", "Boris")
    assert "/play/" in page.url and "#token=" in page.url
    expect(page.locator("img.qr")).to_have_count(0)  # no QR card on the way
    page.get_by_text("Links and QR codes for the phones").click()
    expect(page.locator(".link-card")).to_have_count(3)
