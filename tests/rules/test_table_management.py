"""The table's own decisions in the engine: adjustments, names, leaving, a
counter-offer, the jackpot's start and a round limit. No booklet has them;
each test names the situation it settles."""

from __future__ import annotations

import pytest

from referee.editions import shipped
from referee.rules import Options, RuleViolation, Setup, allowed, start
from referee.rules.trade_terms import TradeOffer
from referee.rules.worth import standings

from .game import Game


@pytest.fixture
def ua():
    return shipped()["ua-industries"]


def test_money_the_table_moves_into_a_debtor_s_hands_pays_the_debt_at_once(classic):
    # the situation: Anna owes the bank more than she holds; the table agrees a refund she was owed
    game = Game(classic)
    game.set_cash(0, 100)
    game.roll(0, 2, 2)  # Income Tax 200 with 100
    assert game.state.pending
    game.act("adjust", 0, source="bank", target="seat", amount=150, reason="a refund the table owed her")
    assert not game.state.pending and game.cash(0) == 50
    assert game.rules()[:2] == ["table.adjust", "debt.settled"]


def test_the_bank_seeds_the_pot_by_an_adjustment_under_the_jackpot_house_rule(classic):
    game = Game(classic, house_rules=("free_parking_jackpot",))
    game.act("adjust", 1, source="bank", target="pot", amount=250, reason="our pot starts at 250")
    assert game.state.pot == 250 and game.cash(1) == 1500
    assert game.refused("adjust", 1, source="pot", target="seat", amount=251, reason="x").code == "insufficient_funds"


def test_a_jackpot_start_is_one_transfer_of_the_creation_and_none_without_the_house_rule(classic):
    outcome = start(classic, Setup(("A", "B"), Options(house_rules=("free_parking_jackpot",), jackpot_start=300)))
    assert [(t.source, t.target, t.amount) for t in outcome.transfers][-1] == ("bank", "pot", 300)
    with pytest.raises(RuleViolation) as refused:
        start(classic, Setup(("A", "B"), Options(jackpot_start=300)))
    assert refused.value.ruling.rule == "setup.jackpot_start"


def test_a_player_leaving_ua_industries_leaves_the_heir_only_the_cash_the_enterprises_go_back_free(ua):
    # seed 002's bankruptcy: "його клітинки повертаються банку вільними ... а гроші отримує той, кому він винен"
    game = Game(ua, "Olena", "Taras", "Iryna")
    position = ua.property_positions[0]
    game.own(0, position)
    option = next(a for a in allowed(game.state, ua) if a["type"] == "leave" and a["seat"] == 0)["options"]
    assert (option["to_player"], option["to_bank"]) == ("cash", "free")
    game.act("leave", 0, to=2)
    assert game.state.holdings[position].owner is None and game.cash(2) == 2 * ua.rules.start_cash
    assert game.state.players[0].left and not game.state.pending


def test_the_leave_options_say_where_the_branches_and_a_held_release_card_go(ua, classic):
    # seed 002 l.148: «Банкрут вибуває: його клітинки повертаються банку вільними, філії — в запас, а гроші
    # отримує той, кому він винен»: to the bank or to a player, the branches go to the supply; a release card
    # goes back to its deck (no heir in ua-industries takes more than the cash)
    game = Game(ua, "Olena", "Taras", "Iryna")
    game.own(0, 1, 3, 4)
    game.build_up({1: 1})
    game.state = game.state.with_player(0, jail_cards=("rynok.lawyer",))
    option = next(a for a in allowed(game.state, ua) if a["type"] == "leave" and a["seat"] == 0)["options"]
    assert option["buildings"] == {"bank": "supply", "player": "supply"}
    assert option["cards"] == {"bank": "decks", "player": "decks"}
    game.act("leave", 0, to=2)
    assert game.state.supply.houses == 32 and "bankruptcy.card_returned" in game.rules()
    # seed 000: «Ваши Дома и Отели продаются в Банк за половину их первоначальной стоимости, и этот игрок
    # получает ... карточки»: to a player, the buildings are sold first and the heir takes the cards
    anna = Game(classic, "Anna", "Boris", "Vera")
    option = next(a for a in allowed(anna.state, classic) if a["type"] == "leave" and a["seat"] == 0)["options"]
    assert option["buildings"] == {"bank": "supply", "player": "sold"}
    assert option["cards"] == {"bank": "decks", "player": "heir"}


def test_a_leaving_player_s_debt_to_another_player_lapses_and_the_bank_takes_the_estate(classic):
    game = Game(classic, "Anna", "Boris", "Vera")
    game.own(1, 3)
    game.set_cash(0, 1)
    game.roll(0, 1, 2)  # Baltic Avenue, Boris's: rent 4 with 1
    game.act("claim_rent", 1, position=3)
    assert game.state.pending
    game.act("leave", 0)
    assert "table.leave.debt_lapsed" in game.rules() and game.cash(1) == 1500
    assert game.state.turn.seat == 1


def test_the_leave_options_name_each_debt_and_the_heirs_with_whom_it_lapses(classic):
    # seed 001 l.53: «При долге игроку ему передают оставшуюся заложенную собственность» -- the creditor who
    # takes the estate takes it in the debt's stead; with any other heir the debt lapses, and the options say so
    game = Game(classic, "Anna", "Boris", "Vera")
    game.own(1, 3)
    game.set_cash(0, 1)
    game.roll(0, 1, 2)  # Baltic Avenue, Boris's: rent 4 with 1
    game.act("claim_rent", 1, position=3)
    option = next(a for a in allowed(game.state, classic) if a["type"] == "leave" and a["seat"] == 0)["options"]
    assert option["debts"] == [{"creditor": 1, "amount": 4, "lapses": ["bank", 2]}]
    vera = next(a for a in allowed(game.state, classic) if a["type"] == "leave" and a["seat"] == 2)["options"]
    assert vera["debts"] == []


