"""What tables ask the banking apps for, through HTTP: the banker moving money
outside the rules with a reason, a pot seeded at the start, a player leaving
mid-game, a new name, a counter-offer, a game of N rounds. Each is the
table's decision, not a booklet's rule: its ruling says so, the journal
takes it back, and money moves only through the ledger."""

from __future__ import annotations

import re

import pytest

from referee.editions import shipped
from referee.rules.rulings import INNER_QUOTES
from referee.web import STATIC

from .table import Table, actions

JACKPOT = {"house_rules": ["free_parking_jackpot"]}


def entry(state: dict, type_: str, seat: int) -> dict:
    return next(a for a in state["allowed"] if a["type"] == type_ and a["seat"] == seat)


def test_the_banker_pays_a_forgotten_salary_with_a_reason_and_the_undo_takes_it_back(client):
    # the situation: Boris passed Go and nobody paid him; the table agrees the bank pays it now
    table = Table(client)
    before = table.state()
    option = entry(before, "adjust", 1)
    assert option["table"] is True and option["options"]["accounts"] == ["bank", "seat"]
    result = table.act("adjust", 1, source="bank", target="seat", amount=200, reason="salary forgotten at Go")
    [moved] = result["ledger"]
    assert (moved["from"], moved["to"], moved["amount"], moved["rule"]) == ("bank", 1, 200, "table.adjust")
    [ruling] = result["rulings"]
    assert ruling["house_rule"] is True and ruling["values"]["house_rule"] == "table_decision"
    assert ruling["table_decision"] is True  # the page says «the table's decision», not «house rule»
    assert ruling["text"] == (
        "The table's decision, not a booklet rule: the bank pays Boris M200 (salary forgotten at Go)."
    )
    assert table.cash() == [1500, 1700]
    undone = table.post("/undo")
    assert undone.status_code == 201 and table.cash() == [1500, 1500]
    assert [(e["from"], e["to"], e["amount"]) for e in table.ledger()[-1:]] == [(1, "bank", 200)]


def test_the_adjust_options_say_what_each_account_may_pay_a_player_at_most_their_cash(client):
    # «Da M1 a M1 000 000 000» stayed under the amount once a player was chosen to pay
    table = Table(client, options=JACKPOT)
    table.act("adjust", 0, source="seat", target="bank", amount=1450, reason="a fine")
    options = entry(table.state(), "adjust", 0)["options"]
    assert options["amounts"] == {
        "bank": {"min": 1, "max": 10**9, "step": 1, "exact": False},
        "seat": {"min": 1, "max": 50, "step": 1, "exact": False},
    }  # the pot, empty, pays nothing


def test_a_fine_the_table_agreed_goes_to_the_pot_and_is_explained_in_the_reader_s_language(client):
    table = Table(client, options=JACKPOT)
    table.act("adjust", 0, source="seat", target="pot", amount=50, reason="knocked the board over")
    state = table.state()
    assert state["pot"] == 50 and state["players"][0]["cash"] == 1450
    [event] = [e for e in table.events() if e["action"]["type"] == "adjust"]
    response = client.get(
        f"/games/{table.id}/events/{event['seq']}", headers={**table.headers(), "Accept-Language": "ru"}
    )
    assert response.json["rulings"][0]["text"] == (
        "Решение стола, а не правило буклета: Anna платит в кассу поля «Бесплатная парковка» M50 "
        "(knocked the board over)."
    )


def test_an_adjustment_the_accounts_cannot_make_is_refused_and_changes_nothing(client):
    table = Table(client)
    books = table.books()
    assert table.act("adjust", 0, expect=409, source="seat", target="bank", amount=1501, reason="x")["rule"] == (
        "table.adjust.short"
    )
    assert table.act("adjust", 0, expect=409, source="pot", target="seat", amount=1, reason="x")["rule"] == (
        "table.adjust.no_pot"
    )
    assert table.act("adjust", 0, expect=409, source="seat", target="seat", amount=1, reason="x")["rule"] == (
        "table.adjust.same"
    )
    assert table.act("adjust", 0, expect=409, source="bank", target="seat", amount=1, reason="  ")["rule"] == (
        "table.adjust.reason"
    )
    assert "reason" in table.act("adjust", 0, expect=422, source="bank", target="seat", amount=1)["errors"]["json"]
    # a reason shows in rulings and the ledger: a control that reorders the text would turn them around
    reordered = table.act("adjust", 0, expect=422, source="bank", target="seat", amount=1, reason="\u202eevil")
    assert reordered["errors"]["json"]["reason"] == [
        "The text may not hold characters that reorder the text around it (U+202A-U+202E, U+2066-U+2069)."
    ]
    assert table.books() == books


