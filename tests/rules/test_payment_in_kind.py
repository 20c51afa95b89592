"""Part of a debt paid to a player in property, at a value the creditor accepts (seed 000, "Замечания по
игре": "Вы можете заплатить Вашему кредитору часть суммы наличными и часть суммы принадлежащей вам
собственностью (при этом на этих Владениях не должно быть никаких зданий). В этом случае кредитор может
принять определенную собственность (даже если она заложена) по цене, значительно превышающей указанную на
карточке Собственника"). Loans between players stay refused (seed 000: "Игроки не могут давать друг другу
деньги в долг")."""

from referee.rules.mortgage_terms import MortgageChoice
from referee.rules.payment_in_kind import PropertyOffer
from referee.rules.pending import Debt
from referee.rules.state import Turn

from .game import Game

READING, BALTIC = 5, 3


def owing(classic, cash: int = 50) -> Game:
    """Anna owes Boris 200 of rent on Boardwalk (one house) and has ``cash``; she holds Reading Railroad
    and the brown group."""
    game = Game(classic, "Anna", "Boris", "Vera")
    game.own(1, 37, 39)
    game.own(0, READING, 1, BALTIC)
    game.build_up({37: 1, 39: 1})
    game.set_cash(0, cash)
    game.arrange(turn=Turn(seat=0))
    game.place(0, 35)
    game.roll(0, 1, 3)
    game.act("claim_rent", 1)
    return game


def test_a_property_accepted_at_a_value_pays_that_much_and_cash_pays_the_rest(classic):
    game = owing(classic)
    assert ("offer_property", 0) in game.allowed(everything=True)
    game.act("offer_property", 0, to=1, positions=[READING], value=150)
    [offer] = game.pending(PropertyOffer)
    assert (offer.seat, offer.to, offer.positions, offer.value) == (0, 1, (READING,), 150)
    assert game.last.rulings[0].text == (
        "Anna offers Boris Reading Railroad for M150 of the M200 owed; Boris accepts or rejects it."
    )
    assert ("accept_property", 1) in game.allowed(everything=True)
    game.act("accept_property", 1)
    assert game.state.holdings[READING].owner == 1
    # the deed paid 150; Anna's 50 now covers the other 50, paid at once
    assert [(t.source, t.target, t.amount, t.reason) for t in game.last.transfers] == [(0, 1, 50, "rent")]
    assert game.rules() == ["debt.in_kind.accepted", "debt.settled", "rent.street.houses"]
    assert game.last.rulings[0].text == (
        "Boris accepts Reading Railroad from Anna for M150: the debt falls from M200 to M50."
    )
    assert (game.cash(0), game.pending(Debt)) == (0, [])


def test_the_creditor_may_accept_far_above_the_printed_price_and_a_mortgaged_deed_too(classic):
    game = owing(classic, cash=10)
    game.own(0, 13, mortgaged=True)  # States Avenue, price 140, mortgaged
    game.act("offer_property", 0, to=1, positions=[13], value=195)
    game.act("accept_property", 1)
    # 200 - 195 leaves 5, which Anna's 10 covers at once
    assert [(t.source, t.target, t.amount) for t in game.last.transfers] == [(0, 1, 5)]
    assert game.pending(Debt) == [] and game.state.holdings[13].owner == 1
    assert game.pending(MortgageChoice) == [MortgageChoice(1, 13)]  # Boris lifts it or keeps it paying 10%


def test_the_whole_debt_may_be_paid_in_property(classic):
    game = owing(classic, cash=0)
    game.act("offer_property", 0, to=1, positions=[READING, 1], value=200)
    game.act("accept_property", 1)
    assert game.pending(Debt) == [] and game.last.transfers == ()


def test_a_value_above_the_debt_would_be_a_loan_and_is_refused(classic):
    # seed 001: "Не добавляйте займы между участниками ... буклет их не допускает."
    game = owing(classic)
    refused = game.refused("offer_property", 0, to=1, positions=[READING], value=250)
    assert refused.ruling.rule == "debt.in_kind.value"
    assert refused.ruling.text.startswith("The value of properties given for a debt must be from M1 to the M200 owed")


def test_money_alone_still_cannot_change_hands_between_players(classic):
    game = owing(classic)
    refused = game.refused("trade", 2, to=0, give={"cash": 150})
    assert refused.ruling.rule == "trade.money_only"


def test_a_street_whose_group_has_buildings_is_not_offered(classic):
    # seed 000: "при этом на этих Владениях не должно быть никаких зданий"
    game = owing(classic)
    game.build_up({37: 1, 39: 1, 1: 1, BALTIC: 1})
    refused = game.refused("offer_property", 0, to=1, positions=[BALTIC], value=50)
    assert refused.ruling.rule == "trade.buildings"


def test_property_goes_only_to_a_player_the_debtor_owes(classic):
    game = owing(classic)
    assert game.refused("offer_property", 0, to=2, positions=[READING], value=50).ruling.rule == (
        "debt.in_kind.not_owed"
    )
    tax = Game(classic)
    tax.own(0, READING)
    tax.set_cash(0, 10)
    tax.place(0, 1)
    tax.roll(0, 1, 2)  # Income Tax: owed to the bank, paid in cash only
    assert ("offer_property", 0) not in tax.allowed(everything=True)


def test_the_creditor_may_reject_and_the_debtor_withdraw(classic):
    game = owing(classic)
    game.act("offer_property", 0, to=1, positions=[READING], value=150)
    game.act("reject_property", 1)
    assert game.rules() == ["debt.in_kind.rejected"] and game.pending(PropertyOffer) == []
    assert game.state.holdings[READING].owner == 0 and [d.amount for d in game.pending(Debt)] == [200]
    game.act("offer_property", 0, to=1, positions=[READING], value=150)
    game.act("reject_property", 0)
    assert game.rules() == ["debt.in_kind.withdrawn"]


def test_an_offer_made_stale_by_a_payment_cannot_be_accepted(classic):
    game = owing(classic, cash=150)
    game.act("offer_property", 0, to=1, positions=[BALTIC], value=100)
    game.act("mortgage", 0, positions=[READING])  # 150 + 100: the debt is paid in cash
    assert game.pending(Debt) == []
    assert ("accept_property", 1) not in game.allowed(everything=True)
    assert game.refused("accept_property", 1).ruling.rule == "debt.in_kind.not_owed"