def test_a_player_who_leaves_has_left_the_game_and_is_no_bankrupt(classic):
    # seed 001 l.53: «Если после продажи зданий и залога вы всё равно не можете погасить долг, вы банкрот» --
    # a player going home owed nothing: out of the game, settled as a bankruptcy, but not bankrupt
    game = Game(classic, "Anna", "Boris", "Vera")
    game.act("leave", 1)
    boris = game.state.players[1]
    assert (boris.left, boris.bankrupt, game.state.active_seats()) == (True, False, [0, 2])
    [left] = [r for r in game.last.rulings if r.rule == "table.leave"]
    assert left.text == (
        "The table's decision, not a booklet rule: Boris leaves the game without being bankrupt. "
        "The estate goes to the bank, settled as in a bankruptcy."
    )
    refused = game.refused("end_turn", 1)
    assert (refused.code, refused.ruling.rule) == ("left", "table.leave.out")
    assert ("leave", 1) not in game.allowed(everything=True)
    game.act("leave", 2, to=0)
    assert game.state.finished and game.state.winner == (0,)
    assert game.last.rulings[-1].text == "Anna is the last player still in the game and wins it."
    assert [standing.rank for standing in standings(game.state, classic)] == [1, None, None]


def test_the_leave_that_ends_the_game_says_the_bank_auctions_nothing(classic):
    # seed 001: "При долге Банку ... объекты выставляют на аукцион. ... пока не останется один участник": once
    # one player is left there is no play, so no auction; the options say what the settlement will do
    game = Game(classic, "Anna", "Boris")
    game.own(0, 3)
    option = next(a for a in allowed(game.state, classic) if a["type"] == "leave" and a["seat"] == 0)["options"]
    assert (option["ends_game"], option["to_bank"]) == (True, "free")
    game.act("leave", 0)
    assert game.state.finished and game.state.holdings[3].owner is None and not game.pending()


def test_leaving_says_what_the_mortgaged_properties_cost_the_heir_and_the_heir_pays_that_at_once(classic):
    # seed 001 l.53: «При долге игроку ему передают оставшуюся заложенную собственность ... Он оплачивает
    # снятие залога либо 10% за его сохранение»; the bank that takes them back cancels the mortgages
    game = Game(classic, "Anna", "Boris", "Vera")
    game.own(0, 1, 3, mortgaged=True)  # Mediterranean and Baltic Avenue: mortgages of 30 each
    game.own(0, 5)
    option = next(a for a in allowed(game.state, classic) if a["type"] == "leave" and a["seat"] == 0)["options"]
    assert option["mortgages"] == {"positions": [1, 3], "interest": 6, "percent": 10}
    game.act("leave", 0, to=1)
    assert [t.amount for t in game.ledger_of("mortgage_interest")] == [3, 3]  # what the options said: 6 in all
    assert game.cash(1) == 1500 + 1500 - 6
    bankrupt = next(a for a in allowed(game.state, classic) if a["type"] == "leave" and a["seat"] == 2)["options"]
    assert bankrupt["mortgages"] is None  # nothing of Vera's is mortgaged


def test_nobody_leaves_while_an_auction_runs(classic):
    game = Game(classic, "Anna", "Boris", "Vera")
    game.roll(0, 1, 2)
    game.act("decline", 0)
    assert ("leave", 1) not in game.allowed(everything=True)
    assert game.refused("leave", 1).code == "auction_running"


def test_a_counter_offer_in_ua_industries_waits_for_its_answer_and_spends_no_turn_s_trade(ua):
    game = Game(ua, "Olena", "Taras")
    first, second = ua.property_positions[:2]
    game.own(0, first)
    game.own(1, second)
    offer = TradeOffer(game.state.version, 0, 1, {"positions": (first,)}, {"positions": (second,)}, waits=True)
    game.arrange(pending=(*game.state.pending, offer))
    game.act("counter_trade", 1, offer=offer.id, give={"positions": [second]}, get={"positions": [first], "cash": 0})
    [counter] = game.pending(TradeOffer)
    assert (counter.seat, counter.to, counter.waits) == (1, 0, True)
    assert game.state.turn.traded_at is None


def test_a_round_is_counted_each_time_the_turn_goes_round_the_table(classic):
    game = Game(classic, "Anna", "Boris", "Vera", ends_after_rounds=3)
    for seat in (0, 1, 2):
        assert game.state.rounds == 0
        game.roll(seat, 4, 6)  # Just Visiting
        game.act("end_turn", seat)
    assert game.state.rounds == 1 and game.state.turn.seat == 0 and not game.state.finished


def test_the_last_round_ends_the_game_by_worth_as_a_timed_game_ends(classic):
    game = Game(classic, ends_after_rounds=1)
    game.roll(0, 4, 6)
    game.act("end_turn", 0)
    game.roll(1, 4, 6)
    game.act("end_turn", 1)
    assert game.state.finished and game.state.winner == (0, 1)
    assert game.rules()[0] == "game.end.rounds" and game.rules()[-1] == "game.tied"
