"""What ``allowed`` offers for building, mortgages, bank sales, rent claims, the deal of deeds, the end of a turn,
the end of a timed game and the table clock's timeout: the values a seat may choose, so that a client offers
only what the engine accepts and derives no rule itself."""

import pytest

from referee.editions import shipped
from referee.rules import allowed
from referee.rules.engine import Now
from referee.rules.mortgage_terms import MortgageChoice
from referee.rules.pending import Debt, RentClaim
from referee.rules.rulings import Ruling
from referee.rules.state import Supply, Turn
from referee.rules.step import ACTIONS

from .game import Game

BROWN = (1, 3)
OWED = Ruling("test.arrange", "a debt arranged for the test")
NO_CLOCK = Now()


@pytest.fixture
def ua():
    return shipped()["ua-industries"]


@pytest.fixture
def disney():
    return shipped()["disney"]


def options(game: Game, type_: str, now: Now = NO_CLOCK) -> dict[int, dict]:
    """Each seat's options for one action type, as ``allowed`` lists them."""
    return {a["seat"]: a["options"] for a in allowed(game.state, game.edition, now) if a["type"] == type_}


def examples(game: Game, type_: str, seat: int, now: Now = NO_CLOCK) -> list[dict]:
    return ACTIONS[type_].examples(options(game, type_, now)[seat])


def after_roll(game: Game, seat: int = 0) -> None:
    game.arrange(turn=Turn(seat=seat, can_roll=False, rolled=True))


class TestBuilding:
    def test_each_street_of_an_open_group_offers_its_next_house_its_price_and_headroom(self, classic):
        # seed 001: "Застраивайте равномерно: прежде чем поставить второй дом на одну Улицу, поставьте по первому
        # на все остальные этого цвета."
        game = Game(classic)
        game.own(0, *BROWN)
        game.build_up({1: 1})
        group = classic.space(3).group
        assert options(game, "build") == {
            0: {
                "positions": [{"position": 3, "building": "house", "price": 50, "headroom": 5}],
                "rounds": [{"group": group, "positions": [3], "building": "house", "cost": 50}],
            }
        }
        assert examples(game, "build", 0) == [{"positions": [3]}, {"positions": [3]}]

    def test_a_group_s_next_round_is_one_house_on_each_street_and_it_builds(self, classic):
        # seed 001 l.39: "Застраивайте равномерно: прежде чем поставить второй дом на одну Улицу, поставьте по первому
        # на все остальные этого цвета."
        game = Game(classic)
        game.own(0, *BROWN)
        after_roll(game)
        [round_] = options(game, "build")[0]["rounds"]
        assert round_ == {"group": classic.space(1).group, "positions": [1, 3], "building": "house", "cost": 100}
        cash = game.cash(0)
        game.act("build", 0, positions=round_["positions"])
        assert (game.level(1), game.level(3), game.cash(0)) == ((1, False), (1, False), cash - 100)

    def test_no_round_is_offered_beyond_the_seat_s_cash_or_the_bank_s_houses(self, classic):
        # seed 001 l.41: "Запас зданий ограничен тем, что в коробке."
        game = Game(classic)
        game.own(0, *BROWN)
        after_roll(game)
        game.set_cash(0, 60)
        assert options(game, "build")[0]["rounds"] == []
        assert len(options(game, "build")[0]["positions"]) == 2  # each street alone is still affordable
        game.set_cash(0, 1500)
        game.arrange(supply=Supply(houses=1, hotels=game.state.supply.hotels))
        assert options(game, "build")[0]["rounds"] == []

    def test_in_the_short_game_the_fourth_building_offered_is_a_hotel(self, disney):
        # seed 000: "Вы должны построить только три Дома (вместо четырех) на каждом Владении цветовой группы
        # прежде, чем Вы сможете купить Отель"
        game = Game(disney, "Anna", "Boris", variant="short")
        game.arrange(pending=())
        group = disney.group_positions(disney.street_groups()[0])
        game.own(0, *group)
        game.build_up({p: 3 for p in group})
        offered = options(game, "build")[0]["positions"]
        assert [(s["position"], s["building"], s["headroom"]) for s in offered] == [(p, "hotel", 1) for p in group]
        game.act("build", 0, **examples(game, "build", 0)[0])
        assert game.level(group[0]) == (0, True)

    def test_ua_industries_offers_only_the_enterprise_the_token_stands_on_after_the_roll(self, ua):
        # seed 002: "Філію відкривають лише на тому підприємстві, де стоїть ваша фішка"
        game = Game(ua, "Anna", "Boris")
        game.own(0, 1, 3, 4)
        assert "build" not in {a["type"] for a in allowed(game.state, ua)}  # before the roll
        after_roll(game)
        game.place(0, 3)
        assert [s["position"] for s in options(game, "build")[0]["positions"]] == [3]
        assert options(game, "build")[0]["rounds"] == []  # one enterprise at a time, never a group's round

    def test_ua_industries_says_one_build_takes_one_branch_and_classic_names_no_such_limit(self, ua, classic):
        # seed 002: "і не більше однієї за відвідування."
        game = Game(ua, "Anna", "Boris")
        game.own(0, 1, 3, 4)
        after_roll(game)
        game.place(0, 3)
        built = options(game, "build")[0]
        assert built["at_once"] == 1 and built["positions"][0]["headroom"] > 1  # the street could take more
        assert game.refused("build", 0, positions=[3, 3]).code == "one_per_visit"
        # seed 001 l.39: a classic table builds a group round by round, as many as the headroom allows
        game = Game(classic)
        game.own(0, *BROWN)
        after_roll(game)
        assert "at_once" not in options(game, "build")[0]


