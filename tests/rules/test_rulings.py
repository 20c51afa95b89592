"""Every automatic decision carries a ruling with its numbers, as does every
amount and every refusal (seed 001 throughout, C1009)."""

import dataclasses

import pytest

from referee.rules import RuleViolation
from referee.rules.debt import settle_debts
from referee.rules.pending import Auction, Debt, RentClaim
from referee.rules.rulings import RULES, Ruling, render
from referee.rules.serialize import ruling_from_dict, ruling_to_dict
from referee.rules.state import Turn
from referee.rules.step import Step

from .game import Game


def ruling(game: Game, rule: str):
    found = [r for r in game.last.rulings if r.rule == rule]
    assert found, f"no {rule} ruling among {game.rules()}"
    return found[0]


def test_declining_opens_the_auction_with_a_ruling_naming_the_first_bid(classic):
    # seed 001: "Отказ от покупки не оставляет объект ждать следующего круга: Банкир сразу проводит аукцион."
    game = Game(classic)
    game.roll(0, 1, 2)
    game.act("decline", 0)
    assert dict(ruling(game, "auction.opened").values) == {
        "name": "Anna",
        "place": 3,
        "opening": 10,
        "order": "anyone_first",
        "first_bid": "at_least",
    }
    assert ruling(game, "auction.opened").text.endswith("anyone may bid first; the first bid is at least M10.")


def test_a_bidder_short_of_the_opening_bid_leaves_the_auction_with_a_ruling(classic):
    # seed 004: "Торг начинается с любой суммы, которую может дать каждый игрок."
    game = Game(classic, "Anna", "Boris", "Vera")
    game.set_cash(2, 9)
    game.roll(0, 1, 2)
    game.act("decline", 0)
    dropped = ruling(game, "auction.cannot_afford")
    assert dict(dropped.values) == {"name": "Vera", "cash": 9, "minimum": 10}
    assert game.pending(Auction)[0].bidders == (0, 1)


def test_an_auction_without_bids_closes_with_a_ruling_that_the_bank_keeps_the_property(classic):
    # seed 001: "Если никто не хочет объект, он остаётся свободным."
    game = Game(classic)
    game.roll(0, 1, 2)
    game.act("decline", 0)
    game.act("pass", 0)
    game.act("pass", 1)
    assert ruling(game, "auction.unsold").values["place"] == 3
    assert game.state.holdings[3].owner is None


def test_a_stop_on_another_s_property_opens_a_claim_with_a_ruling_and_the_next_roll_lapses_it(classic):
    # seed 001: "Владелец чужой собственности должен потребовать ренту до броска следующего игрока."
    game = Game(classic)
    game.own(1, 3)
    game.roll(0, 1, 2)
    assert dict(ruling(game, "rent.claim_open").values) == {"owner": "Boris", "payer": "Anna", "place": 3}
    assert game.pending(RentClaim)[0].ruling.rule == "rent.street"
    game.act("end_turn", 0)
    game.roll(1, 1, 3)
    assert dict(ruling(game, "rent.claim_lapsed").values) == {"owner": "Boris", "payer": "Anna", "place": 3}


def test_the_forced_release_after_three_failed_rolls_pays_the_fine_under_its_ruling(classic):
    # seed 001: "Если третья попытка неудачна, заплатите 50 и передвиньтесь на последнюю выпавшую сумму."
    game = Game(classic)
    game.state = game.state.with_player(0, in_jail=True, jail_turns=2, position=classic.jail_position)
    game.roll(0, 1, 3)
    [fine] = game.last.transfers
    assert (fine.amount, fine.rule) == (50, "jail.forced_release")
    assert dict(fine.ruling.values) == {"name": "Anna", "limit": 3, "fine": 50, "total": 4}


def test_a_payment_the_cash_does_not_cover_is_owed_whole_with_a_ruling(classic):
    # seed 001: "Если денег на обязательный платёж нет, продайте здания и/или заложите собственность."
    game = Game(classic)
    game.set_cash(0, 120)
    game.roll(0, 1, 3)  # Income Tax, 200
    assert game.last.transfers == ()
    [debt] = game.pending(Debt)
    assert (debt.amount, debt.ruling.rule) == (200, "tax")
    owed = ruling(game, "debt.owed")
    assert dict(owed.values) == {"debtor": "Anna", "cash": 120, "amount": 200, "creditor": "bank"}
    assert (
        owed.text
        == "Anna has M120, less than the M200 due to the bank: the whole amount stays owed until cash covers it."
    )


def test_a_debt_is_paid_under_its_own_ruling_once_cash_covers_it(classic):
    # seed 002: "Із боргом хід не завершити, а щойно грошей вистачає, він гаситься сам."
    game = Game(classic)
    game.set_cash(0, 120)
    game.roll(0, 1, 3)
    game.set_cash(0, 250)
    settling = Step(game.state, classic)
    settle_debts(settling)
    outcome = settling.outcome()
    assert [r.rule for r in outcome.rulings] == ["debt.settled", "tax"]
    assert [(t.amount, t.rule) for t in outcome.transfers] == [(200, "tax")]


def test_a_refusal_names_its_rule_and_the_numbers(classic):
    # seed 004: "Торг начинается с любой суммы, которую может дать каждый игрок."
    game = Game(classic)
    game.roll(0, 1, 2)
    game.act("decline", 0)
    with pytest.raises(RuleViolation) as refused:
        game.act("bid", 1, amount=1600)
    assert refused.value.code == "insufficient_funds"
    assert refused.value.ruling.rule == "auction.cash"
    assert dict(refused.value.ruling.values) == {"name": "Boris", "cash": 1500, "amount": 1600}


def test_a_blocked_roll_names_what_is_pending_in_words_and_as_a_type(classic):
    game = Game(classic)
    game.roll(0, 1, 2)
    game.arrange(turn=Turn(seat=0))
    with pytest.raises(RuleViolation) as refused:
        game.roll(0, 1, 2)
    assert refused.value.ruling.rule == "turn.resolve_first"
    assert refused.value.ruling.values["pending"] == "buy_decision"
    # what is pending, language-neutral: each reader's language words it, with the edition's names
    assert refused.value.ruling.values["what"] == {"pending": "buy_decision", "name": "Anna", "place": 3}
    assert (
        refused.value.ruling.text
        == "Play cannot go on until Anna's decision to buy or decline Baltic Avenue is resolved."
    )


def test_a_ruling_s_text_read_after_the_action_is_its_template_filled_and_equals_the_stored_ruling(classic):
    # seed 001: "Отказ от покупки не оставляет объект ждать следующего круга: Банкир сразу проводит аукцион."
    # The text is rendered when first read: it is the same text, and the ruling compares as one given it.
    game = Game(classic)
    game.roll(0, 1, 2)
    game.act("decline", 0)
    made = ruling(game, "auction.opened")
    text = render(RULES["auction.opened"].template, made.values, classic)
    assert made.text == text
    assert made == Ruling(made.rule, text, made.values, made.house_rule)
    assert ruling_from_dict(ruling_to_dict(made)) == made
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.text = "changed"
    assert made.text == text
