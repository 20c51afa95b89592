"""The page speaks each edition's own words, in the grammar its sentences need:
the Ukrainian industries game sends a player to the tax inspection and builds
branches («Збудувати 1 філію»), the start page names the chosen edition's
corner for its jackpot, a confirmation quotes the entry it replaces, and a
ruling's moment shows in the reader's own clock."""

from __future__ import annotations

import json
import re
from datetime import timedelta

from playwright.sync_api import expect

from referee.editions import shipped

from .phones import Api, module_address


def open_game(server, phone, edition: str, *names: str, locale: str, **body):
    """A game made through the API, opened on the table's phone in a language."""
    created = server.app.test_client().post(
        "/games", json={"edition": edition, "players": [{"name": n} for n in names], **body}
    )
    assert created.status_code == 201, created.json
    link = f"{server.url}/play/{created.json['id']}#token={created.json['token']}"
    page = phone(locale)
    page.goto(link)
    expect(page.locator(".balances")).to_be_visible()
    return page, Api(server, link)


def test_the_industries_game_sends_a_player_to_the_tax_inspection_and_frees_them_with_its_card(server, phone, shot):
    # seed 002 l.132-135: «Податкова перевірка. На перевірку потрапляють … після третього дубля поспіль. …
    # Щоб вийти, до кидка сплатіть 50 або використайте картку звільнення»
    page, api = open_game(server, phone, "ua-industries", "Оксана", "Богдан", locale="uk-UA")
    api.act({"type": "roll", "seat": 0, "dice": [1, 1]})  # Держпідтримка
    api.act({"type": "draw_card", "seat": 0, "card": "derzhpidtrymka.city_council"})  # the release card
    api.act({"type": "roll", "seat": 0, "dice": [4, 4]})  # a visit to the inspection
    api.act({"type": "roll", "seat": 0, "dice": [2, 2]})  # the third double
    expect(page.locator(".moves")).to_have_text("Оксана: переставте фішку на клітинку «Податкова перевірка»")
    expect(page.locator('.balances [data-seat="0"]')).to_contain_text("Податкова перевірка")
    api.act({"type": "end_turn", "seat": 0})
    api.act({"type": "roll", "seat": 1, "dice": [1, 2]})
    api.act({"type": "buy", "seat": 1})
    api.act({"type": "end_turn", "seat": 1})

    expect(page.locator('.pending[data-type="jail_decision"]')).to_contain_text(
        "Оксана: податкова перевірка, спроба 1:"
    )
    expect(page.get_by_role("button", name="Використати картку звільнення від перевірки")).to_be_visible()
    shot(page, "inspection")
    assert "в'язниц" not in page.locator("main").inner_text()

    api.act({"type": "pay_jail_fine", "seat": 0})
    page.get_by_role("tab", name="Гроші").click()
    fine = page.locator('.ledger > li[data-reason="jail_fine"] .reason')
    expect(fine).to_have_text("штраф за вихід (податкова перевірка)")


# The page's own modules on the ua-industries board, with a table that reads words as the
# page's table does (play.js: the edition's word or form, its counts): the engine's entries.
UA_TABLE = """
const { Edition } = await import(web("edition.js"));
const i18n = await import(web("i18n.js"));
const { seatControls } = await import(web("actions.js"));
await import(web("property.js"));
const edition = new Edition(await (await fetch("/editions/ua-industries")).json(), i18n.language());
i18n.speakEdition(edition);
const names = ["Оксана", "Богдан"];
const table = {
  seat: null,
  edition,
  view: { open: {} },
  state: {
    players: names.map((name, seat) => ({ seat, name, cash: 1500, jail_cards: [] })),
    properties: [1, 3, 4].map((position) => ({ position, owner: 0, houses: 1, hotel: false, mortgaged: false })),
    bank: { houses: 29, hotels: 12 },
    pending: [],
    allowed,
    options: {},
  },
  name: (s) => names[s],
  place: (p) => edition.spaceName(p),
  money: (a) => edition.money(a),
  term: (id) => i18n.term(id),
  counted: (count, id, grammaticalCase) => edition.counted(count, id, grammaticalCase),
  pending: () => [],
  options: (type, seat) => table.state.allowed.find((a) => a.type === type && a.seat === seat)?.options ?? null,
  act: () => null,
};
"""


def allowed_branches() -> list[dict]:
    """Оксана owns industry 1 with a branch on each enterprise and stands on 3 after her roll."""
    # seed 002 l.86: «У свій хід філію чи холдинг можна згорнути — банк поверне половину вартості забудови»
    from referee.rules import allowed
    from referee.rules.engine import Now
    from referee.rules.state import Turn
    from tests.rules.game import Game

    ua = shipped()["ua-industries"]
    game = Game(ua, "Оксана", "Богдан")
    game.own(0, 1, 3, 4)
    game.build_up({1: 1, 3: 1, 4: 1})
    game.arrange(turn=Turn(seat=0, can_roll=False, rolled=True))
    game.place(0, 3)
    entries = [a for a in allowed(game.state, ua, Now()) if a["type"] in ("build", "sell_building") and a["seat"] == 0]
    return json.loads(json.dumps(entries))


