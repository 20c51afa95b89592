"""Each rule area played through HTTP, as a phone beside the board would (seed 001 throughout)."""

import pytest

from referee.rules.serialize import state_to_dict

from ..rules.game import DEALINGS
from .table import Table


def pending_types(state: dict) -> list[str]:
    return [p["type"] for p in state["pending"]]


def allowed(state: dict) -> set[tuple[str, int]]:
    """Legal actions now, leaving out property dealings (legal almost any time)."""
    return {(a["type"], a["seat"]) for a in state["allowed"] if a["type"] not in DEALINGS}


def entries(result: dict) -> list[tuple]:
    return [(e["from"], e["to"], e["amount"], e["rule"]) for e in result["ledger"]]


def replays_to_the_stored_state(app, table: Table) -> bool:
    referee = app.extensions["referee"]
    return state_to_dict(referee.replay(table.id)) == referee.store.game(table.id)["state"]


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_a_table_of_two_to_six_gets_1500_each_in_the_ledger(client, count):
    # seed 001: "рассчитан на 2–6 игроков" and "Каждый получает 1500"
    table = Table(client, *(f"P{i}" for i in range(count)))
    assert table.cash() == [1500] * count
    assert [(e["from"], e["to"], e["amount"], e["rule"]) for e in table.ledger()] == [
        ("bank", seat, 1500, "setup.start_cash") for seat in range(count)
    ]
    assert table.journal()[0]["type"] == "create"


def test_virtual_dice_are_rolled_by_the_service_and_recorded_so_the_game_replays(client, app):
    # SPEC §4: "roll (dice: [a, b], or empty for virtual dice)"
    table = Table(client, options={"dice": "virtual"})
    result = table.act("roll", 0)
    dice = result["event"]["action"]["dice"]
    assert len(dice) == 2 and all(1 <= d <= 6 for d in dice)
    assert result["state"]["players"][0]["position"] == sum(dice)
    assert result["state"]["turn"]["dice"] == dice
    assert table.journal()[-1]["action"]["dice"] == dice
    assert replays_to_the_stored_state(app, table)


def test_virtual_decks_are_shuffled_by_the_service_and_the_top_card_is_drawn(client, app):
    table = Table(client, options={"decks": "virtual"})
    order = app.extensions["referee"].store.game(table.id)["state"]["decks"]["community_chest"]
    [chest] = [d for d in client.get("/editions/classic").json["decks"] if d["id"] == "community_chest"]
    assert sorted(order) == sorted(c["id"] for c in chest["cards"])
    table.roll(0, 1, 1)  # Community Chest
    result = table.act("draw_card", 0)
    drawn = [r for r in result["rulings"] if r["rule"] == "card.drawn"][0]
    assert drawn["values"]["card"] == order[0]
    assert replays_to_the_stored_state(app, table)


def test_a_card_that_moves_the_token_past_go_pays_the_salary_with_its_rule_in_the_ledger(client):
    # seed 000: "На карточке может быть дана инструкция передвинуть фишку на другое поле. Если при этом
    # Вы проходите поле “Go”, то Вы получаете денежную сумму в размере 200 ед."
    table = Table(client)
    table.roll(0, 5, 5)  # 10: Just Visiting, a double
    table.roll(0, 6, 6)  # 22: Chance, a second double
    result = table.act("draw_card", 0, card="chance.st_charles")
    assert entries(result) == [("bank", 0, 200, "go.salary")]
    assert result["rulings"][-2]["text"] == "Anna passes GO and collects the salary of M200 from the bank."
    assert result["state"]["players"][0]["position"] == 11
    assert pending_types(result["state"]) == ["buy_decision"]


def test_doubles_then_a_third_double_to_jail(client):
    # seed 001: "Третий дубль подряд в пределах одного хода отправляет в тюрьму: на выпавшую сумму уже не двигайтесь."
    table = Table(client)
    state = table.roll(0, 2, 2)["state"]  # Income Tax
    assert allowed(state) == {("roll", 0)} and state["turn"]["doubles"] == 1
    table.roll(0, 3, 3)  # Just Visiting
    result = table.roll(0, 5, 5)
    player = result["state"]["players"][0]
    assert player["in_jail"] and player["position"] == 10
    assert [r["rule"] for r in result["rulings"]] == ["dice.third_double", "jail.sent"]
    assert allowed(result["state"]) == {("end_turn", 0)}


