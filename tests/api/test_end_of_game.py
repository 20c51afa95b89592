"""How a game ends, through HTTP: bankruptcy and the last player standing, the short game's deal, the timed
game's clock, and the game refusing play (but not reads) once it is over."""

import json
import re
from datetime import timedelta
from pathlib import Path

import pytest

from referee.rules.serialize import state_to_dict

from .table import END, Table, actions, broke_by_income_tax, moved_clock, of_play


def replays_to_the_stored_state(app, table: Table) -> bool:
    referee = app.extensions["referee"]
    return state_to_dict(referee.replay(table.id)) == referee.store.game(table.id)["state"]


def standings(client, table: Table) -> list[dict]:
    response = client.get(f"/games/{table.id}/standings", headers=table.headers())
    assert response.status_code == 200, response.json
    return response.json["standings"]


@pytest.fixture
def clock(app):
    """The service's clock, set by the test: 10 minutes before END unless moved."""
    return moved_clock(app, END - timedelta(minutes=10))


def test_a_debtor_declares_bankruptcy_the_last_player_wins_and_the_game_only_answers_reads(client, app):
    # seed 001: "Если после продажи зданий и залога вы всё равно не можете погасить долг, вы банкрот и
    # выходите из игры ... Остальные продолжают, пока не останется один участник. Он победитель"
    table = Table(client)
    state = broke_by_income_tax(table)["state"]
    [debt] = state["pending"]
    assert debt["can_raise"]["enough"] is False and {"type": "declare_bankruptcy", "seat": 0} in actions(
        state["allowed"]
    )
    assert table.act("declare_bankruptcy", 1, expect=409)["rule"] == "bankruptcy.no_debt"
    result = table.act("declare_bankruptcy", 0)
    assert [(e["from"], e["to"], e["amount"], e["rule"]) for e in result["ledger"]] == [
        (0, "bank", 50, "bankruptcy.cash")
    ]
    state = result["state"]
    assert state["finished"] is True and state["winner"] == 1 and state["winners"] == [1]
    assert state["players"][0]["bankrupt"] is True and state["allowed"] == [] and state["pending"] == []
    assert result["rulings"][-1]["rule"] == "game.won"

    refused = table.act("roll", 1, dice=[1, 2], expect=409)
    assert (refused["code"], refused["rule"]) == ("game_over", "game.over")
    assert table.state()["winner"] == 1  # reads still work
    assert [row["seat"] for row in standings(client, table)] == [1, 0]
    assert replays_to_the_stored_state(app, table)


def test_bankruptcy_is_explained_in_the_reader_s_language(client):
    table = Table(client)
    table.roll(0, 1, 3)  # Income Tax
    table.act("end_turn", 0)
    response = client.post(
        f"/games/{table.id}/actions",
        json={"type": "declare_bankruptcy", "seat": 0},
        headers={**table.headers(), "Accept-Language": "ru"},
    )
    assert response.status_code == 409
    assert response.json["rule"] == "bankruptcy.no_debt"
    assert response.json["detail"].startswith("Anna: долгов нет")


def test_a_debt_paid_partly_in_property_through_the_api(client, app):
    # seed 000: "Вы можете заплатить Вашему кредитору часть суммы наличными и часть суммы принадлежащей вам
    # собственностью (при этом на этих Владениях не должно быть никаких зданий)"
    table = Table(client)
    table.roll(0, 1, 2)  # Baltic Avenue
    table.act("decline", 0)
    table.act("bid", 0, amount=1460)
    table.act("pass", 1)  # Anna keeps 40
    table.act("end_turn", 0)
    table.roll(1, 4, 6)
    table.act("end_turn", 1)
    table.roll(0, 1, 3)  # 7: Chance
    state = table.act("draw_card", 0, card="chance.chairman")["state"]  # 50 to Boris: 10 short
    [debt] = state["pending"]
    assert (debt["debtor"], debt["creditor"], debt["amount"]) == (0, 1, 50)
    offered = table.act("offer_property", 0, to=1, positions=[3], value=20)
    [offer] = [p for p in offered["state"]["pending"] if p["type"] == "property_offer"]
    assert {"type": "accept_property", "seat": 1} in actions(offered["state"]["allowed"])
    result = table.act("accept_property", 1, offer=offer["id"])
    assert [(e["from"], e["to"], e["amount"]) for e in result["ledger"]] == [(0, 1, 30)]
    state = result["state"]
    assert [p["owner"] for p in state["properties"] if p["position"] == 3] == [1]
    assert [p["cash"] for p in state["players"]] == [10, 1530]  # 40 - 30; Boris 1500 + 30
    assert replays_to_the_stored_state(app, table)