def test_a_branch_is_built_and_wound_up_in_the_industries_game_s_words_and_cases(server, phone):
    # seed 002 l.81-86: «Відкрити філію», «згорнути»: one branch is built («Збудувати 1 філію»), a
    # branch's refund is «25 за філію», and winding up is not the bank's sale of a business
    page = phone("uk-UA")
    page.goto(server.url + "/")
    page.locator('input[name="player"]').first.wait_for()  # booted: the language's words are loaded
    shown = page.evaluate(
        "async ([js, allowed]) => { const web = (name) => js + name;"
        + UA_TABLE
        + """
        const forms = seatControls(table, 0);
        document.body.append(...forms);
        const build = document.querySelector('[data-form="build-0"]');
        build.querySelector("summary").click();
        build.querySelector("#build-0-3").nextElementSibling.click();
        const sell = document.querySelector('[data-form="sell-0"]');
        sell.querySelector("summary").click();
        sell.querySelector("#sell-0-3").nextElementSibling.click();
        const text = (el) => el.textContent;
        return {
          build: text(build.querySelector("button[type=submit]")),
          buildHint: text(build.querySelector("p.muted")),
          sellTitle: text(sell.querySelector("summary")),
          sellHint: text(sell.querySelector("p.muted")),
          sellRow: text(sell.querySelector('label[for="sell-0-3"]')),
          sellSubmit: text(sell.querySelector("button[type=submit]")),
          sellGroup: [...sell.querySelectorAll(".sell-groups button")].map(text),
        };
        }""",
        [module_address(server, ""), allowed_branches()],
    )
    money = shipped()["ua-industries"].currency.show
    assert shown["build"] == f"Збудувати 1 філію за {money(50, 'uk')}"
    assert shown["buildHint"].startswith("Вкажіть, скільки додати на кожну клітинку: галузь забудовується рівномірно")
    assert shown["sellTitle"] == "Згорнути забудову…"
    assert "вулиц" not in shown["sellHint"] and "кожної клітинки" in shown["sellHint"]
    assert f"{money(25, 'uk')} за філію" in shown["sellRow"], shown["sellRow"]
    assert shown["sellSubmit"] == "Згорнути забудову: 1 філія за 25"
    assert shown["sellGroup"] == [f"Згорнути забудову: «Галузь 1» повністю за {money(75, 'uk')}"]


def test_the_start_page_names_the_jackpot_s_corner_and_go_as_the_chosen_edition_does(server, phone):
    # seed 001 l.42: «Тюрьма, карточки и бесплатная парковка»; seed 002 l.77: «Бізнес-форум»
    page = phone("uk-UA")
    page.goto(server.url + "/")
    page.locator('input[name="player"]').first.wait_for()
    page.locator("#edition").select_option("ua-industries")
    page.locator("details.field > summary").click()
    expect(page.get_by_label("Джекпот на полі «Бізнес-форум» (податки й штрафи йдуть у його касу)")).to_be_visible()
    expect(page.get_by_label("Подвійна платня за зупинку точно на полі «Старт»")).to_be_visible()
    expect(page.get_by_label("Джекпот починається з (каса поля «Бізнес-форум»)")).to_be_visible()

    russian = phone("ru-RU")
    russian.goto(server.url + "/")
    russian.locator('input[name="player"]').first.wait_for()
    russian.locator("#edition").select_option("classic")
    russian.locator("details.field > summary").click()
    expect(
        russian.get_by_label("Джекпот на поле «Бесплатная парковка» (налоги и штрафы копятся в его кассе)")
    ).to_be_visible()
    expect(russian.get_by_label("Джекпот начинается с (касса поля «Бесплатная парковка»)")).to_be_visible()
    assert "стоянк" not in russian.locator("form.start").inner_text()


def test_a_russian_confirmation_quotes_the_entry_it_would_replace(server, phone):
    # a name is never declined: «Заменить Маша: бросок 3+6» put the entry where an object stands
    page, api = open_game(server, phone, "classic", "Маша", "Петя", locale="ru-RU")
    api.act({"type": "roll", "seat": 0, "dice": [3, 6]})
    page.get_by_text("Исправить кубики этого броска…").click()
    page.get_by_role("radio", name="Исправленный кубик 2: 5").check()
    page.get_by_role("button", name="Исправить на 3 + 5 = 8").click()
    expect(page.get_by_role("dialog").locator("p")).to_have_text(
        "Заменить запись «Маша: бросок 3+6» на бросок 3+5? В журнале останутся и ошибка, и исправление."
    )


