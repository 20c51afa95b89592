"""The ua-industries game's own property rules (seed 002): rent, branches and
holdings, collapsing, no mortgages, trades and the seller's auction -- each an
edition parameter the engine reads, each cited from the seed."""

from dataclasses import asdict

import pytest

from referee.editions import shipped
from referee.explain import ruling_view
from referee.rules.pending import Auction, CardDraw, Debt
from referee.rules.rulings import Ruling
from referee.rules.seller_auction import SellerAuction
from referee.rules.state import Supply, Turn
from referee.rules.trades import TradeOffer

from .game import Game

INDUSTRY_1 = (1, 3, 4)  # building cost 50 each
OWED = Ruling("test.arrange", "a debt arranged for the test")


@pytest.fixture
def ua():
    return shipped()["ua-industries"]


def game_of(edition, *names, **options) -> Game:
    # seed 002: "Зупинилися на чужому бізнесі — платите власникові оренду." (no claim window)
    return Game(edition, *(names or ("Anna", "Boris", "Vera")), **{"rent_collection": "automatic", **options})


def owning_industry_1(ua, levels: dict[int, int] | None = None) -> Game:
    """Anna owns industry 1, built to ``levels`` ({position: level}), and has rolled onto 3."""
    levels = levels or {}
    game = game_of(ua)
    game.own(0, *INDUSTRY_1)
    game.build_up(
        houses={p: n for p, n in levels.items() if n < 5}, hotels=tuple(p for p, n in levels.items() if n == 5)
    )
    game.roll(0, 1, 2)  # from start to 3, her own enterprise
    return game


def refused_rule(game: Game, type: str, seat: int, **fields) -> str:
    return game.refused(type, seat, **fields).ruling.rule


class TestRent:
    def test_the_doubled_base_rent_needs_the_whole_industry(self, ua):
        # seed 002: "Підприємство без забудови приносить базову оренду. Якщо у власника вся галузь, а на самому
        # цьому підприємстві ще немає філій, оренда подвоюється."
        game = game_of(ua)
        game.own(1, 1, 3)
        game.roll(0, 1, 2)
        assert game.cash(0) == 1500 - ua.space(3).rent[0] and game.rules()[-1] == "rent.street"

    def test_another_enterprise_s_branches_do_not_stop_the_doubling_on_this_one(self, ua):
        # seed 002: "а на самому цьому підприємстві ще немає філій, оренда подвоюється." — this enterprise only
        game = game_of(ua)
        game.own(1, *INDUSTRY_1)
        game.build_up(houses={1: 1, 4: 1})
        game.roll(0, 1, 2)
        assert game.cash(0) == 1500 - 2 * ua.space(3).rent[0] and game.rules()[-1] == "rent.street.complete_group"

    def test_with_branches_or_a_holding_the_card_s_table_applies_without_doubling(self, ua):
        # seed 002: "З філіями чи холдингом оренда росте за таблицею з картки клітинки, подвоєння тоді вже не діє."
        for levels, rent in (({1: 2, 3: 2, 4: 2}, ua.space(3).rent[2]), ({1: 5, 3: 5, 4: 5}, ua.space(3).rent[5])):
            game = game_of(ua)
            game.own(1, *INDUSTRY_1)
            game.build_up(
                houses={p: n for p, n in levels.items() if n < 5}, hotels=tuple(p for p in levels if levels[p] == 5)
            )
            game.roll(0, 1, 2)
            assert game.cash(0) == 1500 - rent