class TestSellingBuildings:
    def test_only_the_most_developed_street_sells_alone_and_the_group_sells_at_once(self, classic):
        # seed 001: "Продажа домов идёт равномерно, за половину цены покупки"
        game = Game(classic)
        game.own(0, *BROWN)
        game.build_up({1: 2, 3: 1})
        assert options(game, "sell_building") == {
            0: {
                "positions": [{"position": 1, "building": "house", "refund": 25, "levels": 2}],
                "groups": [{"group": "brown", "positions": [1, 1, 3], "refund": 75}],
            }
        }

    def test_a_hotel_the_bank_cannot_turn_back_into_houses_sells_only_outright_with_its_group(self, classic):
        # seed 000: "Вы не можете получить вместо Отеля Дома, если в Банке их не осталось"
        game = Game(classic)
        game.own(0, *BROWN)
        game.own(1, 6, 8, 9, 11, 13, 14, 16, 18, 19)
        every_house = {**{p: 4 for p in (6, 8, 9, 11, 13, 14)}, 16: 3, 18: 3, 19: 2}
        game.build_up(every_house, hotels=BROWN)
        assert game.state.supply.houses == 0
        offered = options(game, "sell_building")[0]
        assert offered["positions"] == []
        assert offered["groups"] == [{"group": "brown", "positions": [1] * 5 + [3] * 5, "refund": 250}]
        game.act("sell_building", 0, **examples(game, "sell_building", 0)[0])
        assert game.level(1) == game.level(3) == (0, False)

    def test_a_holding_the_supply_cannot_break_offers_nothing_to_sell(self, ua):
        # seed 002: "холдинг розпадається на чотири філії, лише якщо вони є в запасі"
        game = Game(ua, "Anna", "Boris")
        game.own(0, 1, 3, 4)
        game.build_up(hotels=(1, 3, 4))
        game.arrange(supply=Supply(3, game.state.supply.hotels))
        after_roll(game)
        assert options(game, "sell_building") == {}


class TestMortgages:
    def test_each_property_offers_the_value_the_bank_pays_except_in_a_group_with_buildings(self, classic):
        game = Game(classic)
        game.own(0, *BROWN, 5)
        assert options(game, "mortgage")[0] == {
            "positions": [{"position": 1, "value": 30}, {"position": 3, "value": 30}, {"position": 5, "value": 100}]
        }
        game.build_up({1: 1})
        assert options(game, "mortgage")[0] == {"positions": [{"position": 5, "value": 100}]}

    def test_ua_industries_offers_no_mortgage(self, ua):
        # seed 002: "Застави в цій грі немає."
        game = Game(ua, "Anna", "Boris")
        game.own(0, 5)
        assert options(game, "mortgage") == {}

    def test_a_lift_costs_the_value_plus_interest_rounded_up_within_the_seat_s_cash(self, classic):
        # seed 001: "Для снятия залога верните эту сумму плюс 10%"; 10% of 75 is 7.5, the deed prints 83
        game = Game(classic)
        game.own(0, 3, 12, 39, mortgaged=True)
        game.set_cash(0, 100)
        assert options(game, "unmortgage")[0] == {
            "positions": [{"position": 3, "cost": 33, "interest": 3}, {"position": 12, "cost": 83, "interest": 8}],
            "cash": 100,
        }

    def test_a_debtor_lifts_no_mortgage(self, classic):
        game = Game(classic)
        game.own(0, 3, mortgaged=True)
        game.arrange(pending=(Debt(0, 1, 2000, "rent", OWED),))
        assert options(game, "unmortgage") == {}

    def test_a_mortgage_just_received_offers_its_interest_to_keep_it_or_nothing_once_paid(self, classic):
        # seed 001: the new owner lifts it at once or keeps it and pays 10% now
        game = Game(classic)
        game.own(0, 12, 39, mortgaged=True)
        game.arrange(pending=(MortgageChoice(0, 12), MortgageChoice(0, 39, fee_paid=True)))
        assert options(game, "keep_mortgage") == {
            0: {
                "positions": [{"position": 12, "interest": 8, "lift": 83}, {"position": 39, "interest": 0, "lift": 220}]
            }
        }
        assert options(game, "unmortgage")[0]["positions"][1] == {"position": 39, "cost": 200, "interest": 0}