def test_an_italian_reader_reads_the_agreed_end_time_in_their_own_clock_not_as_a_timestamp(server, phone, hand_clock):
    # seed 003: «è necessario concordare l'ora di fine del gioco»: the ruling of the end says that hour
    ends_at = (hand_clock.at + timedelta(minutes=10)).replace(microsecond=0)
    page, api = open_game(
        server,
        phone,
        "classic-rub",
        "Anna",
        "Marco",
        locale="it-IT",
        variant="timed",
        options={"ends_at": ends_at.isoformat()},
    )
    hand_clock.advance(601)
    api.state()  # the first read after the end records it
    page.get_by_role("tab", name="Regole").click()
    end = page.locator(".events li", has_text="È arrivata l'ora di fine concordata").first
    expect(end).to_be_visible()
    said = end.inner_text()
    assert ends_at.isoformat() not in said and not re.search(r"\d{4}-\d{2}-\d{2}T", said), said
    local = page.evaluate(
        "(at) => new Date(at).toLocaleString('it', { dateStyle: 'medium', timeStyle: 'short' })", ends_at.isoformat()
    )
    assert f"È arrivata l'ora di fine concordata, {local}:" in said, said


# The history's headings, the undo and the ledger's reasons on a board, in the page's language.
WORDS = """async ([js, edition]) => {
  const web = (name) => js + name;
  const { Edition } = await import(web("edition.js"));
  const i18n = await import(web("i18n.js"));
  const { entryText } = await import(web("corrections.js"));
  i18n.speakEdition(new Edition(await (await fetch("/editions/" + edition)).json(), i18n.language()));
  const names = ["Оксана", "Тарас", "Богдан"];
  const c = { name: (seat) => names[seat] };
  const heading = (seat, type) => entryText(c, { seat, by: seat, action: { type } });
  const wound = heading(1, "sell_building");
  return {
    headings: [heading(0, "buy"), heading(2, "decline"), wound, heading(0, "build"), heading(0, "claim_rent")],
    undo: [i18n.t("undo.quick"), i18n.t("undo.button"), i18n.t("undo.confirm", { what: wound }), i18n.t("undo.ok")],
    reasons: ["building_sale", "building", "repairs", "auction"].map((r) => i18n.label("reason", r)),
    buttons: [i18n.t("build.open"), i18n.t("sell.open"), i18n.t("pending.title.buy_decision"), i18n.t("pass.button")],
    names: [
      i18n.t("bid.label", { name: "Оксана", place: "Логістика 1", minimum: 150 }),
      i18n.t("pending.auction.turn", { name: "Оксана" }),
      i18n.t("trade.cash", { name: "Оксана", cash: 1120 }),
      i18n.t("bid.high", { name: "Богдан", max: 20 }),
      i18n.t("money.left"),
      i18n.t("pending.random_destination", { name: "Тарас", excluded: ["Ринок", "Старт"] }),
    ],
  };
}"""


def test_the_history_the_undo_and_the_ledger_name_a_winding_up_and_an_auction_in_the_industries_game_s_words(
    server, phone
):
    # seed 002 l.86: «філію чи холдинг можна згорнути»; l.12 «Розширюйте лише підприємство під фішкою»;
    # l.52 «Купівля та торги»: a heading names what was done («Оксана: Купівля»), not an order («Купити»)
    page = phone("uk-UA")
    page.goto(server.url + "/")
    page.locator('input[name="player"]').first.wait_for()  # booted: the language's words are loaded
    js = module_address(server, "")
    ua = page.evaluate(WORDS, [js, "ua-industries"])
    assert ua["headings"] == [
        "Оксана: Купівля",
        "Богдан: Відмова від купівлі",
        "Тарас: Згортання забудови",
        "Оксана: Забудова",
        "Оксана: Вимога оренди",
    ]
    assert ua["undo"] == [
        "Скасувати",
        "Скасувати останній запис",
        "Скасувати запис «Тарас: Згортання забудови»? У журналі лишаться і запис, і його скасування.",
        "Скасувати запис",
    ]
    assert ua["reasons"] == ["згортання забудови", "забудова", "плата за забудову", "торги"]
    assert ua["buttons"] == [
        "Розширити підприємство…",
        "Згорнути забудову…",
        "Купити чи на торги",
        "Пас (вийти з торгів)",
    ]
    # a name stands where no case would decline it, and no word agrees with it: the page knows no gender
    assert ua["names"] == [
        "Ставка за «Логістика 1»: Оксана (не менше 150)",
        "Наступна ставка: Оксана.",
        "Гроші: дає Оксана (має 1120)",
        "Богдан: лише 20, більше поставити не можна.",
        "поза грою",
        "Тарас переміщується на випадкову клітинку. Виключено: «Ринок» і «Старт».",
    ]
    # the classic board sells its buildings and builds
    classic = page.evaluate(WORDS, [js, "classic"])
    assert classic["headings"][2] == "Тарас: Продаж будівель"
    assert classic["reasons"][0] == "продаж будівель"
    assert classic["buttons"][:2] == ["Будувати…", "Продати будівлі…"]