def test_only_the_table_token_moves_money_or_renames(client):
    table = Table(client)
    body = {"type": "adjust", "seat": 0, "source": "bank", "target": "seat", "amount": 500, "reason": "gift"}
    assert table.post("/actions", body, token=table.seat_tokens[0]).status_code == 403
    assert (
        table.post("/actions", {"type": "rename", "seat": 0, "name": "Ann"}, token=table.seat_tokens[0]).status_code
        == 403
    )


def test_a_jackpot_that_starts_at_500_is_in_the_pot_from_the_first_event_paid_by_the_bank(client):
    table = Table(client, options={**JACKPOT, "jackpot_start": 500})
    state = table.created["state"]
    assert state["pot"] == 500 and state["options"]["jackpot_start"] == 500
    seeded = [e for e in table.ledger() if e["to"] == "pot"]
    assert [(e["from"], e["amount"], e["rule"]) for e in seeded] == [("bank", 500, "house.jackpot_start")]
    # Free Parking (position 20): Anna takes the 500 the bank put there
    table.roll(0, 6, 4)  # Just Visiting
    table.act("end_turn", 0)
    table.roll(1, 6, 4)
    table.act("end_turn", 1)
    result = table.roll(0, 6, 4)
    assert [(e["from"], e["to"], e["amount"]) for e in result["ledger"] if e["from"] == "pot"] == [("pot", 0, 500)]


def start_page_label(choice: str, lang: str, edition: str = "classic") -> str:
    """A choice's label as the start page shows it (js/lang/<lang>.js), in the edition's own
    words: {term.free_parking}, and {Term.free_parking} with a capital."""
    catalog = (STATIC / "js" / "lang" / f"{lang}.js").read_text(encoding="utf-8")
    label = re.search(rf'"choice\.{re.escape(choice)}": "([^"]+)"', catalog).group(1)

    def word(found: re.Match) -> str:
        said = shipped()[edition].term(found.group(2), lang)
        return said[:1].upper() + said[1:] if found.group(1) == "Term" else said

    return re.sub(r"\{(term|Term)\.([\w.]+)\}", word, label)


@pytest.mark.parametrize("edition", ["classic", "ua-industries"])
@pytest.mark.parametrize("lang", ["en", "ru", "uk", "it"])
def test_a_jackpot_start_without_the_jackpot_house_rule_is_refused_naming_the_rule_as_the_start_page_does(
    client, lang, edition
):
    # in the edition's words: the Business forum of seed 002 (l.77), Free Parking elsewhere
    response = client.post(
        "/games",
        json={"edition": edition, "players": [{"name": "A"}, {"name": "B"}], "options": {"jackpot_start": 500}},
        headers={"Accept-Language": lang},
    )
    [said] = response.json["errors"]["json"]["options"]
    label = start_page_label("house_rules.free_parking_jackpot", lang, edition)
    opening, closing = INNER_QUOTES.get(lang, "“”")
    inner = label.replace("«", opening).replace("»", closing)  # quoted in «…», its own «» are the inner quotes
    assert response.status_code == 422 and (label in said if lang == "en" else f"«{inner}»" in said)
    assert shipped()[edition].term("free_parking", lang) in said
    assert "free_parking_jackpot" not in said


def test_a_renamed_player_keeps_their_seat_cash_and_the_rulings_already_made(client):
    table = Table(client)
    result = table.act("rename", 1, name="Borya")
    assert result["rulings"][0]["text"] == "The table's decision: Boris is called Borya from now on."
    assert [p["name"] for p in result["state"]["players"]] == ["Anna", "Borya"]
    assert "Boris" in table.events()[0]["rulings"][1]["text"]
    assert table.act("rename", 1, expect=409, name="anna")["rule"] == "table.rename.taken"
    assert table.post("/undo").status_code == 201
    assert [p["name"] for p in table.state()["players"]] == ["Anna", "Boris"]