def test_a_mortgaged_property_offered_for_a_debt_says_the_interest_its_receiver_would_pay(client):
    # seed 000: "кредитор может принять определенную собственность (даже если она заложена)"; the receiver
    # then keeps it mortgaged paying the bank 10% or lifts it -- said before the offer is made and answered
    table = Table(client)
    table.roll(0, 1, 2)  # Baltic Avenue
    table.act("buy", 0)
    table.act("mortgage", 0, positions=[3])  # M30
    table.act("end_turn", 0)
    table.roll(1, 4, 6)
    table.act("end_turn", 1)
    table.act("adjust", 0, source="seat", target="bank", amount=1450, reason="a fine")  # Anna keeps 20
    table.roll(0, 1, 3)  # 7: Chance
    state = table.act("draw_card", 0, card="chance.chairman")["state"]  # 50 to Boris: 30 short
    [offer_options] = [a["options"] for a in state["allowed"] if a["type"] == "offer_property" and a["seat"] == 0]
    baltic = {"position": 3, "mortgaged": True, "interest": 3, "percent": 10}
    assert offer_options["positions"] == [baltic]
    offered = table.act("offer_property", 0, to=1, positions=[3], value=20)["state"]
    [offer] = [p for p in offered["pending"] if p["type"] == "property_offer"]
    [accept] = [a["options"] for a in offered["allowed"] if a["type"] == "accept_property"]
    assert accept == {"offer": [offer["id"]], "mortgaged": [{"offer": offer["id"], **baltic}]}


def test_the_short_game_waits_for_the_deal_which_the_table_reports(client, app):
    # seed 000: "раздает два раза по кругу игрокам по одной карточке Собственника ... должны немедленно
    # заплатить Банк указанную цену за обе полученные карточки Собственника"
    table = Table(client, variant="short")
    state = table.created["state"]
    assert [p["type"] for p in state["pending"]] == ["deed_deal"]
    assert {a["type"] for a in of_play(state["allowed"])} == {"deal_deeds"}
    assert table.roll(0, 1, 2, expect=409)["rule"] == "turn.resolve_first"
    assert table.act("deal_deeds", 0, deeds=[[1, 3], [3, 6]], expect=409)["code"] == "dealt_twice"
    assert table.act("deal_deeds", 0, deeds=[[1, 3]], expect=409)["code"] == "deal_players"
    result = table.act("deal_deeds", 0, deeds=[[39, 37], [1, 3]])
    assert [(e["from"], e["amount"], e["rule"]) for e in result["ledger"]] == [
        (0, 400, "deal.deed"),
        (1, 60, "deal.deed"),
        (0, 350, "deal.deed"),
        (1, 60, "deal.deed"),
    ]
    assert [p["cash"] for p in result["state"]["players"]] == [750, 1380]
    assert replays_to_the_stored_state(app, table)


def test_with_virtual_decks_the_service_deals_and_records_the_deal_in_the_creation_event(client, app):
    table = Table(client, variant="short", options={"decks": "virtual"})
    [created] = table.journal()[:1]
    deeds = created["action"]["deeds"]
    assert [len(d) for d in deeds] == [2, 2] and len({p for d in deeds for p in d}) == 4
    owners = {p["position"]: p["owner"] for p in table.state()["properties"] if p["owner"] is not None}
    assert owners == {p: seat for seat, dealt in enumerate(deeds) for p in dealt}
    ledger = [e for e in table.ledger() if e["rule"] == "deal.deed"]
    assert len(ledger) == 4 and all(e["event"] == 1 for e in ledger)
    assert table.state()["pending"] == []
    assert replays_to_the_stored_state(app, table)


def test_an_edition_without_short_or_timed_games_refuses_them_at_creation(client):
    # seed 002: "Обмежень за колами чи часом немає."
    response = client.post(
        "/games", json={"edition": "ua-industries", "players": [{"name": "A"}, {"name": "B"}], "variant": "short"}
    )
    assert response.status_code == 422
    assert response.json["errors"]["json"]["variant"] == ["This edition offers no short game; it offers: standard."]


@pytest.mark.parametrize(
    "body, problem",
    [
        ({"variant": "timed"}, "a timed game needs its end time"),
        ({"variant": "timed", "options": {"ends_at": "2020-01-01T10:00:00+00:00"}}, "the end time has passed already"),
        ({"options": {"ends_at": "2031-05-01T20:00:00+00:00"}}, "only a timed game has an end time"),
    ],
)
def test_a_timed_game_needs_an_end_time_to_come_and_only_it_takes_one(client, clock, body, problem):
    response = client.post("/games", json={"edition": "classic", "players": [{"name": "A"}, {"name": "B"}], **body})
    assert response.status_code == 422
    assert problem in response.json["errors"]["json"]["options"]["ends_at"][0]