def test_jail_shows_the_decision_and_the_fine_goes_to_the_bank(client):
    # seed 001: "заплатить 50 до броска, использовать карточку ... или попробовать выбросить дубль"
    table = Table(client)
    table.roll(0, 6, 4)  # 10: Just Visiting
    table.act("end_turn", 0)
    table.roll(1, 5, 5)  # 10, a double
    table.roll(1, 6, 6)  # 22: Chance
    table.act("draw_card", 1, card="chance.jail")
    table.act("end_turn", 1)
    table.roll(0, 1, 2)
    table.act("decline", 0)
    table.act("pass", 0)
    table.act("pass", 1)
    table.act("end_turn", 0)
    state = table.state()
    decision = state["pending"][-1]
    assert decision == {
        "type": "jail_decision",
        "blocking": True,
        "seat": 1,
        "options": ["pay_jail_fine", "roll"],
        "attempt": 1,
        "fine": 50,
    }
    result = table.act("pay_jail_fine", 1)
    assert entries(result) == [(1, "bank", 50, "jail.fine")]
    assert "jail_decision" not in pending_types(result["state"])


def test_decline_auction_bids_and_the_winner_pays_the_bank(client):
    # seed 001: "Банкир сразу проводит аукцион ... Победитель платит предложенную сумму Банку."
    table = Table(client, "Anna", "Boris", "Vera")
    table.roll(0, 2, 3)  # Reading Railroad
    state = table.act("decline", 0)["state"]
    [auction] = state["pending"]
    assert auction["type"] == "auction" and auction["bidders"] == [0, 1, 2] and auction["opening"] == 10
    table.act("bid", 2, amount=120)
    table.act("bid", 0, amount=150)
    table.act("pass", 2)
    result = table.act("pass", 1)
    assert entries(result) == [(0, "bank", 150, "auction.sold")]
    assert result["state"]["properties"][2] == {
        "position": 5,
        "owner": 0,
        "houses": 0,
        "hotel": False,
        "mortgaged": False,
    }


def test_a_claimed_rent_is_paid_and_a_forgotten_one_lapses(client):
    # seed 001: "Владелец чужой собственности должен потребовать ренту до броска следующего игрока.
    # Если он пропустил этот момент, за эту остановку вы ничего не платите."
    table = Table(client)
    table.roll(0, 1, 2)  # 3: Baltic Avenue
    table.act("buy", 0)
    table.act("end_turn", 0)
    state = table.roll(1, 1, 2)["state"]  # Boris on Anna's Baltic Avenue
    [claim] = state["pending"]
    assert claim == {
        "type": "rent_claim",
        "blocking": False,
        "owner": 0,
        "payer": 1,
        "position": 3,
        "amount": 4,
        "ruling": claim["ruling"],
        "multiplier": None,
    }
    assert claim["ruling"]["text"] == "Rent M4: the base rent of Baltic Avenue on its deed."
    assert ("claim_rent", 0) in allowed(state)
    assert entries(table.act("claim_rent", 0)) == [(1, 0, 4, "rent.street")]
    table.act("end_turn", 1)
    table.roll(0, 1, 1)  # 5: Reading Railroad, a double
    table.act("buy", 0)
    table.roll(0, 3, 4)  # 12: Electric Company
    table.act("decline", 0)
    table.act("pass", 0)
    table.act("pass", 1)
    table.act("end_turn", 0)
    table.roll(1, 1, 1)  # 5: Anna's station, rent 25 open; a double
    table.roll(1, 3, 4)  # 12: Electric Company, still unsold
    table.act("decline", 1)
    table.act("pass", 0)
    table.act("pass", 1)
    table.act("end_turn", 1)
    result = table.roll(0, 1, 2)  # the next player's roll: Anna forgot to claim
    assert result["rulings"][0]["rule"] == "rent.claim_lapsed"
    assert "rent_claim" not in pending_types(result["state"])
    assert table.act("claim_rent", 0, expect=409)["code"] == "no_claim"
    assert table.cash()[1] == 1496


def roll_options(state: dict, seat: int) -> dict:
    return next(a["options"] for a in state["allowed"] if (a["type"], a["seat"]) == ("roll", seat))


def test_the_roll_names_the_claims_it_would_end_and_a_doubles_re_roll_ends_none(client):
    # seed 001: "Владелец чужой собственности должен потребовать ренту до броска следующего игрока."
    table = Table(client)
    table.roll(0, 3, 3)  # 6: Oriental Avenue, a double
    state = table.act("buy", 0)["state"]
    assert "ends_claims" not in roll_options(state, 0)  # nothing open
    table.roll(0, 1, 2)  # 9: Connecticut Avenue
    table.act("buy", 0)
    table.act("end_turn", 0)
    state = table.roll(1, 3, 3)["state"]  # Boris on Anna's Oriental Avenue, a double: his re-roll ends no claim
    assert pending_types(state) == ["rent_claim"]
    assert "ends_claims" not in roll_options(state, 1)
    table.roll(1, 1, 2)  # Connecticut Avenue: a second claim
    state = table.act("end_turn", 1)["state"]
    assert roll_options(state, 0)["ends_claims"] == [
        {"position": 6, "owner": 0, "amount": 6},
        {"position": 9, "owner": 0, "amount": 8},
    ]
    result = table.roll(0, 1, 2)
    assert [r["rule"] for r in result["rulings"][:2]] == ["rent.claim_lapsed"] * 2
    assert "rent_claim" not in pending_types(result["state"])