def test_a_new_name_is_held_to_the_rules_of_the_names_a_table_starts_with(client):
    # the situation: a rename to a name the table could not read is refused as a name at creation is
    table = Table(client)
    for name in ("Bo\u202eris", "\u200b\u2800", "Bo\tris"):
        answer = table.post("/actions", {"type": "rename", "seat": 1, "name": name})
        assert answer.status_code == 422 and "name" in answer.get_json()["errors"]["json"], name
    assert table.act("rename", 1, name="Bo\u0301ris")["state"]["players"][1]["name"] == "B\u00f3ris"  # stored NFC
    assert table.state()["version"] == 2


def test_a_player_who_goes_home_leaves_the_estate_to_the_bank_as_in_a_bankruptcy_and_the_options_said_so(client):
    table = Table(client, "Anna", "Boris", "Vera")
    table.roll(0, 1, 2)  # Baltic Avenue
    table.act("buy", 0)
    table.act("end_turn", 0)
    option = entry(table.state(), "leave", 0)["options"]
    assert option == {
        "to": [1, 2],
        "estate": {"cash": 1440, "positions": [3], "cards": []},
        "to_bank": "auction",
        "to_player": "estate",
        "mortgages": None,
        "buildings": {"bank": "supply", "player": "sold"},
        "cards": {"bank": "decks", "player": "heir"},
        "debts": [],  # Anna owes nobody: no debt lapses or passes with the estate
        "ends_game": False,
    }
    result = table.act("leave", 0)
    assert result["rulings"][0]["rule"] == "table.leave" and result["rulings"][0]["house_rule"] is True
    assert [(e["from"], e["to"], e["amount"]) for e in result["ledger"]] == [(0, "bank", 1440)]
    state = result["state"]
    assert (state["players"][0]["left"], state["players"][0]["bankrupt"]) == (True, False)
    assert [p["type"] for p in state["pending"]] == ["estate_auction"]  # the bank auctions Baltic Avenue
    assert table.post("/undo").status_code == 201 and table.state()["players"][0]["cash"] == 1440


def test_a_player_who_leaves_may_give_the_estate_to_the_player_the_table_names_and_the_last_one_left_wins(client):
    table = Table(client)
    table.roll(0, 1, 2)
    table.act("buy", 0)
    assert entry(table.state(), "leave", 0)["options"]["ends_game"] is True
    result = table.act("leave", 0, to=1)
    assert [(e["from"], e["to"], e["amount"]) for e in result["ledger"]] == [(0, 1, 1440)]
    state = result["state"]
    assert state["properties"][next(i for i, p in enumerate(state["properties"]) if p["position"] == 3)]["owner"] == 1
    assert state["finished"] is True and state["winners"] == [1]
    assert table.act("leave", 1, expect=409)["rule"] == "game.over"


def test_the_leave_options_name_the_mortgaged_properties_and_the_interest_the_heir_pays_at_once(client):
    # seed 001 l.53: «При долге игроку ему передают оставшуюся заложенную собственность ... Он оплачивает
    # снятие залога либо 10% за его сохранение»
    table = Table(client, "Anna", "Boris", "Vera")
    table.roll(0, 1, 2)  # Baltic Avenue, mortgage value 30
    table.act("buy", 0)
    table.act("mortgage", 0, positions=[3])
    option = entry(table.state(), "leave", 0)["options"]
    assert option["mortgages"] == {"positions": [3], "interest": 3, "percent": 10}
    result = table.act("leave", 0, to=1)
    assert (1, "bank", 3) in [(e["from"], e["to"], e["amount"]) for e in result["ledger"]]


def test_a_leaving_player_cannot_name_themselves_heir(client):
    table = Table(client, "Anna", "Boris", "Vera")
    assert table.act("leave", 0, expect=409, to=0)["rule"] == "table.leave.heir"


