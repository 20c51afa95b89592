"""Buying from the bank and the auction that follows every decline (seed 001, "Покупка, аукцион
и рента")."""

import pytest

from referee.rules import RuleViolation
from referee.rules.pending import Auction, BuyDecision

from .game import Game


def declined(classic, *names, position_roll=(1, 2)) -> Game:
    """Anna lands on Baltic Avenue (price 60) and declines it."""
    game = Game(classic, *names)
    game.roll(0, *position_roll)
    game.act("decline", 0)
    return game


def test_an_unowned_property_is_offered_at_its_printed_price(classic):
    # seed 001: "На свободной Улице, Вокзале или Коммунальном предприятии можно уплатить Банку цену клетки"
    game = Game(classic)
    game.roll(0, 2, 3)  # 5: Reading Railroad, 200
    assert game.pending() == [BuyDecision(0, 5)]
    assert game.allowed() == {("buy", 0), ("decline", 0)}
    assert game.last.rulings[-1].text == "Reading Railroad belongs to the bank: Anna may buy it for M200 or decline."
    game.act("buy", 0)
    [paid] = game.last.transfers
    assert (paid.source, paid.target, paid.amount, paid.rule) == (0, "bank", 200, "purchase.buy")
    assert game.state.holdings[5].owner == 0 and game.cash(0) == 1300
    assert game.pending() == [] and game.allowed() == {("end_turn", 0)}


@pytest.mark.parametrize("dice, position", [((4, 8), 12), ((1, 2), 3)])
def test_utilities_and_streets_are_offered_too(classic, dice, position):
    # seed 001: "На свободной Улице, Вокзале или Коммунальном предприятии"
    game = Game(classic)
    game.place(0, 0)
    game.roll(0, *dice)
    assert game.pending() == [BuyDecision(0, position)]


def test_a_player_short_of_the_price_cannot_buy_but_may_decline(classic):
    game = Game(classic)
    game.set_cash(0, 59)
    game.roll(0, 1, 2)  # Baltic Avenue, 60
    assert game.allowed() == {("decline", 0)}
    with pytest.raises(RuleViolation) as refused:
        game.act("buy", 0)
    assert refused.value.code == "insufficient_funds"
    assert refused.value.ruling.text == "Anna has M59, less than the price of Baltic Avenue, M60."


def test_only_the_player_on_the_space_may_buy_it(classic):
    game = Game(classic)
    game.roll(0, 1, 2)
    with pytest.raises(RuleViolation) as refused:
        game.act("buy", 1)
    assert refused.value.code == "no_offer"


def test_declining_opens_an_auction_at_once_in_which_everyone_may_bid_the_decliner_too(classic):
    # seed 001: "Отказ от покупки не оставляет объект ждать следующего круга: Банкир сразу проводит
    # аукцион" and "Участвовать могут все, включая отказавшегося от покупки"
    game = declined(classic, "Anna", "Boris", "Vera")
    assert game.pending() == [Auction(3, (0, 1, 2), opening=10)]
    bidding = {(t, s) for t in ("bid", "pass") for s in (0, 1, 2)}
    assert game.allowed() == bidding | {("auction_result", 0)}  # or the table reports the result bid aloud
    assert game.rules() == ["auction.opened"]
    with pytest.raises(RuleViolation):
        game.act("end_turn", 0)


def test_the_first_bid_is_at_least_10_and_each_raise_at_least_1(classic):
    # seed 001: "В буклете C1009 аукцион начинается с 10, ставку повышают минимум на 1."
    game = declined(classic)
    with pytest.raises(RuleViolation) as refused:
        game.act("bid", 1, amount=9)
    assert refused.value.ruling.text == "A bid must be at least M10."
    game.act("bid", 1, amount=10)
    with pytest.raises(RuleViolation) as refused:
        game.act("bid", 0, amount=10)
    assert refused.value.ruling.text == "A bid must be at least M11 (high bid M10 + M1)."
    game.act("bid", 0, amount=11)
    assert game.pending() == [Auction(3, (0, 1), opening=10, high_bid=11, high_bidder=0)]


