"""Contested questions: each shipped edition answers as its booklet says, and
the engine plays as the answer says.

Cases are generated from the catalog (referee/editions/rulebook/contested.json)
and the shipped editions, so a new edition or a new question adds its tests.
A new question needs a behaviour check below (``@behaviour``); a new verdict
needs the check to know it.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from referee.editions import shipped
from referee.editions.catalog import catalog, default_options
from referee.rules import ACTIONS, Options, RuleViolation
from referee.rules.invariants import violations
from referee.rules.pending import Auction, CardDraw, Debt, RentClaim, RentRoll
from referee.rules.rulings import Ruling
from referee.rules.state import Supply, Turn

from .game import Game

Check = Callable[[object, str], None]
BEHAVIOUR: dict[str, Check] = {}
CASES = [(q, e) for q in sorted(catalog().questions) for e in sorted(shipped())]


def behaviour(question_id: str) -> Callable[[Check], Check]:
    def register(check: Check) -> Check:
        BEHAVIOUR[question_id] = check
        return check

    return register


# -- positions any edition has ---------------------------------------------------


def first_group(edition, at_least: int = 2) -> tuple[int, ...]:
    """The first colour group (board order) with at least that many streets."""
    groups: dict[str, list[int]] = {}
    for space in edition.spaces:
        if space.kind == "street":
            groups.setdefault(space.group, []).append(space.position)
    return next(tuple(p) for p in groups.values() if len(p) >= at_least)


def non_double(total: int) -> tuple[int, int]:
    return next((a, total - a) for a in range(1, 7) if 1 <= total - a <= 6 and a != total - a)


def land(game: Game, seat: int, target: int, steps: int = 3):
    """Bring ``seat``'s token onto ``target`` with a roll of ``steps`` (no double)."""
    game.arrange(turn=Turn(seat=seat))
    game.place(seat, (target - steps) % game.edition.size)
    return game.roll(seat, *non_double(steps))


def rents(game: Game) -> list[int]:
    return [t.amount for t in game.last.transfers if t.reason == "rent"]


def unknown(question: str, verdict: str):
    pytest.fail(f"{question}: no behaviour check knows the verdict {verdict!r}; teach the check in {__name__}")


# -- each question -------------------------------------------------------------------


@behaviour("decline_without_auction")
def _decline(edition, verdict):
    assert verdict == "no"
    target = edition.property_positions[0]
    game = Game(edition, "Anna", "Boris", "Vera")
    land(game, 0, target)
    game.act("decline", 0)
    [auction] = game.pending(Auction)
    assert auction.position == target and set(auction.bidders) == {0, 1, 2}  # the decliner bids too
    assert "auction.opened" in game.rules()
    table = Game(edition, house_rules=("no_auction",))
    land(table, 0, target)
    table.act("decline", 0)
    assert not table.pending(Auction) and table.state.holdings[target].owner is None
    assert [r.house_rule for r in table.last.rulings if r.rule == "house.no_auction"] == [True]


@behaviour("free_parking_money")
def _free_parking(edition, verdict):
    assert verdict == "no"
    parking = edition.positions_of_kind("free_parking")[0]
    tax = edition.positions_of_kind("tax")[0]
    game = Game(edition)
    land(game, 0, tax)
    assert [t.target for t in game.last.transfers if t.reason == "tax"] == ["bank"]
    land(game, 1, parking)
    assert [t for t in game.last.transfers if t.reason != "salary"] == []
    assert "free_parking.nothing" in game.rules()
    table = Game(edition, house_rules=("free_parking_jackpot",))
    land(table, 0, tax)
    pot = table.state.pot
    assert pot == edition.space(tax).amount
    land(table, 1, parking)
    [jackpot] = [t for t in table.last.transfers if t.reason == "jackpot"]
    assert (jackpot.target, jackpot.amount, jackpot.ruling.house_rule) == (1, pot, True)


@behaviour("jail_double_extra_roll")
def _jail_double(edition, verdict):
    jail = edition.jail_position
    game = Game(edition)
    game.state = game.state.with_player(0, in_jail=True, position=jail)
    game.roll(0, 2, 2)
    player = game.state.players[0]
    assert not player.in_jail and player.position == (jail + 4) % edition.size
    assert "jail.double_release" in game.rules()
    if verdict == "no":
        assert game.state.turn.can_roll is False
    elif verdict == "yes":
        assert game.state.turn.can_roll is True
    else:
        unknown("jail_double_extra_roll", verdict)
    paid = Game(edition)  # paying first is different: then a double rolls again
    paid.state = paid.state.with_player(0, in_jail=True, position=jail)
    paid.act("pay_jail_fine", 0)
    paid.roll(0, 3, 3)
    assert paid.state.turn.can_roll is True