def timed_table(client) -> Table:
    table = Table(client, "Anna", "Boris", "Vera", variant="timed", options={"ends_at": END.isoformat()})
    table.act("deal_deeds", 0, deeds=[[1, 3], [6, 8], [37, 39]])
    return table


def test_a_timed_game_reports_the_time_left_and_the_table_may_end_it(client, app, clock):
    # seed 000: "Победит участник самый богатый на момент окончания игры."
    table = timed_table(client)
    state = table.state()
    assert state["time_left"] == {"ends_at": END.isoformat(), "seconds_left": 600}
    # a phone knows only the table sends it, and that it is done for the table
    assert {"type": "end_game", "seat": 1, "table": True, "for_table": True} in actions(state["allowed"])
    refused = client.post(
        f"/games/{table.id}/actions",
        json={"type": "end_game", "seat": 1},
        headers=table.headers(table.seat_tokens[1]),
    )
    assert refused.status_code == 403  # the table ends the game, not one player's phone
    assert table.act("end_game", 0, time_up=True, expect=422)["errors"]["json"]["time_up"]  # the service's alone
    result = table.act("end_game", 0)
    assert result["rulings"][0]["rule"] == "game.end.table"
    state = result["state"]
    assert state["finished"] is True and state["winners"] == [0, 1, 2] and state["winner"] is None  # a tie
    assert [row["total"] for row in standings(client, table)] == [1500, 1500, 1500]
    assert replays_to_the_stored_state(app, table)


def test_at_the_end_time_the_service_records_the_end_before_anything_else(client, app, clock):
    # The engine has no clock: the first request after the end time finds the end recorded first.
    table = timed_table(client)
    table.roll(0, 1, 2)  # Baltic Avenue, her own
    clock["at"] = END + timedelta(seconds=1)
    refused = table.act("end_turn", 0, expect=409)
    assert refused["rule"] == "game.over"
    journal = table.journal()
    assert journal[-1]["action"] == {"type": "end_game", "seat": 0, "time_up": True}
    assert journal[-1]["rulings"][0]["rule"] == "game.end.time"
    state = table.state()
    assert state["finished"] is True and state["version"] == len(journal)
    assert state["time_left"]["seconds_left"] == 0 and state["allowed"] == []
    assert replays_to_the_stored_state(app, table)


