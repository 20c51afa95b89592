"""Money owed and players out, on phones at 360×740: a debt at the top of the table
phone with what its debtor can do, what could be raised part by part in the
edition's own terms, a bankruptcy's confirmation saying what the engine will do,
worth with its debts counted in the open, a player who leaves read as having left,
and the taps that lose money in one go asked first, with their amount."""

from __future__ import annotations

from playwright.sync_api import expect

from .phones import Api, cash, start_table
from .test_table_phone import in_view, open_table


def test_a_debt_heads_the_table_phone_with_what_its_debtor_can_do_and_the_drawer_turns_to_the_debtor(
    server, phone, shot
):
    # seed 001 l.51: «Если денег на обязательный платёж нет, продайте здания и/или заложите собственность»
    page, api, _ = open_table(server, phone, "Anna", "Boris", "Vera")
    for action in (
        {"type": "roll", "seat": 0, "dice": [1, 2]},  # Baltic Avenue
        {"type": "decline", "seat": 0},
        {"type": "bid", "seat": 0, "amount": 1400},
        {"type": "pass", "seat": 1},
        {"type": "pass", "seat": 2},  # Anna keeps 100
        {"type": "end_turn", "seat": 0},
        {"type": "roll", "seat": 1, "dice": [4, 6]},
        {"type": "end_turn", "seat": 1},
        {"type": "roll", "seat": 2, "dice": [4, 6]},
        {"type": "end_turn", "seat": 2},
    ):
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
        ["Готівка", "Продаж банку: філії, холдинги", "Продаж банку, якщо на торгах немає покупця"]
    )
    expect(debt.locator(".raising dd")).to_have_text(["10", "0", "30"])
    expect(debt).to_contain_text("Разом 40 при боргу 50.")  # 10 + 0 + 30: the parts add up
    expect(debt).not_to_contain_text("застав")
    shot(bohdan, "ua-debt")

    bohdan.get_by_role("button", name="Оголосити банкрутом: Богдан").click()
    dialog = bohdan.get_by_role("dialog")
    expect(dialog.locator("p")).to_have_text(
        "Оголосити банкрутом: Богдан? Гравець вибуває з гри. Оксана отримує гроші: 10. "
        "Бізнес (1) повертається банку без аукціону й знову у продажу."
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
        {"type": "roll", "seat": 0, "dice": [1, 2]},  # Baltic Avenue
        {"type": "decline", "seat": 0},
        {"type": "bid", "seat": 0, "amount": 1460},
        {"type": "pass", "seat": 1},  # Anna keeps 40
        {"type": "end_turn", "seat": 0},
        {"type": "roll", "seat": 1, "dice": [4, 6]},
        {"type": "end_turn", "seat": 1},
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
        {"type": "roll", "seat": 0, "dice": [1, 2]},  # Baltic Avenue
        {"type": "decline", "seat": 0},
        {"type": "bid", "seat": 0, "amount": 1490},
        {"type": "pass", "seat": 1},
        {"type": "pass", "seat": 2},  # Anna keeps 10
        {"type": "end_turn", "seat": 0},
        {"type": "roll", "seat": 1, "dice": [4, 6]},
        {"type": "end_turn", "seat": 1},
        {"type": "roll", "seat": 2, "dice": [4, 6]},
        {"type": "end_turn", "seat": 2},
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
    expect(tile).to_have_text("вышел(а) из игры")
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
    expect(page.locator(".final .standings .badge")).to_have_text(["вышел(а) из игры", "вышел(а) из игры"])
    expect(page.locator(".balances .badge")).to_have_text(["вышел(а) из игры", "вышел(а) из игры"])
    expect(latest).to_contain_text("В игре остаётся только Маша, и Маша побеждает.")
    for shown in (page.locator(".balances"), page.locator(".final .standings")):
        expect(shown).not_to_contain_text("банкрот")
    shot(page, "left-final")


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
    client = server.app.test_client()
    body = client.post(
        "/games", json={"edition": "classic", "variant": "short", "players": [{"name": "Anna"}, {"name": "Boris"}]}
    ).json
    link = f"{server.url}/play/{body['id']}#token={body['token']}"
    api = Api(server, link)
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
    expect(form.locator('button[type="submit"]')).to_have_text("Sell buildings: 1 for M25")
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
