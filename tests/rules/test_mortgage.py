"""Mortgages: the bank's loan on a property, its interest and its rounding,
no rent while mortgaged, and the doubled rent of the rest of the group."""

import pytest

from referee.editions import DATA, load_document
from referee.editions import build as build_edition
from referee.rules.pending import Debt, RentClaim
from referee.rules.rulings import Ruling

from .game import Game

ORANGE = (16, 18, 19)


def variant(classic, **rules):
    """The classic edition with some rule parameters changed, as a custom edition would have them."""
    document = load_document(DATA / "classic.json")
    for area, changes in rules.items():
        document["rules"][area].update(changes)
    return build_edition({**document, "id": "classic-variant"})


def test_the_bank_pays_the_mortgage_value_and_lifting_costs_it_plus_ten_percent(classic):
    # seed 001: "Переверните карточку и возьмите у Банка сумму залога с оборота. Для снятия залога верните эту
    # сумму плюс 10%. Например, залог 100 снимают за 110."
    game = Game(classic)
    game.own(0, 5)  # Reading Railroad, mortgage value 100
    game.act("mortgage", 0, positions=[5])
    assert game.state.holdings[5].mortgaged and game.cash(0) == 1600
    assert [(t.source, t.target, t.amount, t.rule) for t in game.last.transfers] == [("bank", 0, 100, "mortgage.taken")]
    game.act("unmortgage", 0, positions=[5])
    assert not game.state.holdings[5].mortgaged and game.cash(0) == 1490
    assert [(t.amount, t.reason) for t in game.last.transfers] == [(110, "unmortgage")]


@pytest.mark.parametrize(("position", "value", "lift"), [(37, 175, 193), (12, 75, 83), (1, 30, 33), (39, 200, 220)])
def test_lifting_rounds_the_interest_up_as_the_classic_deeds_print_it(classic, position, value, lift):
    # reference/classic-board.md: "mortgage value plus 10% rounded up to a whole unit (175 → 193, 75 → 83)"
    game = Game(classic)
    game.own(0, position, mortgaged=True)
    game.act("unmortgage", 0, positions=[position])
    (paid,) = game.last.transfers
    assert paid.amount == lift
    assert paid.ruling.values["value"] == value
    assert ("rounds interest up" in paid.ruling.text) == (value % 10 != 0)
    assert paid.ruling.values.get("rounding") == ("up" if value % 10 else None)


def test_a_whole_interest_is_paid_as_it_is_and_said_without_rounding(classic):
    # seed 001: "Для снятия залога верните эту сумму плюс 10%. Например, залог 100 снимают за 110."
    game = Game(classic)
    game.own(0, 39, mortgaged=True)  # Boardwalk, mortgage value 200: interest 20
    game.act("unmortgage", 0, positions=[39])
    (paid,) = game.last.transfers
    assert paid.ruling.text == "Anna lifts the mortgage on Boardwalk: M200 + 10% interest M20 = M220."
    assert "also" not in paid.ruling.values


def test_the_rounding_is_an_edition_parameter(classic):
    game = Game(variant(classic, mortgage={"rounding": "down"}))
    game.own(0, 37, mortgaged=True)
    game.act("unmortgage", 0, positions=[37])
    assert game.last.transfers[0].amount == 192
    assert game.last.transfers[0].ruling.values["exact"] == "17.5"


def test_a_street_is_mortgaged_only_once_its_group_has_no_buildings(classic):
    # seed 001: "Для залога Улицы также сначала продайте все здания её группы."
    game = Game(classic)
    game.own(0, *ORANGE)
    game.build_up({16: 1, 18: 1, 19: 0})
    refusal = game.refused("mortgage", 0, positions=[19])
    assert refusal.ruling.rule == "mortgage.buildings" and refusal.ruling.values["built"] == 16
    game.act("sell_building", 0, positions=[16, 18])
    game.act("mortgage", 0, positions=[19, 18])
    assert game.cash(0) == 1500 + 100 + 100 + 90


def test_what_is_mortgaged_cannot_be_mortgaged_again_nor_lifted_if_not_mortgaged(classic):
    game = Game(classic)
    game.own(0, 5, 15, mortgaged=False)
    game.act("mortgage", 0, positions=[5])
    assert game.refused("mortgage", 0, positions=[5]).ruling.rule == "mortgage.already"
    assert game.refused("unmortgage", 0, positions=[15]).ruling.rule == "mortgage.not_mortgaged"
    assert game.refused("mortgage", 1, positions=[15]).ruling.rule == "property.owner"


def test_no_rent_is_collected_on_a_mortgaged_property(classic):
    # seed 001: "Заложенный объект не приносит ренту."
    game = Game(classic)
    game.own(1, 5, mortgaged=True)
    game.roll(0, 2, 3)
    assert game.pending(RentClaim) == []
    assert "rent.mortgaged" in game.rules()


def test_the_rest_of_a_group_keeps_its_double_rent_when_one_street_is_mortgaged(classic):
    # seed 001: "Ренту с заложенной улицы не берут; наличие залога на соседней улице этой группы не отменяет
    # повышенную ренту остальных."
    game = Game(classic)
    game.own(1, *ORANGE)
    game.own(1, 19, mortgaged=True)
    game.place(0, 13)
    game.roll(0, 1, 2)  # St. James Place, base rent 14
    (claim,) = game.pending(RentClaim)
    assert claim.amount == 28 and claim.ruling.rule == "rent.street.complete_group"


def test_seeds_000_and_003_allow_no_double_rent_with_a_mortgaged_street_an_edition_parameter(classic):
    # seed 000: "Однако, если какое-либо Владение заложено, то владелец всей группы Владений одного цвета не
    # может собирать двойную плату." (seed 003 says the same; classic follows seed 001.)
    game = Game(variant(classic, rent={"double_with_mortgaged_in_group": False}))
    game.own(1, *ORANGE)
    game.own(1, 19, mortgaged=True)
    game.place(0, 13)
    game.roll(0, 1, 2)
    (claim,) = game.pending(RentClaim)
    assert claim.amount == 14 and claim.ruling.rule == "rent.street.group_mortgaged"


def test_mortgaging_raises_money_for_a_pending_debt_which_is_then_paid(classic):
    # seed 001: "Если денег на обязательный платёж нет, продайте здания и/или заложите собственность."
    game = Game(classic)
    game.own(0, 39)
    game.set_cash(0, 50)
    game.arrange(pending=(Debt(0, 1, 200, "rent", Ruling("rent.street", "arranged")),))
    game.act("mortgage", 0, positions=[39])
    assert game.pending(Debt) == []
    assert [(t.source, t.target, t.amount) for t in game.last.transfers] == [("bank", 0, 200), (0, 1, 200)]
    assert game.cash(0) == 50


def test_a_mortgage_is_not_lifted_while_a_debt_is_pending_or_without_the_cash(classic):
    game = Game(classic)
    game.own(0, 37, 39, mortgaged=True)
    game.set_cash(0, 300)
    refusal = game.refused("unmortgage", 0, positions=[37, 39])
    assert refusal.ruling.rule == "mortgage.cash" and refusal.ruling.values["amount"] == 193 + 220
    game.arrange(pending=(Debt(0, "bank", 400, "tax", Ruling("tax", "arranged")),))
    assert game.refused("unmortgage", 0, positions=[37]).ruling.rule == "mortgage.in_debt"