def test_a_counter_offer_closes_the_offer_and_opens_the_answer_for_the_first_offerer(client):
    table = Table(client)
    table.roll(0, 1, 2)
    table.act("buy", 0)  # Anna: Baltic Avenue
    table.act("end_turn", 0)
    table.roll(1, 2, 3)
    table.act("buy", 1)  # Boris: Reading Railroad
    offer = table.act("trade", 1, to=0, give={"cash": 100}, get={"positions": [3]})["state"]["pending"][0]["id"]
    counters = entry(table.state(), "counter_trade", 0)["options"]
    assert counters["offer"] == [offer] and counters["counters"][0]["get"]["positions"] == [
        {"position": 5, "mortgaged": False}
    ]
    result = table.act("counter_trade", 0, offer=offer, give={"positions": [3]}, get={"positions": [5]})
    [counter] = result["state"]["pending"]
    assert (counter["seat"], counter["to"], counter["give"]["positions"], counter["get"]["positions"]) == (
        0,
        1,
        [3],
        [5],
    )
    assert result["rulings"][0]["rule"] == "trade.countered"
    assert {"type": "accept_trade", "seat": 1} in actions(result["state"]["allowed"])
    table.act("accept_trade", 1, offer=counter["id"])
    owners = {p["position"]: p["owner"] for p in table.state()["properties"]}
    assert (owners[3], owners[5]) == (1, 0)


def test_a_counter_offer_to_an_offer_not_made_to_the_seat_is_refused(client):
    table = Table(client)
    table.roll(0, 1, 2)
    table.act("buy", 0)
    offer = table.act("trade", 0, to=1, give={"positions": [3]}, get={"cash": 10})["state"]["pending"][0]["id"]
    assert table.act("counter_trade", 0, expect=409, offer=offer, get={"cash": 5}, give={"positions": [3]})["rule"] == (
        "trade.no_offer"
    )


def test_a_game_of_two_rounds_ends_when_the_last_player_ends_the_second_round_and_the_richest_win(client):
    table = Table(client, options={"ends_after_rounds": 2})
    table.roll(0, 1, 2)
    table.act("buy", 0)  # Anna pays 60 for Baltic Avenue: worth still 1500
    table.act("end_turn", 0)
    table.roll(1, 4, 6)  # Just Visiting
    state = table.act("end_turn", 1)["state"]
    assert (state["rounds"], state["finished"], state["options"]["ends_after_rounds"]) == (1, False, 2)
    table.roll(0, 3, 4)  # Just Visiting
    table.act("end_turn", 0)
    table.roll(1, 4, 6)  # Free Parking
    result = table.act("end_turn", 1)
    state = result["state"]
    assert (state["rounds"], state["finished"], state["winners"]) == (2, True, [0, 1])
    assert result["rulings"][0]["rule"] == "game.end.rounds" and result["rulings"][0]["house_rule"] is True
    assert result["rulings"][-1]["rule"] == "game.tied"
    assert table.act("roll", 0, expect=409, dice=[1, 2])["rule"] == "game.over"


def test_a_round_limit_out_of_range_is_refused_at_creation(client):
    response = client.post(
        "/games",
        json={"edition": "classic", "players": [{"name": "A"}, {"name": "B"}], "options": {"ends_after_rounds": 0}},
    )
    assert response.status_code == 422 and "ends_after_rounds" in response.json["errors"]["json"]["options"]


def test_a_game_with_the_table_s_decisions_moves_to_another_server_as_it_stands(client, tmp_path):
    from referee import create_app
    from referee.audit import audit

    options = {**JACKPOT, "jackpot_start": 300, "ends_after_rounds": 5}
    table = Table(client, "Anna", "Boris", "Vera", options=options)
    table.act("adjust", 2, source="seat", target="pot", amount=40, reason="late for the game")
    table.act("rename", 0, name="Ann")
    table.roll(0, 4, 6)
    table.act("end_turn", 0)
    table.act("leave", 1, to=2)
    exported = client.get(f"/games/{table.id}/export", headers=table.headers()).json
    elsewhere = create_app({"REFEREE_DATABASE": str(tmp_path / "elsewhere.sqlite3"), "TESTING": True})
    response = elsewhere.test_client().post("/games/import", json=exported)
    assert response.status_code == 201, response.json
    moved = response.json["state"]
    here = table.state()
    assert {k: v for k, v in moved.items() if k != "id"} == {k: v for k, v in here.items() if k != "id"}
    assert (moved["pot"], moved["players"][0]["name"], moved["players"][1]["left"]) == (340, "Ann", True)
    assert audit(elsewhere.extensions["referee"], response.json["id"]) == []