@behaviour("build_evenly")
def _build_evenly(edition, verdict):
    # The engine's invariant, checked after every action of every game in the
    # tests and the random games, refuses an unevenly built group; the build
    # action's own refusals are tested with it.
    assert verdict == "no"
    group = first_group(edition)
    game = Game(edition)
    game.own(0, *group)
    supply = game.state.supply
    game.arrange(supply=Supply(supply.houses - 2, supply.hotels))
    game.own(0, group[0], houses=2)
    assert any("unevenly" in problem for problem in violations(game.state, edition))
    game.own(0, group[0], houses=1)
    game.own(0, group[1], houses=1)
    assert violations(game.state, edition) == []
    game.own(0, group[-1], mortgaged=True)
    assert any("mortgaged" in problem for problem in violations(game.state, edition))


@behaviour("double_rent_mortgaged_group")
def _mortgaged_group(edition, verdict):
    group = first_group(edition)
    if verdict == "no mortgages":
        assert not edition.rules.mortgage.enabled
        game = Game(edition)
        game.own(0, *group)
        assert not {("mortgage", 0), ("unmortgage", 0)} & game.allowed()
        return
    game = Game(edition, rent_collection="automatic")
    game.own(0, *group)
    game.own(0, group[0], mortgaged=True)
    land(game, 1, group[1])
    base, multiplier = edition.space(group[1]).rent[0], edition.rules.rent.monopoly_multiplier
    if verdict == "yes":
        assert rents(game) == [base * multiplier] and "rent.street.complete_group" in game.rules()
    elif verdict == "no":
        assert rents(game) == [base] and "rent.street.group_mortgaged" in game.rules()
    else:
        unknown("double_rent_mortgaged_group", verdict)


@behaviour("utility_rent_dice")
def _utility_dice(edition, verdict):
    utility = edition.positions_of_kind("utility")[0]
    multiplier = edition.space(utility).rent[0]
    game = Game(edition, rent_collection="automatic")
    game.own(0, utility)
    land(game, 1, utility, steps=3)
    if verdict == "new roll":
        assert rents(game) == [] and game.pending(RentRoll)
        game.roll(1, 4, 5)
        assert rents(game) == [9 * multiplier]
    elif verdict == "the move's roll":
        assert rents(game) == [3 * multiplier]
    else:
        unknown("utility_rent_dice", verdict)


@behaviour("forgotten_rent")
def _forgotten_rent(edition, verdict):
    street = first_group(edition)[0]
    game = Game(edition, "Anna", "Boris", "Vera", rent_collection=default_options(edition).rent_collection)
    game.own(0, street)
    land(game, 1, street)
    if verdict == "collected at once":
        assert rents(game) == [edition.space(street).rent[0]]
        return
    if verdict != "lapses at the next roll":
        unknown("forgotten_rent", verdict)
    assert game.pending(RentClaim) and "rent.claim_open" in game.rules()
    game.act("end_turn", 1)
    cash = game.cash(1)
    game.roll(2, 1, 2)  # the next player's roll
    assert not game.pending(RentClaim) and "rent.claim_lapsed" in game.rules()
    assert game.cash(1) == cash
    with pytest.raises(RuleViolation) as refused:
        game.act("claim_rent", 0)
    assert refused.value.ruling.rule == "rent.no_claim"


@behaviour("waive_rent_or_lend")
def _waive_or_lend(edition, verdict):
    if verdict not in ("no", "owner may waive; no loans"):
        unknown("waive_rent_or_lend", verdict)
    assert not {"lend", "loan", "borrow", "gift", "waive_rent"} & set(ACTIONS)
    street = first_group(edition)[0]
    game = Game(edition, "Anna", "Boris", "Vera", rent_collection="claim")
    game.own(0, street)
    land(game, 1, street)
    # The payer cannot make the owner's claim go away: it outlives the
    # payer's turn, only the owner claims it, and only the next roll ends it.
    game.act("end_turn", 1)
    assert game.pending(RentClaim) and ("claim_rent", 0) in game.allowed()
    assert ("claim_rent", 1) not in game.allowed()
    game.roll(2, 1, 2)
    assert not game.pending(RentClaim) and rents(game) == []


@behaviour("buildings_from_players")
def _buildings_from_players(edition, verdict):
    # Buildings exist only as the bank's supply or on the board: a house that
    # did not leave the supply is a violation the engine reports.
    assert verdict == "no"
    group = first_group(edition)
    game = Game(edition)
    game.own(0, *group, houses=1)
    assert any("houses on board + bank" in problem for problem in violations(game.state, edition))
    supply = game.state.supply
    game.arrange(supply=Supply(supply.houses - len(group), supply.hotels))
    assert violations(game.state, edition) == []


