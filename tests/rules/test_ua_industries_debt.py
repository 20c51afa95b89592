"""The ua-industries game's debts and bankruptcy (seed 002, "Борги й
банкрутство"): a debt owed whole, selling to the bank after an unsold auction
(or at once, for a holding the supply cannot break), a debtor's sale to an
opponent on anyone's turn, and giving up -- the properties free again, the
cash to the creditor. Each is an edition parameter; the classic editions keep
their ways."""

import pytest

from referee.editions import shipped
from referee.rules.pending import Debt
from referee.rules.rulings import Ruling
from referee.rules.state import Supply, Turn
from referee.rules.trades import TradeOffer

from .game import Game

INDUSTRY_1 = (1, 3, 4)  # prices 60, 60, 80; building cost 50 each
OWED = Ruling("test.arrange", "a debt arranged for the test")


@pytest.fixture
def ua():
    return shipped()["ua-industries"]


def game_of(edition, *names) -> Game:
    return Game(edition, *(names or ("Anna", "Boris", "Vera")), rent_collection="automatic")


def owing(ua, amount: int = 50, cash: int = 30, creditor: int | str = 0) -> Game:
    """Boris owns logistics 1 (5) and 3 (25), has ``cash`` and owes ``amount`` to ``creditor`` on Anna's turn."""
    game = game_of(ua)
    game.own(1, 5, 25)
    game.set_cash(1, cash)
    game.arrange(turn=Turn(seat=0, can_roll=False, rolled=True), pending=(Debt(1, creditor, amount, "rent", OWED),))
    return game


def refused_rule(game: Game, type: str, seat: int, **fields) -> str:
    return game.refused(type, seat, **fields).ruling.rule


def moved(game: Game) -> list[tuple]:
    return [(t.source, t.target, t.amount, t.ruling.rule) for t in game.last.transfers]


class TestAWholeDebt:
    def test_a_debt_is_owed_whole_and_no_part_of_it_is_paid_in_property(self, ua):
        # seed 002: "Не вистачає грошей на оренду, податок чи картку — виникає борг на всю суму, частинами не
        # платять."
        game = game_of(ua)
        game.own(1, 5)
        game.set_cash(0, 20)
        game.roll(0, 2, 3)  # onto 5: Boris's logistics, rent 25
        assert [(d.debtor, d.creditor, d.amount) for d in game.pending(Debt)] == [(0, 1, 25)]
        assert game.cash(0) == 20 and game.cash(1) == 1500  # nothing paid in part
        game.own(0, 15)
        refusal = game.refused("offer_property", 0, to=1, positions=[15], value=5)
        assert (refusal.code, refusal.ruling.rule) == ("no_payment_in_kind", "debt.in_kind.unavailable")
        assert ("offer_property", 0) not in game.allowed(everything=True)

    def test_the_turn_cannot_end_with_a_debt_and_it_is_paid_the_moment_the_cash_suffices(self, ua):
        # seed 002: "Із боргом хід не завершити, а щойно грошей вистачає, він гаситься сам."
        game = owing(ua, creditor=0)
        game.arrange(turn=Turn(seat=1, can_roll=False, rolled=True))
        assert game.refused("end_turn", 1).code == "pending"
        game.act("auction_property", 1, position=5, start=100)
        game.act("bid", 2, amount=100)
        game.act("pass", 0)
        assert game.pending(Debt) == [] and game.cash(1) == 30 + 100 - 50 and game.cash(0) == 1550
        game.act("end_turn", 1)


class TestSellingToTheBank:
    def test_only_after_an_auction_during_the_debt_that_found_no_buyer_for_half_the_price(self, ua):
        # seed 002: "Продати бізнес банку можна лише в борг і лише після торгів, на яких його ніхто не купив."
        # "Банк платить половину ціни й половину вартості забудови; клітинка стає вільною."
        game = owing(ua, amount=120)
        refusal = game.refused("sell_to_bank", 1, position=5)
        assert (refusal.code, refusal.ruling.rule) == ("not_auctioned", "bank_sale.not_auctioned")
        game.act("auction_property", 1, position=5, start=100)
        game.act("pass", 2)
        game.act("pass", 0)
        assert ("sell_to_bank", 1) in game.allowed(everything=True)
        game.act("sell_to_bank", 1, position=5)
        assert moved(game)[0] == ("bank", 1, 100, "bank_sale.after_auction")
        assert game.state.holdings[5].owner is None
        assert game.pending(Debt) == [] and game.cash(1) == 30 + 100 - 120 and game.cash(0) == 1620

    def test_nobody_outside_a_debt_sells_to_the_bank(self, ua):
        # seed 002: "Продати бізнес банку можна лише в борг"
        game = game_of(ua)
        game.own(0, 5)
        game.roll(0, 1, 2)
        assert refused_rule(game, "sell_to_bank", 0, position=5) == "bank_sale.not_in_debt"
        assert ("sell_to_bank", 0) not in game.allowed(everything=True)

    def test_an_enterprise_is_sold_only_from_an_industry_without_buildings(self, ua):
        # seed 002: "Перед торгами підприємством згорніть усі філії та холдинги в його галузі."
        game = owing(ua, amount=500)
        game.own(1, *INDUSTRY_1)
        game.build_up(houses={1: 1, 3: 1, 4: 1})
        game.arrange(pending=(Debt(1, 0, 500, "rent", OWED, auctioned=(4,)),))
        assert refused_rule(game, "sell_to_bank", 1, position=4) == "bank_sale.buildings"

    def test_a_holding_the_supply_cannot_break_is_taken_at_once_with_half_its_buildings(self, ua):
        # seed 002: "Виняток — галузь із холдингом, який не розібрати, бо в запасі банку забракло філій: тоді банк
        # забирає клітинку одразу. Банк платить половину ціни й половину вартості забудови"
        game = owing(ua, amount=400)
        game.own(1, *INDUSTRY_1)
        game.own(2, 26, 27, 29, 31, 32, 34, 35, 37, 39)
        elsewhere = {p: 4 for p in (31, 32, 34, 35, 37, 39)}
        game.build_up(houses={**elsewhere, 26: 2, 27: 2, 29: 1}, hotels=INDUSTRY_1)
        assert game.state.supply == Supply(3, 9)
        assert refused_rule(game, "sell_building", 1, positions=[4]) == "building.hotel_break_waits"
        game.act("sell_to_bank", 1, position=4)  # no auction first
        # half of 80, plus half of five levels of 50 each: 40 + 125
        assert moved(game)[0] == ("bank", 1, 165, "bank_sale.holding")
        assert game.state.holdings[4].owner is None and game.level(4) == (0, False)
        assert game.state.supply == Supply(3, 10)
        assert game.cash(1) == 30 + 165 and game.pending(Debt)[0].amount == 400
        # the two enterprises left are still a built group of their owner, collapsed evenly
        assert game.level(1) == (0, True) and game.level(3) == (0, True)

    def test_with_no_opponent_able_to_open_an_auction_the_bank_buys_at_once(self, ua):
        # seed 002: "Початкову ставку вибирайте повзунком, не нижче суми, яку дав би банк." — so an auction
        # nobody can open would find no buyer: the bank buys without one
        game = owing(ua, amount=120)
        game.set_cash(0, 90)
        game.set_cash(2, 99)
        game.act("sell_to_bank", 1, position=5)
        assert moved(game)[0] == ("bank", 1, 100, "bank_sale.no_bidder")

    def test_the_classic_bank_buys_no_property_back(self, classic):
        # seed 001: "Если денег на обязательный платёж нет, продайте здания и/или заложите собственность."
        game = game_of(classic)
        game.own(1, 5)
        game.set_cash(1, 10)
        game.arrange(pending=(Debt(1, 0, 50, "rent", OWED),))
        assert refused_rule(game, "sell_to_bank", 1, position=5) == "bank_sale.unavailable"