class TestSellingToTheBank:
    def test_a_debtor_is_offered_what_the_bank_pays_after_an_unsold_auction(self, ua):
        # seed 002: "лише після торгів, на яких його ніхто не купив ... Банк платить половину ціни"
        game = Game(ua, "Anna", "Boris", "Vera", rent_collection="automatic")
        game.own(1, 5, 25)
        game.set_cash(1, 30)
        game.arrange(turn=Turn(seat=0, can_roll=False, rolled=True), pending=(Debt(1, 0, 120, "rent", OWED),))
        assert options(game, "sell_to_bank") == {}
        game.arrange(pending=(Debt(1, 0, 120, "rent", OWED, auctioned=(5,)),))
        assert options(game, "sell_to_bank") == {1: {"positions": [{"position": 5, "price": 100}]}}
        game.act("sell_to_bank", 1, **examples(game, "sell_to_bank", 1)[0])
        assert game.state.holdings[5].owner is None


class TestRentClaims:
    def test_the_owner_is_offered_each_open_claim_with_its_payer_and_rent(self, classic):
        # seed 001: "Владелец чужой собственности должен потребовать ренту до броска следующего игрока."
        game = Game(classic, "Anna", "Boris", "Vera")
        game.arrange(pending=(RentClaim(0, 1, 3, 4), RentClaim(0, 2, 12, None, multiplier=4)))
        assert options(game, "claim_rent") == {
            0: {
                "positions": [
                    {"position": 3, "payer": 1, "amount": 4},
                    {"position": 12, "payer": 2, "amount": None, "multiplier": 4},
                ]
            }
        }
        assert examples(game, "claim_rent", 0) == [{"position": 3}, {"position": 12}]


class TestTheDeal:
    def test_any_seat_is_offered_the_deal_of_two_deeds_each_from_the_bank_s(self, classic):
        # seed 000: "раздает два раза по кругу игрокам по одной карточке Собственника"
        game = Game(classic, "Anna", "Boris", variant="short")
        offered = options(game, "deal_deeds")
        assert set(offered) == {0, 1} and offered[0]["count"] == 2 and offered[0]["seats"] == 2
        assert offered[0]["positions"] == list(classic.property_positions)
        assert examples(game, "deal_deeds", 1) == [{"deeds": [[1, 5], [3, 6]]}]
        game.act("deal_deeds", 1, **examples(game, "deal_deeds", 1)[0])
        assert options(game, "deal_deeds") == {}


class TestTheEndOfATurn:
    def test_the_turn_s_player_ends_it_after_the_roll_and_not_while_a_purchase_waits(self, classic):
        game = Game(classic)
        assert options(game, "end_turn") == {}
        game.roll(0, 1, 2)  # onto Baltic Avenue: buy or decline first
        assert options(game, "end_turn") == {}
        game.act("buy", 0)
        assert options(game, "end_turn") == {0: {}}


class TestTheEndOfATimedGame:
    def test_any_seat_stops_a_timed_game_and_at_the_end_time_it_is_all_that_is_offered(self, classic):
        # seed 000: "Победит участник самый богатый на момент окончания игры"
        game = Game(classic, "Anna", "Boris", variant="timed", ends_at="2026-01-01T20:00:00+00:00")
        assert options(game, "end_game") == {0: {"time_up": False}, 1: {"time_up": False}}
        late = allowed(game.state, classic, Now(time_up=True))
        assert {a["type"] for a in late} == {"end_game"} and late[0]["options"] == {"time_up": True}
        assert ACTIONS["end_game"].examples(late[0]["options"]) == [{"time_up": True}]
        assert options(Game(classic), "end_game") == {}


class TestTheTableClock:
    def test_a_timeout_is_offered_to_every_seat_once_the_wait_has_run_its_limit(self, ua):
        # seed 002: "На своє рішення ... у вас 5 хвилин."
        game = Game(ua, "Anna", "Boris", "Vera", rent_collection="automatic", clock=True)
        game.arrange(clock_since=1)  # the game has started at the table: its clock runs
        assert options(game, "timeout", Now(waited=299.5)) == {}
        offered = options(game, "timeout", Now(waited=300))
        expected = {"kind": "decision", "seats": [0], "limit": 300, "consequence": "out", "ends_game": False}
        assert offered == {seat: expected for seat in (0, 1, 2)}
        game.act("timeout", 1, **examples(game, "timeout", 1, Now(waited=300))[0])
        assert game.state.players[0].bankrupt

    def test_a_bid_s_wait_runs_sixty_seconds_and_silence_is_a_pass(self, ua):
        # seed 002: "Зробити ставку на торгах ... треба за 60 секунд. Мовчання означає пас"
        game = Game(ua, "Anna", "Boris", "Vera", rent_collection="automatic", clock=True)
        game.roll(0, 1, 2)
        game.act("decline", 0)
        game.act("bid", 0, amount=45)
        offered = options(game, "timeout", Now(waited=60))[2]
        assert (offered["kind"], offered["limit"], offered["consequence"]) == ("bid", 60, "pass")
        assert options(game, "timeout") == {}  # without the service's clock, nothing is offered