class TestBranches:
    def test_a_branch_goes_only_on_the_enterprise_the_token_stands_on(self, ua):
        # seed 002: "Філію відкривають лише на тому підприємстві, де стоїть ваша фішка"
        game = owning_industry_1(ua)
        assert refused_rule(game, "build", 0, positions=[1]) == "building.standing"
        assert ("build", 0) in game.allowed(everything=True)
        game.act("build", 0, positions=[3])
        assert game.level(3) == (1, False) and game.cash(0) == 1450
        assert [(t.source, t.target, t.amount) for t in game.last.transfers] == [(0, "bank", 50)]

    def test_at_most_one_branch_per_visit(self, ua):
        # seed 002: "і не більше однієї за відвідування."
        game = owning_industry_1(ua)
        assert refused_rule(game, "build", 0, positions=[3, 3]) == "building.per_visit"
        game.act("build", 0, positions=[3])
        refusal = game.refused("build", 0, positions=[3])
        assert (refusal.code, refusal.ruling.rule) == ("one_per_visit", "building.per_visit")
        assert ("build", 0) not in game.allowed(everything=True)

    def test_each_new_arrival_after_a_double_or_by_card_is_a_new_visit(self, ua):
        # seed 002: "Кожен новий прихід на клітинку, зокрема після дубля чи картки, — нове відвідування."
        game = game_of(ua)
        game.own(0, *INDUSTRY_1)
        game.place(0, 1)
        game.roll(0, 1, 1)  # a double onto 3
        game.act("build", 0, positions=[3])
        game.roll(0, 2, 2)  # onto 7, the market
        game.act("draw_card", 0, card="rynok.contract_failed")  # three steps back, onto 4: a new arrival
        assert game.state.players[0].position == 4
        game.act("build", 0, positions=[4])
        assert (game.level(3), game.level(4)) == ((1, False), (1, False))
        assert refused_rule(game, "build", 0, positions=[4]) == "building.per_visit"

    def test_branches_are_opened_on_one_s_own_turn_after_the_roll(self, ua):
        # seed 002: "Після кидка можна купувати, розширюватися, запропонувати обмін ... а тоді натиснути
        # «Завершити хід»."
        game = game_of(ua)
        game.own(0, *INDUSTRY_1)
        game.place(0, 3)
        assert refused_rule(game, "build", 0, positions=[3]) == "building.own_turn"  # before the roll
        game.arrange(turn=Turn(seat=1, can_roll=False, rolled=True))
        refusal = game.refused("build", 0, positions=[3])
        assert (refusal.code, refusal.ruling.values["current"]) == ("not_your_turn", "Boris")
        assert ("build", 0) not in game.allowed(everything=True)

    def test_branches_need_the_whole_industry_the_cash_and_no_debt(self, ua):
        # seed 002: "Розширювати бізнес можна, коли у вас уся галузь — усі три підприємства одного кольору.
        # Потрібні гроші на рахунку й жодних боргів."
        game = game_of(ua)
        game.own(0, 1, 3)
        game.roll(0, 1, 2)
        assert refused_rule(game, "build", 0, positions=[3]) == "building.complete_group"
        game = owning_industry_1(ua)
        game.set_cash(0, 40)
        assert refused_rule(game, "build", 0, positions=[3]) == "building.cash"
        game.arrange(pending=(Debt(0, 1, 60, "rent", OWED),))
        assert refused_rule(game, "build", 0, positions=[3]) == "building.in_debt"

    def test_an_industry_is_built_evenly(self, ua):
        # seed 002: "Галузь розширюють рівномірно: на підприємстві не може бути більше філій, ніж на найменш
        # розвиненому в галузі, плюс одна."
        game = owning_industry_1(ua, {3: 1})
        assert refused_rule(game, "build", 0, positions=[3]) == "building.even"

    def test_the_fifth_level_is_a_holding_and_its_four_branches_go_back_to_the_supply(self, ua):
        # seed 002: "П'ятий рівень — холдинг: чотири філії повертаються в запас, натомість ставиться холдинг."
        game = game_of(ua)
        game.own(0, *INDUSTRY_1)
        game.build_up(houses={1: 4, 3: 4, 4: 4})
        game.roll(0, 1, 2)
        game.act("build", 0, positions=[3])
        assert game.level(3) == (0, True)
        assert game.state.supply == Supply(32 - 8, 11)
        assert game.cash(0) == 1450 and game.rules() == ["building.buy.hotel"]

    def test_a_shared_supply_of_32_branches_and_12_holdings_and_no_auction_when_it_runs_out(self, ua):
        # seed 002: "Запас спільний на всю партію: 32 філії і 12 холдингів. Закінчилися — розширюватися не можна,
        # доки хтось не згорне свої."
        assert (ua.rules.buildings.houses, ua.rules.buildings.hotels) == (32, 12)
        game = owning_industry_1(ua)
        game.arrange(supply=Supply(0, 12))
        assert refused_rule(game, "build", 0, positions=[3]) == "building.supply.houses"
        game.own(1, 6, 8, 9)
        assert refused_rule(game, "auction_buildings", 0, building="house", bidders=[0, 1]) == (
            "building.auction.not_in_edition"
        )
        assert ("auction_buildings", 0) not in game.allowed(everything=True)


