"""The ua-industries game through HTTP (seed 002): the seller's auction, trades
and no mortgages as a client sees them; and the table clock -- who is on it,
how long is left, and what the service does once the time is up. The
service's clock is replaced by one the test moves by hand."""

from dataclasses import replace
from datetime import timedelta

import pytest

from referee.rules import start
from referee.rules.serialize import state_to_dict
from referee.service import games

from .table import Table


@pytest.fixture
def clock(hand_clock):
    return hand_clock


def clocked_table(client) -> Table:
    return Table(client, "Anna", "Boris", "Vera", edition="ua-industries", options={"clock": True})


def declined(client) -> Table:
    table = clocked_table(client)
    table.roll(0, 1, 2)  # onto 3, free
    table.act("decline", 0)
    return table


def holding(state: dict, position: int) -> dict:
    return next(h for h in state["properties"] if h["position"] == position)


def problem(response) -> tuple[int, str | None, str | None]:
    return response.status_code, response.json.get("code"), response.json.get("rule")


class TestTheClock:
    def test_the_state_says_who_is_on_the_clock_and_how_long_is_left(self, client, clock):
        # seed 002: "На своє рішення — кидок, купівлю чи відмову, погашення боргу, вибір на перевірці, завершення
        # ходу — у вас 5 хвилин. Час іде лише в того, хто має діяти зараз"
        table = clocked_table(client)
        table.roll(0, 1, 2)  # the first action starts the game, and with it the clock
        shown = table.state()["clock"]
        assert (shown["kind"], shown["seats"], shown["seconds"], shown["remaining"]) == ("decision", [0], 300, 300)
        assert shown["deadline"] == (clock.at + timedelta(seconds=300)).isoformat(timespec="milliseconds")
        assert (shown["started"], shown["expired"], shown["consequence"]) == (True, False, "out")
        clock.advance(120)
        assert table.state()["clock"]["remaining"] == 180
        table.act("decline", 0)  # an action: the time starts again
        assert table.state()["clock"]["remaining"] == 60  # the decliner's first bid, 60 seconds
        assert table.state()["options"]["clock"] is True

    def test_the_clock_starts_with_the_first_action_not_when_the_table_is_created(self, client, app, clock):
        # seed 002 l.153: «Гру запускає той, хто її створив, щойно зібралося двоє.» -- the game, and its clock,
        # start at the table, not at the creation of the links
        table = clocked_table(client)
        shown = table.created["state"]["clock"]
        assert (shown["kind"], shown["seats"], shown["seconds"], shown["started"]) == ("decision", [0], 300, False)
        assert (shown["since"], shown["deadline"], shown["remaining"], shown["expired"]) == (None, None, None, False)
        clock.advance(3600)  # an hour before anyone opens a link: nobody's time runs
        state = table.state()
        assert state["clock"]["started"] is False and state["clock_since"] == 0
        assert "timeout" not in {a["type"] for a in state["allowed"]}
        early = table.post("/actions", {"type": "timeout", "seat": 1}, token=table.seat_tokens[1])
        assert problem(early) == (409, "clock_not_started", "clock.not_started")
        rolled = table.roll(0, 1, 2)  # the first action, an hour later: nothing was recorded before it
        assert [e["type"] for e in table.journal()] == ["create", "roll"]
        assert rolled["state"]["clock_since"] == 2 and rolled["state"]["clock"]["remaining"] == 300
        clock.advance(300)  # from the start on, no unlimited time: Anna's decision runs out as before
        out = table.act("timeout", 1, token=table.seat_tokens[1])
        assert out["rulings"][0]["rule"] == "clock.out" and out["state"]["players"][0]["bankrupt"]
        referee = app.extensions["referee"]
        assert state_to_dict(referee.replay(table.id)) == referee.store.game(table.id)["state"]

    def test_a_game_whose_clock_started_at_its_creation_keeps_that_fact(self, client, app, clock, monkeypatch):
        # a table created before the clock waited for the first action: its creation recorded the start
        def started_at_creation(edition, setup):
            created = start(edition, setup)
            return replace(created, state=replace(created.state, clock_since=1))

        with monkeypatch.context() as patched:
            patched.setattr(games, "start", started_at_creation)
            table = clocked_table(client)
        assert table.state()["clock"]["started"] is True
        clock.advance(300)
        out = table.act("timeout", 1, token=table.seat_tokens[1])  # judged as recorded: Anna's time ran out
        assert out["rulings"][0]["rule"] == "clock.out" and out["state"]["players"][0]["bankrupt"]
        referee = app.extensions["referee"]
        assert state_to_dict(referee.replay(table.id)) == referee.store.game(table.id)["state"]

    def test_a_game_without_the_clock_shows_none_and_an_edition_without_one_refuses_it(self, client):
        assert Table(client, edition="ua-industries").created["state"]["clock"] is None
        response = client.post(
            "/games", json={"edition": "classic", "players": [{"name": "A"}, {"name": "B"}], "options": {"clock": True}}
        )
        assert response.status_code == 422 and "options" in response.json["errors"]["json"]

    def test_a_late_bid_is_silence_the_service_records_the_pass_first(self, client, app, clock):
        # seed 002: "Зробити ставку на торгах ... треба за 60 секунд. Мовчання означає пас"
        table = declined(client)
        table.act("bid", 0, amount=45)
        assert table.state()["clock"]["seats"] == [1]
        clock.advance(61)
        late = client.post(
            f"/games/{table.id}/actions", json={"type": "bid", "seat": 1, "amount": 55}, headers=table.headers()
        )
        assert problem(late) == (409, "not_bidding", "auction.not_bidding")
        recorded = table.journal()[-1]
        assert (recorded["type"], recorded["seat"], recorded["action"]["elapsed"]) == ("timeout", 1, 61.0)
        assert [r["rule"] for r in recorded["rulings"]] == ["clock.bid"]
        (auction,) = [p for p in table.state()["pending"] if p["type"] == "auction"]
        assert (auction["bidders"], auction["turn"]) == ([0, 2], 2)
        referee = app.extensions["referee"]
        assert state_to_dict(referee.replay(table.id)) == referee.store.game(table.id)["state"]

    def test_any_phone_reports_a_timeout_once_the_time_is_up_and_not_before(self, client, clock):
        # seed 002: "Торги без першої ставки чекають 60 секунд на весь лот, потім скасовуються."
        table = declined(client)
        vera = table.seat_tokens[2]
        clock.advance(30)
        early = client.post(
            f"/games/{table.id}/actions", json={"type": "timeout", "seat": 2}, headers=table.headers(vera)
        )
        assert problem(early) == (409, "clock_running", "clock.running")
        assert early.json["ruling"]["values"]["remaining"] == "30"
        assert ("timeout", 2) not in {(a["type"], a["seat"]) for a in table.state()["allowed"]}
        clock.advance(30)
        assert {("timeout", s) for s in (0, 1, 2)} <= {(a["type"], a["seat"]) for a in table.state()["allowed"]}
        forged = client.post(
            f"/games/{table.id}/actions", json={"type": "timeout", "seat": 2, "elapsed": 999}, headers=table.headers()
        )
        assert forged.status_code == 422 and "elapsed" in forged.json["errors"]["json"]
        done = table.act("timeout", 2, token=vera)
        assert [r["rule"] for r in done["rulings"]] == ["clock.cancelled"]
        assert holding(done["state"], 3)["owner"] is None and done["event"]["action"]["elapsed"] == 60.0
        assert not [p for p in done["state"]["pending"] if p["type"] == "auction"]

    def test_an_expired_decision_puts_the_player_out_bankrupt_to_the_bank(self, client, clock):
        # seed 002: "Не встигли — ви вибуваєте з гри." "Хто вибув, вважається банкрутом перед банком."
        table = clocked_table(client)
        table.roll(0, 1, 4)  # onto 5, logistics
        table.act("buy", 0)
        clock.advance(301)
        shown = table.state()["clock"]
        assert (shown["expired"], shown["consequence"], shown["enforced"]) == (True, "out", True)
        # reporting it is all that is left: any later request would record it first
        assert {a["type"] for a in table.state()["allowed"]} == {"timeout"}
        assert ("timeout", 1) in {(a["type"], a["seat"]) for a in table.state()["allowed"]}
        done = table.act("timeout", 1, token=table.seat_tokens[1])
        rules = [r["rule"] for r in done["rulings"]]
        assert rules[0] == "clock.out" and "bankruptcy.estate_free" in rules
        anna = done["state"]["players"][0]
        assert anna["bankrupt"] and anna["cash"] == 0 and holding(done["state"], 5)["owner"] is None
        assert done["state"]["turn"]["seat"] == 1

    def test_a_late_request_finds_its_player_out_already(self, client, clock):
        # seed 002: "Коли за столом лишається менше двох, гра закінчується."
        table = Table(client, "Anna", "Boris", edition="ua-industries", options={"clock": True})
        table.roll(0, 1, 2)  # onto 3, free: Anna buys or declines
        clock.advance(300)
        late = client.post(f"/games/{table.id}/actions", json={"type": "buy", "seat": 0}, headers=table.headers())
        assert late.status_code == 409
        recorded = table.journal()[-1]
        assert late.headers["ETag"] == f'"{recorded["seq"]}"'  # the timeout recorded first stands: the game moved
        assert (recorded["type"], recorded["seat"], recorded["action"]["elapsed"]) == ("timeout", 0, 300.0)
        state = table.state()
        assert state["finished"] and state["winner"] == 1 and state["players"][0]["bankrupt"]

    def test_an_unanswered_offer_is_refused_and_the_timeout_is_explained_in_ukrainian(self, client, clock):
        # seed 002: "відповісти на пропозицію обміну треба за 60 секунд. Мовчання означає пас або відмову"
        table = clocked_table(client)
        table.roll(0, 1, 4)  # onto 5, logistics
        table.act("buy", 0)
        table.act("trade", 0, to=1, give={"positions": [5]}, get={"cash": 150})
        assert table.state()["clock"]["kind"] == "answer"
        clock.advance(60)
        response = client.post(
            f"/games/{table.id}/actions",
            json={"type": "timeout", "seat": 0},
            headers={**table.headers(), "Accept-Language": "uk"},
        )
        assert response.status_code == 201
        rulings = response.json["rulings"]
        assert [r["rule"] for r in rulings] == ["clock.answer", "trade.rejected"]
        assert rulings[0]["lang"] == "uk" and "мовчання" in rulings[0]["text"]


