"""What a family reads on a 360×740 phone, in headless Chromium: tokens told apart
by more than their colour, owners and buildings said in the edition's own words, a
card kept for later on its holder's tile, disclosures that show they open (and lines
with nothing to open that do not), a ledger file a person can read, the net-worth
chart's round scale, a start page that opens at its top, a way back to the table
left, and the choice of what this phone is once a table is made."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .phones import short_table, start_table

EXAMPLE = json.loads((Path(__file__).resolve().parents[2] / "examples" / "classic-short-game.json").read_text())
FAMILY = ("Папа", "Мама", "Маша", "Петя")


def family_table(server, phone, *, edition="classic", locale="ru-RU", steps=44, names=FAMILY):
    """The example's short game played by the API as far as ``steps`` (Мама's hotels are built
    at step 43), opened on the table phone: Папа and Мама stand on Мама's Рублёвское шоссе."""
    link, api = short_table(server, *names, edition=edition)
    for step in EXAMPLE["steps"][:steps]:
        api.act(step["action"])
    page = phone(locale)
    page.goto(link)
    expect(page.locator(".balances li")).to_have_count(len(names))
    return page, api


def test_each_token_names_its_player_and_each_owner_and_hotel_is_said_in_words(server, phone, shot):
    page, api = family_table(server, phone)
    page.get_by_role("tab", name="Поле").click()
    # Папа and Петя, Мама and Маша share a first letter: each token shows what tells them apart
    expect(page.locator(".legend .token")).to_have_text(["Па", "Мам", "Маш", "Пе"])
    expect(page.locator(".legend li")).to_have_text([re.compile(f"{name}$") for name in FAMILY])
    rublyovka = page.locator('.board .space[data-position="19"]')
    expect(rublyovka.locator(".token")).to_have_text(["Па", "Мам"])
    # the owner by name, the hotel by the edition's word: no colour to decode, no Latin «H»
    expect(rublyovka.locator(".held")).to_have_text("Мама · отель")
    expect(page.locator('.board .space[data-position="28"] .held')).to_have_text("Мама · в залоге")
    cells = page.locator(".board .space").evaluate_all("cells => cells.map((c) => c.innerText)")
    assert not [text for text in cells if re.search(r"\bH\b", text)], cells
    shot(page, "board")


def test_a_castle_is_a_castle_on_the_italian_board(server, phone):
    # the deal, then Marco's four rounds of building on his two streets: three cottages, then a castle
    page, _ = family_table(
        server, phone, edition="disney", locale="it-IT", steps=2, names=("Marco", "Martina", "Luca", "Lucia")
    )
    page.get_by_role("tab", name="Tabellone").click()
    expect(page.locator('.board .space[data-position="1"] .held')).to_have_text("Marco · castello")
    expect(page.locator(".legend .token")).to_have_text(["Marc", "Mart", "Luca", "Luci"])


def test_a_get_out_of_jail_free_card_kept_shows_on_its_holder_s_tile(server, phone, shot):
    page, api = family_table(server, phone, steps=3)  # Папа on Chance
    api.act({"type": "draw_card", "seat": 0, "card": "chance.jail_free"})
    tile = page.locator('.balances [data-seat="0"]')
    expect(tile.locator(".card-held")).to_have_text("карточка «Выйти из тюрьмы бесплатно»")
    expect(page.locator(".balances .card-held")).to_have_count(1)  # nobody else holds one
    shot(page, "tile")


def test_an_entry_with_rulings_shows_it_opens_and_one_with_nothing_inside_is_a_plain_line(server, phone, shot):
    page, api = family_table(server, phone)
    page.get_by_role("tab", name="Правила").click()
    marker = "el => getComputedStyle(el, '::before').content"
    # «Мама: Застройка» (her first, not the newest) holds a ruling per house: closed, and its marker says it opens
    built = page.locator(f'.events li[data-seq="{seq_of(api, "build", 1)}"]')
    summary = built.locator(":scope > details > summary")
    expect(summary).to_have_text("Мама: Застройка")  # what was done, no bare infinitive
    assert built.locator(":scope > details").get_attribute("open") is None
    assert summary.evaluate(marker) == '"▸"'
    summary.click()
    expect(built.locator(":scope > details")).to_have_attribute("open", "")
    assert summary.evaluate(marker) == '"▾"'
    # an end of turn holds nothing: a line, with no marker and nothing to tap
    ended = page.locator(f'.events li[data-seq="{seq_of(api, "end_turn", 0)}"]')
    expect(ended).to_have_text("Папа: Конец хода")
    expect(ended.locator("details, summary")).to_have_count(0)
    shot(page, "events")


def seq_of(api, type_: str, seat: int) -> int:
    """The first event of a type by a seat."""
    return next(e["seq"] for e in api.events() if e["type"] == type_ and e["seat"] == seat)


# How far under its summary's top edge each disclosure's title starts, against one line of it.
TITLE_DROPS = """() => [...document.querySelectorAll('#panel summary')].filter((s) => s.checkVisibility()).map((s) => {
  const range = document.createRange();
  range.selectNodeContents(s);
  const line = parseFloat(getComputedStyle(s).lineHeight);
  return { title: s.textContent, drop: range.getClientRects()[0].top - s.getBoundingClientRect().top, line };
})"""


@pytest.mark.parametrize("locale", ["it-IT", "uk-UA"])
def test_a_disclosure_s_marker_stands_on_the_first_line_of_its_title(server, phone, shot, locale):
    page, _ = family_table(server, phone, locale=locale, steps=3)
    expect(page.locator(".table-decisions summary")).to_have_count(3)
    titles = page.evaluate(TITLE_DROPS)
    assert titles, "no disclosure on the play tab"
    # the marker is on the title's first line: nothing above the title but the summary's padding
    assert [t["title"] for t in titles if t["drop"] > t["line"]] == [], titles
    shot(page.locator(".table-decisions"), "decisions")