class TestCollapse:
    def test_collapsing_is_done_on_one_s_own_turn_and_the_bank_refunds_half(self, ua):
        # seed 002: "У свій хід філію чи холдинг можна згорнути — банк поверне половину вартості забудови."
        game = game_of(ua)
        game.own(1, *INDUSTRY_1)
        game.build_up(houses={1: 1, 3: 1, 4: 1})
        assert refused_rule(game, "sell_building", 1, positions=[3]) == "building.sell_own_turn"
        assert ("sell_building", 1) not in game.allowed(everything=True)
        game.arrange(turn=Turn(seat=1))
        game.act("sell_building", 1, positions=[3])  # on her own turn, even before the roll
        assert game.level(3) == (0, False) and game.cash(1) == 1525
        assert [(t.source, t.target, t.amount, t.ruling.rule) for t in game.last.transfers] == [
            ("bank", 1, 25, "building.sell.houses")
        ]

    def test_a_debtor_collapses_to_raise_the_debt_even_on_another_s_turn(self, ua):
        # seed 002: "Кнопка «Знайти гроші» відкриває портфель: там можна згорнути філії чи холдинги за півціни"
        game = game_of(ua)
        game.own(1, *INDUSTRY_1)
        game.build_up(houses={1: 1, 3: 1, 4: 1})
        game.set_cash(1, 30)
        game.place(0, 15)
        game.roll(0, 1, 1)  # onto 17, State support
        game.act("draw_card", 0, card="derzhpidtrymka.tender")  # everyone pays Anna 50
        assert [(d.debtor, d.amount) for d in game.pending(Debt)] == [(1, 50)]
        assert ("sell_building", 1) in game.allowed(everything=True)
        game.act("sell_building", 1, positions=[3])
        assert game.pending(Debt) == [] and game.cash(1) == 30 + 25 - 50

    def test_collapsing_is_even_starting_from_the_most_developed(self, ua):
        # seed 002: "Згортають теж рівномірно, починаючи з найрозвиненішого підприємства"
        game = game_of(ua)
        game.own(0, *INDUSTRY_1)
        game.build_up(houses={1: 2, 3: 1, 4: 1})
        assert refused_rule(game, "sell_building", 0, positions=[3]) == "building.sell_even"
        game.act("sell_building", 0, positions=[1])
        assert game.level(1) == (1, False)

    def test_a_holding_breaks_into_four_branches_only_if_the_supply_has_them(self, ua):
        # seed 002: "холдинг розпадається на чотири філії, лише якщо вони є в запасі."
        game = game_of(ua)
        game.own(0, *INDUSTRY_1)
        game.own(1, 26, 27, 29, 31, 32, 34, 35, 37, 39)
        elsewhere = {p: 4 for p in (31, 32, 34, 35, 37, 39)}
        game.build_up(houses={**elsewhere, 26: 2, 27: 2, 29: 1}, hotels=INDUSTRY_1)
        assert game.state.supply == Supply(3, 9)
        for request in ([3], [1, 3, 4] * 5):  # not even sold together with its branches
            assert refused_rule(game, "sell_building", 0, positions=request) == "building.hotel_break_waits"
        game.build_up(houses={**elsewhere, 26: 2, 27: 1, 29: 1}, hotels=INDUSTRY_1)
        game.act("sell_building", 0, positions=[3])
        assert game.level(3) == (4, False) and game.state.supply == Supply(0, 10)
        assert game.cash(0) == 1525 and game.rules() == ["building.sell.hotel"]

    def test_a_holding_sold_with_its_branches_is_broken_first_and_paid_level_by_level(self, ua):
        # seed 002: "банк поверне половину вартості забудови"; "холдинг розпадається на чотири філії, лише якщо
        # вони є в запасі."
        game = game_of(ua)
        game.own(0, *INDUSTRY_1)
        game.build_up(houses={1: 4, 4: 4}, hotels=(3,))
        game.act("sell_building", 0, positions=[3, 3, 1, 4])
        assert (game.level(1), game.level(3), game.level(4)) == ((3, False), (3, False), (3, False))
        assert game.cash(0) == 1500 + 4 * 25 and game.state.supply == Supply(32 - 9, 12)
        assert "building.sell.hotel_and_houses" in game.rules()