class TestPropertyRules:
    def bought_logistics(self, client) -> Table:
        table = Table(client, "Anna", "Boris", "Vera", edition="ua-industries")
        table.roll(0, 1, 4)  # onto 5, logistics, price 200
        table.act("buy", 0)
        return table

    def test_the_seller_s_auction_only_opponents_bid_and_the_winner_pays_the_seller(self, client):
        # seed 002: "Ставлять лише суперники, зокрема боти; продавець не бере участі. Переможець платить свою
        # ставку вам і отримує майно."
        table = self.bought_logistics(client)
        opened = table.act("auction_property", 0, position=5, start=100)
        (auction,) = [p for p in opened["state"]["pending"] if p["type"] == "seller_auction"]
        assert (auction["seller"], auction["bidders"], auction["turn"], auction["opening"]) == (0, [1, 2], 1, 100)
        table.act("bid", 1, amount=100)
        closed = table.act("pass", 2)
        assert holding(closed["state"], 5)["owner"] == 1
        assert [(e["from"], e["to"], e["amount"], e["rule"]) for e in closed["ledger"]] == [
            (1, 0, 100, "seller_auction.sold")
        ]

    def test_an_opening_bid_below_the_bank_s_price_is_refused_naming_the_rule(self, client):
        # seed 002: "Вона не може бути нижчою за ціну викупу банком"
        table = self.bought_logistics(client)
        before = table.snapshot()
        response = client.post(
            f"/games/{table.id}/actions",
            json={"type": "auction_property", "seat": 0, "position": 5, "start": 90},
            headers={**table.headers(), "Accept-Language": "uk"},
        )
        assert problem(response) == (409, "below_bank_price", "seller_auction.start_floor")
        assert response.json["ruling"]["lang"] == "uk" and response.json["ruling"]["booklet"]
        assert table.snapshot() == before

    def test_mortgages_are_refused_naming_the_rule(self, client):
        # seed 002: "Застави в цій грі немає."
        table = self.bought_logistics(client)
        response = client.post(
            f"/games/{table.id}/actions",
            json={"type": "mortgage", "seat": 0, "positions": [5]},
            headers=table.headers(),
        )
        assert problem(response) == (409, "no_mortgages", "mortgage.unavailable")

    def test_one_offer_per_turn_which_holds_up_play_until_answered(self, client):
        # seed 002: "Обмін пропонують у свій хід, після кидка, — один раз за хід." "Онлайн пропозиція чекає на
        # відповідь суперника, а обмін за хід витрачається вже в момент пропозиції — навіть якщо вам відмовлять."
        table = self.bought_logistics(client)
        offered = table.act("trade", 0, to=1, give={"positions": [5]}, get={"cash": 150})
        (offer,) = [p for p in offered["state"]["pending"] if p["type"] == "trade_offer"]
        assert offer["blocking"] is True
        assert ("end_turn", 0) not in {(a["type"], a["seat"]) for a in offered["state"]["allowed"]}
        table.act("reject_trade", 1)
        again = client.post(
            f"/games/{table.id}/actions",
            json={"type": "trade", "seat": 0, "to": 2, "give": {"positions": [5]}, "get": {"cash": 150}},
            headers=table.headers(),
        )
        assert problem(again) == (409, "trade_used", "trade.once_per_turn")
        table.act("end_turn", 0)

    def test_the_bank_buys_back_only_from_a_debtor_and_no_debt_is_paid_in_property(self, client):
        # seed 002: "Продати бізнес банку можна лише в борг" "виникає борг на всю суму, частинами не платять."
        table = self.bought_logistics(client)
        before = table.snapshot()
        response = client.post(
            f"/games/{table.id}/actions",
            json={"type": "sell_to_bank", "seat": 0, "position": 5},
            headers={**table.headers(), "Accept-Language": "uk"},
        )
        assert problem(response) == (409, "no_debt", "bank_sale.not_in_debt")
        assert response.json["ruling"]["lang"] == "uk" and response.json["ruling"]["booklet"]
        response = client.post(
            f"/games/{table.id}/actions",
            json={"type": "offer_property", "seat": 0, "to": 1, "positions": [5], "value": 100},
            headers=table.headers(),
        )
        assert problem(response) == (409, "no_payment_in_kind", "debt.in_kind.unavailable")
        assert table.snapshot() == before
        assert not {"sell_to_bank", "offer_property"} & {a["type"] for a in table.state()["allowed"]}