@behaviour("go_landing_double")
def _go_landing(edition, verdict):
    assert verdict == "no"
    salary = edition.rules.salary
    game = Game(edition)
    land(game, 0, 0)
    assert [(t.amount, t.rule) for t in game.last.transfers] == [(salary, "go.salary")]
    table = Game(edition, house_rules=("go_landing_double",))
    land(table, 0, 0)
    [paid] = table.last.transfers
    assert (paid.amount, paid.rule, paid.ruling.house_rule) == (2 * salary, "house.go_landing_double", True)


def _card_to_go(edition) -> tuple[int, str] | None:
    """A card space low on the board whose deck holds an "advance to GO" card."""
    for position in edition.positions_of_kind("card"):
        deck = edition.decks[edition.space(position).deck]
        card = next(
            (c for c in deck.cards if c.effect.get("kind") == "advance_to" and c.effect.get("position") == 0), None
        )
        if card and position <= 10:
            return position, card.id
    return None


@behaviour("salary_twice_in_one_turn")
def _salary_twice(edition, verdict):
    assert verdict == "yes"
    found = _card_to_go(edition)
    if found is None:
        pytest.skip(f"{edition.id} has no 'advance to GO' card on a card space within ten steps of GO")
    position, card = found
    game = Game(edition)
    land(game, 0, position, steps=max(3, position + 1))
    salaries = [t.amount for t in game.last.transfers if t.reason == "salary"]
    assert game.pending(CardDraw)
    game.act("draw_card", 0, card=card)
    salaries += [t.amount for t in game.last.transfers if t.reason == "salary"]
    assert salaries == [edition.rules.salary] * 2


@behaviour("auction_start_step")
def _auction(edition, verdict):
    rules = edition.rules.auction
    target = edition.property_positions[0]
    price = edition.space(target).price
    opening = math.ceil(price * rules.start_fraction) if rules.start_fraction is not None else rules.start
    assert str(rules.min_raise) in verdict
    game = Game(edition, "Anna", "Boris", "Vera")
    land(game, 0, target)
    game.act("decline", 0)
    assert game.pending(Auction)[0].opening == opening

    def bidder() -> int:
        return min(seat for kind, seat in game.allowed() if kind == "bid")

    first = bidder()
    if opening > 1:
        with pytest.raises(RuleViolation) as refused:
            game.act("bid", first, amount=opening - 1)
        assert refused.value.ruling.rule in ("auction.minimum", "auction.exact_raise")
    game.act("bid", first, amount=opening)
    second = bidder()
    wrong = opening + rules.min_raise + 1 if rules.exact_raise else opening + rules.min_raise - 1
    with pytest.raises(RuleViolation) as refused:
        game.act("bid", second, amount=wrong)
    assert refused.value.ruling.rule == ("auction.exact_raise" if rules.exact_raise else "auction.minimum")
    game.act("bid", second, amount=opening + rules.min_raise)
    assert game.pending(Auction)[0].high_bid == opening + rules.min_raise


@behaviour("mortgage_interest_rounding")
def _mortgage_rounding(edition, verdict):
    rules = edition.rules.mortgage
    if verdict == "no mortgages":
        assert not rules.enabled
        game = Game(edition)
        game.own(0, *edition.property_positions)
        assert not {("mortgage", 0), ("unmortgage", 0)} & game.allowed()
        return
    assert (
        verdict
        == f"{rules.interest_percent}% rounded {'to nearest' if rules.rounding == 'nearest' else rules.rounding}"
    )
    odd = next(p for p in edition.property_positions if edition.space(p).mortgage * rules.interest_percent % 100)
    value = edition.space(odd).mortgage
    exact = value * rules.interest_percent / 100
    interest = {"up": math.ceil(exact), "down": math.floor(exact), "nearest": round(exact)}[rules.rounding]
    game = Game(edition)
    game.own(0, odd, mortgaged=True)
    game.act("unmortgage", 0, positions=[odd])
    assert sum(t.amount for t in game.last.transfers if t.source == 0) == value + interest


@behaviour("double_rent_with_houses_elsewhere")
def _double_with_houses(edition, verdict):
    assert verdict == "yes"
    group = first_group(edition)
    game = Game(edition, rent_collection="automatic")
    game.own(0, *group)
    supply = game.state.supply
    game.arrange(supply=Supply(supply.houses - 1, supply.hotels))
    game.own(0, group[0], houses=1)
    land(game, 1, group[1])
    assert rents(game) == [edition.space(group[1]).rent[0] * edition.rules.rent.monopoly_multiplier]
    assert "rent.street.complete_group" in game.rules()