def test_every_read_after_the_end_time_shows_the_end_and_the_winners_recorded_once(client, app, clock):
    # seed 000: "Победит участник самый богатый на момент окончания игры." A phone that only polls sees the
    # end within its next poll, and its old ETag does not hide it.
    table = timed_table(client)
    table.roll(0, 1, 2)
    polled = client.get(f"/games/{table.id}", headers=table.headers(table.seat_tokens[2]))
    etag = polled.headers["ETag"]
    assert polled.json["finished"] is False
    clock["at"] = END + timedelta(seconds=1)
    first = client.get(f"/games/{table.id}", headers={**table.headers(table.seat_tokens[2]), "If-None-Match": etag})
    assert first.status_code == 200 and first.headers["ETag"] != etag
    assert first.json["finished"] is True and first.json["winners"] == [0, 1, 2]  # 1500 each: a tie
    again = client.get(f"/games/{table.id}", headers={**table.headers(), "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304  # nothing new: the end is recorded once
    for path in ("/events", "/ledger", "/standings", "/rulings"):
        assert client.get(f"/games/{table.id}{path}", headers=table.headers()).status_code == 200
    ends = [e for e in table.journal() if e["type"] == "end_game"]
    assert len(ends) == 1 and ends[0]["rulings"][0]["rule"] == "game.end.time"
    assert replays_to_the_stored_state(app, table)


def test_a_read_of_another_game_records_no_end(client, app, clock):
    table = Table(client, "Anna", "Boris")
    clock["at"] = END + timedelta(days=1)
    assert table.state()["finished"] is False and len(table.journal()) == 1


def test_the_table_ending_the_game_after_the_end_time_gets_the_recorded_end(client, clock):
    table = timed_table(client)
    clock["at"] = END
    result = table.act("end_game", 0)
    assert result["event"]["action"]["time_up"] is True and result["rulings"][0]["rule"] == "game.end.time"
    assert len([e for e in table.journal() if e["type"] == "end_game"]) == 1


def test_the_readmes_deal_is_a_body_any_players_phone_may_send(client):
    # The README shows the whole body of deal_deeds; its seat is the reporting phone's, not the dealer's.
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    (example,) = re.findall(r'`(\{"type": "deal_deeds".*?\})`', readme)
    body = json.loads(example)
    table = Table(client, variant="short")
    sent = client.post(
        f"/games/{table.id}/actions", json={**body, "seat": 1}, headers=table.headers(table.seat_tokens[1])
    )
    assert sent.status_code == 201, sent.json
    owned = [[p["position"] for p in sent.json["state"]["properties"] if p["owner"] == seat] for seat in (0, 1)]
    assert owned == [sorted(deeds) for deeds in body["deeds"]]


@pytest.mark.parametrize(
    ("edition", "parts"),
    [
        ("classic", ["cash", "properties", "mortgaged", "buildings", "debts", "claims"]),
        # seed 002 has no mortgage (rules.mortgage.enabled false): a net worth has no mortgaged part to mention
        ("ua-industries", ["cash", "properties", "buildings", "debts", "claims"]),
    ],
)
def test_the_standings_name_the_parts_a_net_worth_has_in_the_edition(client, edition, parts):
    table = Table(client, "Anna", "Boris", edition=edition)
    response = client.get(f"/games/{table.id}/standings", headers=table.headers())
    assert response.status_code == 200, response.json
    assert response.json["parts"] == parts


def test_the_disney_short_game_s_last_bankruptcy_charges_the_interest_on_a_mortgaged_property(client, app):
    # seed 000 l.233: «При этом он должен уплатить 10% ее стоимости, а затем принять решение» -- at the first
    # bankruptcy and, since l.259 («передает своему кредитору ... все, чем владеет») says what the bankrupt
    # hands over and not what the creditor pays, at the one that ends the game too
    table = Table(
        client,
        "Anna",
        "Boris",
        "Vera",
        "Gleb",
        edition="disney",
        variant="short",
        options={"rent_collection": "automatic"},
    )
    table.act("deal_deeds", 0, deeds=[[1, 3], [37, 5], [39, 15], [6, 8]])  # Anna the browns

    def broke(seat: int, deeds: list[int]) -> None:
        """The seat mortgages its deeds, the table takes its cash, and it rolls onto Anna's brown it cannot pay."""
        cash = table.act("mortgage", seat, positions=deeds)["state"]["players"][seat]["cash"]
        table.act("adjust", seat, source="seat", target="bank", amount=cash, reason="spent at the table")
        table.roll(seat, 1, 2)  # onto Brown episode 2: M8 with the whole group, and nothing to raise it

    table.roll(0, 2, 3)
    table.act("end_turn", 0)
    broke(1, [37, 5])
    first = table.act("declare_bankruptcy", 1)
    assert [(e["from"], e["to"], e["amount"]) for e in first["ledger"] if e["reason"] == "mortgage_interest"] == [
        (0, "bank", 10),  # 10% of the pirate ship's M100
        (0, "bank", 18),  # 10% of Dark blue episode 1's M175, rounded up
    ]
    table.act("keep_mortgage", 0, positions=[37, 5])
    broke(2, [39, 15])
    response = table.post("/actions", {"type": "declare_bankruptcy", "seat": 2}, Accept_Language="it")
    assert response.status_code == 201, response.json
    last = response.json
    assert last["state"]["finished"] is True
    paid = [e for e in last["ledger"] if e["reason"] == "mortgage_interest"]
    assert [(e["from"], e["to"], e["amount"], e["rule"]) for e in paid] == [
        (0, "bank", 10, "bankruptcy.mortgage_interest.final"),
        (0, "bank", 20, "bankruptcy.mortgage_interest.final"),
    ]
    ruling = paid[1]["ruling"]
    assert "paga subito alla banca il 10% di M200: M20. L'interesse si paga quando la si riceve" in ruling["text"]
    assert [quote["seed"] for quote in ruling["booklet"]] == ["000", "000"]  # l.233 and l.259, quoted
    assert replays_to_the_stored_state(app, table)


def test_during_a_debt_the_standings_parts_add_up_to_each_total(client):
    # seed 000's worth, "Имеющиеся на руках наличные ... по цене ... Заложенную собственность в размере половины
    # цены ... Дома ... Отели": a debt still unpaid is taken off the debtor and added to the player owed it,
    # and the standings name both as parts, so that what is listed adds up to the total shown
    table = Table(client)
    table.roll(0, 1, 2)  # Baltic Avenue
    table.act("decline", 0)
    table.act("bid", 0, amount=1460)
    table.act("pass", 1)  # Anna keeps 40
    table.act("end_turn", 0)
    table.roll(1, 4, 6)
    table.act("end_turn", 1)
    table.roll(0, 1, 3)  # 7: Chance
    table.act("draw_card", 0, card="chance.chairman")  # 50 to Boris: 10 short, the whole 50 owed
    response = client.get(f"/games/{table.id}/standings", headers=table.headers())
    parts = response.json["parts"]
    rows = {row["seat"]: row for row in response.json["standings"]}
    assert (rows[0]["debts"], rows[1]["claims"]) == (50, 50)
    for row in rows.values():
        listed = sum(-row[part] if part == "debts" else row[part] for part in parts)
        assert listed == row["total"], row
