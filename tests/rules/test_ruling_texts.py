"""Ruling texts say what the edition's parameters say, in every language the
catalog has, with amounts shown as the edition's money."""

import pytest

from referee.editions import shipped
from referee.explain import ruling_view
from referee.present import state_view
from referee.rules.pending import CardDraw, Debt, RentClaim
from referee.rules.rulings import Ruling
from referee.rules.state import Turn

from .game import Game


@pytest.fixture
def ua():
    return shipped()["ua-industries"]


def ruling(game: Game, rule: str):
    found = [r for r in game.last.rulings if r.rule == rule]
    assert found, f"no {rule} ruling among {game.rules()}"
    return found[0]


def texts(found, edition) -> dict[str, str]:
    stored = {"rule": found.rule, "text": found.text, "values": dict(found.values)}
    return {lang: ruling_view(stored, edition, lang)["text"] for lang in ("en", "ru", "uk", "it")}


def test_the_ua_auction_opening_says_the_first_bid_is_exact_and_the_decliner_bids_first(ua):
    # seed 002: "Беруть участь усі гравці, навіть той, хто відмовився, — він і ставить першим."
    # seed 002: "Перша ставка становить 75% вартості бізнесу з округленням угору до цілого"
    game = Game(ua, "Anna", "Boris", "Vera", rent_collection="automatic")
    game.roll(0, 1, 2)
    game.act("decline", 0)
    said = texts(ruling(game, "auction.opened"), ua)
    assert "the decliner bids first, then the others in seat order; the first bid is exactly 45." in said["en"]
    assert "at least" not in said["en"]
    assert "перша ставка — рівно" in said["uk"] and "першим ставить той, хто відмовився" in said["uk"]
    assert "первая ставка — ровно" in said["ru"] and "первым ставит отказавшийся" in said["ru"]
    assert "la prima offerta è esattamente" in said["it"] and "offre per primo" in said["it"]
    with pytest.raises(Exception, match="45"):
        game.act("bid", 0, amount=50)


def test_the_classic_auction_opening_says_anyone_bids_first_at_least_the_opening(classic):
    # seed 001: "В буклете C1009 аукцион начинается с 10, ставку повышают минимум на 1."
    game = Game(classic)
    game.roll(0, 1, 2)
    game.act("decline", 0)
    said = texts(ruling(game, "auction.opened"), classic)
    assert "anyone may bid first; the first bid is at least M10." in said["en"]
    assert "первым может ставить любой; первая ставка — не меньше" in said["ru"]
    assert "першим може ставити будь-хто" in said["uk"] and "almeno" in said["it"]


THIN = "\u00a0"  # digits are grouped, and the unit set off, by no-break spaces


def test_the_rub_mortgage_lift_shows_the_unrounded_interest_as_rubles_in_every_language():
    # seed 001: "Для залога Улицы также сначала продайте все здания её группы." (the lift costs value + 10%)
    # reference/classic-board.md: "mortgage value plus 10% rounded up to a whole unit (175 → 193, 75 → 83)"
    rub = shipped()["classic-rub"]
    game = Game(rub)
    game.own(0, 12, mortgaged=True)
    game.act("unmortgage", 0, positions=[12])
    said = texts(game.last.transfers[0].ruling, rub)
    sum_ = f"75{THIN}000{THIN}₽ + 8{THIN}000{THIN}₽ (10%) = 83{THIN}000{THIN}₽"
    assert sum_ in said["ru"] and sum_ in said["uk"]
    assert f"10% от 75{THIN}000{THIN}₽ — это 7{THIN}500{THIN}₽" in said["ru"]
    assert f"10% від 75{THIN}000{THIN}₽ — це 7{THIN}500{THIN}₽" in said["uk"]
    assert f"fa 7{THIN}500{THIN}₽" in said["it"]
    assert f"10% of 75{THIN}000{THIN}₽ is 7{THIN}500{THIN}₽" in said["en"]
    assert all("7.5" not in text for text in said.values())


def test_a_fractional_interest_in_base_units_shows_the_language_s_decimal_sign(classic):
    # reference/classic-board.md: "mortgage value plus 10% rounded up to a whole unit (175 → 193, 75 → 83)"
    game = Game(classic)
    game.own(0, 12, mortgaged=True)
    game.act("unmortgage", 0, positions=[12])
    said = texts(game.last.transfers[0].ruling, classic)
    assert "10% of M75 is M7.5," in said["en"]
    assert "M7,5" in said["ru"] and "M7,5" in said["uk"] and "M7,5" in said["it"]


