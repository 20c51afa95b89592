"""Rent: what a stop costs and how the owner collects it (seed 001, "Покупка, аукцион и рента";
seed 000 on doubled rent beside built streets)."""

import dataclasses

import pytest

from referee.rules import RuleViolation
from referee.rules.pending import RentClaim, RentRoll
from referee.rules.state import Supply, Turn

from .game import Game


def claimed(game: Game, owner: int = 1) -> tuple:
    """Let the owner claim; returns (from, to, amount, rule) of the rent paid."""
    game.act("claim_rent", owner)
    [paid] = game.last.transfers
    return paid.source, paid.target, paid.amount, paid.rule


def test_a_street_costs_the_base_rent_on_its_deed(classic):
    # seed 001: "За чужую Улицу платят сумму с её карточки с учётом домов или отеля."
    game = Game(classic)
    game.own(1, 3)
    game.roll(0, 1, 2)  # Baltic Avenue: base rent 4
    [claim] = game.pending()
    assert (claim.owner, claim.payer, claim.position, claim.amount) == (1, 0, 3, 4)
    assert claimed(game) == (0, 1, 4, "rent.street")
    assert game.last.rulings[0].text == "Rent M4: the base rent of Baltic Avenue on its deed."


def test_the_owner_of_a_whole_colour_group_collects_double_base_rent(classic):
    # seed 001: "Полная цветовая группа удваивает базовую ренту незастроенных улиц."
    game = Game(classic)
    game.own(1, 1, 3)
    game.roll(0, 1, 2)
    assert claimed(game) == (0, 1, 8, "rent.street.complete_group")
    assert game.last.rulings[0].text == (
        "Rent M8 = base M4 × 2: Boris owns the whole brown group and Baltic Avenue has no buildings."
    )


def test_an_unbuilt_street_of_a_complete_group_stays_double_while_its_neighbours_have_houses(classic):
    # seed 000: "Если Вам принадлежат все Владения одной цветовой группы, и Вы построили Дом только на
    # одном или на двух Владение, то Вы, тем не менее, можете получать двойную плату ... (даже если на
    # них ничего не построено)."
    game = Game(classic)
    game.own(1, 6, 8)
    game.own(1, 9, houses=1)
    game.arrange(supply=Supply(31, 12))
    game.roll(0, 2, 4)  # Oriental Avenue: base 6
    assert claimed(game) == (0, 1, 12, "rent.street.complete_group")


@pytest.mark.parametrize("houses, rent", [(1, 40), (2, 100), (3, 300), (4, 450)])
def test_a_street_with_houses_costs_what_its_deed_says_for_them(classic, houses, rent):
    # seed 001: "с учётом домов или отеля"
    game = Game(classic)
    game.own(1, 6, 8, houses=max(houses - 1, 0))
    game.own(1, 9, houses=houses)
    game.arrange(supply=Supply(32 - houses - 2 * max(houses - 1, 0), 12))
    game.roll(0, 4, 5)  # Connecticut Avenue: 8 / 40 / 100 / 300 / 450 / 600
    assert claimed(game) == (0, 1, rent, "rent.street.houses")


def test_a_street_with_a_hotel_costs_the_hotel_rent(classic):
    game = Game(classic)
    game.own(1, 6, 8, houses=4)
    game.own(1, 9, hotel=True)
    game.arrange(supply=Supply(24, 11))
    game.roll(0, 4, 5)
    assert claimed(game) == (0, 1, 600, "rent.street.hotel")


def test_a_mortgaged_property_earns_no_rent(classic):
    # seed 001: "Ренту с заложенной улицы не берут"
    game = Game(classic)
    game.own(1, 3, mortgaged=True)
    game.roll(0, 1, 2)
    assert game.pending() == []
    assert game.rules() == ["rent.mortgaged"]
    assert game.allowed() == {("end_turn", 0)}


def test_a_mortgaged_neighbour_does_not_cancel_the_doubled_rent_in_c1009(classic):
    # seed 001: "наличие залога на соседней улице этой группы не отменяет повышенную ренту остальных"
    game = Game(classic)
    game.own(1, 1, mortgaged=True)
    game.own(1, 3)
    game.roll(0, 1, 2)
    assert claimed(game) == (0, 1, 8, "rent.street.complete_group")


