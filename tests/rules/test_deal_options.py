"""``allowed`` gives the choices of a trade, a payment in property and a
bankruptcy: the partners and what each side may include, the offers that
would be accepted, the debt and its creditor; every example made from them is
accepted, and choices outside them are refused."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.editions import shipped
from referee.rules import RuleViolation, allowed, parse_action, start, step
from referee.rules.holdings import bank_price
from referee.rules.pending import Debt
from referee.rules.rulings import Ruling
from referee.rules.state import Turn
from referee.rules.step import ACTIONS
from referee.simulate import random_action

from .game import Game
from .test_random_games import DrawnChooser, random_setup

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
        assert anna["give"] == {"positions": [{"position": 5, "mortgaged": True}], "cash": CASH, "cards": []}
        assert anna["partners"][0] == {
            "seat": 1,
            "positions": [{"position": 3, "mortgaged": False}, {"position": 12, "mortgaged": False}],
            "cash": CASH,
            "cards": ["chance.jail_free"],
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
                    {"position": 13, "mortgaged": True},
                ],
            }
        }
        assert game.refused("offer_property", 0, to=1, positions=[5], value=201).code == "bad_value"
        game.act("offer_property", 0, to=1, positions=[5], value=150)
        offer = game.state.version
        assert options(game, "accept_property") == {1: {"offer": [offer]}}
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
        assert options(game, "declare_bankruptcy") == {0: {"owed": 500, "creditor": 1, "can_raise": 120}}

    def test_a_debtor_who_could_raise_the_debt_is_not_offered_bankruptcy(self, ua):
        # seed 002: "Не виходить розрахуватися — можна натиснути «Здатися»."
        game = Game(ua, "Anna", "Boris")
        game.own(1, 5, 25)
        game.set_cash(1, 30)
        game.arrange(pending=(Debt(1, 0, 120, "rent", OWED),))
        assert options(game, "declare_bankruptcy") == {}
        game.arrange(pending=(Debt(1, "bank", 900, "tax", OWED),))
        assert options(game, "declare_bankruptcy") == {1: {"owed": 900, "creditor": "bank", "can_raise": 230}}


# -- every example accepted, choices outside the options refused, on every edition ------------------------


def accepted(state, edition, type_: str, seat: int, body: dict) -> bool:
    try:
        step(state, parse_action({"type": type_, "seat": seat, **body}), edition)
    except RuleViolation as refusal:
        assert refusal.code and refusal.ruling.rule
        return False
    return True


def outside(state, edition, type_: str, seat: int, choices: dict) -> list[dict]:
    """Bodies just outside a seat's options."""
    if type_ == "trade":
        partner = choices["partners"][0]
        taken = {p["position"] for p in partner["positions"]}
        stranger = next((p for p in edition.property_positions if p not in taken), None)
        found = [{"to": seat, "get": {"positions": [p["position"] for p in partner["positions"][:1]]}}]
        if stranger is not None and not choices["sale_only"]:
            found.append({"to": partner["seat"], "get": {"positions": [stranger]}})
        if partner["positions"]:
            too_much = choices["give"]["cash"]["max"] + 1
            found.append({"to": partner["seat"], "give": {"cash": too_much}, "get": {"positions": [min(taken)]}})
        return found
    if type_ in ("accept_trade", "reject_trade", "accept_property", "reject_property"):
        return [{"offer": max(choices["offer"]) + 1000}]
    if type_ == "offer_property":
        creditor = choices["creditors"][0]
        positions = [choices["positions"][0]["position"]]
        return [{"to": creditor["seat"], "positions": positions, "value": creditor["value"]["max"] + 1}]
    return []


def dealt(state, edition, choose):
    """Every property dealt out at random and the last seat's cash gone: trades and debts come at once."""
    for position in edition.property_positions:
        state = state.with_holding(position, owner=choose.integer(0, len(state.players) - 1))
    return state.with_player(len(state.players) - 1, cash=0)


def check_options(state, edition) -> None:
    entries = [a for a in allowed(state, edition) if a["type"] in MINE]
    for entry in entries:
        type_, seat, choices = entry["type"], entry["seat"], entry["options"]
        for body in ACTIONS[type_].examples(choices):
            assert accepted(state, edition, type_, seat, body), (type_, seat, body)
        for body in outside(state, edition, type_, seat, choices):
            assert not accepted(state, edition, type_, seat, body), (type_, seat, body)
    listed = {(a["type"], a["seat"]) for a in entries}
    for seat in state.active_seats():
        if ("declare_bankruptcy", seat) not in listed:
            assert not accepted(state, edition, "declare_bankruptcy", seat, {})
        if ("accept_trade", seat) not in listed:
            assert not accepted(state, edition, "accept_trade", seat, {})


EDITIONS = [(e, v) for e, edition in sorted(shipped().items()) for v in ("standard", *edition.rules.variants)]


@pytest.mark.parametrize("edition_id, variant", EDITIONS)
@settings(max_examples=6, deadline=None)
@given(data=st.data(), players=st.integers(2, 4), automatic=st.booleans(), deal=st.booleans())
def test_every_example_of_the_deal_options_is_accepted_and_choices_outside_them_are_refused(
    edition_id, variant, data, players, automatic, deal
):
    edition = shipped()[edition_id]
    choose = DrawnChooser(data)
    state = start(edition, random_setup(players, automatic, virtual_decks=False, variant=variant)).state
    if deal and not state.pending:  # (a variant that deals deeds deals them itself)
        state = dealt(state, edition, choose)
    for _ in range(120):
        check_options(state, edition)
        action = random_action(state, edition, choose)
        if action is None:
            return
        state = step(state, parse_action(action), edition).state
