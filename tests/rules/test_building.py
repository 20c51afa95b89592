"""Houses and hotels under the classic rules: complete groups, even building,
hotels, the bank's supply and selling back at half price."""

from referee.rules.pending import Debt
from referee.rules.rulings import Ruling
from referee.rules.state import Turn

from .game import Game

ORANGE = (16, 18, 19)  # St. James Place, Tennessee Avenue, New York Avenue: houses 100
PINK = (11, 13, 14)  # houses 100
LIGHT_BLUE = (6, 8, 9)  # houses 50


def orange_game(classic, cash: int = 1500) -> Game:
    game = Game(classic)
    game.own(0, *ORANGE)
    game.set_cash(0, cash)
    return game


def test_two_houses_on_each_orange_street_in_one_request(classic):
    # seed 004: "Сначала постройте по одному дому на каждом участке. Только после этого можно строить второй дом"
    game = orange_game(classic)
    game.act("build", 0, positions=[16, 18, 19, 16, 18, 19])
    assert [game.level(p) for p in ORANGE] == [(2, False)] * 3
    assert game.cash(0) == 1500 - 6 * 100
    assert game.state.supply.houses == 32 - 6
    assert [(t.amount, t.reason, t.rule) for t in game.last.transfers] == [(200, "building", "building.buy.houses")] * 3


def test_building_needs_the_whole_colour_group(classic):
    # seed 001: "Сначала соберите все Улицы одного цвета."
    game = Game(classic)
    game.own(0, 16, 18)
    game.own(1, 19)
    refusal = game.refused("build", 0, positions=[16])
    assert refusal.ruling.rule == "building.complete_group"


def test_an_uneven_build_is_refused_as_a_whole(classic):
    # seed 001: "Застраивайте равномерно: прежде чем поставить второй дом на одну Улицу, поставьте по первому
    # на все остальные этого цвета ... Разница между улицами одной группы не должна превышать один дом."
    game = orange_game(classic)
    assert game.refused("build", 0, positions=[16, 16]).ruling.rule == "building.even"
    # the first house alone would be fine, but the request is carried out entirely or not at all
    assert game.refused("build", 0, positions=[16, 16, 18]).ruling.rule == "building.even"
    assert game.cash(0) == 1500 and game.state.supply.houses == 32
    game.act("build", 0, positions=[16])
    assert game.level(16) == (1, False)


def test_a_group_with_a_mortgaged_street_cannot_be_built_on(classic):
    # seed 001: "Если хотя бы одна Улица этой группы заложена, строить в группе нельзя."
    # seed 004: "Строительство приостанавливается, если хоть один из участков одной цветовой гаммы заложен."
    game = orange_game(classic)
    game.own(0, 19, mortgaged=True)
    refusal = game.refused("build", 0, positions=[16, 18])
    assert refusal.ruling.rule == "building.group_mortgaged"
    assert refusal.ruling.values["mortgaged"] == 19


def test_nothing_is_built_on_stations_or_utilities(classic):
    # seed 001: "На Вокзалах и Коммунальных предприятиях здания не строят."
    game = Game(classic)
    game.own(0, 5, 15, 25, 35, 12, 28)
    assert game.refused("build", 0, positions=[5]).ruling.rule == "building.streets_only"
    assert game.refused("build", 0, positions=[12]).ruling.rule == "building.streets_only"


def test_a_hotel_needs_four_houses_on_every_street_and_returns_its_four_houses(classic):
    # seed 001: "Когда на каждой Улице группы уже по четыре дома, можно купить отель для одной из них:
    # уплатить указанную цену и вернуть её четыре дома в Банк."
    game = orange_game(classic)
    game.build_up({16: 4, 18: 4, 19: 3})
    assert game.refused("build", 0, positions=[16]).ruling.rule == "building.hotel_needs_houses"
    game.act("build", 0, positions=[19, 16])  # the last house, then the hotel, in one request
    assert game.level(16) == (0, True) and game.level(19) == (4, False)
    assert game.state.supply.houses == 32 - 11 - 1 + 4  # 11 standing, one more bought, four back
    assert game.state.supply.hotels == 11
    assert [t.rule for t in game.last.transfers] == ["building.buy.hotel", "building.buy.houses"]
    assert game.cash(0) == 1500 - 200


def test_one_hotel_per_street_and_nothing_beside_it(classic):
    # seed 001: "На Улице бывает один отель; новые дома рядом с ним не ставят."
    game = orange_game(classic)
    game.build_up({18: 4, 19: 4}, hotels=(16,))
    assert game.refused("build", 0, positions=[16]).ruling.rule == "building.limit"