class TestNoMortgages:
    def test_every_mortgage_action_is_refused_naming_the_rule(self, ua):
        # seed 002: "Застави в цій грі немає."
        game = game_of(ua)
        game.own(0, 5, 1)
        game.own(1, 15, mortgaged=False)
        for kind in ("mortgage", "unmortgage", "keep_mortgage"):
            refusal = game.refused(kind, 0, positions=[5])
            assert (refusal.code, refusal.ruling.rule) == ("no_mortgages", "mortgage.unavailable")
        assert not {kind for kind, _ in game.allowed(everything=True)} & {"mortgage", "unmortgage", "keep_mortgage"}


class TestTrades:
    def rolled(self, ua) -> Game:
        game = game_of(ua)
        game.own(0, 5)
        game.own(1, 15, 12)
        game.roll(0, 3, 4)  # to 7: the market
        game.arrange(pending=())
        return game

    def test_a_trade_is_offered_on_one_s_own_turn_after_the_roll(self, ua):
        # seed 002: "Обмін пропонують у свій хід, після кидка, — один раз за хід."
        game = game_of(ua)
        game.own(0, 5)
        game.own(1, 15)
        offer = dict(to=1, give={"positions": [5]}, get={"positions": [15]})
        assert refused_rule(game, "trade", 0, **offer) == "trade.own_turn"  # before the roll
        assert refused_rule(game, "trade", 1, to=0, give={"positions": [15]}, get={"positions": [5]}) == (
            "trade.own_turn"
        )
        game.roll(0, 1, 2)
        assert {seat for kind, seat in game.allowed(everything=True) if kind == "trade"} == {0}
        game.act("trade", 0, **offer)
        game.act("accept_trade", 1)
        assert (game.state.holdings[5].owner, game.state.holdings[15].owner) == (1, 0)

    def test_the_offer_spends_the_turn_s_trade_even_if_refused(self, ua):
        # seed 002: "обмін за хід витрачається вже в момент пропозиції — навіть якщо вам відмовлять."
        game = self.rolled(ua)
        game.act("trade", 0, to=1, give={"cash": 100}, get={"positions": [15]})
        game.act("reject_trade", 1)
        assert refused_rule(game, "trade", 0, to=1, give={"cash": 200}, get={"positions": [15]}) == (
            "trade.once_per_turn"
        )
        assert ("trade", 0) not in game.allowed(everything=True)

    def test_a_double_s_extra_roll_begins_a_new_turn_with_its_own_trade(self, ua):
        # seed 002: "Дубль дає ще один кидок. Він буде після «Завершити хід»" — each roll is a turn of its own.
        game = game_of(ua)
        game.own(0, 5)
        game.own(1, 15)
        game.roll(0, 2, 2)  # a double onto 4, free: decline, nobody bids
        game.act("decline", 0)
        for seat in (0, 1, 2):
            game.act("pass", seat)
        game.act("trade", 0, to=1, give={"cash": 100}, get={"positions": [15]})
        game.act("reject_trade", 1)
        game.roll(0, 1, 2)  # the double's roll, onto 7
        game.arrange(pending=())
        game.act("trade", 0, to=1, give={"cash": 200}, get={"positions": [15]})
        assert game.pending(TradeOffer)

    def test_an_offer_waits_for_its_answer_before_play_goes_on(self, ua):
        # seed 002: "Онлайн пропозиція чекає на відповідь суперника"
        game = self.rolled(ua)
        game.act("trade", 0, to=1, give={"cash": 100}, get={"positions": [15]})
        assert game.pending(TradeOffer)[0].blocking
        assert ("end_turn", 0) not in game.allowed()
        assert game.refused("end_turn", 0).code == "pending"
        game.act("reject_trade", 1)
        assert ("end_turn", 0) in game.allowed()

    def test_only_logistics_utilities_and_enterprises_of_industries_without_any_building(self, ua):
        # seed 002: "Обмінювати можна логістику, комунальні послуги й підприємства з галузей, де ні в кого немає
        # жодної філії чи холдингу."
        game = self.rolled(ua)
        game.own(1, *INDUSTRY_1)
        game.build_up(houses={1: 1})
        assert refused_rule(game, "trade", 0, to=1, give={"cash": 100}, get={"positions": [3]}) == "trade.buildings"
        game.act("trade", 0, to=1, give={"cash": 100}, get={"positions": [12]})

    def test_cards_freeing_from_inspection_are_not_tradable(self, ua):
        # seed 002: "Картки звільнення не обмінюються."
        game = self.rolled(ua)
        game.state = game.state.with_player(1, jail_cards=("rynok.lawyer",))
        refusal = game.refused("trade", 0, to=1, give={"cash": 50}, get={"cards": ["rynok.lawyer"]})
        assert (refusal.code, refusal.ruling.rule) == ("cards_not_tradable", "trade.cards_not_tradable")

    def test_a_sale_is_not_below_the_bank_s_price_nor_above_the_buyer_s_cash(self, ua):
        # seed 002: "«Продати» — ваш бізнес за гроші суперника: не дешевше, ніж дав би банк, і не дорожче, ніж
        # у нього є."
        game = self.rolled(ua)
        refusal = game.refused("trade", 0, to=1, give={"positions": [5]}, get={"cash": 90})
        assert refusal.ruling.rule == "trade.sale_floor" and refusal.ruling.values["floor"] == 100
        # what is sold is named in the reader's language by the edition's names, not its English ones
        assert refusal.ruling.values["what"] == (("space", 5),)
        shown = ruling_view(asdict(refusal.ruling), ua, "uk")["text"]
        assert shown.startswith("Anna продає Логістика 1 за 90 ") and "Logistics" not in shown
        game.set_cash(1, 80)
        assert refused_rule(game, "trade", 0, to=1, give={"positions": [5]}, get={"cash": 100}) == "trade.cash"
        game.set_cash(1, 1500)
        game.act("trade", 0, to=1, give={"positions": [5]}, get={"cash": 100})
        game.act("accept_trade", 1)
        assert game.state.holdings[5].owner == 1 and game.cash(0) == 1600

    def test_asking_for_an_opponent_s_property_has_no_floor(self, ua):
        # seed 002: "«Обміняти» — виберіть чужий бізнес і запропонуйте гроші, свій бізнес або і те, й інше." — the
        # floor is the seller's, in «Продати».
        game = self.rolled(ua)
        game.act("trade", 0, to=1, give={"cash": 10}, get={"positions": [15]})
        game.act("accept_trade", 1)
        assert game.state.holdings[15].owner == 0 and game.cash(1) == 1510


