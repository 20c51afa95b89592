"""Taxes, the corners that do nothing, and payments larger than the payer's cash.

seed 001: "Налоги платят Банку. «Бесплатная парковка» не приносит денег" and "Если денег на
обязательный платёж нет, продайте здания и/или заложите собственность."
"""

import pytest

from referee.rules import RuleViolation
from referee.rules.pending import Debt

from .game import Game


@pytest.mark.parametrize("start, dice, position, tax", [(0, (1, 3), 4, 200), (35, (1, 2), 38, 100)])
def test_income_tax_is_200_and_luxury_tax_100_paid_to_the_bank(classic, start, dice, position, tax):
    game = Game(classic)
    game.place(0, start)
    game.roll(0, *dice)
    [paid] = game.last.transfers
    assert (paid.source, paid.target, paid.amount, paid.rule) == (0, "bank", tax, "tax")
    assert paid.ruling.text == f"Anna lands on {classic.space(position).label()} and pays M{tax} to the bank."
    assert game.cash(0) == 1500 - tax


def test_free_parking_pays_nothing(classic):
    # seed 001: "«Бесплатная парковка» не приносит денег: касса штрафов в центре поля — добавленное домашнее правило."
    game = Game(classic)
    game.place(0, 10)
    game.roll(0, 4, 6)
    assert game.state.players[0].position == 20
    assert game.last.transfers == () and game.pending() == []
    assert game.rules() == ["free_parking.nothing"]


class TestDebts:
    def test_a_tax_larger_than_cash_stays_owed_whole_and_cash_stays_untouched(self, classic):
        game = Game(classic)
        game.set_cash(0, 150)
        game.roll(0, 1, 3)  # Income Tax 200
        assert game.cash(0) == 150 and game.last.transfers == ()
        [debt] = game.pending()
        assert debt == Debt(0, "bank", 200, "tax", debt.ruling)
        assert debt.ruling.rule == "tax"

    def test_a_pending_debt_holds_up_the_game(self, classic):
        game = Game(classic)
        game.set_cash(0, 150)
        game.roll(0, 2, 2)  # Income Tax on a double: another roll is due, but the debt comes first
        assert game.allowed() == {("declare_bankruptcy", 0)}  # 150 and nothing to sell or mortgage
        for act in (lambda: game.roll(0, 1, 2), lambda: game.act("end_turn", 0)):
            with pytest.raises(RuleViolation) as refused:
                act()
            assert refused.value.ruling.text == "Play cannot go on until Anna's debt of M200 is resolved."

    def test_rent_larger_than_cash_is_owed_to_the_owner(self, classic):
        game = Game(classic)
        game.own(1, 37, 39)
        game.set_cash(0, 90)
        game.place(0, 35)
        game.roll(0, 1, 3)  # Boardwalk, whole group: 100
        game.act("claim_rent", 1)
        assert game.cash(0) == 90 and game.cash(1) == 1500
        [debt] = game.pending(Debt)
        assert (debt.debtor, debt.creditor, debt.amount, debt.reason) == (0, 1, 100, "rent")

    def test_a_debt_is_paid_the_moment_cash_covers_it(self, classic):
        # Anna stops on Boris's Oriental Avenue on a double, then draws "birthday": Boris, with 5,
        # owes her 10. When he claims his rent of 6 he has 11, and the debt is paid at once.
        game = Game(classic)
        game.own(1, 6)
        game.set_cash(1, 5)
        game.roll(0, 3, 3)  # Oriental Avenue: rent 6 open
        game.roll(0, 5, 6)  # 17: Community Chest
        game.act("draw_card", 0, card="chest.birthday")
        [debt] = game.pending(Debt)
        assert (debt.debtor, debt.creditor, debt.amount) == (1, 0, 10)
        game.act("claim_rent", 1)
        assert [(t.source, t.target, t.amount, t.reason) for t in game.last.transfers] == [
            (0, 1, 6, "rent"),
            (1, 0, 10, "card"),
        ]
        assert "debt.settled" in game.rules()
        assert game.pending(Debt) == []
        assert (game.cash(0), game.cash(1)) == (1504, 1)
        assert game.allowed() == {("end_turn", 0)}