def test_automatic_rent_collection_pays_at_once(client):
    # SPEC §2.4: "A table may choose automatic collection instead"
    table = Table(client, options={"rent_collection": "automatic"})
    table.roll(0, 1, 2)
    table.act("buy", 0)
    table.act("end_turn", 0)
    result = table.roll(1, 1, 2)
    assert entries(result) == [(1, 0, 4, "rent.street")]
    assert "rent_claim" not in pending_types(result["state"])


def test_a_utility_rent_is_fixed_by_a_new_roll_reported_as_a_roll(client):
    # seed 001: "кубики бросают заново специально для ренты: сумма умножается на 4 при одном предприятии"
    table = Table(client)
    table.roll(0, 6, 6)  # 12: Electric Company, a double
    table.act("buy", 0)
    table.roll(0, 1, 2)  # 15: Pennsylvania Railroad
    table.act("decline", 0)
    table.act("pass", 0)
    table.act("pass", 1)
    table.act("end_turn", 0)
    table.roll(1, 5, 5)  # 10: Just Visiting, a double
    state = table.roll(1, 1, 1)["state"]  # 12: Anna's utility, a second double
    claim = state["pending"][0]
    assert (claim["amount"], claim["multiplier"]) == (None, 4)
    state = table.act("claim_rent", 0)["state"]
    assert pending_types(state) == ["rent_roll"] and allowed(state) == {("roll", 1)}
    result = table.roll(1, 2, 3)
    assert entries(result) == [(1, 0, 20, "rent.utility")]
    assert result["rulings"][0]["text"] == "Rent M20 = dice 2+3=5 × 4: Anna owns 1 of the utility spaces."
    state = result["state"]
    assert state["players"][1]["position"] == 12
    assert state["turn"]["doubles"] == 2 and allowed(state) == {("roll", 1)}  # the double's roll is still due


def test_taxes_are_paid_to_the_bank(client):
    # seed 001: "Налоги платят Банку."
    table = Table(client)
    result = table.roll(0, 1, 3)
    assert entries(result) == [(0, "bank", 200, "tax")]


def test_go_twice_in_one_turn_and_a_kept_jail_card(client):
    # seed 000: "Вы можете дважды получить по 200 ед. за один ход."
    table = Table(client)
    table.roll(0, 1, 1)  # 2: Community Chest, a double
    result = table.act("draw_card", 0, card="chest.go")
    assert entries(result) == [("bank", 0, 200, "go.salary")]
    table.roll(0, 3, 4)  # 7: Chance
    state = table.act("draw_card", 0, card="chance.jail_free")["state"]
    assert state["players"][0]["jail_cards"] == ["chance.jail_free"]


def test_a_payment_larger_than_cash_is_shown_as_a_pending_debt_and_cash_never_goes_negative(client):
    # seed 001: "Если денег на обязательный платёж нет, продайте здания и/или заложите собственность."
    table = Table(client)
    table.roll(0, 1, 2)  # 3: Baltic Avenue
    table.act("decline", 0)
    table.act("bid", 0, amount=1450)  # bids are limited to cash in hand: 1450 of 1500 is allowed
    table.act("pass", 1)
    table.act("end_turn", 0)
    table.roll(1, 4, 6)
    table.act("end_turn", 1)
    table.roll(0, 1, 3)  # 7: Chance
    result = table.act("draw_card", 0, card="chance.back_3")  # back to Income Tax, 200
    state = result["state"]
    assert result["ledger"] == [] and state["players"][0]["cash"] == 50
    [debt] = state["pending"]
    assert (debt["type"], debt["debtor"], debt["creditor"], debt["amount"], debt["blocking"]) == (
        "debt",
        0,
        "bank",
        200,
        True,
    )
    # Play waits for the debt: no roll, no end of turn. Baltic Avenue mortgaged would raise 30, and 50 + 30
    # is short of 200, so bankruptcy is open too (seed 001: "Если после продажи зданий и залога вы всё равно
    # не можете погасить долг, вы банкрот").
    assert allowed(state) == {("declare_bankruptcy", 0)}
    assert debt["can_raise"] == {
        "cash": 50,
        "buildings": 0,
        "mortgages": 30,
        "bank_sales": 0,
        "total": 30,
        "in_all": 80,
        "parts": ["cash", "buildings", "mortgages"],
        "owed": 200,
        "enough": False,
    }
    # ...while the debtor may raise money (seed 001: "продайте здания и/или заложите собственность")
    assert ("mortgage", 0) in {(a["type"], a["seat"]) for a in state["allowed"]}
    refused = table.act("end_turn", 0, expect=409)
    assert refused["detail"] == "Play cannot go on until Anna's debt of M200 is resolved."
