"""What a seat would look for and may not do now, and why (``refused``): a
purchase the cash does not cover, the streets of a whole group that may take
no building now, each with the code of the refusal the action itself meets;
and who play waits for (``waited_for``), clock or not."""

import pytest

from referee.editions import shipped
from referee.rules import refused
from referee.rules.clock import waited_for

from .game import Game
from .test_options_of_play import options


@pytest.fixture
def ua():
    return shipped()["ua-industries"]


def entries(game: Game, type_: str) -> dict[int, list[dict]]:
    return {r["seat"]: r["positions"] for r in refused(game.state, game.edition) if r["type"] == type_}


def test_a_purchase_the_cash_does_not_cover_is_refused_with_how_much_is_short(classic):
    # seed 001 l.26: «Если вы попали на свободный объект, можно купить его у Банка по цене, указанной на поле»;
    # buying takes the price in cash (``purchase.cash``)
    game = Game(classic, "Anna", "Boris")
    game.set_cash(0, 189)
    game.roll(0, 2, 3)  # onto Reading Railroad, M200
    assert options(game, "buy") == {}
    assert entries(game, "buy") == {0: [{"position": 5, "why": "insufficient_funds", "price": 200, "short": 11}]}
    assert game.refused("buy", 0).code == "insufficient_funds"  # the code the entry names
    game.set_cash(0, 200)  # a mortgage or a sale raised it
    assert entries(game, "buy") == {} and options(game, "buy") == {0: {"position": 5, "price": 200}}


def test_nothing_is_refused_when_nobody_would_look_for_it(classic):
    game = Game(classic, "Anna", "Boris")
    assert refused(game.state, game.edition) == []
    game.roll(0, 2, 3)  # onto Reading Railroad, affordable
    assert entries(game, "buy") == {}


def test_a_branch_goes_only_where_the_token_stands_and_evenly_and_the_streets_held_back_say_so(ua):
    # seed 002 l.82: «Філію відкривають лише на тому підприємстві, де стоїть ваша фішка, і не більше однієї за
    # відвідування»; l.83: «на підприємстві не може бути більше філій, ніж на найменш розвиненому в галузі,
    # плюс одна»; l.84: «П'ятий рівень — холдинг: чотири філії повертаються в запас»: a holding on the
    # enterprise with 4 waits for the fourth branch on the one with 3
    game = Game(ua, "Oksana", "Taras", rent_collection="automatic")
    game.own(0, 1, 3, 4)
    game.build_up({1: 3, 3: 4, 4: 4})
    game.roll(0, 1, 2)  # a visit to enterprise 2 (position 3), which has 4 where enterprise 1 has 3
    assert game.state.players[0].position == 3
    assert options(game, "build") == {}  # nothing may be built now: the form is gone
    assert entries(game, "build") == {
        0: [
            {"position": 1, "why": "not_standing"},
            {"position": 3, "why": "hotel_needs_houses"},
            {"position": 4, "why": "not_standing"},
        ]
    }
    for held in entries(game, "build")[0]:
        assert game.refused("build", 0, positions=[held["position"]]).code == held["why"]


def test_after_a_branch_this_visit_the_enterprises_the_token_is_not_on_say_so_not_one_per_visit(ua):
    # seed 002 l.82: «Філію відкривають лише на тому підприємстві, де стоїть ваша фішка, і не більше однієї за
    # відвідування. Кожен новий прихід на клітинку, зокрема після дубля чи картки, — нове відвідування.»: the
    # visit's one branch closes the enterprise the token stands on; the others were closed by where it stands
    game = Game(ua, "Oksana", "Taras", rent_collection="automatic")
    game.own(0, 1, 3, 4)
    game.roll(0, 1, 2)  # onto enterprise 2 (position 3)
    game.act("build", 0, positions=[3])
    assert entries(game, "build") == {
        0: [
            {"position": 1, "why": "not_standing"},
            {"position": 3, "why": "one_per_visit"},
            {"position": 4, "why": "not_standing"},
        ]
    }
    for held in entries(game, "build")[0]:
        assert game.refused("build", 0, positions=[held["position"]]).code == held["why"]


def test_a_street_that_takes_a_building_is_left_out_and_a_seat_wide_refusal_holds_every_street(classic, ua):
    # seed 001 l.39: «Застраивайте равномерно ... Разница между улицами одной группы не должна превышать один дом»
    game = Game(classic, "Anna", "Boris")
    game.own(0, 1, 3)
    game.build_up({1: 1})
    assert [p["position"] for p in options(game, "build")[0]["positions"]] == [3]
    assert entries(game, "build") == {0: [{"position": 1, "why": "uneven"}]}
    game.set_cash(0, 0)
    assert entries(game, "build") == {
        0: [{"position": 1, "why": "uneven"}, {"position": 3, "why": "insufficient_funds"}]
    }
    # seed 002 l.80: «Потрібні гроші на рахунку й жодних боргів»; branches only on one's own turn after the roll
    industries = Game(ua, "Oksana", "Taras", rent_collection="automatic")
    industries.own(1, 1, 3, 4)
    assert entries(industries, "build") == {1: [{"position": p, "why": "not_your_turn"} for p in (1, 3, 4)]}


def test_play_waits_for_the_next_bidder_the_partner_or_the_turn_clock_or_not(ua, classic):
    # seed 002 l.56: «Пас — і ви вибуваєте з цих торгів до кінця»; bids go round in turn from the decliner
    game = Game(ua, "Oksana", "Taras", "Bohdan", rent_collection="automatic")
    assert (waited_for(game.state, ua).kind, waited_for(game.state, ua).seats) == ("decision", (0,))
    game.roll(0, 1, 2)
    game.act("decline", 0)
    game.act("bid", 0, amount=45)
    assert waited_for(game.state, ua).seats == (1,)
    game.act("bid", 1, amount=55)
    assert (waited_for(game.state, ua).kind, waited_for(game.state, ua).seats) == ("bid", (2,))  # not the turn's
    # seed 001 l.28: «Участвовать могут все»: anyone but the high bidder may bid next
    auction = Game(classic, "Anna", "Boris", "Vera")
    auction.roll(0, 2, 3)
    auction.act("decline", 0)
    auction.act("bid", 1, amount=50)
    assert waited_for(auction.state, classic).seats == (0, 2)
