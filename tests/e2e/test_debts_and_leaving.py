"""Money owed and players out, on phones at 360×740: a debt at the top of the table
phone with what its debtor can do, what could be raised part by part in the
edition's own terms, a bankruptcy's confirmation saying what the engine will do,
worth with its debts counted in the open, a player who leaves read as having left,
and the taps that lose money in one go asked first, with their amount."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from referee.editions import shipped

from .phones import Api, baltic_at_auction, cash, module_address, short_table, start_table
from .test_table_phone import in_view, open_table


def test_a_debt_heads_the_table_phone_with_what_its_debtor_can_do_and_the_drawer_turns_to_the_debtor(
    server, phone, shot
):
    # seed 001 l.51: «Если денег на обязательный платёж нет, продайте здания и/или заложите собственность»
    page, api, _ = open_table(server, phone, "Anna", "Boris", "Vera")
    for action in baltic_at_auction(3, keeps=100):
        api.act(action)
    # the table had Boris's dealings open in the drawer before Anna came to owe anything
    expect(page.locator('.events li[data-seq="11"]')).to_be_attached()
    page.locator("details.property-drawer > summary").click()
    expect(page.locator("details.property-drawer")).to_have_attribute("open", "")
    page.locator("#property-seat").select_option(label="Boris")
    api.act({"type": "roll", "seat": 0, "dice": [1, 3]})  # Chance
    api.act({"type": "draw_card", "seat": 0, "card": "chance.back_3"})  # back to Income Tax: 200, with 100

    block = page.locator(".controls fieldset.seat-controls").first
    expect(block).to_have_attribute("data-seat", "0")  # the debtor first, on the phone every hand reaches
    expect(block).to_contain_text("Anna owes M200 to the bank.")
    expect(block.locator(".raising dd")).to_have_text(["M100", "M0", "M30"])
    expect(block.locator('[data-action="mortgage"]')).to_have_count(1)  # what she may do, in her own block
    expect(block.get_by_role("button", name="Declare Anna bankrupt")).to_be_visible()
    assert in_view(block.locator(".pending-title")), "the debt is below the fold"
    expect(page.locator('.pending[data-type="debt"]')).to_have_count(1)  # said once, not again further down
    expect(page.locator("#property-seat")).to_have_value("0")  # the drawer turned to Anna
    shot(page, "debt-first")


def test_in_ua_industries_the_debt_names_no_mortgage_and_the_bankruptcy_says_who_takes_what(server, phone, shot):
    # seed 002 l.87: «Застави в цій грі немає»; l.146: «Продати бізнес банку можна лише в борг і лише після
    # торгів, на яких його ніхто не купив»; l.148: «Банкрут вибуває: його клітинки повертаються банку
    # вільними, філії — в запас, а гроші отримує той, кому він винен»
    host = phone()
    links = start_table(host, server.url, "Оксана", "Тарас", "Богдан", edition="ua-industries")
    api = Api(server, links[3])
    for action in (
        {"type": "roll", "seat": 0, "dice": [3, 4]},  # Ринок
        {"type": "draw_card", "seat": 0, "card": "rynok.dividends"},
        {"type": "end_turn", "seat": 0},
        {"type": "roll", "seat": 1, "dice": [4, 6]},
        {"type": "end_turn", "seat": 1},
        {"type": "roll", "seat": 2, "dice": [1, 2]},  # enterprise 2 of industry 1, for 60
        {"type": "buy", "seat": 2},
        {"type": "end_turn", "seat": 2},
        {"type": "adjust", "seat": 2, "source": "seat", "target": "bank", "amount": 1430, "reason": "a bet lost"},
        {"type": "roll", "seat": 0, "dice": [4, 6]},  # Держпідтримка
        {"type": "draw_card", "seat": 0, "card": "derzhpidtrymka.tender"},  # each pays Оксана 50: Богдан has 10
    ):
        api.act(action)
    bohdan = phone("uk-UA")
    bohdan.goto(links[2])
    debt = bohdan.locator('.pending[data-type="debt"]')
    expect(debt).to_contain_text("Богдан: борг 50, кредитор — Оксана.")
    expect(debt.locator(".raising dt")).to_have_text(
        # seed 002 l.86: «філію чи холдинг можна згорнути»: winding up, not a sale
        ["Готівка", "Згорнути забудову: філії, холдинги", "Продаж банку, якщо на торгах немає покупця"]
    )
    expect(debt.locator(".raising dd")).to_have_text(["10", "0", "30"])
    expect(debt).to_contain_text("Разом можна зібрати 40, а весь борг — 50.")  # 10 + 0 + 30: the parts add up
    expect(debt).not_to_contain_text("застав")
    shot(bohdan, "ua-debt")

    bohdan.get_by_role("button", name="Оголосити банкрутом: Богдан").click()
    dialog = bohdan.get_by_role("dialog")
    expect(dialog.locator("p")).to_have_text(
        "Оголосити банкрутом: Богдан? Гравець вибуває з гри. Оксана отримує гроші: 10. "
        "Бізнес (1) повертається банку без торгів і знову у продажу."
    )
    shot(bohdan, "ua-bankruptcy-confirm")
    dialog.get_by_role("button", name="Оголосити банкрутство").click()
    expect(cash(bohdan, 2)).to_have_attribute("data-cash", "0")
    state = api.state()
    assert state["players"][0]["cash"] == 1500 + 150 + 50 + 10  # the tender from Тарас, and all Богдан had
    assert next(p["owner"] for p in state["properties"] if p["position"] == 3) is None  # free again


def test_while_a_debt_is_unpaid_the_standings_show_it_as_a_part_so_the_parts_add_up(server, phone):
    # seed 000's worth: «Имеющиеся на руках наличные ... по цене, указанной на игровом поле»; a debt still
    # owed is taken off the debtor and counted for the player owed it, in the open
    page, api, _ = open_table(server, phone, "Anna", "Boris")
    for action in (
        *baltic_at_auction(2, keeps=40),
        {"type": "roll", "seat": 0, "dice": [1, 3]},  # Chance
        {"type": "draw_card", "seat": 0, "card": "chance.chairman"},  # 50 to Boris, with 40: all 50 owed
    ):
        api.act(action)
    page.get_by_role("tab", name="Money").click()
    anna = page.locator('.standings tr[data-seat="0"]')
    boris = page.locator('.standings tr[data-seat="1"]')
    expect(anna.locator(".parts")).to_have_text("cash M40 · properties M60 · debts −M50")
    expect(anna.locator(".total")).to_have_text("M50")
    expect(boris.locator(".parts")).to_have_text("cash M1500 · owed to them M50")
    expect(boris.locator(".total")).to_have_text("M1550")


def test_a_total_below_nothing_reads_with_its_minus_before_the_money_as_a_debt_does(server, phone):
    # the chairman card pays each player 50: Anna, with 10 and Baltic Avenue (60), owes 100 in all
    page, api, _ = open_table(server, phone, "Anna", "Boris", "Vera")
    for action in (
        *baltic_at_auction(3, keeps=10),
        {"type": "roll", "seat": 0, "dice": [1, 3]},  # Chance
        {"type": "draw_card", "seat": 0, "card": "chance.chairman"},
    ):
        api.act(action)
    page.get_by_role("tab", name="Money").click()
    anna = page.locator('.standings tr[data-seat="0"]')
    expect(anna.locator(".parts")).to_have_text("cash M10 · properties M60 · debts −M100")
    expect(anna.locator(".total")).to_have_text("−M30")


def test_players_who_leave_read_as_having_left_on_the_tiles_the_rulings_and_the_end_screen(server, phone, shot):
    # seed 001 l.53: «Если после продажи зданий и залога вы всё равно не можете погасить долг, вы банкрот» --
    # a player who goes home owed nothing and is not one
    page, api, _ = open_table(server, phone, "Маша", "Петя", "Мама", locale="ru-RU")
    api.act({"type": "leave", "seat": 1})
    tile = page.locator('.balances [data-seat="1"] .badge')
    expect(tile).to_have_text("вне игры")  # no «вышел(а)»: the page knows no one's gender
    latest = page.locator(".events").first
    expect(latest).to_contain_text("Петя покидает игру, не будучи банкротом. Имущество получает Банк")
    expect(latest).not_to_contain_text("перед наследником")
    # the table recorded it; the one who left is the player, not the table
    expect(page.locator('.events li[data-seq="2"] > details > summary')).to_have_text("Стол: Выход из игры")

    page.get_by_text("Игрок покидает игру").click()
    form = page.locator("form.leave")
    form.get_by_label("Игрок").select_option(label="Мама")
    form.get_by_label("Имущество получает").select_option(label="Маша")
    # Маша is the heir, not a creditor: leaving is no bankruptcy
    expect(form.locator(".leave-outcome")).to_contain_text("Наследник (Маша) получает деньги")
    expect(form.locator(".leave-outcome")).not_to_contain_text("перед Маша")
    expect(form.locator(".leave-outcome")).not_to_contain_text("кредитор")
    expect(form.locator(".leave-outcome")).not_to_contain_text("банкрот")
    form.get_by_role("button", name="Уйти из игры сейчас").click()
    page.get_by_role("dialog").get_by_role("button", name="Покинуть игру").click()

    expect(page.locator(".final-verdict")).to_have_text("Победитель: Маша.")
    expect(page.locator(".final .standings .badge")).to_have_text(["вне игры", "вне игры"])
    expect(page.locator(".balances .badge")).to_have_text(["вне игры", "вне игры"])
    expect(latest).to_contain_text("В игре остаётся только Маша, и Маша побеждает.")
    for shown in (page.locator(".balances"), page.locator(".final .standings")):
        expect(shown).not_to_contain_text("банкрот")
    shot(page, "left-final")


def test_leaving_names_each_debt_the_leaver_owes_and_what_becomes_of_it_with_the_heir_chosen(server, phone):
    # seed 001 l.53: «При долге игроку ему передают оставшуюся заложенную собственность»: the creditor who takes
    # the estate takes it in the debt's stead; with the bank as heir the debt lapses, and the table is told first
    page, api, _ = open_table(server, phone, "Петя", "Папа", "Мама", locale="ru-RU")
    for action in baltic_at_auction(3, keeps=4)[:6]:  # Петя keeps M4
        api.act(action)
    api.act({"type": "roll", "seat": 1, "dice": [1, 1]})  # Папа on Community Chest
    api.act({"type": "draw_card", "seat": 1, "card": "chest.birthday"})  # M10 from each: Петя has M4
    page.get_by_text("Игрок покидает игру").click()
    form = page.locator("form.leave")
    form.get_by_label("Игрок").select_option(label="Петя")
    outcome = form.locator(".leave-outcome")
    expect(outcome).to_contain_text("Петя: долг M10, кредитор — Папа; долг списывается, Папа ничего не получает.")
    form.get_by_label("Имущество получает").select_option(label="Папа")
    expect(outcome).to_contain_text("Петя: долг M10, кредитор — Папа; вместо долга Папа получает имущество.")
    form.get_by_label("Имущество получает").select_option(label="Банк")
    form.get_by_role("button", name="Уйти из игры сейчас").click()
    expect(page.get_by_role("dialog")).to_contain_text("Папа ничего не получает")


def test_the_estate_of_a_player_who_left_is_auctioned_and_booked_as_a_leaver_s_not_a_bankrupt_s(server, phone, shot):
    # seed 001 l.54: «При долге Банку собственность возвращают ему, залоги аннулируют, объекты выставляют на
    # аукцион» -- so goes a leaver's estate to the bank; but the player went home, bankrupt by no debt
    page, api, _ = open_table(server, phone, "Мама", "Маша", "Папа", locale="ru-RU")
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})  # Нагатинская улица
    api.act({"type": "buy", "seat": 0})
    api.act({"type": "leave", "seat": 0})
    auction = page.locator('.pending[data-type="estate_auction"]')
    expect(auction.locator(".pending-title")).to_have_text("Аукцион имущества игрока, покинувшего игру")
    latest = page.locator(".events").first
    expect(latest).to_contain_text("Банк забирает 1 карточку собственности игрока Мама.")
    expect(latest).to_contain_text("это последний лот из этого имущества")
    expect(latest).not_to_contain_text("(0)")
    page.get_by_role("tab", name="Деньги").click()
    expect(page.locator('.ledger > li[data-reason="leave"] .reason')).to_have_text("уход из игры")
    expect(page.locator(".ledger")).not_to_contain_text("банкротство")
    shot(page, "left-estate")


def test_selling_a_group_s_buildings_and_a_quick_build_ask_first_naming_the_amount(server, phone, shot):
    # seed 001 l.49: «Продажа домов идёт равномерно, за половину цены покупки»
    link, api = short_table(server, "Anna", "Boris")
    api.act({"type": "deal_deeds", "seat": 0, "deeds": [[1, 3], [6, 8]]})  # Anna: all of Brown
    api.act({"type": "build", "seat": 0, "positions": [1, 3, 1, 3]})  # two houses on each
    page = phone()
    page.goto(link)
    expect(page.locator('.events li[data-seq="3"]')).to_be_attached()  # read up to the build: no redraw to come
    page.locator("details.property-drawer > summary").click()
    expect(page.locator("#property-seat")).to_have_value("0")  # Anna's turn: her dealings first

    # the quick build spends money in one tap: asked first; no is no
    page.locator(".build-round").first.click()
    dialog = page.get_by_role("dialog")
    expect(dialog.locator("p")).to_have_text("Anna: build 2 houses on brown for M100?")
    dialog.get_by_role("button", name="Cancel").click()
    assert [p["houses"] for p in api.state()["properties"] if p["position"] in (1, 3)] == [2, 2]

    page.get_by_text("Sell buildings…").click()
    form = page.locator("form.sell")
    form.locator(".stepper").first.get_by_role("button", name="More").click()
    # every sell button says what the bank pays
    expect(form.locator('button[type="submit"]')).to_have_text("Sell buildings: 1 house for M25")
    group = form.get_by_role("button", name="Sell buildings: all of brown for M100")
    group.click()
    expect(dialog.locator("p")).to_have_text("Anna: sell all 4 buildings on brown back to the bank for M100?")
    shot(page, "sell-group-confirm")
    dialog.get_by_role("button", name="Cancel").click()
    assert [p["houses"] for p in api.state()["properties"] if p["position"] in (1, 3)] == [2, 2]
    before = api.state()["players"][0]["cash"]
    group.click()
    dialog.get_by_role("button", name="Sell for M100").click()
    expect(cash(page, 0)).to_have_attribute("data-cash", str(before + 100))
    assert [p["houses"] for p in api.state()["properties"] if p["position"] in (1, 3)] == [0, 0]


def ua_table(server, phone, *names: str):
    """A ua-industries game made through the API, opened on the table's phone in Ukrainian."""
    created = server.app.test_client().post(
        "/games", json={"edition": "ua-industries", "players": [{"name": n} for n in names]}
    )
    body = created.json
    link = f"{server.url}/play/{body['id']}#token={body['token']}"
    page = phone("uk-UA")
    page.goto(link)
    expect(page.locator(".dice input[type=radio]").first).to_be_attached()
    return page, Api(server, link)


