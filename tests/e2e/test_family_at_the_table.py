"""What a family met on the phone page at 360×740: the links kept one tap away
for the whole game, a claim that keeps the roll entered, a reminder only when
the roll ends a claim, a build form capped by the options, a tab bar in one row."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from .phones import cash, module_address, roll, start_on_this_phone
from .test_table_phone import open_table


def test_the_links_and_qr_codes_stay_one_tap_away_after_the_first_roll(server, phone):
    page = phone()
    start_on_this_phone(page, server.url, "Anna", "Boris")
    roll(page, 1, 2)  # Anna on Baltic Avenue
    expect(page.get_by_role("button", name="Buy Baltic Avenue for M60")).to_be_visible()
    page.get_by_text("Links and QR codes for the phones").click()
    expect(page.locator(".link-card")).to_have_count(3)


def test_a_doubles_re_roll_ends_no_claim_so_the_page_does_not_ask(server, phone):
    # seed 001: "Владелец чужой собственности должен потребовать ренту до броска следующего игрока."
    page, api, _ = open_table(server, phone, "Anna", "Boris")
    api.act({"type": "roll", "seat": 0, "dice": [3, 3]})  # 6: Oriental Avenue, a double
    api.act({"type": "buy", "seat": 0})
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})  # 9: Connecticut Avenue
    api.act({"type": "buy", "seat": 0})
    api.act({"type": "end_turn", "seat": 0})
    expect(page.get_by_text("Boris's turn")).to_be_visible()
    roll(page, 3, 3)  # Boris on Anna's Oriental Avenue, a double: rent 6 open
    expect(page.locator(".pending-list")).to_contain_text("Oriental Avenue")
    roll(page, 1, 2)  # his own second roll: the claim stays open, nothing to ask
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.locator(".moves")).to_have_text("Move Boris's token to Connecticut Avenue")  # the roll went through
    expect(cash(page, 0)).to_have_attribute("data-cash", str(1500 - 100 - 120))
    assert api.state()["players"][1]["position"] == 9
    assert [p["position"] for p in api.state()["pending"] if p["type"] == "rent_claim"] == [6, 9]


@pytest.mark.parametrize("locale", ["en-US", "ru-RU", "uk-UA", "it-IT"])
def test_the_undo_dialog_s_two_choices_say_different_things_in_every_language(server, phone, locale):
    page, api, _ = open_table(server, phone, "Anna", "Boris", locale=locale)
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})
    quick = page.locator("button.quick-undo")
    quick.click()
    buttons = page.get_by_role("dialog").get_by_role("button")
    expect(buttons).to_have_count(2)
    keep, take = [label.strip() for label in buttons.all_inner_texts()]
    # not the same word, nor two forms of one ("Отмена" | "Отменить"): their stems differ
    assert stem(keep) != stem(take), (keep, take)
    assert stem(keep) != stem(quick.inner_text()), "the dialog's no reads like the undo that opened it"
    buttons.first.click()
    assert api.state()["players"][0]["position"] == 3  # kept


def stem(label: str) -> str:
    return label.split()[0].lower()[:4]


# The page's own modules on the ua-industries board, with a table stub whose `allowed`
# is the engine's own answer (``allowed_build``).
UA_TABLE = """
const { Edition } = await import(web("edition.js"));
const { seatControls } = await import(web("actions.js"));
await import(web("property.js"));
const edition = new Edition(await (await fetch("/editions/ua-industries")).json(), "en");
const names = ["Anna", "Boris"];
const sent = [];
const table = {
  seat: null,
  edition,
  view: { open: {} },
  state: {
    players: names.map((name, seat) => ({ seat, name, cash: 1500, jail_cards: [] })),
    properties: [1, 3, 4].map((position) => ({ position, owner: 0, houses: 0, hotel: false, mortgaged: false })),
    bank: { houses: 32, hotels: 12 },
    pending: [],
    allowed: [build],
    options: {},
  },
  name: (s) => names[s],
  place: (p) => edition.spaceName(p),
  money: (a) => edition.money(a),
  term: (id) => edition.term(id) ?? id,
  counted: (count, id) => `${count} ${id}`,
  pending: (type) => table.state.pending.filter((p) => p.type === type),
  options: (type, seat) => table.state.allowed.find((a) => a.type === type && a.seat === seat)?.options ?? null,
  act: (body) => sent.push(body),
};
"""


def allowed_build() -> dict:
    """Anna owns industry 1 and stands on 3 after her roll: the engine's build entry."""
    # seed 002: "Філію відкривають лише на тому підприємстві, де стоїть ваша фішка, і не більше однієї за
    # відвідування."
    from referee.editions import shipped
    from referee.rules import allowed
    from referee.rules.engine import Now
    from referee.rules.state import Turn
    from tests.rules.game import Game

    ua = shipped()["ua-industries"]
    game = Game(ua, "Anna", "Boris")
    game.own(0, 1, 3, 4)
    game.arrange(turn=Turn(seat=0, can_roll=False, rolled=True))
    game.place(0, 3)
    [entry] = [a for a in allowed(game.state, ua, Now()) if a["type"] == "build"]
    return json.loads(json.dumps(entry))