def test_the_winner_pays_the_bank_and_takes_the_deed(classic):
    # seed 001: "Победитель платит предложенную сумму Банку."
    game = declined(classic)
    game.act("bid", 1, amount=40)
    game.act("bid", 0, amount=55)
    game.act("pass", 1)
    [paid] = game.last.transfers
    assert (paid.source, paid.target, paid.amount, paid.rule) == (0, "bank", 55, "auction.sold")
    assert paid.ruling.text == "Anna wins the auction of Baltic Avenue with M55, paid to the bank."
    assert game.state.holdings[3].owner == 0
    assert game.cash(0) == 1445 and game.cash(1) == 1500
    assert game.pending() == [] and game.allowed() == {("end_turn", 0)}


def test_the_decliner_can_win_the_auction_below_the_printed_price(classic):
    # seed 001: "Участвовать могут все, включая отказавшегося от покупки"
    game = declined(classic, "Anna", "Boris", "Vera")
    game.act("bid", 0, amount=10)
    game.act("pass", 1)
    game.act("pass", 2)
    assert game.state.holdings[3].owner == 0 and game.cash(0) == 1490


def test_a_pass_is_final(classic):
    game = declined(classic, "Anna", "Boris", "Vera")
    game.act("bid", 2, amount=20)
    game.act("pass", 1)
    with pytest.raises(RuleViolation) as refused:
        game.act("bid", 1, amount=30)
    assert refused.value.code == "not_bidding"
    assert refused.value.ruling.text == "Boris has left this auction (a pass is final)."
    assert ("bid", 1) not in game.allowed()


def test_the_high_bidder_cannot_outbid_themself(classic):
    game = declined(classic)
    game.act("bid", 0, amount=20)
    assert ("bid", 0) not in game.allowed()
    with pytest.raises(RuleViolation) as refused:
        game.act("bid", 0, amount=30)
    assert refused.value.code == "own_bid"


def test_bids_are_limited_to_cash_in_hand(classic):
    # SPEC §2.3: "A player cannot bid more than they could pay": judged on cash in hand.
    game = declined(classic)
    game.set_cash(1, 100)
    with pytest.raises(RuleViolation) as refused:
        game.act("bid", 1, amount=101)
    assert refused.value.code == "insufficient_funds"
    assert refused.value.ruling.text == "Boris has M100 and cannot bid M101: bids are limited to cash in hand."
    game.act("bid", 1, amount=100)


def test_a_bidder_who_cannot_cover_the_next_bid_drops_out(classic):
    game = Game(classic, "Anna", "Boris", "Vera")
    game.set_cash(2, 30)
    game.roll(0, 1, 2)
    game.act("decline", 0)
    game.act("bid", 1, amount=30)
    auction = game.pending(Auction)[0]
    assert auction.bidders == (0, 1)  # Vera cannot bid 31
    assert game.last.rulings[-1].text == "Vera has M30, less than the next bid of M31, and is out of the auction."
    game.act("pass", 0)
    assert game.state.holdings[3].owner == 1 and game.cash(1) == 1470


def test_with_no_bids_the_property_stays_with_the_bank_and_is_offered_again_later(classic):
    # seed 001: "Если никто не хочет объект, он остаётся свободным."
    game = declined(classic)
    game.act("pass", 0)
    game.act("pass", 1)
    assert game.state.holdings[3].owner is None
    assert game.last.transfers == ()
    assert game.rules() == ["auction.unsold"]
    game.act("end_turn", 0)
    game.roll(1, 1, 2)
    assert game.pending() == [BuyDecision(1, 3)]


def test_a_prisoner_may_bid(classic):
    # seed 001: "Тюрьма не запрещает ... участвовать в аукционах."
    game = Game(classic)
    game.state = game.state.with_player(1, position=10, in_jail=True)
    game.roll(0, 1, 2)
    game.act("decline", 0)
    game.act("bid", 1, amount=15)
    game.act("pass", 0)
    assert game.state.holdings[3].owner == 1


def test_no_bid_or_pass_without_an_auction(classic):
    game = Game(classic)
    with pytest.raises(RuleViolation) as refused:
        game.act("bid", 0, amount=10)
    assert refused.value.code == "no_auction"
    with pytest.raises(RuleViolation) as refused:
        game.act("pass", 1)
    assert refused.value.ruling.text == "No auction is running."