class TestADebtorSale:
    def test_a_debtor_offers_a_sale_on_another_s_turn_without_spending_a_trade(self, ua):
        # seed 002: "Ще варіант — «Продати суперникові» напряму, не дешевше, ніж дав би банк."
        game = owing(ua, amount=120)
        assert ("trade", 1) in game.allowed(everything=True)
        assert refused_rule(game, "trade", 1, to=2, give={"positions": [5]}, get={"cash": 90}) == "trade.sale_floor"
        game.own(2, 15)
        rule = refused_rule(game, "trade", 1, to=2, give={"positions": [5]}, get={"positions": [15]})
        assert rule == "trade.debtor_sale"
        rule = refused_rule(game, "trade", 1, to=2, give={"cash": 10}, get={"positions": [15]})
        assert rule == "trade.debtor_sale"
        anna_s_trade = game.state.turn.traded_at
        game.act("trade", 1, to=2, give={"positions": [5]}, get={"cash": 150})
        assert game.pending(TradeOffer)[0].seat == 1 and game.state.turn.traded_at == anna_s_trade
        game.act("accept_trade", 2)
        assert game.state.holdings[5].owner == 2 and game.pending(Debt) == []
        assert game.cash(1) == 30 + 150 - 120 and game.cash(0) == 1620

    def test_without_a_debt_a_trade_waits_for_one_s_own_turn(self, ua):
        # seed 002: "Обмін пропонують у свій хід, після кидка, — один раз за хід."
        game = owing(ua)
        game.arrange(pending=())
        assert refused_rule(game, "trade", 1, to=2, give={"positions": [5]}, get={"cash": 150}) == "trade.own_turn"


class TestGivingUp:
    def test_only_a_debtor_who_cannot_raise_the_debt_gives_up(self, ua):
        # seed 002: "Не виходить розрахуватися — можна натиснути «Здатися»."
        game = owing(ua, amount=120)
        refusal = game.refused("declare_bankruptcy", 1)
        assert refusal.ruling.rule == "bankruptcy.can_raise.sales"
        assert (refusal.ruling.values["sales"], refusal.ruling.values["total"]) == (200, 230)

    def test_the_properties_go_back_free_the_branches_to_the_supply_and_the_cash_to_the_creditor(self, ua):
        # seed 002: "Банкрут вибуває: його клітинки повертаються банку вільними, філії — в запас, а гроші отримує
        # той, кому він винен."
        game = owing(ua, amount=900)
        game.own(1, *INDUSTRY_1)
        game.build_up(houses={1: 2, 3: 2, 4: 2})
        game.act("declare_bankruptcy", 1)
        assert game.rules()[0] == "bankruptcy.declared.sales" and "bankruptcy.estate_free" in game.rules()
        assert moved(game) == [(1, 0, 30, "bankruptcy.cash")]
        assert all(game.state.holdings[p].owner is None for p in (1, 3, 4, 5, 25))
        assert game.state.supply == Supply(32, 12) and game.pending(Debt) == []
        assert game.state.players[1].bankrupt and not game.state.finished

    def test_fewer_than_two_at_the_table_ends_the_game(self, ua):
        # seed 002: "Коли за столом лишається менше двох, гра закінчується." "Перемагає останній гравець, який не
        # збанкрутував."
        game = game_of(ua, "Anna", "Boris")
        game.own(1, 5)
        game.set_cash(1, 30)
        game.arrange(turn=Turn(seat=0, can_roll=False, rolled=True), pending=(Debt(1, 0, 500, "rent", OWED),))
        game.act("declare_bankruptcy", 1)
        assert game.state.finished and game.state.winner == (0,)
