"""Trades between players: an offer, then acceptance or rejection; mortgaged
property changing hands; "get out of jail free" cards."""

from referee.rules import allowed
from referee.rules.mortgage_terms import MortgageChoice
from referee.rules.serialize import state_from_dict, state_to_dict
from referee.rules.state import Turn
from referee.rules.trades import TradeOffer

from .game import Game


def test_nothing_moves_until_the_offer_is_accepted_then_everything_moves_at_once(classic):
    # seed 001: "Можно договариваться об обмене Улиц, Вокзалов, Коммунальных предприятий, денег и карточек"
    game = Game(classic)
    game.own(0, 5)  # Reading Railroad
    game.own(1, 3, 12)  # Baltic Avenue, Electric Company
    before = game.state.holdings
    game.act("trade", 0, to=1, give={"positions": [5], "cash": 50}, get={"positions": [3, 12]})
    (offer,) = game.pending(TradeOffer)
    assert game.state.holdings == before and game.last.transfers == ()
    assert state_from_dict(state_to_dict(game.state)) == game.state
    legal = game.allowed(everything=True)
    assert ("accept_trade", 1) in legal and ("accept_trade", 0) not in legal
    game.act("accept_trade", 1, offer=offer.id)
    owners = {p: game.state.holdings[p].owner for p in (5, 3, 12)}
    assert owners == {5: 1, 3: 0, 12: 0}
    assert [(t.source, t.target, t.amount, t.reason) for t in game.last.transfers] == [(0, 1, 50, "trade")]
    assert game.cash(0) == 1450 and game.cash(1) == 1550
    assert game.pending(TradeOffer) == []


def test_a_rejected_or_withdrawn_offer_moves_nothing(classic):
    game = Game(classic)
    game.own(0, 5)
    game.act("trade", 0, to=1, give={"positions": [5]}, get={"cash": 150})
    game.act("reject_trade", 1)
    assert game.rules() == ["trade.rejected"] and game.state.holdings[5].owner == 0
    game.act("trade", 0, to=1, give={"positions": [5]}, get={"cash": 150})
    game.act("reject_trade", 0)
    assert game.rules() == ["trade.withdrawn"] and game.pending(TradeOffer) == []


def test_a_get_out_of_jail_free_card_can_be_bought_from_another_player(classic):
    # seed 001: "Карточку возвращают в низ её стопки; её можно купить у другого игрока."
    # seed 000: "Объектом сделки могут быть также карточки бесплатного освобождения из тюрьмы"
    game = Game(classic)
    game.state = game.state.with_player(0, jail_cards=("chance.jail_free",))
    game.state = game.state.with_player(1, in_jail=True, position=10)
    game.arrange(turn=Turn(seat=1))
    game.act("trade", 1, to=0, give={"cash": 40}, get={"cards": ["chance.jail_free"]})
    game.act("accept_trade", 0)
    assert game.state.players[0].jail_cards == ()
    assert game.state.players[1].jail_cards == ("chance.jail_free",)
    assert game.cash(1) == 1460
    game.act("use_jail_card", 1)
    assert not game.state.players[1].in_jail


def test_a_street_changes_hands_only_when_its_group_has_no_buildings(classic):
    # seed 001: "Перед передачей Улицы продайте Банку все здания её цветовой группы."
    # seed 000: "Вы не можете продать Владение другому игроку, если хотя бы на одном Владении той же цветовой
    # группы стоит здание."
    game = Game(classic)
    game.own(0, 16, 18, 19)
    game.build_up({16: 1})
    refusal = game.refused("trade", 0, to=1, give={"positions": [19]}, get={"cash": 300})
    assert refusal.ruling.rule == "trade.buildings" and refusal.ruling.values["built"] == 16


def test_an_offer_is_checked_again_when_it_is_accepted(classic):
    game = Game(classic)
    game.own(0, 16, 18, 19)
    game.act("trade", 0, to=1, give={"positions": [19]}, get={"cash": 300})
    game.act("build", 0, positions=[16])  # buildings appear in the group before Boris answers
    assert ("accept_trade", 1) not in game.allowed(everything=True)
    assert game.refused("accept_trade", 1).ruling.rule == "trade.buildings"
    game.act("sell_building", 0, positions=[16])
    game.set_cash(1, 200)
    assert game.refused("accept_trade", 1).ruling.rule == "trade.cash"


def test_money_alone_is_not_a_trade(classic):
    # seed 001: "Не добавляйте займы между участниками ... буклет их не допускает."
    game = Game(classic)
    assert game.refused("trade", 0, to=1, give={"cash": 100}).ruling.rule == "trade.money_only"
    assert game.refused("trade", 0, to=0, give={"cash": 100}).ruling.rule == "trade.partner"