def test_the_build_form_takes_no_more_than_one_build_may_and_offers_no_round(server, phone):
    page = phone()
    page.goto(server.url + "/")
    page.locator('input[name="player"]').first.wait_for()  # booted: the language's words are loaded
    result = page.evaluate(
        "async ([js, build]) => { const web = (name) => js + name;"
        + UA_TABLE
        + """
        const [control] = seatControls(table, 0);
        document.body.append(control);
        control.querySelector("summary").click();
        const count = control.querySelector("#build-0-3");
        const more = count.nextElementSibling;
        more.click(); more.click(); more.click();
        const buttons = [...control.querySelectorAll("button")].map((b) => b.textContent);
        const shown = { value: count.value, max: count.max, buttons };
        control.querySelector("button[type=submit]").click();
        return { shown, sent };
        }""",
        [module_address(server, ""), allowed_build()],
    )
    assert result["shown"]["value"] == "1" and result["shown"]["max"] == "1"
    assert "One more on each" not in result["shown"]["buttons"]
    assert result["sent"] == [{"type": "build", "seat": 0, "positions": [3]}]


GEOMETRY = """() => {
  const box = (selector) => document.querySelector(selector).getBoundingClientRect();
  const tabs = [...document.querySelectorAll(".tabs [role=tab]")];
  const tops = tabs.map((tab) => Math.round(tab.getBoundingClientRect().top));
  const clipped = tabs.filter((tab) => tab.scrollWidth > tab.clientWidth);
  return { bar: box(".bar").bottom, tabs: [box(".tabs").top, box(".tabs").bottom], rows: new Set(tops).size,
           clipped: clipped.map((tab) => tab.textContent), moves: box(".moves").top };
}"""


@pytest.mark.parametrize("width", [360, 320])
@pytest.mark.parametrize("locale", ["en-US", "ru-RU", "uk-UA", "it-IT"])
def test_the_tab_bar_is_one_row_under_the_bar_and_leaves_the_token_s_banner_in_view(server, phone, locale, width):
    page, api, _ = open_table(server, phone, "Anna", "Boris", "Vera", locale=locale)
    page.set_viewport_size({"width": width, "height": 740})
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})  # another phone's roll: its line shows in the bar
    expect(page.locator(".moves")).to_be_visible()
    expect(page.locator("#toast.shown")).to_be_visible()
    page.locator(".moves").evaluate("banner => banner.scrollIntoView()")  # scrolled to: it must clear the sticky bars
    shown = page.evaluate(GEOMETRY)
    assert shown["rows"] == 1 and shown["clipped"] == [], shown
    assert shown["tabs"][1] - shown["tabs"][0] <= 56, shown  # 44 px targets and a little air
    assert shown["tabs"][0] >= shown["bar"] - 0.5, shown  # stuck under the bar, however tall its news line
    assert shown["moves"] >= shown["tabs"][1] - 0.5, shown  # the banner below the tabs, not under them