def test_with_no_house_in_the_bank_houses_wait_but_a_hotel_can_still_be_bought(classic):
    # seed 001: "Если запас исчерпан, ждут продажи зданий обратно Банку; фишками-заменителями нехватку не
    # восполняют." A hotel hands its four houses back, so it needs none from the bank.
    game = orange_game(classic)
    game.own(0, *PINK, *LIGHT_BLUE)
    game.build_up({16: 4, 18: 4, 19: 4, 11: 4, 13: 4, 14: 4, 6: 3, 8: 3, 9: 2})
    assert game.state.supply.houses == 0
    refusal = game.refused("build", 0, positions=[9])
    assert refusal.ruling.rule == "building.supply.houses"
    game.act("build", 0, positions=[16])
    assert game.state.supply.houses == 4
    game.act("build", 0, positions=[9])
    assert game.level(9) == (3, False) and game.state.supply.houses == 3


def test_hotels_wait_too_when_the_bank_has_too_few(classic):
    # seed 000: "Если в Банк больше не осталось Домов, то прежде чем купить Дом, Вы должны подождать"
    game = orange_game(classic)
    game.own(1, *PINK, *LIGHT_BLUE, 21, 23, 24, 37, 39)
    game.build_up({16: 4, 18: 4, 19: 4, 39: 4}, hotels=(*PINK, *LIGHT_BLUE, 21, 23, 24, 37))
    assert game.state.supply.hotels == 2
    refusal = game.refused("build", 0, positions=list(ORANGE))
    assert refusal.ruling.rule == "building.supply.hotels" and refusal.ruling.values["place"] == 19
    game.act("build", 0, positions=[16, 18])
    assert game.state.supply.hotels == 0 and game.level(19) == (4, False)


def test_building_is_refused_without_the_cash(classic):
    game = orange_game(classic, cash=250)
    refusal = game.refused("build", 0, positions=list(ORANGE))
    assert refusal.ruling.rule == "building.cash" and refusal.code == "insufficient_funds"


def test_building_is_allowed_between_turns_and_from_jail(classic):
    # seed 001: "ждать своего хода для покупки не обязательно"; "Тюрьма не запрещает получать ренту, покупать
    # здания, закладывать собственность и участвовать в аукционах."
    game = orange_game(classic)
    game.state = game.state.with_player(0, in_jail=True, position=10)
    game.arrange(turn=Turn(seat=1))
    assert ("build", 0) in game.allowed(everything=True)
    game.act("build", 0, positions=list(ORANGE))
    assert game.state.supply.houses == 29


def _in_debt(game: Game, amount: int) -> None:
    game.arrange(pending=(Debt(0, "bank", amount, "tax", Ruling("tax", "arranged")),))


def test_a_player_in_debt_may_sell_buildings_but_not_buy_them(classic):
    # seed 001: "Если денег на обязательный платёж нет, продайте здания и/или заложите собственность."
    game = orange_game(classic, cash=20)
    game.build_up({16: 1, 18: 1, 19: 1})
    _in_debt(game, 100)
    assert game.refused("build", 0, positions=[16]).ruling.rule == "building.in_debt"
    assert ("build", 0) not in game.allowed(everything=True)
    game.act("sell_building", 0, positions=[16, 18])  # 2 × 50: cash 120 covers the debt
    assert game.rules()[-1] == "tax"  # the debt's own ruling, paid the moment cash covered it
    assert game.pending(Debt) == [] and game.cash(0) == 20
    assert [t.reason for t in game.last.transfers] == ["building_sale", "building_sale", "tax"]


def test_houses_are_sold_back_at_half_price_and_evenly(classic):
    # seed 004: "Продажа построек должна происходить также равномерно: вы не можете продать все дома с одного
    # участка, пока на других участках этой цветовой гаммы еще есть дома."
    game = orange_game(classic)
    game.build_up({16: 2, 18: 2, 19: 2})
    game.act("sell_building", 0, positions=[16])
    assert game.cash(0) == 1550 and game.level(16) == (1, False)
    uneven = game.refused("sell_building", 0, positions=[16]).ruling
    assert uneven.rule == "building.sell_even"
    assert uneven.text.endswith("no space of the orange group may be more than one ahead.")
    assert "sold outright" not in uneven.text
    game.act("sell_building", 0, positions=[18, 19, 16, 18, 19])
    assert [game.level(p) for p in ORANGE] == [(0, False)] * 3
    assert game.cash(0) == 1500 + 6 * 50 and game.state.supply.houses == 32


