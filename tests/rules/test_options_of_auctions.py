"""What ``allowed`` offers each seat in auctions: the bids of the bank's auctions, the pass, a seller's own
auction with its opening bids, and the report of a shortage of buildings."""

import pytest

from referee.editions import shipped
from referee.rules.pending import Debt
from referee.rules.rulings import Ruling
from referee.rules.state import Turn

from .game import Game
from .test_building_auction import short_of_houses
from .test_options_of_play import examples, options

OWED = Ruling("test.arrange", "a debt arranged for the test")


@pytest.fixture
def ua():
    return shipped()["ua-industries"]


def declined(edition, *names: str, **options) -> Game:
    """Anna declines the property she stands on (Reading Railroad on the classic board, an enterprise on ua)."""
    game = Game(edition, *(names or ("Anna", "Boris", "Vera")), **options)
    game.roll(0, *((2, 3) if edition.id == "classic" else (1, 2)))
    game.act("decline", 0)
    return game


def test_every_bidder_may_bid_from_the_opening_up_to_its_cash_and_the_high_bidder_only_passes(classic):
    # seed 001 l.27: «Банкир сразу проводит аукцион»; l.28: «аукцион начинается с 10, ставку повышают минимум на 1».
    # The cap at the bidder's cash is the service's: the seed says nothing of it (silent.json, auction.cash).
    game = declined(classic)
    game.set_cash(2, 300)
    bids = options(game, "bid")
    assert bids[0] == {
        "amount": {"min": 10, "max": 1500, "step": 1, "exact": False},
        "limit": 1500,
        "position": 5,
        "high_bid": None,
    }
    assert bids[2]["amount"] == {"min": 10, "max": 300, "step": 1, "exact": False}
    assert examples(game, "bid", 2) == [{"amount": 10}, {"amount": 300}]
    game.act("bid", 1, amount=50)
    assert set(options(game, "bid")) == {0, 2} and options(game, "bid")[0]["amount"]["min"] == 51
    assert set(options(game, "pass")) == {0, 1, 2}
    assert options(game, "pass")[1] == {"position": 5, "high_bid": 50, "standing": 50}
    assert options(game, "pass")[0] == {"position": 5, "high_bid": 50, "standing": None}
    assert game.refused("bid", 2, amount=301).code == "insufficient_funds"


def test_in_turn_with_exact_raises_only_the_next_bidder_bids_exactly_the_minimum(ua):
    # seed 002: "він і ставить першим. Перша ставка становить 75% вартості бізнесу з округленням угору до
    # цілого, кожна наступна піднімає ціну рівно на 10."
    game = declined(ua, rent_collection="automatic")
    assert options(game, "bid") == {
        0: {"amount": {"min": 45, "max": 45, "step": 10, "exact": True}, "limit": 1500, "position": 3, "high_bid": None}
    }
    assert set(options(game, "pass")) == {0}
    game.act("bid", 0, amount=45)
    game.set_cash(2, 50)
    assert options(game, "bid")[1]["amount"] == {"min": 55, "max": 55, "step": 10, "exact": True}
    assert game.refused("bid", 1, amount=65).code == "exact_raise"
    game.act("pass", 1)
    assert options(game, "bid") == {} and set(options(game, "pass")) == set()  # Vera, with 50, is out at 55