@behaviour("rent_while_in_jail")
def _rent_in_jail(edition, verdict):
    assert verdict == "yes"
    street = first_group(edition)[0]
    game = Game(edition, rent_collection="claim")
    game.own(0, street)
    game.state = game.state.with_player(0, in_jail=True, position=edition.jail_position)
    land(game, 1, street)
    game.act("claim_rent", 0)
    assert [(t.source, t.target, t.reason) for t in game.last.transfers] == [(1, 0, "rent")]


@behaviour("richest_wins_early")
def _richest_early(edition, verdict):
    assert verdict == "no"
    game = Game(edition)
    game.set_cash(0, 100_000)
    assert ("end_game", 0) not in game.allowed()
    assert game.refused("end_game", 0).ruling.rule == "game.end.not_timed"
    assert not game.state.finished and game.state.winner == ()
    if "timed" not in edition.rules.variants:
        with pytest.raises(RuleViolation):
            Game(edition, variant="timed")
        return
    timed = Game(edition, variant="timed", ends_at="2031-01-01T20:00:00+00:00")
    deeds = edition.property_positions
    timed.act("deal_deeds", 0, deeds=[[deeds[0], deeds[1]], [deeds[2], deeds[3]]])
    timed.set_cash(0, 100_000)
    timed.act("end_game", 1)
    assert timed.state.finished and timed.state.winner == (0,)


@behaviour("bankrupt_mortgage_interest")
def _bankrupt_mortgage_interest(edition, verdict):
    if verdict == "no mortgages":
        assert not edition.rules.mortgage.enabled
        return
    assert verdict == "no"
    street = first_group(edition)[0]
    other = next(p for p in edition.property_positions if p != street and edition.space(p).kind != "street")
    game = Game(edition, "Anna", "Boris", "Vera")
    game.own(1, street)
    game.own(0, other, mortgaged=True)
    land(game, 0, street)
    game.set_cash(0, 0)  # nothing left to pay the rent with
    game.act("claim_rent", 1)
    game.act("declare_bankruptcy", 0)
    game.act("unmortgage", 1, positions=[other])
    value = edition.space(other).mortgage
    interest = math.ceil(value * edition.rules.mortgage.interest_percent / 100)
    paid = [t.amount for t in game.transfers if t.source == 1 and t.reason in ("mortgage_interest", "unmortgage")]
    assert paid == [interest, value] and sum(paid) == value + interest


@behaviour("bankrupt_estate")
def _bankrupt_estate(edition, verdict):
    other = next(p for p in edition.property_positions if edition.space(p).kind != "street")
    game = Game(edition, "Anna", "Boris", "Vera", rent_collection="automatic")
    game.own(0, other)
    game.set_cash(0, 10)
    owed = Ruling("test.arrange", "a rent far beyond what Anna could raise")
    game.arrange(turn=Turn(seat=0, can_roll=False, rolled=True), pending=(Debt(0, 1, 5000, "rent", owed),))
    game.act("declare_bankruptcy", 0)
    owner = game.state.holdings[other].owner
    auctioned = [p for p in game.state.pending if isinstance(p, Auction)]
    if verdict == "yes":
        assert owner == 1 and "bankruptcy.deed" in game.rules()
    elif verdict == "no: the properties go back to the bank, free":
        assert owner is None and not auctioned and "bankruptcy.estate_free" in game.rules()
    elif verdict == "no: the bank auctions them":
        assert owner is None and auctioned
    else:
        unknown("bankrupt_estate", verdict)
    assert game.state.players[0].bankrupt and (0, 1, 10) in [(t.source, t.target, t.amount) for t in game.transfers]


def _spread(edition, count: int, spared: set[int]) -> dict[int, int]:
    """``count`` houses spread evenly over whole groups of streets not in ``spared``."""
    houses: dict[int, int] = {}
    for group in edition.street_groups():
        streets = [p for p in edition.group_positions(group) if p not in spared]
        if len(streets) < len(edition.group_positions(group)) or not count:
            continue
        placed = min(count, 4 * len(streets))
        for i, position in enumerate(streets):
            houses[position] = placed // len(streets) + (i < placed % len(streets))
        count -= placed
    return houses


