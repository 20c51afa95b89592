"""Quotes of what a stop costs, and net worth (engine side)."""

from referee.rules.quotes import stop_quote
from referee.rules.worth import standings, worth

from .game import Game


def test_a_quote_gives_the_rent_with_its_breakdown(classic):
    game = Game(classic)
    game.own(1, 37, 39)
    game.build_up({37: 2, 39: 3})
    quote = stop_quote(game.state, classic, 0, 39)
    assert (quote.amount, quote.owner, quote.ruling.rule) == (1400, 1, "rent.street.houses")
    assert quote.ruling.values["houses"] == 3


def test_a_utility_quote_needs_the_dice_for_an_amount(classic):
    # seed 001: "сумма умножается на 4 при одном предприятии или на 10 при двух"
    game = Game(classic)
    game.own(1, 12, 28)
    waiting = stop_quote(game.state, classic, 0, 28)
    assert (waiting.amount, waiting.multiplier, waiting.ruling.rule) == (None, 10, "quote.utility_dice")
    assert stop_quote(game.state, classic, 0, 28, dice=7).amount == 70


def test_quotes_for_mortgaged_own_unowned_tax_and_card_spaces(classic):
    game = Game(classic)
    game.own(1, 5, mortgaged=True)
    game.own(0, 15)
    cases = {5: (0, "rent.mortgaged"), 15: (0, "quote.own"), 25: (0, "quote.for_sale"), 4: (200, "quote.tax")}
    for position, expected in cases.items():
        quote = stop_quote(game.state, classic, 0, position)
        assert (quote.amount, quote.ruling.rule) == expected, position
    assert stop_quote(game.state, classic, 0, 7).amount is None
    assert stop_quote(game.state, classic, 0, 20).amount == 0


def test_net_worth_counts_cash_properties_half_the_mortgaged_and_buildings_at_cost(classic):
    # seed 000: "Заложенную собственность в размере половины цены ... Отели, оцененные по стоимости покупки,
    # включая стоимость ... Домов, на которые этот Отель был обменен."
    game = Game(classic)
    game.own(0, 16, 18, 19)  # 180 + 180 + 200
    game.own(0, 39, mortgaged=True)  # 400 / 2
    game.build_up({16: 4, 18: 4}, hotels=(19,))  # 8 houses × 100 + a hotel (100 + 4 × 100)
    mine = worth(game.state, classic, 0)
    assert (mine.cash, mine.properties, mine.mortgaged, mine.buildings) == (1500, 560, 200, 800 + 500)
    assert mine.total == 1500 + 560 + 200 + 1300


def test_standings_rank_the_richest_first_and_share_ties(classic):
    game = Game(classic, "Anna", "Boris", "Vera")
    game.own(1, 5)
    ranked = standings(game.state, classic)
    assert [(s.rank, s.worth.seat, s.worth.total) for s in ranked] == [(1, 1, 1700), (2, 0, 1500), (2, 2, 1500)]
