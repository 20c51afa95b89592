"""``allowed`` gives the choices of a trade, a payment in property and a
bankruptcy: the partners and what each side may include, the offers that
would be accepted, the debt and its creditor. (That every example made from
them is accepted and choices outside them refused, on random tables of every
edition, is in ``test_allowed_both_ways``.)"""

import pytest

from referee.editions import shipped
from referee.rules import allowed, parse_action, step
from referee.rules.holdings import bank_price
from referee.rules.pending import Debt
from referee.rules.rulings import Ruling
from referee.rules.state import Turn
from referee.rules.step import ACTIONS

from .game import Game

CASH = {"min": 0, "max": 1500, "step": 1, "exact": False}
OWED = Ruling("test.arrange", "a debt arranged for the test")
MINE = (
    "trade",
    "accept_trade",
    "reject_trade",
    "offer_property",
    "accept_property",
    "reject_property",
    "declare_bankruptcy",
)


def options(game: Game, type: str) -> dict:
    return {a["seat"]: a["options"] for a in allowed(game.state, game.edition) if a["type"] == type}


@pytest.fixture
def ua():
    return shipped()["ua-industries"]


class TestTradeOptions:
    def test_a_trade_names_the_partners_and_what_each_side_may_include(self, classic):
        # seed 001: "Можно договариваться об обмене Улиц, Вокзалов, Коммунальных предприятий, денег и карточек"
        game = Game(classic, "Anna", "Boris", "Vera")
        game.own(0, 5, mortgaged=True)
        game.own(1, 3, 12)
        game.state = game.state.with_player(1, jail_cards=("chance.jail_free",))
        anna = options(game, "trade")[0]
        assert anna["to"] == [1, 2]  # Vera has nothing to hand over, but could take Anna's railroad
        assert anna["give"] == {
            "positions": [{"position": 5, "mortgaged": True}],
            "cash": CASH,
            "cards": [],
            "kept": [],
        }
        assert anna["partners"][0] == {
            "seat": 1,
            "positions": [{"position": 3, "mortgaged": False}, {"position": 12, "mortgaged": False}],
            "cash": CASH,
            "cards": ["chance.jail_free"],
            "kept": [],
        }
        assert (anna["sale_only"], anna["sale_floor"]) == (False, False)
        assert options(game, "trade")[2]["to"] == [0, 1]

    def test_a_street_of_a_group_with_buildings_is_not_offered(self, classic):
        # seed 001: "Перед передачей Улицы продайте Банку все здания её цветовой группы."
        game = Game(classic, "Anna", "Boris")
        game.own(1, 1, 3, 5)
        game.build_up({3: 1})
        boris = options(game, "trade")[1]
        assert [p["position"] for p in boris["give"]["positions"]] == [5]
        assert [p["position"] for p in options(game, "trade")[0]["partners"][0]["positions"]] == [5]

    def test_in_ua_industries_cards_stay_out_and_each_property_shows_the_bank_s_price(self, ua):
        # seed 002: "Картки звільнення не обмінюються."; "«Продати» — ваш бізнес за гроші суперника: не дешевше,
        # ніж дав би банк"; "Обмін пропонують у свій хід, після кидка"
        game = Game(ua, "Anna", "Boris", rent_collection="automatic")
        game.own(1, 5)
        game.state = game.state.with_player(0, jail_cards=("chance.jail_free",))
        game.arrange(turn=Turn(seat=0, can_roll=False, rolled=True))
        assert list(options(game, "trade")) == [0]
        anna = options(game, "trade")[0]
        assert anna["give"]["cards"] == [] and anna["sale_floor"] is True
        assert anna["partners"][0]["positions"] == [
            {"position": 5, "mortgaged": False, "bank_price": bank_price(ua, 5)}
        ]

    def test_a_debtor_outside_the_trade_window_may_offer_only_a_sale_to_a_player_who_can_pay(self, ua):
        # seed 002: "Ще варіант — «Продати суперникові» напряму, не дешевше, ніж дав би банк"
        game = Game(ua, "Anna", "Boris", "Vera", rent_collection="automatic")
        game.own(1, 5)
        game.set_cash(1, 30)
        game.set_cash(2, bank_price(ua, 5) - 1)
        game.arrange(turn=Turn(seat=0, can_roll=False, rolled=True), pending=(Debt(1, 0, 120, "rent", OWED),))
        boris = options(game, "trade")[1]
        assert boris["sale_only"] is True and boris["to"] == [0]  # Vera cannot pay the bank's price
        assert boris["give"]["cash"]["max"] == 0 and boris["partners"] == [
            {"seat": 0, "positions": [], "cash": CASH, "cards": []}
        ]
        for body in ACTIONS["trade"].examples(boris):
            step(game.state, parse_action({"type": "trade", "seat": 1, **body}), ua)