def test_two_creditors_are_said_once_with_the_cash_and_the_bankruptcy_names_each_and_what_each_gets(
    server, phone, shot
):
    # seed 002 l.110: «Корпоратив за ваш рахунок: по 50 кожному»; l.143: «виникає борг на всю суму, частинами
    # не платять»; l.148: «Банкрут вибуває: ... а гроші отримує той, кому він винен»: the first creditor, the
    # other's debt lapsing (the settlement's `debts`)
    page, api = ua_table(server, phone, "Оксана", "Тарас", "Богдан")
    for action in (
        {"type": "roll", "seat": 0, "dice": [4, 6]},
        {"type": "end_turn", "seat": 0},
        {"type": "roll", "seat": 1, "dice": [4, 6]},
        {"type": "end_turn", "seat": 1},
        {"type": "adjust", "seat": 2, "source": "seat", "target": "bank", "amount": 1480, "reason": "a bet lost"},
        {"type": "roll", "seat": 2, "dice": [3, 4]},  # Ринок
        {"type": "draw_card", "seat": 2, "card": "rynok.party"},  # 50 to each, with 20
    ):
        api.act(action)
    debt = page.locator('.pending[data-type="debt"]')
    expect(debt).to_have_count(1)  # one block for the debtor, not one per creditor
    expect(debt).to_contain_text("Богдан: борги — Оксана 50, Тарас 50.")
    expect(debt.locator(".raising dd")).to_have_text(["20", "0", "0"])  # the cash said once
    expect(debt).to_contain_text("Разом можна зібрати 20, а весь борг — 100.")
    shot(page, "ua-two-creditors")

    page.get_by_role("button", name="Оголосити банкрутом: Богдан").click()
    dialog = page.get_by_role("dialog")
    expect(dialog.locator("p")).to_have_text(
        "Оголосити банкрутом: Богдан? Гравець вибуває з гри. Оксана отримує гроші: 20. "
        "Тарас нічого не отримує: борг 50 списується."
    )
    shot(page, "ua-two-creditors-bankruptcy")


