"""House rules chosen at game creation (SPEC §1): off by default, each one
named in every ruling it decides (``house_rule: true``)."""

import pytest

from referee.editions import shipped
from referee.rules import RuleViolation
from referee.rules.pending import Auction

from .game import Game


def house_rulings(game: Game) -> list:
    return [r for r in game.last.rulings if r.house_rule]


@pytest.mark.parametrize(("edition_id", "tax_at", "amount"), [("disney", 4, 200), ("ua-industries", 38, 100)])
def test_the_jackpot_sends_taxes_to_the_pot_and_says_a_house_rule_did(edition_id, tax_at, amount):
    # SPEC §1: "Free Parking jackpot (taxes and fines go to a pot, paid to whoever lands on Free Parking)" —
    # no booklet has it; seed 002: "Бізнес-форум — вільна клітинка: тут нічого не платять і нічого не отримують."
    edition = shipped()[edition_id]
    game = Game(edition, rent_collection="automatic", house_rules=("free_parking_jackpot",))
    game.place(0, tax_at - 3)
    game.roll(0, 1, 2)
    assert game.state.pot == amount and game.cash(0) == 1500 - amount
    (tax,) = game.last.transfers
    assert tax.target == "pot" and tax.ruling.house_rule and tax.ruling.values["house_rule"] == "free_parking_jackpot"
    assert "House rule" in tax.ruling.text


def test_landing_on_free_parking_takes_the_pot(classic):
    game = Game(classic, house_rules=("free_parking_jackpot",))
    game.place(0, 1)
    game.roll(0, 1, 2)  # Income Tax 200 into the pot
    game.act("end_turn", 0)
    game.place(1, 15)
    game.roll(1, 2, 3)
    assert game.cash(1) == 1700 and game.state.pot == 0
    assert [r.rule for r in house_rulings(game)] == ["house.free_parking_jackpot"]


def test_an_empty_pot_still_rules_that_the_house_rule_applies(classic):
    game = Game(classic, house_rules=("free_parking_jackpot",))
    game.place(0, 15)
    game.roll(0, 2, 3)
    assert game.cash(0) == 1500 and not game.last.transfers
    assert [r.rule for r in house_rulings(game)] == ["house.free_parking_jackpot"]


def test_without_the_jackpot_free_parking_pays_nothing_and_taxes_go_to_the_bank(classic):
    # seed 001: "Налоги платят Банку. «Бесплатная парковка» не приносит денег"
    game = Game(classic)
    game.place(0, 1)
    game.roll(0, 1, 2)
    assert game.last.transfers[0].target == "bank" and not game.last.transfers[0].ruling.house_rule


def test_fines_and_card_payments_go_to_the_pot_under_the_jackpot(classic):
    game = Game(classic, house_rules=("free_parking_jackpot",))
    game.state = game.state.with_player(0, in_jail=True, position=10)
    game.act("pay_jail_fine", 0)
    assert game.state.pot == 50 and game.last.rulings[0].house_rule


@pytest.mark.parametrize("edition_id", ["classic", "disney", "classic-rub", "ua-industries"])
def test_landing_exactly_on_go_pays_double_only_under_the_house_rule(edition_id):
    # SPEC §5: "landing on GO pays 200, not 400 (400 is a house rule)"
    edition = shipped()[edition_id]
    game = Game(edition, rent_collection="automatic", house_rules=("go_landing_double",))
    game.place(0, 35)
    game.roll(0, 2, 3)
    assert game.cash(0) == 1500 + 2 * edition.rules.salary
    (bonus,) = game.last.transfers
    assert bonus.ruling.rule == "house.go_landing_double" and bonus.ruling.house_rule
    game = Game(edition, rent_collection="automatic", house_rules=("go_landing_double",))
    game.place(0, 35)
    game.roll(0, 3, 4)  # passing GO (to a card space) is not landing on it
    assert game.cash(0) == 1500 + edition.rules.salary
    assert not any(t.ruling.house_rule for t in game.last.transfers)


@pytest.mark.parametrize("edition_id", ["classic", "disney", "classic-rub", "ua-industries"])
def test_without_auctions_a_declined_property_stays_unsold_and_the_ruling_says_so(edition_id):
    # Every booklet auctions a declined property at once (seed 001: "Отказ от покупки не оставляет объект
    # ждать следующего круга"; seed 002: "Відмова завжди запускає торги."); "no_auction" is a house rule.
    edition = shipped()[edition_id]
    game = Game(edition, rent_collection="automatic", house_rules=("no_auction",))
    game.roll(0, 1, 2)
    game.act("decline", 0)
    assert not game.pending(Auction) and game.state.holdings[3].owner is None
    (ruling,) = house_rulings(game)
    assert ruling.rule == "house.no_auction" and ruling.values["house_rule"] == "no_auction"
    game.act("end_turn", 0)


def test_an_unknown_house_rule_is_refused_at_creation(classic):
    with pytest.raises(RuleViolation) as refused:
        Game(classic, house_rules=("free_money",))
    assert refused.value.code == "house_rule"
    assert refused.value.ruling.text.startswith("Unknown house rule free_money; known: free_parking_jackpot")
