"""Every shipped edition on the page: offered at the start with what a table
should know (money, unconfirmed values), amounts shown exactly as the
server's rulings show them, and an edition's own words for its buildings."""

from __future__ import annotations

from playwright.sync_api import expect

from referee.editions import shipped
from referee.rules.edition import Currency

from .phones import Api, cash, module_address, roll, start_table


def test_the_page_shows_money_exactly_as_the_rulings_do_in_every_shipped_currency(server, phone):
    page = phone()
    page.goto(server.url + "/")
    amounts = [0, 4, 60, 1500, 9999, 10000, 123456, -75, -20000]
    currencies = {
        "plain": Currency(),
        **{id: edition.currency for id, edition in shipped().items()},
        "scaled": Currency(symbol="", scale=1000, unit={"en": "₽"}),
    }
    for name, currency in currencies.items():
        document = {"symbol": currency.symbol, "scale": currency.scale, "unit": dict(currency.unit)}
        shown = page.evaluate(
            """async ([currency, amounts, module]) => {
              const { showMoney } = await import(module);
              return amounts.map((a) => showMoney(currency, a, "en"));
            }""",
            [document, amounts, module_address(server, "edition.js")],
        )
        assert shown == [currency.show(a) for a in amounts], name


def test_the_start_page_offers_every_shipped_edition_and_says_which_values_to_check(server, phone, shot):
    page = phone()
    page.goto(server.url + "/")
    summaries = server.app.test_client().get("/editions").json
    options = page.locator("#edition option")
    expect(options).to_have_count(len(summaries))
    assert sorted(options.evaluate_all("os => os.map((o) => o.value)")) == sorted(s["id"] for s in summaries)

    page.locator("#edition").select_option("disney")
    disney = next(s for s in summaries if s["id"] == "disney")
    expect(page.locator(".edition-about .unconfirmed")).to_have_text(
        f"{len(disney['unconfirmed'])} spaces have values the sources do not print: check them against your board "
        "(they are marked on the board)."
    )
    shot(page, "disney-unconfirmed")
    page.locator("#edition").select_option("classic-rub")
    expect(page.locator(".edition-about .unconfirmed")).to_have_count(0)
    expect(page.locator(".edition-about")).to_contain_text(
        "Money in this edition looks like this: 1\u00a0500\u00a0000 ₽."
    )
    expect(page.locator(".edition-about")).to_contain_text("Amounts are counted in units of one thousand rubles.")
    shot(page, "classic-rub")


def test_the_start_page_names_each_source_of_an_edition_once(server, phone):
    # classic cites seed 001 twice in its data (for its rules and for its word for a property)
    page = phone()
    page.goto(server.url + "/")
    page.locator("#edition").select_option("classic")
    sources = page.locator(".edition-about .sources")
    expect(sources).to_contain_text("Kubikoved: the C1009 rules (in Russian) (001)")
    assert sources.inner_text().count("(001)") == 1


def test_the_start_page_says_what_an_edition_is_in_the_reader_s_language(server, phone, shot):
    # A Russian page listed the Italian board's sources in Italian; an Italian page showed the Disney and
    # ruble editions' notes in English, «Gli importi si contano in unità di: thousand rubles.» and
    # «con le parole di seed 003».
    ru = phone("ru-RU")
    ru.goto(server.url + "/")
    ru.locator("#edition").select_option("classic")
    expect(ru.locator(".edition-about .sources")).to_have_text(
        "Источники: Кубиковед: правила C1009 (001); Монополист: правила (004)"
    )
    it = phone("it-IT")
    it.goto(server.url + "/")
    about = it.locator(".edition-about")
    it.locator("#edition").select_option("classic-rub")
    expect(about).to_contain_text("Gli importi si contano in unità di: mille rubli.")
    expect(about.locator(".sources")).to_contain_text("Regole del Monopoly (edizione russa, rubli) (003)")
    expect(about.locator(".sources")).to_contain_text("con le parole del regolamento in rubli")
    expect(about.locator(".notes summary")).to_have_text("Su questa edizione")
    expect(about.locator(".notes p")).to_contain_text("il denaro si conta in migliaia di rubli")
    for edition in ("classic", "classic-rub", "disney", "ua-industries"):
        it.locator("#edition").select_option(edition)
        words, english = about.text_content(), shipped()[edition].document["notes"]["en"]
        assert "seed" not in words and english not in words, (edition, words)
    it.locator("#edition").select_option("disney")
    expect(about.locator(".notes p")).to_contain_text("Valori e struttura del tabellone classici")
    about.locator(".notes summary").click()
    shot(it, "disney-about-in-italian")