def oksana_owing(server, phone):
    """Оксана owes the bank 100 with 20 and enterprise 2 of industry 1 (the bank's price 30), on the table phone."""
    page, api = ua_table(server, phone, "Оксана", "Тарас", "Богдан")
    for action in (
        {"type": "roll", "seat": 0, "dice": [1, 2]},  # enterprise 2 of industry 1, for 60
        {"type": "buy", "seat": 0},
        {"type": "end_turn", "seat": 0},
        {"type": "roll", "seat": 1, "dice": [4, 6]},
        {"type": "end_turn", "seat": 1},
        {"type": "roll", "seat": 2, "dice": [4, 6]},
        {"type": "end_turn", "seat": 2},
        {"type": "adjust", "seat": 0, "source": "seat", "target": "bank", "amount": 1420, "reason": "a bet lost"},
        {"type": "roll", "seat": 0, "dice": [2, 2]},  # Ринок
        {"type": "draw_card", "seat": 0, "card": "rynok.late_report"},  # 100, with 20
    ):
        api.act(action)
    return page, api


def test_a_debtor_s_own_auction_opens_at_the_least_bid_refuses_an_empty_box_and_asks_naming_the_business(
    server, phone, shot
):
    # seed 002 l.145: «Початкову ставку вибирайте повзунком, не нижче суми, яку дав би банк»: the least opening,
    # from the options, is in the box; an empty box starts nothing; the start is asked first, business and price
    page, api = oksana_owing(server, phone)
    [entry] = [a for a in api.state()["allowed"] if a["type"] == "auction_property"]
    start = entry["options"]["positions"][0]["start"]
    block = page.locator('.seat-controls[data-seat="0"]')
    block.get_by_text("Виставити своє майно на торги").click()
    field = block.get_by_label("Початкова ставка (не нижче ціни викупу банком)")
    expect(field).to_have_value(str(start["min"]))
    events = len(api.events())
    field.fill("")
    block.get_by_role("button", name="Почати торги").click()
    expect(block.locator(".field-error")).to_contain_text("Вкажіть початкову ставку")
    expect(page.get_by_role("dialog")).to_have_count(0)
    field.fill(str(start["min"] + 10))
    block.get_by_role("button", name="Почати торги").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text(f"Галузь 1: підприємство 2 — початкова ставка {start['min'] + 10}")
    shot(page, "ua-seller-auction-asked")
    dialog.get_by_role("button", name="Скасувати").click()
    assert len(api.events()) == events  # nothing was sent
    block.get_by_role("button", name="Почати торги").click()
    page.get_by_role("dialog").get_by_role("button", name="Почати торги").click()
    expect(page.locator(".pending[data-type=seller_auction]")).to_be_visible()
    assert api.events()[-1]["action"]["start"] == start["min"] + 10