class TestSellersAuction:
    def rolled(self, ua, seller: int = 0) -> Game:
        game = game_of(ua)
        game.own(0, 5, 35)
        game.own(1, 15)
        game.arrange(turn=Turn(seat=seller))
        game.place(seller, 4)
        game.roll(seller, 1, 2)  # to 7: the market
        game.arrange(pending=())
        return game

    def test_only_opponents_bid_in_turn_by_tens_and_the_winner_pays_the_seller(self, ua):
        # seed 002: "Ставлять лише суперники, зокрема боти; продавець не бере участі. Переможець платить свою
        # ставку вам і отримує майно." "Кожна наступна ставка додає 10."
        game = self.rolled(ua)
        game.act("auction_property", 0, position=5, start=100)
        (opened,) = [r for r in game.last.rulings if r.rule == "seller_auction.opened"]
        assert dict(opened.values) == {"name": "Anna", "place": 5, "start": 100, "step": 10}
        (auction,) = game.pending(SellerAuction)
        assert (auction.bidders, auction.opening, auction.turn, auction.seller) == ((1, 2), 100, 1, 0)
        assert game.refused("bid", 0, amount=100).code == "not_bidding"
        game.act("bid", 1, amount=100)
        assert game.refused("bid", 2, amount=120).ruling.rule == "auction.exact_raise"
        game.act("bid", 2, amount=110)
        game.act("pass", 1)
        assert game.state.holdings[5].owner == 2
        assert [(t.source, t.target, t.amount, t.ruling.rule) for t in game.last.transfers] == [
            (2, 0, 110, "seller_auction.sold")
        ]

    def test_the_opening_bid_goes_up_from_the_bank_s_price_in_tens_up_to_the_richest_opponent(self, ua):
        # seed 002: "Початкову ставку вибирайте повзунком із кроком 10. Вона не може бути нижчою за ціну викупу
        # банком; верхня межа враховує готівку найбагатшого суперника."
        game = self.rolled(ua)
        assert refused_rule(game, "auction_property", 0, position=35, start=170) == "seller_auction.start_floor"
        assert refused_rule(game, "auction_property", 0, position=35, start=180) == "seller_auction.start_step"
        game.set_cash(1, 300)
        game.set_cash(2, 290)
        assert refused_rule(game, "auction_property", 0, position=35, start=305) == "seller_auction.start_cap"
        game.act("auction_property", 0, position=35, start=295)
        assert game.pending(SellerAuction)[0].opening == 295
        assert 2 not in game.pending(SellerAuction)[0].bidders  # 290 cannot open at 295: a pass

    def test_without_a_bid_nothing_happens(self, ua):
        # seed 002: "Якщо всі спасували без жодної ставки, майно лишається вашим і гроші не переказуються."
        game = self.rolled(ua)
        game.act("auction_property", 0, position=5, start=100)
        game.act("pass", 1)
        game.act("pass", 2)
        assert game.state.holdings[5].owner == 0 and game.last.transfers == ()
        assert game.rules()[-1] == "seller_auction.unsold"

    def test_it_does_not_spend_the_turn_s_trade_but_is_held_while_it_is_unused(self, ua):
        # seed 002: "Торги своїм майном не витрачають ваш обмін за хід." "у свій хід після кидка, до його
        # завершення, поки обмін за хід ще не використано."
        game = self.rolled(ua)
        game.act("auction_property", 0, position=5, start=100)
        game.act("pass", 1)
        game.act("pass", 2)
        game.act("trade", 0, to=1, give={"cash": 50}, get={"positions": [15]})
        game.act("reject_trade", 1)
        assert refused_rule(game, "auction_property", 0, position=5, start=100) == "seller_auction.trade_used"
        assert ("auction_property", 0) not in game.allowed(everything=True)

    def test_not_before_the_roll_nor_on_another_s_turn_nor_during_another_s_decision(self, ua):
        # seed 002: "До кидка чи під час чужого рішення починати їх не можна."
        game = game_of(ua)
        game.own(0, 5)
        assert refused_rule(game, "auction_property", 0, position=5, start=100) == "seller_auction.when"
        game.arrange(turn=Turn(seat=1, can_roll=False, rolled=True))
        assert refused_rule(game, "auction_property", 0, position=5, start=100) == "seller_auction.when"
        game = self.rolled(ua)
        game.arrange(pending=(Auction(12, (0, 1, 2), 113, turn=1),))
        assert refused_rule(game, "auction_property", 0, position=5, start=100) == "seller_auction.busy"

    def test_only_property_of_an_industry_without_any_building(self, ua):
        # seed 002: "Можна виставити свою логістику, комунальні послуги або підприємства з галузі, де в усій групі
        # немає філій чи холдингів. Якщо забудова є, спершу згорніть її."
        game = self.rolled(ua)
        game.own(0, *INDUSTRY_1)
        game.build_up(houses={4: 1})
        assert refused_rule(game, "auction_property", 0, position=1, start=30) == "seller_auction.buildings"

    def test_a_debtor_may_auction_any_time_each_property_once_per_debt(self, ua):
        # seed 002: "Під час збирання грошей на борг боржник може вибрати торги поруч із продажем." "Кожну
        # клітинку — раз за борг."
        game = game_of(ua)
        game.own(1, 5, 25)
        game.set_cash(1, 30)
        game.place(0, 15)
        game.roll(0, 1, 1)  # onto 17: State support
        game.act("draw_card", 0, card="derzhpidtrymka.tender")  # Boris owes Anna 50 on Anna's turn
        game.act("auction_property", 1, position=5, start=100)
        assert game.pending(SellerAuction)[0].turn == 2
        game.act("pass", 2)
        game.act("pass", 0)
        assert refused_rule(game, "auction_property", 1, position=5, start=100) == "seller_auction.once_per_debt"
        game.act("auction_property", 1, position=25, start=100)
        game.act("bid", 2, amount=100)
        game.act("pass", 0)
        # the price paid to the seller settles the debt at once
        assert game.pending(Debt) == [] and game.cash(1) == 30 + 100 - 50
        assert game.state.holdings[25].owner == 2

    def test_a_debtor_first_decides_a_pending_purchase(self, ua):
        # seed 002: "До кидка чи під час чужого рішення починати їх не можна." — nor during one's own undecided
        # purchase, which would start a second auction.
        game = game_of(ua)
        game.own(0, 5)
        game.state = game.state.with_player(0, in_jail=True, jail_turns=2, position=10)
        game.set_cash(0, 30)
        game.roll(0, 1, 3)  # the third failure: 50 owed, and the token moves on to 14, free
        assert refused_rule(game, "auction_property", 0, position=5, start=100) == "turn.resolve_first"
        game.act("decline", 0)  # Anna cannot open at 120: she is out of that auction at once
        game.act("pass", 1)
        game.act("pass", 2)
        game.act("auction_property", 0, position=5, start=100)
        assert game.pending(SellerAuction)[0].bidders == (1, 2)

    def test_a_new_debt_may_auction_the_same_property_again(self, ua):
        # seed 002: "Кожну клітинку — раз за борг." — for each debt
        game = game_of(ua)
        game.own(1, 5)
        game.set_cash(1, 30)
        game.arrange(pending=(Debt(1, 0, 50, "card", OWED, auctioned=(5,)),))
        assert refused_rule(game, "auction_property", 1, position=5, start=100) == "seller_auction.once_per_debt"
        game.arrange(pending=(Debt(1, 0, 60, "card", OWED),))
        game.act("auction_property", 1, position=5, start=100)
        assert game.pending(Debt)[0].auctioned == (5,)


def test_the_classic_editions_keep_their_ways(classic):
    # seed 001: "ждать своего хода для покупки не обязательно" — building, selling and trading any time, anywhere.
    game = Game(classic, "Anna", "Boris")
    game.own(0, 1, 3)
    game.arrange(turn=Turn(seat=1))
    game.act("build", 0, positions=[1, 3])
    game.act("sell_building", 0, positions=[1, 3])
    game.act("trade", 0, to=1, give={"positions": [3]}, get={"cash": 1})
    game.act("trade", 0, to=1, give={"positions": [1]}, get={"cash": 2})
    assert [o.blocking for o in game.pending(TradeOffer)] == [False, False]
    assert game.refused("auction_property", 0, position=1, start=30).ruling.rule == "seller_auction.unavailable"
    assert ("auction_property", 0) not in game.allowed(everything=True)
    game.state = game.state.with_player(0, jail_cards=("chance.jail_free",))
    game.act("trade", 0, to=1, give={"cards": ["chance.jail_free"]}, get={"cash": 0})
    assert game.pending(CardDraw) == []