def _debt_view(game: Game, edition) -> dict:
    [debt] = [p for p in state_view(game.state, edition)["pending"] if p["type"] == "debt"]
    return debt["can_raise"]


def test_a_classic_debt_s_means_add_up_to_the_sum_the_bankruptcy_refusal_shows(classic):
    # seed 001: "Если денег на обязательный платёж нет, продайте здания и/или заложите собственность."

    game = Game(classic)
    game.own(0, 1, 3, 39)  # mortgage values 30 + 30 + 200
    game.set_cash(0, 250)
    owed = Ruling("test.arrange", "a debt arranged for the test")
    game.arrange(turn=Turn(seat=0, can_roll=False, rolled=True), pending=(Debt(0, "bank", 200, "tax", owed),))
    means = _debt_view(game, classic)
    assert means == {
        "cash": 250,
        "buildings": 0,
        "mortgages": 260,
        "bank_sales": 0,
        "total": 260,
        "in_all": 510,
        "parts": ["cash", "buildings", "mortgages"],
        "owed": 200,
        "enough": True,
    }
    game.set_cash(0, 100)
    game.arrange(pending=(Debt(0, "bank", 300, "tax", owed),))
    means = _debt_view(game, classic)
    refused = game.refused("declare_bankruptcy", 0)
    assert refused.ruling.values["total"] == means["in_all"] == 360
    assert means["total"] == means["buildings"] + means["mortgages"] + means["bank_sales"]


def test_a_ua_debt_shows_the_bank_s_buy_back_as_its_own_field(ua):
    # seed 002: "Не виходить розрахуватися — можна натиснути «Здатися»."

    game = Game(ua, "Anna", "Boris", "Vera", rent_collection="automatic")
    game.own(1, 5, 25)
    game.set_cash(1, 30)
    owed = Ruling("test.arrange", "a debt arranged for the test")
    game.arrange(turn=Turn(seat=0, can_roll=False, rolled=True), pending=(Debt(1, 0, 120, "rent", owed),))
    means = _debt_view(game, ua)
    refused = game.refused("declare_bankruptcy", 1)
    assert means["bank_sales"] == refused.ruling.values["sales"] == 200
    assert means["total"] == means["buildings"] + means["mortgages"] + means["bank_sales"] == 200
    assert means["in_all"] == means["cash"] + means["total"] == refused.ruling.values["total"] == 230


def test_the_ua_random_move_to_start_names_the_space_the_same_way_in_both_rulings(ua):
    # seed 002: "Несподівана поїздка: перемістіться на випадкову клітинку, крім поточної …"
    game = Game(ua, "Anna", "Boris", "Vera", rent_collection="automatic")
    game.roll(0, 3, 4)  # to 7, the market
    game.act("draw_card", 0, card="rynok.trip")
    game.act("random_move", 0, position=0)
    moved, salary = (texts(ruling(game, rule), ua) for rule in ("card.random_move.destination", "go.salary"))
    assert moved["en"] == "Anna moves to Start, drawn at random."
    assert salary["en"] == "Anna lands on Start and collects the salary of 200 from the bank."
    assert "«Старт»" in moved["uk"] and "«Старт»" in salary["uk"]


def test_a_doubled_station_claim_holds_the_doubled_amount_and_no_dice_multiplier(classic):
    # card: "Advance to the nearest Railroad. ... If owned, pay the owner twice the rental to which
    # they are otherwise entitled." The claim's multiplier is a utility's dice multiplier only.
    game = Game(classic, "Anna", "Boris", "Vera")
    game.own(1, 15)
    game.place(0, 4)
    game.roll(0, 1, 2)
    game.arrange(pending=(CardDraw(0, classic.space(7).deck),))
    game.act("draw_card", 0, card="chance.railroad_1")
    [claim] = game.pending(RentClaim)
    assert (claim.amount, claim.multiplier) == (50, None)
    assert (claim.ruling.rule, claim.ruling.values["multiplier"]) == ("rent.station.card", 2)
    assert claim.ruling.text == "Rent M50 = M25 × 2 as the card says: Boris owns 1 of the station spaces."
