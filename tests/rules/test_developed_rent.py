"""What buildings do to rent and to repair cards."""

import pytest

from .game import Game

DARK_BLUE = (37, 39)


@pytest.mark.parametrize(
    ("houses", "hotel", "rent", "rule"),
    [
        (None, False, 50, "rent.street"),  # Park Place belongs to someone else
        (0, False, 100, "rent.street.complete_group"),
        (1, False, 200, "rent.street.houses"),
        (2, False, 600, "rent.street.houses"),
        (3, False, 1400, "rent.street.houses"),
        (4, False, 1700, "rent.street.houses"),
        (0, True, 2000, "rent.street.hotel"),
    ],
)
def test_rent_on_boardwalk_at_every_building_level(classic, houses, hotel, rent, rule):
    # seed 001: "За чужую Улицу платят сумму с её карточки с учётом домов или отеля. Полная цветовая группа
    # удваивает базовую ренту незастроенных улиц." Boardwalk: 50/200/600/1400/1700/2000.
    game = Game(classic, rent_collection="automatic")
    game.own(1, 39)
    if houses is not None:
        game.own(1, 37)
        if hotel:
            game.build_up({37: 4}, hotels=(39,))
        else:
            game.build_up(dict.fromkeys(DARK_BLUE, houses))
    game.set_cash(0, 3000)
    game.place(0, 35)
    game.roll(0, 1, 3)
    (paid,) = game.last.transfers
    assert (paid.source, paid.target, paid.amount, paid.rule) == (0, 1, rent, rule)


def test_an_unimproved_street_of_a_complete_group_keeps_double_rent_beside_a_built_one(classic):
    # seed 000: "Если Вам принадлежат все Владения одной цветовой группы, и Вы построили Дом только на одном
    # или на двух Владение, то Вы, тем не менее, можете получать двойную плату"
    game = Game(classic, rent_collection="automatic")
    game.own(1, 16, 18, 19)
    game.build_up({16: 1, 19: 1})
    game.place(0, 15)
    game.roll(0, 1, 2)  # Tennessee Avenue: base 14, no houses
    assert [t.amount for t in game.last.transfers] == [28]


@pytest.mark.parametrize(
    ("card", "start", "amount"),
    [("chance.repairs", 4, 6 * 25 + 3 * 100), ("chest.street_repairs", 14, 6 * 40 + 3 * 115)],
)
def test_repair_cards_charge_for_each_house_and_hotel_standing(classic, card, start, amount):
    # reference (classic decks): "Make general repairs: 25 per house, 100 per hotel"; "street repair: 40 per house,
    # 115 per hotel". seed 000: "Заплатите 40 ед. за каждый Коттедж и 115 ед. за каждый Замок"
    game = Game(classic)
    game.own(0, 16, 18, 19, 6, 8, 9)
    game.build_up({6: 2, 8: 2, 9: 2}, hotels=(16, 18, 19))
    game.place(0, start)
    game.roll(0, 1, 2)
    game.act("draw_card", 0, card=card)
    (paid,) = game.last.transfers
    assert (paid.amount, paid.reason) == (amount, "repairs")
    assert (paid.ruling.values["houses"], paid.ruling.values["hotels"]) == (6, 3)


def test_repairs_count_only_what_still_stands(classic):
    game = Game(classic)
    game.own(0, 16, 18, 19)
    game.build_up({16: 1, 18: 1, 19: 1})
    game.act("sell_building", 0, positions=[16, 18, 19])
    game.place(0, 4)
    game.roll(0, 1, 2)
    game.act("draw_card", 0, card="chance.repairs")
    assert game.last.transfers == () and "card.repairs" in game.rules()