def test_the_ledger_file_reads_in_the_reader_s_language_and_names_whose_statement_it_is(server, phone):
    page, api = family_table(server, phone, names=("Папа", "Мама", "Маша", "=Петя"))
    page.get_by_role("tab", name="Деньги").click()
    page.get_by_label("Выписка:").select_option(label="Маша")
    with page.expect_download() as download:
        page.get_by_role("button", name="Скачать CSV").click()
    assert "Маша" in download.value.suggested_filename and download.value.suggested_filename.endswith(".csv")
    text = Path(download.value.path()).read_text(encoding="utf-8-sig")  # a BOM: a spreadsheet reads it as UTF-8
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))  # a comma is Russian's decimal sign
    assert rows[0] == ["№", "Что произошло", "От кого", "Кому", "Сумма (M)", "За что", "Пояснение", "Остаток: Маша"]
    first = rows[1]
    assert first[1:6] == ["Стол: Стол создан", "Банк", "Маша", "1500", "стартовые деньги"] and first[7] == "1500"
    assert "Маша" in first[6]
    assert rows[-1][-1] == str(api.state()["players"][2]["cash"])  # the last balance is what Маша has
    # what happened is Маша's purchase at auction, not the last pass that closed it
    assert [row[1] for row in rows if row[5] == "аукцион"] == [
        "Маша покупает «Улица Полянка» на аукционе за M600",
        "Маша покупает «Курская железная дорога» на аукционе за M200",
    ]
    # the whole ledger: every player by name, one who could pass for a formula kept as text
    page.get_by_label("Выписка:").select_option(label="Все")
    with page.expect_download() as download:
        page.get_by_role("button", name="Скачать CSV").click()
    assert "Папа, Мама, Маша" in download.value.suggested_filename
    rows = list(csv.reader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8-sig")), delimiter=";"))
    assert len(rows) == len(api.client.get(f"/games/{api.game}/ledger?page_size=1000", headers=api.headers()).json) + 1
    assert "'=Петя" in {row[3] for row in rows} and "=Петя" not in {row[3] for row in rows}


def test_the_net_worth_chart_is_scaled_by_round_values_on_lines_of_their_own(server, phone):
    page, api = family_table(server, phone)
    page.get_by_role("tab", name="Деньги").click()
    labels = page.locator(".chart text.axis[data-value]")
    expect(labels.first).to_be_attached()
    values = [int(v) for v in labels.evaluate_all("ts => ts.map((t) => t.textContent.replace(/\\D/g, ''))")]
    history = api.client.get(f"/games/{api.game}/standings/history", headers=api.headers()).json["points"]
    highest = max(total for point in history for total in point["totals"])
    assert max(values) >= highest
    # 500, 1000, 2500: no more than two figures before the zeros, never 2092
    assert all(len(str(v).rstrip("0")) <= 2 for v in values), values
    assert page.locator(".chart line.grid").count() == len(values)  # each on a line of the scale


def test_the_start_page_opens_at_its_heading_and_edition(server, phone, shot):
    page = phone("ru-RU")
    page.goto(server.url + "/")
    expect(page.locator('input[name="player"]').first).to_be_attached()
    expect(page.get_by_role("heading", name="Новый стол")).to_be_in_viewport(ratio=1)
    expect(page.get_by_label("Издание")).to_be_in_viewport(ratio=1)
    assert page.evaluate("scrollY") == 0
    shot(page, "start")


def test_the_brand_asks_before_leaving_a_table_and_the_start_page_leads_back(server, phone, shot):
    page, _ = family_table(server, phone, steps=1)
    table = page.url
    page.get_by_role("link", name="Рефери").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Уйти со стола на стартовую страницу?")
    dialog.get_by_role("button", name="Остаться за столом").click()
    assert page.url == table
    page.get_by_role("link", name="Рефери").click()
    page.get_by_role("dialog").get_by_role("button", name="На стартовую страницу").click()
    back = page.get_by_role("link", name="Вернуться к столу: Папа, Мама, Маша, Петя")
    expect(back).to_be_in_viewport()
    shot(page, "start-back")
    back.click()
    expect(page.get_by_role("tab", name="Ход")).to_be_visible()
    assert page.url == table


def test_once_a_table_is_made_this_phone_is_the_table_s_or_one_player_s_seat(server, phone, shot):
    host = phone()
    links = start_table(host, server.url, "Oksana", "Taras", "Bohdan")
    choice = host.get_by_role("region", name="Whose phone is this?")
    table = choice.get_by_role("link", name="This is the table phone: it acts for everyone")
    expect(table).to_have_attribute("href", links[3])
    for seat, name in enumerate(("Oksana", "Taras", "Bohdan")):
        expect(choice.get_by_role("link", name=f"This is my phone: {name}")).to_have_attribute("href", links[seat])
    # the table's phone and each player's own weigh alike: one look, one size, one after the other
    choices = choice.get_by_role("link")
    looks = choices.evaluate_all(
        """links => links.map((a) => { const s = getComputedStyle(a), r = a.getBoundingClientRect();
          return [a.className, s.backgroundColor, s.fontWeight, s.fontSize, Math.round(r.width)].join(" "); })"""
    )
    assert len(looks) == 4 and len(set(looks)) == 1, looks
    shot(choice, "this-phone")
    choice.get_by_role("link", name="This is my phone: Oksana").click()
    expect(host.locator(".me")).to_have_text("Oksana's phone")
