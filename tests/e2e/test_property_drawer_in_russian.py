"""A Russian family's table phone (classic, the page in Russian, rent collected on claim), at
360×740: the Property drawer turns to whoever must raise cash for a purchase and stays open on
that player through several dealings in a row; a bid says its limit and what is wrong with an
amount in the page's words; the ticked mortgages say what they bring together; a leave says
what the mortgaged properties cost the heir; a held card reads by its short name."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .phones import cash, short_table
from .test_table_phone import open_table

RU = "ru-RU"


def seen(page, seq: int) -> None:
    """The page has read the table up to event ``seq`` (no redraw of it to come)."""
    expect(page.locator(f'.events li[data-seq="{seq}"]')).to_be_attached()


def open_drawer(page):
    page.locator("details.property-drawer > summary").click()
    drawer = page.locator("details.property-drawer")
    expect(drawer).to_have_attribute("open", "")
    return drawer


# Маша buys Нагатинская улица, a round passes and the table takes 1400 of hers: she has 40, and rolls next.
MASHA_LEFT_WITH_40 = (
    {"type": "roll", "seat": 0, "dice": [1, 2]},  # Нагатинская улица
    {"type": "buy", "seat": 0},
    {"type": "end_turn", "seat": 0},
    {"type": "roll", "seat": 1, "dice": [4, 6]},
    {"type": "end_turn", "seat": 1},
    {"type": "adjust", "seat": 0, "source": "seat", "target": "bank", "amount": 1400, "reason": "долг"},
)


def test_the_drawer_turns_to_the_player_short_of_cash_for_a_purchase(server, phone, shot):
    # seed 001 l.51: «Если денег на обязательный платёж нет, продайте здания и/или заложите собственность»;
    # a purchase is raised for the same way, before the decision to buy
    page, api, _ = open_table(server, phone, "Маша", "Петя", locale=RU)
    for action in MASHA_LEFT_WITH_40:
        api.act(action)
    seen(page, 7)
    open_drawer(page)
    page.locator("#property-seat").select_option(label="Петя")  # the table had Петя's dealings open
    api.act({"type": "roll", "seat": 0, "dice": [2, 3]})  # Улица Огарёва, 100, with 40
    expect(page.locator('[data-refused="buy"]')).to_contain_text("не хватает M60")
    expect(page.locator("#property-seat")).to_have_value("0")  # turned to Маша, who must raise it
    drawer = page.locator("details.property-drawer")
    expect(drawer.locator('[data-action="mortgage"]')).to_have_count(1)  # what raises it, at hand
    shot(page, "drawer-turned-to-the-buyer")


def test_what_is_pending_says_the_shortfall_as_it_is_after_each_dealing_that_raises_cash(server, phone):
    # seed 001 l.51: «продайте здания и/или заложите собственность»: each mortgage lessens what a purchase
    # lacks; the line under the controls says the shortfall of now, not the one before the mortgage
    page, api, _ = open_table(server, phone, "Маша", "Петя", locale=RU)
    for action in (*MASHA_LEFT_WITH_40, {"type": "roll", "seat": 0, "dice": [2, 3]}):  # Улица Огарёва, 100
        api.act(action)
    line = page.locator('.pending[data-type="buy_decision"]')
    expect(line).to_contain_text("не хватает M60")
    api.act({"type": "mortgage", "seat": 0, "positions": [3]})  # M30 raised: 70
    expect(line).to_contain_text("не хватает M30")
    api.act({"type": "adjust", "seat": 0, "source": "bank", "target": "seat", "amount": 30, "reason": "зарплата"})
    expect(line).to_have_text(re.compile("Маша может купить «Улица Огарёва» за M100 или отказаться"))


def test_a_bid_shows_its_limit_and_says_in_russian_what_is_wrong_with_an_amount(server, phone, shot):
    page, api, _ = open_table(server, phone, "Маша", "Петя", locale=RU)
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})
    api.act({"type": "decline", "seat": 0})  # the auction of Нагатинская улица
    form = page.locator("form.bid").filter(has=page.locator("#bid-1"))
    expect(form.locator("#bid-1-limit")).to_have_text("От M10 до M1500")  # Петя's cash is the limit
    problem = form.locator(".field-error")
    for typed, said in (
        ("2000", "Петя: только M1500, больше поставить нельзя."),
        ("5", "Не меньше M10."),
        ("10.5", "Введите сумму так, как её показывает страница: целое число раз по M1."),
    ):
        form.locator("#bid-1").fill(typed)
        form.get_by_role("button", name="Поставить").click()
        expect(problem).to_have_text(said)
    shot(page, "bid-wrong")
    assert api.state()["pending"][0]["high_bid"] is None  # nothing was sent
    form.locator("#bid-1").fill("20")
    expect(problem).to_have_text("")
    form.get_by_role("button", name="Поставить").click()
    expect(page.locator("#bid-0")).to_have_value("21")  # Маша's least bid is over Петя's 20
    assert api.state()["pending"][0]["high_bid"] == 20


def test_leaving_says_what_the_mortgaged_properties_cost_as_the_options_say(server, phone, shot):
    # seed 001 l.53: «При долге игроку ему передают оставшуюся заложенную собственность ... Он оплачивает
    # снятие залога либо 10% за его сохранение»; to the bank: «залоги аннулируют»
    page, api, _ = open_table(server, phone, "Маша", "Петя", "Мама", locale=RU)
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})
    api.act({"type": "buy", "seat": 0})
    api.act({"type": "mortgage", "seat": 0, "positions": [3]})
    seen(page, 4)
    page.get_by_text("Игрок покидает игру").click()
    form = page.locator("form.leave")
    form.get_by_label("Игрок").select_option(label="Маша")
    outcome = form.locator(".leave-outcome")
    expect(outcome).to_contain_text("Залоги на «Нагатинская улица» Банк аннулирует.")
    form.get_by_label("Имущество получает").select_option(label="Петя")
    interest = (
        "Петя сразу платит Банку M3 — 10% залога за «Нагатинская улица», затем снимает или сохраняет каждый залог."
    )
    expect(outcome).to_contain_text(interest)
    form.get_by_role("button", name="Уйти из игры сейчас").click()
    dialog = page.get_by_role("dialog")
    expect(dialog.locator("p")).to_contain_text(interest)  # said before the confirmation
    shot(page, "leave-confirm")
    dialog.get_by_role("button", name="Покинуть игру").click()
    expect(cash(page, 1)).to_have_attribute("data-cash", str(1500 + 1470 - 3))


def test_the_drawer_stays_open_on_the_same_player_through_several_builds(server, phone, shot):
    # seed 001 l.48: «Стройте равномерно»: a house on each street of the group, one after another
    link, api = short_table(server, "Маша", "Петя")
    api.act({"type": "deal_deeds", "seat": 0, "deeds": [[1, 3], [6, 8]]})  # Маша: both brown streets
    page = phone(RU)
    page.goto(link)
    seen(page, 2)
    drawer = open_drawer(page)
    page.locator("#property-seat").select_option(label="Маша")
    drawer.get_by_text("Строить…").click()
    form = drawer.locator("form.build")
    for seq in (3, 4):  # a house on Житная, then one on Нагатинская, the form open all along
        form.locator(".stepper").first.get_by_role("button", name=re.compile("^На один больше")).click()
        form.locator('button[type="submit"]').click()
        seen(page, seq)
        expect(form).to_be_visible()
        expect(form.locator('button[type="submit"]')).to_have_text("Строить: выберите где")  # emptied for the next
    assert [p["houses"] for p in api.state()["properties"] if p["position"] in (1, 3)] == [1, 1]
    drawer.locator(".build-round").first.click()  # the whole group one level up, asked first
    page.get_by_role("dialog").get_by_role("button", name="Построить за M100").click()
    seen(page, 5)
    expect(drawer).to_have_attribute("open", "")
    expect(page.locator("#property-seat")).to_have_value("0")
    expect(form).to_be_visible()
    assert [p["houses"] for p in api.state()["properties"] if p["position"] in (1, 3)] == [2, 2]
    shot(page, "drawer-open-after-builds")


def test_the_quick_build_names_the_group_as_the_confirmation_does_for_the_seat_the_drawer_is_on(server, phone):
    # seed 001 l.39: «Застраивайте равномерно»: one tap builds a group one level up, the seat's own
    link, api = short_table(server, "Мама", "Папа")
    api.act({"type": "deal_deeds", "seat": 0, "deeds": [[1, 3], [37, 39]]})  # Мама: brown; Папа: dark blue
    page = phone(RU)
    page.goto(link)
    seen(page, 2)
    drawer = open_drawer(page)
    rounds = drawer.locator(".build-round")
    expect(rounds).to_have_text(["Мама: группа «коричневая» на уровень выше — 2 дома за M100"])
    page.locator("#property-seat").select_option(label="Папа")
    expect(rounds).to_have_text(["Папа: группа «синяя» на уровень выше — 2 дома за M400"])


def test_a_list_of_spaces_quotes_each_name_and_a_sell_button_names_what_it_sells(server, phone):
    # seed 001 l.49: «Продажа домов идёт равномерно, за половину цены покупки»; the bank that takes an estate
    # back cancels its mortgages: each space in its own quotes, «A» и «B», not «A, B»
    link, api = short_table(server, "Маша", "Петя")
    api.act({"type": "deal_deeds", "seat": 0, "deeds": [[37, 39], [1, 3]]})  # Маша: dark blue; Петя: brown
    api.act({"type": "build", "seat": 0, "positions": [37, 39]})
    api.act({"type": "mortgage", "seat": 1, "positions": [1, 3]})
    page = phone(RU)
    page.goto(link)
    seen(page, 4)
    page.get_by_text("Игрок покидает игру").click()
    form = page.locator("form.leave")
    form.get_by_label("Игрок").select_option(label="Петя")
    expect(form.locator(".leave-outcome")).to_contain_text(
        "Залоги на «Житная улица» и «Нагатинская улица» Банк аннулирует."
    )
    drawer = open_drawer(page)
    expect(page.locator("#property-seat")).to_have_value("0")
    page.locator('details[data-form="sell-0"] > summary').click()
    sell = drawer.locator("form.sell")
    sell.locator(".stepper").first.get_by_role("button", name=re.compile("^На один больше")).click()
    expect(sell.locator('button[type="submit"]')).to_have_text("Продать постройки: 1 дом за M100")


def test_the_ticked_mortgages_and_lifts_say_what_they_bring_and_cost_together(server, phone, shot):
    # seed 001 l.49: «возьмите у Банка сумму залога с оборота. Для снятия залога верните эту сумму плюс 10%»
    page, api, _ = open_table(server, phone, "Маша", "Петя", locale=RU)
    for action in (
        {"type": "roll", "seat": 0, "dice": [1, 2]},  # Нагатинская улица: mortgage 30
        {"type": "buy", "seat": 0},
        {"type": "end_turn", "seat": 0},
        {"type": "roll", "seat": 1, "dice": [4, 6]},
        {"type": "end_turn", "seat": 1},
        {"type": "roll", "seat": 0, "dice": [1, 1]},  # Рижская железная дорога: mortgage 100
        {"type": "buy", "seat": 0},
    ):
        api.act(action)
    seen(page, 8)
    drawer = open_drawer(page)
    drawer.get_by_text("Заложить…").click()
    form = drawer.locator('[data-form="mortgage-0"] form')
    submit = form.locator('button[type="submit"]')
    expect(submit).to_have_text("Заложить отмеченное")
    for place in ("Нагатинская улица", "Рижская железная дорога"):
        form.locator("label.check", has_text=place).locator("input").check()
    expect(submit).to_have_text("Заложить отмеченное · банк выдаст M130")
    shot(page, "mortgage-total")
    submit.click()
    seen(page, 9)
    expect(drawer).to_have_attribute("open", "")  # nothing left to mortgage: the lift is the next dealing
    drawer.get_by_text("Снять залог…").click()
    lift = drawer.locator('[data-form="unmortgage-0"] form')
    for place in ("Нагатинская улица", "Рижская железная дорога"):
        lift.locator("label.check", has_text=place).locator("input").check()
    expect(lift.locator('button[type="submit"]')).to_have_text("Снять залог с отмеченного · M143 (проценты M13)")


def test_the_trade_form_names_a_held_card_by_its_short_name(server, phone, shot):
    page, api, _ = open_table(server, phone, "Маша", "Петя", locale=RU)
    api.act({"type": "roll", "seat": 0, "dice": [3, 4]})  # Шанс
    api.act({"type": "draw_card", "seat": 0, "card": "chance.jail_free"})
    seen(page, 3)
    drawer = open_drawer(page)
    drawer.get_by_text("Предложить сделку…").click()
    give = drawer.locator('.trade-side[data-side="give"]')
    card = give.locator("label.check", has_text="карточка «Выйти из тюрьмы бесплатно» (Шанс)")
    expect(card).to_have_count(1)
    expect(give).not_to_contain_text("Карточку можно хранить")  # not the card's whole text
    card.locator("input").check()
    expect(drawer.locator("form.trade .total")).to_contain_text("Отдаёт: карточка «Выйти из тюрьмы бесплатно» (Шанс).")
    shot(page, "trade-card")
