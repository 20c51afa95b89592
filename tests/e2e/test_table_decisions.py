"""The table's own decisions on the table phone, in headless Chromium at
360×740: the banker pays a forgotten salary with a reason, a player takes
another name, and a player goes home, the page saying what would happen to
the estate before the table confirms."""

from __future__ import annotations

from playwright.sync_api import expect

from .phones import Api, cash, overflows, start_table, unnamed_controls
from .test_edition_words_on_the_page import open_game


def test_the_table_phone_moves_money_renames_and_lets_a_player_leave_after_saying_where_the_estate_goes(
    server, phone, shot
):
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris", "Vera")
    table, vera = phone(), phone()
    table.goto(links[3])
    vera.goto(links[2])
    api = Api(server, links[3])
    controls = table.locator(".table-decisions")

    # the banker pays Boris the salary nobody paid him, with the table's reason
    controls.get_by_text("Move money").click()
    form = controls.locator("form.adjust")
    form.get_by_label("Player").select_option(label="Boris")
    expect(form.get_by_label("From")).to_have_value("bank")
    hint = form.locator("#adjust-amount-hint")
    expect(hint).to_have_text("From M1 to M1\u00a0000\u00a0000\u00a0000")  # the bank's cap for one move
    form.get_by_label("From").select_option(label="Boris (M1500)")
    expect(hint).to_have_text("From M1 to M1500")  # Boris pays at most his cash, not the bank's cap
    expect(form.get_by_label("Amount")).to_have_attribute("max", "1500")
    form.get_by_label("From").select_option("bank")
    form.get_by_label("To", exact=True).select_option(label="Boris (M1500)")
    form.get_by_label("Amount").fill("200")
    form.get_by_label("Reason").fill("salary forgotten at GO")
    assert unnamed_controls(table) == [] and not overflows(table)
    shot(table, "adjust")
    form.get_by_role("button", name="Move the money").click()
    expect(cash(vera, 1)).to_have_attribute("data-cash", "1700")
    expect(vera.locator('[data-action="adjust"]')).to_have_count(0)  # a player's phone: the table's alone

    # Vera is called Vika from now on
    controls.get_by_text("Rename a player").click()
    form = controls.locator("form.rename")
    form.get_by_label("Player").select_option(label="Vera")
    form.get_by_label("New name for Vera").fill("Vika")
    form.get_by_role("button", name="Rename").click()
    expect(vera.locator(".balances")).to_contain_text("Vika")

    # Vika goes home: the page says what happens to the estate, for the heir chosen, before confirming
    controls.get_by_text("A player leaves the game").click()
    form = controls.locator("form.leave")
    form.get_by_label("Player").select_option(label="Vika")
    outcome = form.locator(".leave-outcome")
    expect(outcome).to_have_text(
        "Vika holds M1500; properties: 0. The cash goes to the bank, which auctions the properties one by one."
    )
    form.get_by_label("The estate goes to").select_option(label="Boris")
    expect(outcome).to_contain_text("Boris inherits the cash, the properties and the cards.")
    shot(table, "leave")
    form.get_by_role("button", name="Leave the game now").click()
    dialog = table.get_by_role("dialog")
    expect(dialog).to_contain_text("Boris inherits the cash")
    dialog.get_by_role("button", name="Leave the game").click()
    expect(cash(table, 1)).to_have_attribute("data-cash", "3200")
    # she went home, she did not go bankrupt: her tile says so, on every phone
    for page in (table, vera):
        expect(page.locator('.balances [data-seat="2"] .badge')).to_have_text("left the game")
    state = api.state()
    assert (state["players"][2]["left"], state["players"][2]["bankrupt"]) == (True, False)
    assert state["players"][2]["name"] == "Vika"
    assert [e["action"]["type"] for e in api.events()][-3:] == ["adjust", "rename", "leave"]


def test_money_the_table_moves_reads_as_its_decision_and_a_finished_game_says_nothing_is_pending(server, phone, shot):
    # An Italian table: a money move was tagged «regola della casa» (a house rule) though the table decided it,
    # and the final screen still said «Niente in sospeso.»
    page, api = open_game(server, phone, "classic-rub", "Anna", "Bruno", locale="it-IT")
    api.act({"type": "adjust", "seat": 0, "source": "bank", "target": "seat", "amount": 200, "reason": "stipendio"})
    expect(page.locator(".nothing-pending")).to_have_text("Niente in sospeso.")  # a game on: nothing to wait for
    page.get_by_role("tab", name="Denaro").click()
    line = page.locator('.ledger > li[data-reason="adjustment"] > details').first
    line.locator(":scope > summary").click()
    expect(line.locator(".ruling .badge")).to_have_text("decisione del tavolo")

    api.act({"type": "leave", "seat": 1})
    page.get_by_role("tab", name="Gioco").click()
    expect(page.locator(".final-verdict")).to_be_visible()
    expect(page.locator(".nothing-pending")).to_have_count(0)
    shot(page, "final-nothing-pending")


def test_a_counter_offer_starts_from_the_offer_it_answers(server, phone, shot):
    # The counter-offer form started empty: the player answering had to tick again what the offer said
    page, api = open_game(server, phone, "classic", "Anna", "Boris", locale="en-US")
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})  # Baltic Avenue
    api.act({"type": "buy", "seat": 0})
    api.act({"type": "trade", "seat": 0, "to": 1, "give": {"positions": [3]}, "get": {"cash": 100}})
    page.get_by_text("Counter-offer to Anna", exact=True).click()
    form = page.locator("form.trade.counter")
    expect(form.locator('.trade-side[data-side="give"] input[type="number"]')).to_have_value("100")  # Boris's cash
    expect(form.locator('.trade-side[data-side="get"]').get_by_role("checkbox", name="Baltic Avenue")).to_be_checked()
    shot(page, "counter-offer-from-the-offer")


def test_a_mortgaged_property_offered_for_a_debt_says_what_its_receiver_pays_before_the_offer_and_the_answer(
    server, phone, shot
):
    # The payment-in-property offer did not say the property was mortgaged: the 10% came only once accepted
    page, api = open_game(server, phone, "classic", "Anna", "Bruno", locale="it-IT")
    for action in (
        {"type": "roll", "seat": 0, "dice": [1, 2]},  # Vicolo Stretto
        {"type": "buy", "seat": 0},
        {"type": "mortgage", "seat": 0, "positions": [3]},  # M30
        {"type": "end_turn", "seat": 0},
        {"type": "roll", "seat": 1, "dice": [4, 6]},
        {"type": "end_turn", "seat": 1},
        {"type": "adjust", "seat": 0, "source": "seat", "target": "bank", "amount": 1450, "reason": "multa"},
        {"type": "roll", "seat": 0, "dice": [1, 3]},  # Imprevisti
        {"type": "draw_card", "seat": 0, "card": "chance.chairman"},  # M50 to Bruno, with M20
    ):
        api.act(action)
    said = "Vicolo Stretto, ipotecata: chi la riceve paga alla banca M3 (10%) o toglie l'ipoteca"
    page.get_by_text("Paga parte del debito in natura").click()
    expect(page.get_by_role("checkbox", name=said)).to_be_visible()
    shot(page, "offer-of-a-mortgaged-property")
    page.get_by_role("checkbox", name=said).check()
    page.get_by_label("Valore da scalare dal debito").fill("20")
    page.get_by_role("button", name="Offri", exact=True).click()
    accept = page.locator('[data-action="accept_property"]')
    expect(accept).to_contain_text(said)