def test_a_business_sold_to_the_bank_in_a_debt_is_asked_first_with_what_the_bank_pays(server, phone, shot):
    # seed 002 l.146: «Продати бізнес банку можна лише в борг і лише після торгів, на яких його ніхто не купив.
    # ... Банк платить половину ціни»
    page, api = oksana_owing(server, phone)
    api.act({"type": "auction_property", "seat": 0, "position": 3, "start": 30})
    api.act({"type": "pass", "seat": 1})
    api.act({"type": "pass", "seat": 2})  # nobody bought it
    [entry] = [a for a in api.state()["allowed"] if a["type"] == "sell_to_bank"]
    assert entry["options"]["positions"] == [{"position": 3, "price": 30}]
    block = page.locator('.seat-controls[data-seat="0"]')
    block.locator("details.form-disclosure > summary").filter(has_text="банку").click()
    events = len(api.events())
    block.get_by_role("button", name="Продати", exact=True).click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Продати банку: Галузь 1: підприємство 2 за 30?")
    shot(page, "ua-bank-sale-asked")
    dialog.get_by_role("button", name="Скасувати").click()
    assert len(api.events()) == events  # nothing was sent
    block.get_by_role("button", name="Продати", exact=True).click()
    page.get_by_role("dialog").get_by_role("button", name="Продати").click()
    expect(cash(page, 0)).to_have_attribute("data-cash", "50")


