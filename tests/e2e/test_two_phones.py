"""Two phones at one table, driven in headless Chromium at 360×740: create,
join by link, roll, buy, pay rent, each phone seeing the other's entries."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .phones import Api, cash, overflows, roll, start_table, unnamed_controls


def test_two_phones_play_from_a_new_table_to_the_first_rent_paid(server, phone, shot):
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris")
    shot(host, "links")
    assert re.fullmatch(rf"{server.url}/play/[\w-]+#seat=0&token=[\w-]+", links[0])
    assert re.fullmatch(rf"{server.url}/play/[\w-]+#token=[\w-]+", links[2])

    anna, boris = phone(), phone()
    anna.goto(links[0])
    boris.goto(links[1])
    expect(anna.get_by_text("Anna's phone")).to_be_visible()
    expect(boris.get_by_text("Waiting for Anna…")).to_be_visible()
    shot(anna, "anna-joined")

    roll(anna, 1, 2)  # GO + 3: Baltic Avenue (Нагатинская улица), unowned
    expect(boris.locator(".moves")).to_have_text("Move Anna's token to Baltic Avenue")
    expect(boris.locator('.pending[data-type="buy_decision"]')).to_contain_text("Anna may buy Baltic Avenue for M60")
    expect(boris.get_by_role("button", name=re.compile("Buy"))).to_have_count(0)  # not Boris's decision
    anna.get_by_role("button", name="Buy Baltic Avenue for M60").click()
    expect(cash(boris, 0)).to_have_attribute("data-cash", "1440")
    shot(boris, "boris-sees-the-purchase")

    # Boris's phone loses the network while Anna ends her turn, and catches up when it is back.
    boris.context.set_offline(True)
    expect(boris.locator("#connection")).to_have_text("Reconnecting…")
    anna.get_by_role("button", name="End Anna's turn").click()
    boris.context.set_offline(False)
    expect(boris.locator("#connection")).to_have_text("● live")
    expect(boris.get_by_text("Boris's turn")).to_be_visible()

    # Boris enters his dice with the keyboard alone.
    boris.get_by_role("radio", name="Die 1: 1").focus()
    boris.keyboard.press("Space")
    boris.keyboard.press("Tab")
    boris.keyboard.press("Space")
    boris.keyboard.press("ArrowRight")
    expect(boris.get_by_role("radio", name="Die 2: 2")).to_be_checked()
    boris.keyboard.press("Tab")
    expect(boris.get_by_role("button", name="Roll 1 + 2 = 3")).to_be_focused()
    boris.keyboard.press("Enter")
    end_turn = boris.get_by_role("button", name="End Boris's turn")
    expect(end_turn).to_be_focused()  # the keyboard goes on from what comes next

    # seed 001: the owner must ask for the rent before the next roll
    claim = anna.get_by_role("button", name="Claim M4 from Boris (Baltic Avenue)")
    expect(claim).to_be_visible()
    shot(anna, "anna-may-claim")
    claim.click()
    expect(cash(boris, 1)).to_have_attribute("data-cash", "1496")
    expect(cash(anna, 0)).to_have_attribute("data-cash", "1444")
    expect(end_turn).to_be_focused()  # Anna's entry redrew Boris's screen without taking his focus
    shot(boris, "boris-paid-rent")

    # The ruling behind the rent is one tap away in the ledger.
    boris.get_by_role("tab", name="Money").click()
    rent = boris.locator('.ledger > li[data-reason="rent"] > details').first
    rent.locator(":scope > summary").click()
    expect(rent).to_contain_text("Rent M4: the base rent of Baltic Avenue on its deed.")
    expect(rent).to_contain_text("rent.street")
    shot(boris, "boris-rent-ruling")

    assert not [line for line in server.requests if "token" in line.lower()], "a token reached a URL"


def test_every_screen_names_its_controls_and_fits_a_360_pixel_phone(server, phone, shot):
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris", "Vera")
    table = phone()
    table.goto(links[3])
    expect(table.get_by_text("Table phone: acting for every player")).to_be_visible()
    roll(table, 1, 2)
    expect(table.get_by_role("button", name="Buy Baltic Avenue for M60")).to_be_visible()
    for tab in ("Play", "Board", "Money", "Rules"):
        table.get_by_role("tab", name=tab).click()
        expect(table.get_by_role("tab", name=tab)).to_have_attribute("aria-selected", "true")
        assert unnamed_controls(table) == [], tab
        assert not overflows(table), tab
        shot(table, tab.lower())
    if any(rule.rule.endswith("/contested") for rule in server.app.url_map.iter_rules()):
        expect(table.locator(".questions li").first).to_be_visible()
    else:
        expect(table.get_by_text("The contested-rules list is not available on this server yet.")).to_be_visible()
    table.get_by_role("tab", name="Board").click()
    table.get_by_role("button", name=re.compile(r"^Baltic Avenue, here: Anna")).click()
    expect(table.get_by_role("dialog")).to_contain_text("Mortgage value")
    assert unnamed_controls(table) == []
    shot(table, "space-card")
    table.keyboard.press("Escape")
    host.goto(server.url + "/")
    assert unnamed_controls(host) == [] and not overflows(host)


def test_the_page_speaks_the_phones_language_and_switches_on_request(server, phone):
    host = phone("uk-UA")
    host.goto(server.url + "/")
    expect(host.get_by_role("heading", name="Новий стіл")).to_be_visible()
    host.get_by_label("Мова").select_option("it")
    expect(host.get_by_role("heading", name="Nuovo tavolo")).to_be_visible()
    host.reload()
    expect(host.get_by_role("heading", name="Nuovo tavolo")).to_be_visible()  # the choice is remembered
    # what was typed and chosen stays through a switch; the words around it change
    names = host.locator('input[name="player"]')
    names.nth(0).fill("Анна")
    host.get_by_role("button", name="Aggiungi un giocatore").click()
    names.nth(2).fill("Борис")
    host.get_by_role("button", name="Togli il giocatore 2").click()  # the empty second row removed
    host.locator("#edition").select_option("classic-rub")
    host.get_by_label("Crea anche un link di sola visione").check()
    host.get_by_label("Lingua").select_option("ru")
    expect(host.get_by_role("heading", name="Новый стол")).to_be_visible()  # the Russian pack has loaded
    assert names.evaluate_all("inputs => inputs.map(i => [i.value, i.placeholder])") == [
        ["Анна", "Игрок 1"],
        ["Борис", "Игрок 2"],
    ]
    expect(host.locator("#edition option:checked")).to_have_text("Монополия, российское издание (рубли)")
    expect(host.locator('input[name="spectator"]')).to_be_checked()
    host.get_by_role("button", name="Создать стол").click()
    expect(host.get_by_role("heading", name="Ссылки для телефонов")).to_be_visible()
    links = host.locator(".link-card input").evaluate_all("inputs => inputs.map(i => i.value)")
    # the links stay through a switch too, with their QR codes
    host.get_by_label("Язык").select_option("en")
    expect(host.get_by_role("heading", name="Links for the phones")).to_be_visible()
    assert host.locator(".link-card input").evaluate_all("inputs => inputs.map(i => i.value)") == links
    expect(host.locator("img.qr[src^='blob:']")).to_have_count(4)  # two seats, the table, the spectator
    host.get_by_label("Language").select_option("ru")
    host.get_by_role("link", name="Это телефон стола: он действует за всех").click()
    expect(host.get_by_role("tab", name="Поле")).to_be_visible()
    host.get_by_role("radio", name="Кубик 1: 1").check()
    host.get_by_role("radio", name="Кубик 2: 2").check()
    host.get_by_role("button", name="Бросок 1 + 2 = 3").click()
    expect(host.locator(".moves")).to_have_text("Анна: переставьте фишку на «Нагатинская улица»")
    # the table's phone reads the edition in the language switched to: its names come in that language
    host.get_by_label("Язык").select_option("it")
    expect(host.locator(".moves")).to_have_text("Spostate la pedina di Анна su Via Nagatinskaja")
    assert any(line.endswith("/editions/classic-rub.it.json") for line in server.requests)
    qr_codes = [line for line in server.requests if line.startswith("POST /web/qr.svg")]
    assert len(qr_codes) == 4  # one per link, made once: neither updates nor a switch redraw them


def test_the_table_phone_undoes_a_mistyped_roll_after_confirming(server, phone, shot):
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris")
    table, boris = phone(), phone()
    table.goto(links[2])
    boris.goto(links[1])
    roll(table, 1, 2)
    expect(boris.locator(".moves")).to_have_text("Move Anna's token to Baltic Avenue")
    table.get_by_role("button", name="Undo the last entry").click()
    dialog = table.get_by_role("dialog")
    expect(dialog).to_contain_text("Undo Anna: rolled 1+2?")
    shot(table, "undo-confirm")
    dialog.get_by_role("button", name="Take it back").click()
    expect(boris.get_by_text("Waiting for Anna…")).to_be_visible()
    expect(boris.locator('.pending[data-type="buy_decision"]')).to_have_count(0)
    expect(table.get_by_role("radio", name="Die 1: 1")).to_be_visible()  # Anna rolls again
    expect(table.get_by_role("button", name="Undo the last entry")).to_have_count(0)  # nothing left to take back
    assert [e["type"] for e in Api(server, links[2]).events()] == ["create", "roll", "undo"]


def test_the_card_drawn_is_found_by_a_word_from_its_text(server, phone, shot):
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris")
    table = phone()
    table.goto(links[2])
    roll(table, 3, 4)  # GO + 7: Chance
    expect(table.locator('.pending[data-type="card_draw"]')).to_contain_text("Anna draws the top card of Chance")
    table.get_by_label("Find the card").fill("jail")
    cards = table.locator(".card-option:visible")
    expect(cards).to_have_count(2)  # Go to Jail, and Get Out of Jail Free
    shot(table, "card-search")
    cards.filter(has_text="Go to Jail. Go directly to Jail").get_by_role("radio").check()
    table.get_by_role("button", name="This is the card").click()
    expect(table.locator(".moves")).to_have_text("Move Anna's token to jail")
