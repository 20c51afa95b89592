"""An auction bid aloud at the table and reported by its result: nobody bids, or
who won and for how much, judged as the bids leading to it would be."""

import pytest

from referee.editions import shipped
from referee.rules import allowed
from referee.rules.pending import Auction

from .game import Game
from .test_options_of_auctions import declined
from .test_options_of_play import examples, options


@pytest.fixture
def ua():
    return shipped()["ua-industries"]


def test_nobody_bidding_is_one_report_and_the_property_stays_with_the_bank(classic):
    # seed 001: "Если никто не хочет объект, он остаётся свободным."
    game = declined(classic)
    game.act("auction_result", 0)
    assert game.pending(Auction) == []
    assert game.state.holdings[5].owner is None
    assert "auction.unsold" in game.rules()


def test_a_result_reports_the_winner_who_pays_the_bank_the_price_called_out(classic):
    # seed 001: "Победитель платит предложенную сумму Банку."
    game = declined(classic)
    game.act("auction_result", 0, winner=2, amount=130)
    assert game.state.holdings[5].owner == 2
    assert game.cash(2) == 1500 - 130
    assert [(t.source, t.target, t.amount) for t in game.ledger_of("auction")] == [(2, "bank", 130)]
    assert "auction.sold" in game.rules()


def test_the_result_is_offered_to_the_table_with_the_prices_each_bidder_could_win_at(classic):
    # seed 001: "В буклете C1009 аукцион начинается с 10, ставку повышают минимум на 1."
    game = declined(classic)
    game.set_cash(2, 300)
    entry = next(a for a in allowed(game.state, classic) if a["type"] == "auction_result")
    assert entry["table"] is True
    found = options(game, "auction_result")[0]
    assert found["winner"] == [0, 1, 2]
    assert found["winners"][2] == {"seat": 2, "min": 10, "max": 300, "step": 1, "standing": None}
    assert {"winner": 2, "amount": 300} in examples(game, "auction_result", 0)


def test_a_price_below_the_opening_or_the_next_bid_is_refused_with_the_bid_s_rule(classic):
    # seed 001: "аукцион начинается с 10, ставку повышают минимум на 1"
    game = declined(classic)
    assert game.refused("auction_result", 0, winner=1, amount=9).code == "bid_too_low"
    game.act("bid", 1, amount=50)
    refusal = game.refused("auction_result", 0, winner=2, amount=50)
    assert refusal.code == "bid_too_low" and refusal.ruling.rule == "auction.minimum"


def test_a_price_over_the_winner_s_cash_is_refused(classic):
    # seed 001: "Победитель платит предложенную сумму Банку" -- so no more than the winner holds.
    game = declined(classic)
    game.set_cash(1, 200)
    assert game.refused("auction_result", 0, winner=1, amount=201).code == "insufficient_funds"


def test_after_bids_entered_one_by_one_nobody_else_bidding_gives_the_lot_to_the_high_bidder(classic):
    # seed 001: "Победитель платит предложенную сумму Банку."
    game = declined(classic)
    game.act("bid", 1, amount=80)
    game.act("auction_result", 0)
    assert game.state.holdings[5].owner == 1 and game.cash(1) == 1420


def test_the_high_bidder_wins_higher_only_if_another_bidder_could_have_bid_between(classic):
    # seed 001: "ставку повышают минимум на 1" -- a higher price means someone raised in between.
    game = declined(classic, "Anna", "Boris")
    game.act("bid", 1, amount=80)
    game.set_cash(0, 80)  # Anna cannot raise to 81: nobody could have pushed Boris higher
    assert game.refused("auction_result", 0, winner=1, amount=100).code == "no_underbidder"
    assert options(game, "auction_result")[0]["winners"] == [
        {"seat": 1, "min": 80, "max": 80, "step": 1, "standing": 80}
    ]
    game.set_cash(0, 500)
    assert options(game, "auction_result")[0]["winners"][1] == {
        "seat": 1,
        "min": 82,
        "max": 1500,
        "step": 1,
        "standing": 80,
    }
    assert game.refused("auction_result", 0, winner=1, amount=81).code == "no_underbidder"
    game.act("auction_result", 0, winner=1, amount=100)
    assert game.cash(1) == 1400


def test_with_exact_raises_the_price_is_the_opening_plus_whole_raises(ua):
    # seed 002: "Перша ставка становить 75% вартості бізнесу з округленням угору до цілого, кожна наступна
    # піднімає ціну рівно на 10."
    game = declined(ua, rent_collection="automatic")
    refusal = game.refused("auction_result", 0, winner=1, amount=50)
    assert refusal.code == "exact_raise" and refusal.ruling.rule == "auction.aloud_step"
    assert game.refused("auction_result", 0, winner=1, amount=40).code == "bid_too_low"
    game.act("auction_result", 0, winner=1, amount=65)
    assert game.state.holdings[3].owner == 1 and game.cash(1) == 1500 - 65


def test_with_exact_raises_a_price_needs_another_bidder_able_to_bid_the_raise_below(ua):
    # seed 002: "не вистачає грошей на наступну ставку — це теж пас."
    game = declined(ua, "Anna", "Boris", rent_collection="automatic")
    game.set_cash(0, 60)  # Anna could bid 45 and 55, not 65: Boris wins at 45, 55+10=65 at most
    refusal = game.refused("auction_result", 0, winner=1, amount=75)
    assert refusal.code == "no_underbidder" and refusal.ruling.values["below"] == 65
    assert options(game, "auction_result")[0]["winners"][1] == {
        "seat": 1,
        "min": 45,
        "max": 65,
        "step": 10,
        "standing": None,
    }
    game.act("auction_result", 0, winner=1, amount=65)
    assert game.cash(1) == 1500 - 65


def test_a_winner_without_a_price_and_a_report_without_an_auction_are_refused(classic):
    # seed 001: "Победитель платит предложенную сумму Банку" -- a result names both.
    game = declined(classic)
    assert game.refused("auction_result", 0, winner=1).code == "no_price"
    assert game.refused("auction_result", 0, amount=100).code == "no_price"
    # a winner who is no seat at the table is named as the roll's unknown seat is, not as a bidder who left
    assert game.refused("auction_result", 0, winner=7, amount=100).code == "unknown_seat"
    game.act("auction_result", 0)
    assert game.refused("auction_result", 0).code == "no_auction"


def test_a_seller_s_own_auction_bid_aloud_pays_the_seller(ua):
    # seed 002: "Ставлять лише суперники, зокрема боти; продавець не бере участі. Переможець платить свою
    # ставку вам і отримує майно."
    game = Game(ua, "Anna", "Boris", "Vera", rent_collection="automatic")
    game.own(0, 5)
    game.place(0, 4)
    game.roll(0, 1, 2)
    game.arrange(pending=())
    start = options(game, "auction_property")[0]["positions"][0]["start"]["min"]
    game.act("auction_property", 0, position=5, start=start)
    assert game.refused("auction_result", 0, winner=0, amount=start).code == "not_bidding"
    game.act("auction_result", 0, winner=2, amount=start)
    assert game.state.holdings[5].owner == 2 and game.cash(0) == 1500 + start