def leaving_taras() -> dict:
    """Тарас holds industry 1 with a branch on enterprise 1 and a release card: the state as the API shows it."""
    from referee.present import state_view
    from tests.rules.game import Game

    ua = shipped()["ua-industries"]
    game = Game(ua, "Оксана", "Тарас", "Богдан")
    game.own(1, 1, 3, 4)
    game.build_up({1: 1})
    game.state = game.state.with_player(1, jail_cards=("rynok.lawyer",))
    return json.loads(json.dumps(state_view(game.state, ua)))


def test_the_leave_confirmation_says_the_branches_go_to_the_supply_and_the_release_card_to_its_deck(server, phone):
    # seed 002 l.148: «Банкрут вибуває: його клітинки повертаються банку вільними, філії — в запас, а гроші
    # отримує той, кому він винен»: the leave options' `buildings` and `cards`, to the bank and to a player
    page = phone("uk-UA")
    page.goto(server.url + "/")
    page.locator('input[name="player"]').first.wait_for()  # booted: the language's words are loaded
    said = page.evaluate(
        """async ([js, state]) => {
        const web = (name) => js + name;
        const { Edition } = await import(web("edition.js"));
        const i18n = await import(web("i18n.js"));
        const { leave } = await import(web("decisions.js"));
        const edition = new Edition(await (await fetch("/editions/ua-industries")).json(), i18n.language());
        i18n.speakEdition(edition);
        const table = {
          edition, state, view: { open: {} },
          name: (s) => state.players[s].name,
          account: (a) => (Number.isInteger(a) ? state.players[a].name : "банк"),
          place: (p) => edition.spaceName(p),
          money: (a) => edition.money(a),
          term: (id) => i18n.term(id),
          options: (type, seat) => state.allowed.find((a) => a.type === type && a.seat === seat)?.options ?? null,
        };
        document.body.append(leave(table));
        const form = document.querySelector("form.leave");
        const seat = form.querySelector("#leave-seat");
        seat.value = "1";
        seat.dispatchEvent(new Event("change"));
        const outcome = () => form.querySelector(".leave-outcome").textContent;
        const toBank = outcome();
        const heir = form.querySelector("#leave-to");
        heir.value = "0";
        heir.dispatchEvent(new Event("change"));
        return [toBank, outcome()];
        }""",
        [module_address(server, ""), leaving_taras()],
    )
    for text in said:
        assert "в запас банку" in text, text  # the branch goes back to the supply, to the bank or to a player
        assert "під низ своїх колод" in text, text  # and the release card to its deck


def test_the_trade_form_says_the_least_each_business_sells_for_before_sending(server, phone, shot):
    # seed 002 l.147: «Ще варіант — «Продати суперникові» напряму, не дешевше, ніж дав би банк»: the options'
    # bank_price, next to each business the seller may include
    page, api = ua_table(server, phone, "Оксана", "Тарас")
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})  # enterprise 2 of industry 1, for 60
    api.act({"type": "buy", "seat": 0})
    [trade] = [a for a in api.state()["allowed"] if a["type"] == "trade"]
    assert trade["options"]["give"]["positions"] == [{"position": 3, "mortgaged": False, "bank_price": 30}]
    page.locator("details.property-drawer > summary").click()
    page.get_by_text("Запропонувати угоду…").click()
    offered = page.locator('form.trade .trade-side[data-side="give"] label.check')
    expect(offered).to_have_text("Галузь 1: підприємство 2 · продаж — не дешевше 30")
    shot(page, "ua-trade-floor")