def test_a_hotel_sold_back_becomes_four_houses_when_the_bank_has_them(classic):
    # seed 000: "Отель можно снова разбить на Дома. Для этого Вам нужно продать Отель Банку и получить взамен
    # четыре Дома, а также деньги за Отель (т. е. половину их стоимости)."
    game = orange_game(classic)
    game.build_up({}, hotels=ORANGE)
    game.act("sell_building", 0, positions=[16])
    assert game.level(16) == (4, False)
    assert game.state.supply.houses == 28 and game.state.supply.hotels == 10
    assert [(t.amount, t.rule) for t in game.last.transfers] == [(50, "building.sell.hotel")]


def test_without_four_houses_in_the_bank_a_groups_hotels_are_sold_outright_together(classic):
    # seed 000: "Вы не можете получить вместо Отеля Дома, если в Банке их не осталось"; "За Отель Банк выплатит
    # Вам половину стоимости Отеля плюс половину стоимости Домов, которые Вы сдали в Банк при покупке данного
    # Отеля. Все Отели из одной цветовой группы можно продать одновременно."
    game = orange_game(classic)
    game.own(1, *PINK, *LIGHT_BLUE, 1, 3)
    game.build_up({11: 4, 13: 4, 14: 4, 6: 4, 8: 4, 9: 4, 1: 3, 3: 2}, hotels=ORANGE)
    assert game.state.supply.houses == 3
    refused = game.refused("sell_building", 0, positions=[16]).ruling
    assert refused.rule == "building.hotel_break_supply"
    way_out = [16] * 5 + [18] * 5 + [19] * 5  # the refusal names the smallest sale the bank takes
    assert (refused.values["request"], refused.values["levels"], refused.values["streets"]) == (
        way_out,
        15,
        list(ORANGE),
    )
    assert "15 in all" in refused.text
    assert game.refused("sell_building", 0, positions=[16] * 5).ruling.rule == "building.sell_even.hotels"
    game.act("sell_building", 0, positions=way_out)
    assert [game.level(p) for p in ORANGE] == [(0, False)] * 3
    assert game.state.supply.houses == 3 and game.state.supply.hotels == 12
    assert [(t.amount, t.rule) for t in game.last.transfers] == [(250, "building.sell.hotel_outright")] * 3


def test_the_way_out_may_be_to_sell_houses_first_so_the_bank_can_break_the_hotel(classic):
    # seed 000: "Вы не можете получить вместо Отеля Дома, если в Банке их не осталось" -- houses sold back in
    # the same request come back first, and then the bank has the houses the hotel turns back into
    game = orange_game(classic)
    game.own(1, *PINK, *LIGHT_BLUE, 1, 3)
    game.build_up({18: 4, 19: 4, 11: 4, 13: 4, 14: 4, 6: 3, 8: 3, 9: 3}, hotels=(16,))
    assert game.state.supply.houses == 3
    refused = game.refused("sell_building", 0, positions=[16]).ruling
    assert refused.values["request"] == [16, 18]  # a house off Tennessee first: the bank then has four
    game.act("sell_building", 0, positions=refused.values["request"])
    assert [game.level(p) for p in ORANGE] == [(4, False), (3, False), (4, False)]
    assert game.state.supply.houses == 0


def test_selling_a_hotel_and_some_of_its_houses_in_one_request(classic):
    game = orange_game(classic)
    game.build_up({}, hotels=ORANGE)
    game.act("sell_building", 0, positions=[16, 18, 19, 16, 18, 19])
    assert [game.level(p) for p in ORANGE] == [(3, False)] * 3
    assert game.state.supply.houses == 32 - 9 and game.state.supply.hotels == 12
    assert [t.amount for t in game.last.transfers] == [100, 100, 100]
    assert game.last.transfers[0].rule == "building.sell.hotel_and_houses"


def test_only_the_owner_sells_and_only_what_stands(classic):
    game = orange_game(classic)
    game.build_up({16: 1, 18: 1, 19: 1})
    assert game.refused("sell_building", 1, positions=[16]).ruling.rule == "property.owner"
    assert game.refused("sell_building", 0, positions=[16, 16]).ruling.rule == "building.none_to_sell"


def test_a_rent_already_owed_is_not_raised_by_building_afterwards(classic):
    # the rent of a stop is fixed when the token lands; building before claiming it changes nothing
    game = orange_game(classic)
    game.place(1, 13)
    game.arrange(turn=Turn(seat=1))
    game.roll(1, 1, 2)  # Boris stops on St. James Place: 14 × 2 for the complete group
    game.act("build", 0, positions=list(ORANGE))
    game.act("claim_rent", 0)
    assert [(t.source, t.target, t.amount) for t in game.last.transfers] == [(1, 0, 28)]
