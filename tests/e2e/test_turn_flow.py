"""The Play tab's turn flow as a table meets it, at 360×740: a pass that says the
passer's bid stands, a purchase the cash does not cover that says how to raise
it, streets that take no building saying why, the phone that waits naming who
it waits for, a seller's opening bid filled in and bounded, a timeout that puts a
player out only after a confirmation, and a rent claim the next roll would end
before the next move's dice. Every fact the page shows comes from the state."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from .phones import Api, cash, module_address, overflows, unnamed_controls
from .test_table_phone import in_view, open_table


def created(server, edition: str, *names: str, **options) -> tuple[dict, list[str]]:
    """A game made through the API; the links of its seats' phones, then the table's."""
    body = {"edition": edition, "players": [{"name": n} for n in names], **({"options": options} if options else {})}
    response = server.app.test_client().post("/games", json=body)
    assert response.status_code == 201, response.json
    game = response.json
    play = f"{server.url}/play/{game['id']}"
    links = [f"{play}#seat={p['seat']}&token={p['token']}" for p in game["players"]]
    return game, [*links, f"{play}#token={game['token']}"]


def block(page, seat: int):
    return page.locator(f'fieldset.seat-controls[data-seat="{seat}"]')


def test_the_high_bidder_s_pass_says_the_bid_stands(server, phone, shot):
    # seed 001 l.28: «Победитель платит предложенную сумму Банку»; seed 002 l.57: «Ваша ставка не згорає, якщо ви
    # потім спасували: коли решта теж спасує, бізнес дістанеться вам за неї»
    page, api, _ = open_table(server, phone, "Аня", "Боря", locale="ru-RU")
    api.act({"type": "roll", "seat": 0, "dice": [2, 3]})  # Reading Railroad
    api.act({"type": "decline", "seat": 0})
    api.act({"type": "bid", "seat": 1, "amount": 50})
    boris = block(page, 1).get_by_role("button", name=re.compile("^Пас"))
    expect(boris).to_have_text("Пас (ваша ставка M50 остаётся в силе: выиграет, если никто не перебьёт)")
    expect(block(page, 0).get_by_role("button", name=re.compile("^Пас"))).to_have_text("Пас (выйти из аукциона)")
    assert not overflows(page)
    shot(page, "high-bidder-pass")
    boris.click()
    block(page, 0).get_by_role("button", name="Пас (выйти из аукциона)").click()
    expect(cash(page, 1)).to_have_attribute("data-cash", "1450")  # Boris's M50 stood, and won
    assert next(p["owner"] for p in api.state()["properties"] if p["position"] == 5) == 1


def test_a_purchase_the_cash_does_not_cover_says_how_much_is_short_and_how_to_raise_it(server, phone, shot):
    # seed 001 l.26: «можно купить его у Банка по цене, указанной на поле»; the price is paid in cash
    page, api, _ = open_table(server, phone, "Anna", "Boris")
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})  # Baltic Avenue
    api.act({"type": "buy", "seat": 0})
    api.act({"type": "end_turn", "seat": 0})
    api.act({"type": "roll", "seat": 1, "dice": [4, 6]})  # just visiting
    api.act({"type": "end_turn", "seat": 1})
    api.act({"type": "adjust", "seat": 0, "source": "seat", "target": "bank", "amount": 1340, "reason": "test"})
    api.act({"type": "roll", "seat": 0, "dice": [2, 4]})  # Connecticut Avenue, M120, with M100
    anna = block(page, 0)
    expect(anna.get_by_role("button", name="Don't buy: auction it")).to_be_visible()
    expect(anna.get_by_role("button", name=re.compile("^Buy"))).to_have_count(0)
    note = anna.locator('[data-refused="buy"]')
    expect(note).to_have_text(
        "Anna has M100, M20 short of Connecticut Avenue (M120). To buy it, raise the cash first (mortgage or "
        "trade); or don't buy."
    )
    expect(page.locator('.pending[data-type="buy_decision"]')).to_contain_text(
        "Anna may decline Connecticut Avenue (M120), or buy it once the cash is there: M20 is missing."
    )
    assert in_view(note) and not overflows(page)
    shot(page, "short-of-the-price")
    api.act({"type": "mortgage", "seat": 0, "positions": [3]})  # M30 raised
    expect(anna.get_by_role("button", name="Buy Connecticut Avenue for M120")).to_be_visible()
    expect(note).to_have_count(0)


# The page's own modules render the controls of the state the engine's view gives (a position
# no short game reaches: a whole industry with 3, 4 and 4 branches).
HELD = """async ([js, state]) => {
  const web = (name) => js + name;
  const { Edition } = await import(web("edition.js"));
  const { seatControls } = await import(web("actions.js"));
  await import(web("property.js"));
  const edition = new Edition(await (await fetch("/editions/ua-industries")).json(), "uk");
  (await import(web("i18n.js"))).speakEdition(edition);  // the page's texts say the edition's {term.…}
  const table = {
    seat: 0, edition, state, view: { open: {} },
    name: (s) => state.players[s].name,
    place: (p) => edition.spaceName(p),
    money: (a) => edition.money(a),
    term: (id) => edition.term(id) ?? id,
    counted: (count, id) => `${count} ${id}`,
    pending: (type) => state.pending.filter((p) => p.type === type),
    options: (type, seat) => state.allowed.find((a) => a.type === type && a.seat === seat)?.options ?? null,
    refused: (type, seat) => state.refused.find((r) => r.type === type && r.seat === seat) ?? null,
    act: () => null,
  };
  const shown = seatControls(table, 0);
  document.body.replaceChildren(...shown);
  return [...document.querySelectorAll("[data-refused] .held-note")].map((p) => p.textContent);
}"""


def held_state() -> dict:
    """Oksana on enterprise 2 of her whole industry 1 after her roll; 3, 4 and 4 branches on it."""
    # seed 002 l.82: «Філію відкривають лише на тому підприємстві, де стоїть ваша фішка»; l.83: «на
    # підприємстві не може бути більше філій, ніж на найменш розвиненому в галузі, плюс одна»
    from referee.editions import shipped
    from referee.present import state_view
    from tests.rules.game import Game

    ua = shipped()["ua-industries"]
    game = Game(ua, "Оксана", "Тарас", rent_collection="automatic")
    game.own(0, 1, 3, 4)
    game.build_up({1: 3, 3: 4, 4: 4})
    game.roll(0, 1, 2)
    return json.loads(json.dumps(state_view(game.state, ua)))


def test_streets_that_take_no_building_now_say_why_where_the_build_form_would_be(server, phone, shot):
    page = phone("uk-UA")
    page.goto(server.url + "/")
    page.locator('input[name="player"]').first.wait_for()  # booted: the language's words are loaded
    notes = page.evaluate(HELD, [module_address(server, ""), held_state()])
    assert notes == [
        # seed 002 l.12: «Розширюйте лише підприємство під фішкою»: the edition's verb, and no plural
        # («на цих полях») for what may be one enterprise
        "Оксана: зараз не можна розширити підприємство (лише там, де стоїть фішка) — «Галузь 1: підприємство 1» і "
        "«Галузь 1: підприємство 3».",
        "Оксана: зараз не можна розширити підприємство (холдинг — лише після повного набору забудови на кожній "
        "клітинці групи) — «Галузь 1: підприємство 2».",
    ]
    shot(page, "held-streets")


def test_the_phone_that_waits_names_who_must_act_now(server, phone, shot):
    # seed 002 l.56: bids go in turn from the decliner; l.66: «Ставлять лише суперники»; an offer waits for its answer
    game, links = created(server, "ua-industries", "Оксана", "Тарас", "Богдан")
    api = Api(server, links[3])
    oksana, taras = phone("uk-UA"), phone("uk-UA")
    oksana.goto(links[0])
    taras.goto(links[1])
    api.act({"type": "roll", "seat": 0, "dice": [4, 6]})  # a visit to the tax inspection
    api.act({"type": "end_turn", "seat": 0})
    api.act({"type": "roll", "seat": 1, "dice": [2, 3]})  # Logistics 1
    api.act({"type": "decline", "seat": 1})
    opening = api.state()["allowed"][0]["options"]["amount"]["min"]
    api.act({"type": "bid", "seat": 1, "amount": opening})  # Taras bids first; Bohdan is next
    # no verb that would agree with the name («Наступним ставить Оксана» of a woman), no plural for one bidder
    expect(oksana.locator(".pending[data-type=auction]")).to_contain_text("Наступна ставка: Богдан.")
    expect(oksana.locator(".pending[data-type=auction]")).to_contain_text("виставлено на торги; у торгах:")
    expect(oksana.locator(".waiting")).to_have_text("Чекаємо: Богдан…")
    shot(oksana, "auction-waits-for-bohdan")
    api.act({"type": "pass", "seat": 2})
    api.act({"type": "pass", "seat": 0})  # Taras wins Logistics 1
    api.act({"type": "auction_property", "seat": 1, "position": 5, "start": 100})
    expect(taras.locator(".pending[data-type=seller_auction]")).to_contain_text("Наступна ставка:")
    waited = api.state()["waiting"]["seats"]
    expect(taras.locator(".waiting")).to_have_text(f"Чекаємо: {['Оксана', 'Тарас', 'Богдан'][waited[0]]}…")
    assert waited != [1]  # the seller does not bid
    for seat in (2, 0):
        api.act({"type": "pass", "seat": seat})
    api.act({"type": "trade", "seat": 1, "to": 2, "give": {"positions": [5]}, "get": {"cash": 150}})
    expect(oksana.locator(".waiting")).to_have_text("Чекаємо: Богдан…")  # the partner answers, not the turn


def test_the_seller_s_opening_bid_is_filled_in_bounded_and_a_bad_one_says_why(server, phone, shot):
    # seed 002 l.65: «Початкову ставку вибирайте повзунком із кроком 10. Вона не може бути нижчою за ціну викупу
    # банком; верхня межа враховує готівку найбагатшого суперника.»
    game, links = created(server, "ua-industries", "Оксана", "Тарас")
    api = Api(server, links[2])
    api.act({"type": "roll", "seat": 0, "dice": [2, 3]})  # Logistics 1
    api.act({"type": "buy", "seat": 0})
    [entry] = [a for a in api.state()["allowed"] if a["type"] == "auction_property"]
    start = entry["options"]["positions"][0]["start"]
    page = phone("uk-UA")
    page.goto(links[0])
    page.get_by_text("Виставити своє майно на торги").click()
    field = page.get_by_label("Початкова ставка (не нижче ціни викупу банком)")
    expect(field).to_have_value(str(start["min"]))
    expect(field).to_have_attribute("min", str(start["min"]))
    expect(field).to_have_attribute("step", str(start["step"]))
    assert (start["min"], start["max"], start["step"]) == (100, 1500, 10)  # the bank's price up to Taras's cash
    expect(page.locator("#seller-auction-0-start-range")).to_have_text("Від 100 до 1500 · крок 10")
    events = len(api.events())
    problem = "Вкажіть початкову ставку від 100 до 1500 із кроком 10."
    field.fill("")
    page.get_by_role("button", name="Почати торги").click()
    expect(page.get_by_role("alert").filter(has_text="Вкажіть")).to_have_text(problem)
    field.fill("105")
    page.get_by_role("button", name="Почати торги").click()
    expect(page.locator(".field-error")).to_have_text(problem)
    assert len(api.events()) == events  # nothing was sent
    assert unnamed_controls(page) == [] and not overflows(page)
    shot(page, "seller-opening-refused")
    field.fill("120")
    page.get_by_role("button", name="Почати торги").click()
    page.get_by_role("dialog").get_by_role("button", name="Почати торги").click()  # asked first
    expect(page.locator(".pending[data-type=seller_auction]")).to_be_visible()
    assert api.events()[-1]["action"]["start"] == 120


def test_a_timeout_that_puts_a_player_out_asks_first_and_a_stale_error_goes_with_the_state(
    server, phone, shot, hand_clock
):
    # seed 002 l.155: «Не встигли — ви вибуваєте з гри»; l.158: «Хто вибув, вважається банкрутом перед банком.
    # Коли за столом лишається менше двох, гра закінчується.»
    game, links = created(server, "ua-industries", "Olya", "Petro", clock=True)
    api = Api(server, links[2])
    olya, petro = phone(), phone()
    petro.clock.install()
    petro.goto(links[1])
    behind = {"on": True}  # Olya's phone hears of nothing new: its polls are answered "unchanged"

    def polls(route):
        asked = route.request.headers.get("if-none-match")
        if behind["on"] and asked and route.request.method == "GET":
            route.fulfill(status=304, headers={"ETag": asked})
        else:
            route.continue_()

    olya.route(lambda url: url.endswith(f"/games/{game['id']}"), polls)
    olya.goto(links[0])
    expect(olya.get_by_role("radio", name="Die 2: 6")).to_be_attached()
    api.act({"type": "roll", "seat": 0, "dice": [2, 4]})  # entered on another phone meanwhile
    olya.get_by_role("radio", name="Die 1: 2").check()
    olya.get_by_role("radio", name="Die 2: 4").check()
    olya.get_by_role("button", name="Roll 2 + 4 = 6").click()  # her screen was behind: refused
    expect(olya.get_by_role("alert")).to_contain_text("Another phone entered something first.")

    hand_clock.advance(301)
    petro.clock.fast_forward("05:01")
    expired = petro.locator(".timer.clock.expired")
    expect(expired).to_contain_text(
        "Olya's time to decide is up. Once reported, Olya is out of the game, bankrupt to the bank."
    )
    report = petro.get_by_role("button", name="Report that time is up for Olya")
    report.click()
    dialog = petro.get_by_role("dialog")
    expect(dialog).to_contain_text(
        "Report that time is up for Olya? Olya is then out of the game, bankrupt to the bank: everything held "
        "goes to the bank. The game ends."
    )
    shot(petro, "timeout-confirmation")
    dialog.get_by_role("button", name="Cancel").click()
    assert not api.state()["finished"]  # nothing without the confirmation
    report.click()
    petro.get_by_role("dialog").get_by_role("button", name="Report: Olya is out").click()
    expect(petro.locator(".final")).to_be_visible()
    assert api.state()["finished"]

    behind["on"] = False  # her phone reads the game's end
    expect(olya.locator(".final")).to_be_visible()
    expect(olya.locator(".error")).to_have_count(0)  # the refusal answered a state gone by
    shot(olya, "final-without-stale-error")


def test_a_rent_claim_the_next_roll_would_end_comes_before_the_next_move_s_dice(server, phone, shot):
    # seed 001: rent is claimed before the next player's roll; a double rolls again
    page, api, _ = open_table(server, phone, "Anna", "Boris")
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})  # Baltic Avenue
    api.act({"type": "buy", "seat": 0})
    api.act({"type": "end_turn", "seat": 0})
    api.act({"type": "roll", "seat": 1, "dice": [6, 6]})  # Electric Company
    api.act({"type": "buy", "seat": 1})
    api.act({"type": "roll", "seat": 1, "dice": [1, 2]})  # Pennsylvania Railroad
    api.act({"type": "buy", "seat": 1})
    api.act({"type": "end_turn", "seat": 1})
    api.act({"type": "roll", "seat": 0, "dice": [2, 2]})  # Chance, on a double
    api.act({"type": "draw_card", "seat": 0, "card": "chance.utility"})  # on to Electric Company, Boris's
    claim = page.get_by_role("button", name="Claim rent from Anna (Electric Company)")
    expect(claim).to_be_visible()
    expect(block(page, 0).locator(".dice")).to_be_visible()  # Anna's next move waits below
    assert page.locator("fieldset.seat-controls[data-seat]").first.get_attribute("data-seat") == "1"
    page.evaluate("window.scrollTo(0, 0)")
    assert in_view(claim), "the claim is below the fold"
    shot(page, "claim-before-the-dice")
    claim.click()
    expect(block(page, 0).get_by_text("Roll for the rent on Electric Company")).to_be_visible()