def test_the_mortgaged_neighbour_rule_is_an_edition_parameter(classic):
    # seed 000: "Однако, если какое-либо Владение заложено, то владелец всей группы Владений одного
    # цвета не может собирать двойную плату." The seeds disagree; the edition decides.
    rent = dataclasses.replace(classic.rules.rent, double_with_mortgaged_in_group=False)
    edition = dataclasses.replace(classic, rules=dataclasses.replace(classic.rules, rent=rent))
    game = Game(edition)
    game.own(1, 1, mortgaged=True)
    game.own(1, 3)
    game.roll(0, 1, 2)
    assert claimed(game) == (0, 1, 4, "rent.street.group_mortgaged")


@pytest.mark.parametrize("stations, rent", [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_station_rent_depends_on_how_many_stations_the_owner_has(classic, stations, rent):
    # seed 001: "| 1 | 25 | ... | 2 | 50 | ... | 3 | 100 | ... | 4 | 200 |"
    game = Game(classic)
    game.own(1, *(5, 15, 25, 35)[:stations])
    game.roll(0, 2, 3)  # Reading Railroad
    assert claimed(game) == (0, 1, rent, "rent.station")
    assert game.last.rulings[0].text == f"Rent M{rent}: Boris owns {stations} of the station spaces."


def test_stations_of_another_owner_do_not_count(classic):
    game = Game(classic, "Anna", "Boris", "Vera")
    game.own(1, 5)
    game.own(2, 15, 25)
    game.roll(0, 2, 3)
    assert claimed(game) == (0, 1, 25, "rent.station")


@pytest.mark.parametrize("owned, multiplier", [((12,), 4), ((12, 28), 10)])
def test_utility_rent_is_a_new_roll_times_4_or_10(classic, owned, multiplier):
    # seed 001: "У Коммунальных предприятий в этой редакции кубики бросают заново специально для ренты:
    # сумма умножается на 4 при одном предприятии или на 10 при двух."
    game = Game(classic)
    game.own(1, *owned)
    game.roll(0, 4, 8)  # 12: Electric Company
    [claim] = game.pending()
    assert (claim.amount, claim.multiplier) == (None, multiplier)  # not the roll that moved her
    game.act("claim_rent", 1)
    assert game.pending() == [RentRoll(0, 1, 12, multiplier, "rent")]
    assert game.allowed() == {("roll", 0)}
    game.roll(0, 2, 3)
    [paid] = game.last.transfers
    assert (paid.source, paid.target, paid.amount, paid.rule) == (0, 1, 5 * multiplier, "rent.utility")
    assert (
        paid.ruling.text
        == f"Rent M{5 * multiplier} = dice 2+3=5 × {multiplier}: Boris owns {len(owned)} of the utility spaces."
    )
    assert game.state.players[0].position == 12  # the rent roll does not move the token


def test_only_the_payer_rolls_for_a_utility_rent(classic):
    game = Game(classic)
    game.own(1, 12)
    game.roll(0, 4, 8)
    game.act("claim_rent", 1)
    with pytest.raises(RuleViolation) as refused:
        game.roll(1, 3, 3)
    assert refused.value.ruling.text == "Anna rolls for this rent, not Boris."


def test_a_double_rolled_for_a_utility_rent_is_not_a_movement_double(classic):
    # seed 001: the rent roll is "специально для ренты"; the double that moved her still gives her next roll.
    game = Game(classic, rent_collection="automatic")
    game.own(1, 12)
    game.place(0, 6)
    game.roll(0, 3, 3)  # 12: Electric Company, a double
    game.roll(0, 6, 6)  # the rent roll: 12 × 4
    assert game.cash(1) == 1548
    assert game.state.turn.doubles == 1 and game.state.players[0].position == 12
    game.roll(0, 1, 2)  # the double's extra roll moves her
    assert game.state.players[0].position == 15


def test_no_rent_on_ones_own_property(classic):
    game = Game(classic)
    game.own(0, 3)
    game.roll(0, 1, 2)
    assert game.pending() == [] and game.last.transfers == ()


def test_an_owner_in_jail_still_collects(classic):
    # seed 001: "Тюрьма не запрещает получать ренту"
    game = Game(classic)
    game.own(1, 3)
    game.state = game.state.with_player(1, position=10, in_jail=True)
    game.roll(0, 1, 2)
    assert claimed(game) == (0, 1, 4, "rent.street")


class TestTheClaimWindow:
    """seed 001: "Владелец чужой собственности должен потребовать ренту до броска следующего игрока.
    Если он пропустил этот момент, за эту остановку вы ничего не платите." """

    def test_the_owner_may_claim_after_the_payer_ends_the_turn(self, classic):
        game = Game(classic)
        game.own(1, 3)
        game.roll(0, 1, 2)
        game.act("end_turn", 0)  # a claim does not hold up the turn
        assert game.allowed() == {("roll", 1), ("claim_rent", 1)}
        assert claimed(game) == (0, 1, 4, "rent.street")

    def test_the_next_players_roll_ends_the_claim_and_nothing_is_paid(self, classic):
        game = Game(classic, "Anna", "Boris", "Vera")
        game.own(2, 3)
        game.roll(0, 1, 2)
        game.act("end_turn", 0)
        game.roll(1, 4, 6)
        assert game.pending() == [] and game.last.transfers == ()
        assert game.last.rulings[0].rule == "rent.claim_lapsed"
        assert game.last.rulings[0].text == (
            "Vera did not ask Anna for the rent on Baltic Avenue before the next player's roll: "
            "nothing is paid for that stop."
        )
        with pytest.raises(RuleViolation) as refused:
            game.act("claim_rent", 2)
        assert refused.value.code == "no_claim"
        assert game.cash(0) == 1500

    def test_the_owners_own_roll_as_next_player_also_ends_the_claim(self, classic):
        game = Game(classic)
        game.own(1, 3)
        game.roll(0, 1, 2)
        game.act("end_turn", 0)
        game.roll(1, 4, 6)
        assert game.pending(RentClaim) == []

    def test_the_payers_own_extra_roll_after_a_double_does_not_end_the_claim(self, classic):
        game = Game(classic)
        game.own(1, 6)
        game.roll(0, 3, 3)  # Oriental Avenue, a double
        game.roll(0, 1, 3)  # 10: Just Visiting
        assert [c.position for c in game.pending(RentClaim)] == [6]
        assert claimed(game) == (0, 1, 6, "rent.street")

    def test_paying_the_jail_fine_is_not_a_roll_and_leaves_the_claim_open(self, classic):
        game = Game(classic)
        game.own(0, 3)
        game.state = game.state.with_player(0, position=10, in_jail=True)
        game.place(1, 0)
        game.arrange(turn=Turn(seat=1))
        game.roll(1, 1, 2)
        game.act("end_turn", 1)
        game.act("pay_jail_fine", 0)
        assert claimed(game, owner=0) == (1, 0, 4, "rent.street")

    def test_with_two_stops_open_the_owner_names_the_one_claimed(self, classic):
        game = Game(classic)
        game.own(1, 6, 9)
        game.roll(0, 3, 3)  # Oriental Avenue, a double
        game.roll(0, 1, 2)  # Connecticut Avenue
        game.act("claim_rent", 1, position=9)
        assert game.last.transfers[0].amount == 8
        assert [c.position for c in game.pending(RentClaim)] == [6]
        with pytest.raises(RuleViolation) as refused:
            game.act("claim_rent", 1, position=9)
        assert refused.value.ruling.text == "Boris has no rent to claim now on Connecticut Avenue."

    def test_only_the_owner_may_claim(self, classic):
        game = Game(classic, "Anna", "Boris", "Vera")
        game.own(1, 3)
        game.roll(0, 1, 2)
        assert ("claim_rent", 2) not in game.allowed()
        with pytest.raises(RuleViolation):
            game.act("claim_rent", 2)


def test_with_automatic_collection_the_bank_collects_at_once(classic):
    # SPEC §2.4: "A table may choose automatic collection instead (electronic-banking style)."
    game = Game(classic, rent_collection="automatic")
    game.own(1, 1, 3)
    game.roll(0, 1, 2)
    [paid] = game.last.transfers
    assert (paid.source, paid.target, paid.amount, paid.rule) == (0, 1, 8, "rent.street.complete_group")
    assert game.pending() == [] and ("claim_rent", 1) not in game.allowed()


def test_with_automatic_collection_a_utility_asks_for_the_rent_roll_at_once(classic):
    game = Game(classic, rent_collection="automatic")
    game.own(1, 28)
    game.place(0, 20)
    game.roll(0, 3, 5)  # 28: Water Works
    assert game.pending() == [RentRoll(0, 1, 28, 4, "rent")]
    assert game.last.rulings[-1].text == (
        "Anna must roll the dice for the rent of Water Works: the roll × 4 (this edition rolls anew for utility rent)."
    )
    game.roll(0, 6, 5)
    assert game.cash(1) == 1544