class TestAnsweringATrade:
    def test_only_offers_that_would_be_accepted_are_offered_for_acceptance_and_either_side_may_close_any(self, classic):
        game = Game(classic, "Anna", "Boris")
        game.own(0, 5, 15)
        game.act("trade", 0, to=1, give={"positions": [5]}, get={"cash": 100})
        first = game.state.version
        game.act("trade", 0, to=1, give={"positions": [15]}, get={"cash": 100})
        second = game.state.version
        assert options(game, "accept_trade") == {1: {"offer": [first, second]}}
        game.own(1, 15)  # the second offer's railroad is no longer Anna's to give
        assert options(game, "accept_trade") == {1: {"offer": [first]}}
        assert options(game, "reject_trade") == {0: {"offer": [first, second]}, 1: {"offer": [first, second]}}
        assert game.refused("accept_trade", 1, offer=second).code == "not_owner"


class TestPaymentInKindOptions:
    def owing(self, classic) -> Game:
        game = Game(classic, "Anna", "Boris", "Vera")
        game.own(0, 5, 1, 3)
        game.own(0, 13, mortgaged=True)
        game.set_cash(0, 0)
        game.arrange(pending=(Debt(0, 1, 200, "rent", OWED), Debt(0, "bank", 50, "tax", OWED)))
        return game

    def test_a_debtor_offers_its_properties_to_a_creditor_for_up_to_what_is_owed(self, classic):
        # seed 000: "Вы можете заплатить Вашему кредитору часть суммы наличными и часть суммы принадлежащей вам
        # собственностью"
        game = self.owing(classic)
        assert options(game, "offer_property") == {
            0: {
                "to": [1],
                "creditors": [{"seat": 1, "owed": 200, "value": {"min": 1, "max": 200, "step": 1, "exact": False}}],
                "positions": [
                    {"position": 1, "mortgaged": False},
                    {"position": 3, "mortgaged": False},
                    {"position": 5, "mortgaged": False},
                    # seed 001 l.50: «сохраняет его и сразу платит Банку 10% суммы залога»: said before the offer
                    {"position": 13, "mortgaged": True, "interest": 7, "percent": 10},
                ],
            }
        }
        assert game.refused("offer_property", 0, to=1, positions=[5], value=201).code == "bad_value"
        game.act("offer_property", 0, to=1, positions=[5], value=150)
        offer = game.state.version
        assert options(game, "accept_property") == {
            1: {"offer": [offer], "mortgaged": []}
        }  # Reading Railroad: no mortgage
        assert options(game, "reject_property") == {0: {"offer": [offer]}, 1: {"offer": [offer]}}

    def test_where_a_debt_is_owed_whole_nothing_is_offered_in_property(self, ua):
        # seed 002: "виникає борг на всю суму, частинами не платять"
        game = Game(ua, "Anna", "Boris")
        game.own(0, 5)
        game.arrange(pending=(Debt(0, 1, 200, "rent", OWED),))
        assert options(game, "offer_property") == {}


class TestBankruptcyOptions:
    def test_a_debtor_who_cannot_raise_the_debt_sees_the_debt_its_creditor_and_what_it_could_raise(self, classic):
        # seed 001: "Если после продажи зданий и залога вы всё равно не можете погасить долг, вы банкрот"
        game = Game(classic, "Anna", "Boris")
        game.own(0, 5)  # mortgage value 100
        game.set_cash(0, 20)
        game.arrange(pending=(Debt(0, 1, 500, "rent", OWED),))
        assert options(game, "declare_bankruptcy") == {
            0: {
                "owed": 500,
                "creditor": 1,
                "can_raise": 120,
                # seed 000: "этот игрок получает принадлежащие Вам наличные деньги, карточки Собственника"
                "estate": {"cash": 20, "positions": [5], "cards": []},
                "cash_to": 1,
                "cash": 20,
                "properties_to": 1,
                "properties": "handed_over",
                "buildings": "sold",
                "cards_to": 1,
                "mortgages": None,
                "debts": [{"creditor": 1, "amount": 500, "lapses": False}],
                "ends_game": True,  # two players: the other is left, and wins
            }
        }

    def test_a_debtor_who_could_raise_the_debt_is_not_offered_bankruptcy(self, ua):
        # seed 002: "Не виходить розрахуватися — можна натиснути «Здатися»."
        game = Game(ua, "Anna", "Boris")
        game.own(1, 5, 25)
        game.set_cash(1, 30)
        game.arrange(pending=(Debt(1, 0, 120, "rent", OWED),))
        assert options(game, "declare_bankruptcy") == {}
        game.arrange(pending=(Debt(1, "bank", 900, "tax", OWED),))
        [said] = options(game, "declare_bankruptcy").values()
        assert (said["owed"], said["creditor"], said["can_raise"]) == (900, "bank", 230)