class TestSellersAuction:
    def rolled(self, ua) -> Game:
        game = Game(ua, "Anna", "Boris", "Vera", rent_collection="automatic")
        game.own(0, 5, 35)
        game.own(1, 15)
        game.place(0, 4)
        game.roll(0, 1, 2)  # to 7: the market
        game.arrange(pending=())
        return game

    def test_each_property_opens_from_the_bank_s_price_in_tens_up_to_the_richest_opponent(self, ua):
        # seed 002: "Початкову ставку вибирайте повзунком із кроком 10. Вона не може бути нижчою за ціну викупу
        # банком; верхня межа враховує готівку найбагатшого суперника."
        game = self.rolled(ua)
        game.set_cash(1, 300)
        game.set_cash(2, 290)
        assert options(game, "auction_property") == {
            0: {
                "positions": [
                    {"position": 5, "start": {"min": 100, "max": 300, "step": 10, "exact": False}},
                    {"position": 35, "start": {"min": 175, "max": 295, "step": 10, "exact": False}},
                ]
            }
        }
        assert examples(game, "auction_property", 0) == [
            {"position": 5, "start": 100},
            {"position": 35, "start": 175},
            {"position": 5, "start": 300},
        ]
        assert game.refused("auction_property", 0, position=35, start=305).code == "above_cash"

    def test_a_property_nobody_could_open_or_of_a_built_industry_is_left_out(self, ua):
        # seed 002: "Можна виставити ... підприємства з галузі, де в усій групі немає філій чи холдингів."
        game = self.rolled(ua)
        game.own(0, 1, 3, 4)
        game.build_up(houses={4: 1})
        game.set_cash(1, 150)
        game.set_cash(2, 120)
        assert [o["position"] for o in options(game, "auction_property")[0]["positions"]] == [5]
        game.arrange(turn=Turn(seat=1))
        assert options(game, "auction_property") == {}  # before the roll, on another's turn: nobody

    def test_a_debtor_may_auction_each_property_once_per_debt_even_on_another_s_turn(self, ua):
        # seed 002: "Під час збирання грошей на борг боржник може вибрати торги поруч із продажем." "Кожну
        # клітинку — раз за борг."
        game = Game(ua, "Anna", "Boris", "Vera", rent_collection="automatic")
        game.own(1, 5, 25)
        game.set_cash(1, 30)
        game.arrange(pending=(Debt(1, 0, 50, "card", OWED, auctioned=(5,)),))
        offered = options(game, "auction_property")
        assert list(offered) == [1] and [o["position"] for o in offered[1]["positions"]] == [25]


def test_the_players_who_want_more_houses_than_the_bank_has_may_report_the_shortage(classic):
    # seed 000: "Если в Банке осталось ограниченное число Домов или Отелей, и два или более игроков хотят
    # купить их больше, чем осталось в Банке, то Банкир проводит аукцион"
    game = short_of_houses(classic)
    shortage = {"building": "house", "bidders": [0, 1], "left": 2, "wanted": 18}
    assert options(game, "auction_buildings") == {0: {"buildings": [shortage]}, 1: {"buildings": [shortage]}}
    assert examples(game, "auction_buildings", 1) == [{"building": "house", "bidders": [0, 1]}]
    assert game.refused("auction_buildings", 2, building="house", bidders=[0, 1]).code == "not_wanting"


def test_no_shortage_is_offered_while_an_auction_runs_or_the_bank_has_enough(classic):
    # seed 000: "Если в Банке осталось ограниченное число Домов или Отелей, и два или более игроков хотят
    # купить их больше, чем осталось в Банке, то Банкир проводит аукцион"
    game = short_of_houses(classic)
    game.act("auction_buildings", 0, building="house", bidders=[0, 1])
    assert options(game, "auction_buildings") == {}
    game = short_of_houses(classic)
    game.own(1, 8, mortgaged=True)  # Boris may not build on light blue now: only Anna wants houses
    assert options(game, "auction_buildings") == {}


def test_the_high_bidder_s_pass_says_its_bid_stands_and_wins_once_the_others_pass(classic):
    # seed 002 l.57: «Ваша ставка не згорає, якщо ви потім спасували: коли решта теж спасує, бізнес дістанеться
    # вам за неї»; seed 001 l.28: «Победитель платит предложенную сумму Банку»
    game = declined(classic, "Anna", "Boris")
    game.act("bid", 1, amount=50)
    assert options(game, "pass")[1]["standing"] == 50  # Boris's pass leaves his M50 standing
    game.act("pass", 1)
    assert options(game, "pass") == {0: {"position": 5, "high_bid": 50, "standing": None}}
    game.act("pass", 0)
    assert game.state.holdings[5].owner == 1 and game.state.players[1].cash == 1450