def test_a_game_in_rubles_shows_every_amount_in_rubles(server, phone, shot):
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris", edition="classic-rub")
    anna = phone()
    anna.goto(links[0])
    expect(cash(anna, 0)).to_have_text("1\u00a0500\u00a0000 ₽")
    roll(anna, 1, 2)
    anna.get_by_role("button", name="Buy Nagatinskaya Street for 60\u00a0000 ₽").click()
    expect(cash(anna, 0)).to_have_text("1\u00a0440\u00a0000 ₽")
    anna.get_by_role("tab", name="Money").click()
    line = anna.locator('.ledger > li[data-reason="purchase"] > details')
    expect(line.locator(".amount")).to_have_text("60\u00a0000 ₽")
    line.locator(":scope > summary").click()
    expect(line.locator(".ruling-text")).to_contain_text("60\u00a0000 ₽")
    expect(anna.locator('.standings tr[data-seat="0"] .total')).to_have_text("1\u00a0500\u00a0000 ₽")
    shot(anna, "money-in-rubles")


def test_the_ukrainian_industries_game_speaks_of_branches_and_marks_values_to_check(server, phone, shot):
    host = phone("uk-UA")
    host.goto(server.url + "/")
    host.locator("#edition").select_option("ua-industries")
    expect(host.locator(".edition-about .unconfirmed")).to_be_visible()
    host.locator('input[name="player"]').nth(0).fill("Ганна")
    host.locator('input[name="player"]').nth(1).fill("Богдан")
    host.get_by_role("button", name="Створити стіл").click()
    host.get_by_role("link", name="Це телефон столу: він діє за всіх").click()
    host.get_by_role("tab", name="Поле").click()
    host.locator('.board [data-position="1"]').click()
    card = host.get_by_role("dialog")
    expect(card.get_by_role("heading")).to_have_text("Галузь 1: підприємство 1")
    expect(card).to_contain_text("Ця назва умовна: джерела видання її не наводять.")
    rent = card.locator("table.rent")
    expect(rent.locator("tr").nth(1)).to_have_text("1 філія10")
    # a count of buildings takes the form its number needs: 2-4 філії, 5 and more філій
    expect(rent.locator("tr").nth(2)).to_contain_text("2 філії")
    expect(rent.locator("tr").nth(4)).to_contain_text("4 філії")
    expect(rent.locator("tr").last).to_have_text("холдинг250")
    expect(rent.locator("caption .unconfirmed")).to_have_text("звірте зі своїм полем")
    expect(card.locator("dt", has_text="Ціна: філія")).to_be_visible()
    shot(host, "space-card")


def space_card_rent(page, link: str, position: int):
    page.goto(link)
    page.get_by_role("tab", name="Поле").click()
    page.locator(f'.board [data-position="{position}"]').click()
    return page.get_by_role("dialog").locator("table.rent tr")


def test_a_count_of_houses_in_russian_takes_the_form_the_served_document_gives(server, phone, browser):
    links = start_table(phone(), server.url, "Anna", "Boris")
    rent = space_card_rent(phone("ru-RU"), links[0], 1)
    # seed 001: «Как строить дома и отели» -- after 2-4 the genitive singular: 2 дома
    expect(rent.nth(1)).to_have_text("1 домM10")
    expect(rent.nth(2)).to_have_text("2 домаM30")
    expect(rent.nth(4)).to_have_text("4 домаM160")

    # The same page, sent other forms with the edition, says what it is sent: it keeps no table of its own.
    def other_forms(route):
        document = route.fetch().json()
        document["plural_forms"]["ru"]["few"] = "gen_pl"
        route.fulfill(json=document)

    context = browser.new_context(locale="ru-RU", service_workers="block")
    try:
        context.route("**/editions/classic.ru.json", other_forms)
        rent = space_card_rent(context.new_page(), links[0], 1)
        expect(rent.nth(2)).to_have_text("2 домовM30")
    finally:
        context.close()


def test_the_net_worth_chart_of_a_game_without_mortgages_does_not_speak_of_them(server, phone):
    # seed 002 has no mortgage: the chart's note lists only the parts a net worth has there
    host = phone()
    links = start_table(host, server.url, "Оксана", "Богдан", edition="ua-industries")
    Api(server, links[0]).act({"type": "roll", "seat": 0, "dice": [1, 2]})
    oksana = phone("uk-UA")
    oksana.goto(links[0])
    oksana.get_by_role("tab", name="Гроші").click()
    expect(oksana.locator(".chart figcaption")).to_have_text(
        "Статки після кожної події: гроші, бізнес за ціною, забудова за вартістю, мінус несплачені борги, "
        "плюс те, що винні гравцеві."
    )