@behaviour("shortage_auction_prices")
def _shortage_prices(edition, verdict):
    # Two players want the bank's last two houses, for groups of different building prices.
    groups: dict[int, tuple[int, ...]] = {}
    for space in edition.spaces:
        if space.kind == "street":
            groups.setdefault(space.building_cost, tuple(edition.group_positions(space.group)))
    (cheap, _), (dear, _) = sorted(groups.items())[0], sorted(groups.items())[-1]
    game = Game(edition, "Anna", "Boris", "Vera")
    game.own(0, *groups[cheap])
    game.own(1, *groups[dear])
    game.build_up(_spread(edition, game.state.supply.houses - 2, set(groups[cheap] + groups[dear])))
    game.own(2, *{p for p in edition.positions_of_kind("street") if game.state.holdings[p].houses})
    if verdict == "no shortage auction":
        refusal = game.refused("auction_buildings", 0, building="house", bidders=[0, 1])
        assert refusal.ruling.rule == "building.auction.not_in_edition"
        return
    if verdict != "the dearest deed's price, never below":
        unknown("shortage_auction_prices", verdict)
    game.act("auction_buildings", 0, building="house", bidders=[0, 1])
    assert game.pending(Auction)[0].opening == dear > cheap
    assert game.refused("bid", 0, amount=cheap).ruling.rule == "auction.minimum"


@behaviour("player_leaves")
def _player_leaves(edition, verdict):
    # the situation: Anna goes home; the table sends her estate to the bank
    other = next(p for p in edition.property_positions if edition.space(p).kind != "street")
    game = Game(edition, "Anna", "Boris", "Vera", rent_collection="automatic")
    game.own(0, other)
    cash = game.cash(0)
    game.act("leave", 0)
    auctioned = [p for p in game.state.pending if isinstance(p, Auction)]
    assert game.state.holdings[other].owner is None and game.state.players[0].left
    if verdict == "as a bankruptcy to the bank: the properties go back free":
        assert not auctioned and "bankruptcy.estate_free" in game.rules()
    elif verdict == "as a bankruptcy to the bank: the bank auctions the properties":
        assert [a.position for a in auctioned] == [other]
    else:
        unknown("player_leaves", verdict)
    assert (0, "bank", cash) in [(t.source, t.target, t.amount) for t in game.transfers]


# -- the tests --------------------------------------------------------------------------


def test_every_contested_question_has_a_behaviour_check():
    missing = sorted(set(catalog().questions) - set(BEHAVIOUR))
    assert not missing, f"contested questions without a behaviour check in {__name__}: {missing}"


@pytest.mark.parametrize(("question", "edition"), CASES, ids=[f"{q}-{e}" for q, e in CASES])
def test_each_shipped_edition_answers_as_its_booklet_says(question, edition):
    found = catalog().questions[question]
    played = shipped()[edition]
    recorded = found.editions.get(edition)
    assert recorded is not None, f"{edition} ships but contested.json has no editions.{edition} for {question}"
    if recorded.verdict is None:
        assert recorded.note.get("en"), f"{question}/{edition}: no verdict and no note saying why"
        return
    assert found.verdict(played) == recorded.verdict, (
        f"{question}: {edition}'s booklet answers {recorded.verdict!r} but its parameters "
        f"({dict(found.values(played))}) answer {found.verdict(played)!r}"
    )


@pytest.mark.parametrize(("question", "edition"), CASES, ids=[f"{q}-{e}" for q, e in CASES])
def test_the_engine_plays_as_each_answer_says(question, edition):
    played = shipped()[edition]
    BEHAVIOUR[question](played, catalog().questions[question].verdict(played))


@pytest.mark.parametrize("edition", sorted(shipped()))
def test_a_house_rule_changes_a_game_s_answer_and_says_so(edition):
    # seed 001: "Общая касса и премия за парковку — домашнее дополнение, а не базовое правило."
    played = shipped()[edition]
    questions = catalog().questions
    for question, house_rule in (
        ("free_parking_money", "free_parking_jackpot"),
        ("decline_without_auction", "no_auction"),
        ("go_landing_double", "go_landing_double"),
    ):
        booklet = questions[question].answer(played)
        table = questions[question].answer(played, Options(house_rules=(house_rule,)))
        assert not booklet.house_rule and table.house_rule
        assert table.verdict == "yes (house rule)" and booklet.verdict == "no"


def test_automatic_collection_answers_the_forgotten_rent_question_for_that_game(classic):
    # seed 001: "Если он пропустил этот момент, за эту остановку вы ничего не платите."
    question = catalog().questions["forgotten_rent"]
    assert question.verdict(classic) == "lapses at the next roll"
    table = question.answer(classic, Options(rent_collection="automatic"))
    assert table.verdict == "collected at once (table option)" and table.house_rule