def test_only_what_a_player_holds_can_be_offered(classic):
    game = Game(classic)
    game.own(1, 5)
    assert game.refused("trade", 0, to=1, give={"positions": [5]}).ruling.rule == "property.owner"
    assert game.refused("trade", 0, to=1, give={"cards": ["chest.jail_free"]}).ruling.rule == "trade.card"
    assert game.refused("trade", 0, to=1, give={"cash": 2000}, get={"positions": [5]}).ruling.rule == "trade.cash"
    assert game.refused("trade", 0, to=1, get={"positions": [5, 5]}).ruling.rule == "trade.terms"


def test_mortgaged_property_changes_hands_both_ways_and_each_new_owner_decides(classic):
    # seed 001: "Заложенную собственность можно передать другому игроку по договорённой цене. Новый владелец
    # либо сразу снимает залог, либо сохраняет его и сразу платит Банку 10% суммы залога. Эта выплата сама по
    # себе не снимает залог: при последующем снятии снова платят сумму залога плюс 10%."
    game = Game(classic)
    game.own(0, 37, mortgaged=True)  # Park Place, mortgage 175
    game.own(1, 12, mortgaged=True)  # Electric Company, mortgage 75
    game.act("trade", 0, to=1, give={"positions": [37]}, get={"positions": [12]})
    game.act("accept_trade", 1)
    choices = {(c.seat, c.position) for c in game.pending(MortgageChoice)}
    assert choices == {(1, 37), (0, 12)}
    assert state_from_dict(state_to_dict(game.state)) == game.state
    assert game.rules().count("mortgage.choice") == 2
    # the choice is asked "at once": play waits for it
    assert game.refused("roll", 0, dice=[1, 2]).ruling.rule == "turn.resolve_first"
    game.act("unmortgage", 1, positions=[37])  # Boris lifts Park Place at once: 175 + 18
    assert [t.amount for t in game.last.transfers] == [193]
    game.act("keep_mortgage", 0, positions=[12])  # Anna keeps it mortgaged: 10% of 75 = 7.5, rounded up
    assert [(t.amount, t.reason, t.rule) for t in game.last.transfers] == [(8, "mortgage_interest", "mortgage.kept")]
    assert game.state.holdings[12].mortgaged and not game.state.holdings[37].mortgaged
    assert game.pending(MortgageChoice) == []
    game.act("unmortgage", 0, positions=[12])  # lifting later costs value + 10% again
    assert [t.amount for t in game.last.transfers] == [83]
    assert game.cash(0) == 1500 - 8 - 83 and game.cash(1) == 1500 - 193


def test_a_property_awaiting_its_mortgage_decision_cannot_be_traded_on(classic):
    # seed 001: "Он оплачивает снятие залога либо 10% за его сохранение." -- decided before it changes hands again
    game = Game(classic)
    game.own(0, 37, mortgaged=True)
    game.act("trade", 0, to=1, give={"positions": [37]}, get={"cash": 10})
    game.act("accept_trade", 1)
    refusal = game.refused("trade", 1, to=0, give={"positions": [37]})
    assert refusal.ruling.rule == "trade.undecided"


def test_keeping_a_mortgage_that_cash_cannot_cover_leaves_a_debt(classic):
    game = Game(classic)
    game.own(0, 39, mortgaged=True)
    game.act("trade", 0, to=1, give={"positions": [39]}, get={"cash": 1495})
    game.act("accept_trade", 1)
    game.act("keep_mortgage", 1, positions=[39])  # 20 due, 5 in hand
    (debt,) = [p for p in game.state.pending if p.type == "debt"]
    assert (debt.debtor, debt.creditor, debt.amount, debt.ruling.rule) == (1, "bank", 20, "mortgage.kept")


def test_a_side_whose_streets_are_built_says_which_it_holds_back_and_why(classic):
    # seed 001: "Перед передачей Улицы продайте Банку все здания её цветовой группы."
    game = Game(classic)
    game.own(0, 16, 18, 19)
    game.own(1, 1)
    game.build_up({16: 1, 18: 1, 19: 1})
    game.roll(0, 1, 2)  # Baltic Avenue, Boris's: the trade window opens after the roll
    [trade] = [a["options"] for a in allowed(game.state, game.edition) if a["type"] == "trade" and a["seat"] == 1]
    [anna] = [p for p in trade["partners"] if p["seat"] == 0]
    assert anna["positions"] == [] and anna["cards"] == []
    assert anna["kept"] == [{"position": p, "why": "group_has_buildings"} for p in (16, 18, 19)]
    assert trade["give"]["kept"] == []
