"""Every Chance and Community Chest card does what its text says.

seed 001: "На «Шансе» и «Общественной казне» берите верхнюю карточку, выполняйте текст и возвращайте
её вниз стопки, если она не велит оставить её у себя." seed 000: "Если при этом Вы проходите поле
“Go”, то Вы получаете денежную сумму в размере 200 ед. Если Вас отправляют в Тюрьму или приказывают
передвинуть фишку назад, то считается, что Вы не проходите поле “Go”."

The card texts are the edition's (referee/editions/data/classic.json); each test names the card.
"""

import pytest

from referee.rules import RuleViolation
from referee.rules.pending import BuyDecision, CardDraw, Debt, RentClaim, RentRoll
from referee.rules.state import Supply, Turn

from .game import Game

CHANCE = (7, 22, 36)
CHEST = (2, 17, 33)
TESTED: set[str] = set()


def cards(*ids: str):
    """Mark a test as the proof of these cards (a last test checks that every card has one)."""
    TESTED.update(ids)
    return lambda test: test


def landed(game: Game, at: int, seat: int = 0) -> None:
    """Arrange the moment after an ordinary roll stopped ``seat``'s token on the card space ``at``."""
    game.place(seat, at)
    game.arrange(
        turn=Turn(seat=seat, can_roll=False, rolled=True, dice=(1, 2)),
        pending=(CardDraw(seat, classic_deck(at)),),
    )


def classic_deck(at: int) -> str:
    return "chance" if at in CHANCE else "community_chest"


def drawn(classic, card: str, at: int, *names: str, cash: int | None = None) -> Game:
    """The first player stands on a card space and draws ``card``."""
    game = Game(classic, *(names or ("Anna", "Boris", "Vera")))
    if cash is not None:
        game.set_cash(0, cash)
    landed(game, at)
    start = [p.cash for p in game.state.players]
    game.act("draw_card", 0, card=card)
    game.start_cash = start
    return game


def deltas(game: Game) -> list[int]:
    return [p.cash - before for p, before in zip(game.state.players, game.start_cash, strict=True)]


# -- money from or to the bank ---------------------------------------------------

BANK_MONEY = [
    ("chance.dividend", CHANCE[0], 50),  # "Bank pays you dividend of 50."
    ("chance.loan", CHANCE[1], 150),  # "Your building loan matures. Collect 150."
    ("chance.speeding", CHANCE[2], -15),  # "Speeding fine 15."
    ("chest.bank_error", CHEST[0], 200),  # "Bank error in your favour. Collect 200."
    ("chest.doctor", CHEST[1], -50),  # "Doctor's fee. Pay 50."
    ("chest.stock", CHEST[2], 50),  # "From sale of stock you get 50."
    ("chest.holiday", CHEST[0], 100),  # "Holiday fund matures. Receive 100."
    ("chest.tax_refund", CHEST[1], 20),  # "Income tax refund. Collect 20."
    ("chest.life_insurance", CHEST[2], 100),  # "Life insurance matures. Collect 100."
    ("chest.hospital", CHEST[0], -100),  # "Pay hospital fees of 100."
    ("chest.school", CHEST[1], -50),  # "Pay school fees of 50."
    ("chest.consultancy", CHEST[2], 25),  # "Receive 25 consultancy fee."
    ("chest.beauty", CHEST[0], 10),  # "You have won second prize in a beauty contest. Collect 10."
    ("chest.inherit", CHEST[1], 100),  # "You inherit 100."
]
cards(*(card for card, _, _ in BANK_MONEY))


@pytest.mark.parametrize("card, at, amount", BANK_MONEY, ids=[c for c, _, _ in BANK_MONEY])
def test_a_card_collects_from_or_pays_the_bank_the_amount_printed(classic, card, at, amount):
    # seed 001: "Налоги платят Банку" — and every card fine goes to the bank too.
    game = drawn(classic, card, at)
    assert deltas(game) == [amount, 0, 0]
    [moved] = game.last.transfers
    expected = ("bank", 0) if amount > 0 else (0, "bank")
    assert (moved.source, moved.target, moved.amount) == (*expected, abs(amount))
    assert moved.rule == ("card.collect" if amount > 0 else "card.pay")
    assert game.state.players[0].position == at
    assert game.pending() == [] and game.allowed() == {("end_turn", 0)}


@cards("chest.hospital")
def test_a_card_payment_larger_than_cash_stays_owed_to_the_bank(classic):
    # seed 001: "Если денег на обязательный платёж нет, продайте здания и/или заложите собственность"
    game = drawn(classic, "chest.hospital", CHEST[0], cash=60)
    assert game.cash(0) == 60 and game.last.transfers == ()
    [debt] = game.pending(Debt)
    assert (debt.debtor, debt.creditor, debt.amount, debt.ruling.rule) == (0, "bank", 100, "card.pay")


# -- moving to a named space ------------------------------------------------------


@cards("chance.go", "chest.go")
@pytest.mark.parametrize("card, at", [("chance.go", 36), ("chest.go", 17)])
def test_advance_to_go_collects_200_on_arrival(classic, card, at):
    # card: "Advance to GO (collect 200)."
    game = drawn(classic, card, at)
    assert game.state.players[0].position == 0
    assert deltas(game) == [200, 0, 0]
    assert game.last.transfers[0].ruling.text == "Anna lands on GO and collects the salary of M200 from the bank."


@cards("chance.go", "chest.go")
@pytest.mark.parametrize("start, dice, card", [(38, (1, 3), "chest.go"), (39, (3, 5), "chance.go")])
def test_go_pays_twice_in_one_turn_when_a_card_just_past_it_sends_the_token_back_to_go(classic, start, dice, card):
    # seed 000: "Вы можете дважды получить по 200 ед. за один ход. Например, это случится в том
    # случае, если Вы попадете на поле “Шанс” или “Общая казна” сразу после поля “Go” и возьмете
    # карточку, на которой дано указание “Advance to Go”."
    game = Game(classic)
    game.place(0, start)
    game.roll(0, *dice)
    assert game.cash(0) == 1700 and isinstance(game.pending()[0], CardDraw)
    game.act("draw_card", 0, card=card)
    assert game.cash(0) == 1900
    assert game.state.players[0].position == 0


@cards("chance.illinois", "chance.st_charles", "chance.reading")
@pytest.mark.parametrize(
    "card, at, target, salary",
    [
        ("chance.illinois", 7, 24, 0),  # "Advance to Illinois Avenue. If you pass GO, collect 200."
        ("chance.illinois", 36, 24, 200),
        ("chance.st_charles", 7, 11, 0),  # "Advance to St. Charles Place. If you pass GO, collect 200."
        ("chance.st_charles", 22, 11, 200),
        ("chance.st_charles", 36, 11, 200),
        ("chance.reading", 7, 5, 200),  # "Take a trip to Reading Railroad. If you pass GO, collect 200."
        ("chance.reading", 36, 5, 200),
    ],
)
def test_advance_to_a_space_collects_200_only_if_it_passes_go(classic, card, at, target, salary):
    game = drawn(classic, card, at)
    assert game.state.players[0].position == target
    assert deltas(game) == [salary, 0, 0]
    assert game.pending() == [BuyDecision(0, target)]  # unowned: "you may buy it"


@cards("chance.boardwalk")
@pytest.mark.parametrize("at", CHANCE)
def test_advance_to_boardwalk_never_passes_go(classic, at):
    # card: "Advance to Boardwalk."
    game = drawn(classic, "chance.boardwalk", at)
    assert game.state.players[0].position == 39
    assert deltas(game) == [0, 0, 0]
    assert game.pending() == [BuyDecision(0, 39)]


@cards("chance.boardwalk")
def test_a_card_that_moves_the_token_onto_an_owned_property_charges_the_normal_rent(classic):
    game = Game(classic, "Anna", "Boris", "Vera")
    game.own(1, 37, 39)
    game.place(0, 33)
    game.roll(0, 1, 2)
    game.act("draw_card", 0, card="chance.boardwalk")
    [claim] = game.pending(RentClaim)
    assert (claim.owner, claim.payer, claim.position, claim.amount) == (1, 0, 39, 100)  # 50 × 2, whole group


# -- nearest station and utility --------------------------------------------------


@cards("chance.railroad_1", "chance.railroad_2")
@pytest.mark.parametrize("card", ["chance.railroad_1", "chance.railroad_2"])
@pytest.mark.parametrize("at, station, salary", [(7, 15, 0), (22, 25, 0), (36, 5, 200)])
def test_nearest_station_pays_the_owner_twice_the_rent(classic, card, at, station, salary):
    # card: "Advance to the nearest Railroad. ... If owned, pay the owner twice the rental to which
    # they are otherwise entitled."
    game = Game(classic, "Anna", "Boris", "Vera")
    game.own(1, station, 35 if station != 35 else 5)  # Boris owns two stations: 50, doubled to 100
    game.place(0, at - 3)
    game.roll(0, 1, 2)
    game.act("draw_card", 0, card=card)
    assert game.state.players[0].position == station
    assert game.cash(0) == 1500 + salary
    [claim] = game.pending(RentClaim)
    assert (claim.owner, claim.payer, claim.amount) == (1, 0, 100)
    game.act("claim_rent", 1)
    [paid] = game.last.transfers
    assert (paid.source, paid.target, paid.amount, paid.rule) == (0, 1, 100, "rent.station.card")
    assert paid.ruling.text == "Rent M100 = M50 × 2 as the card says: Boris owns 2 of the station spaces."


@cards("chance.railroad_1")
def test_nearest_station_when_unowned_may_be_bought(classic):
    # card: "If unowned, you may buy it from the Bank."
    game = drawn(classic, "chance.railroad_1", 22)
    assert game.pending() == [BuyDecision(0, 25)]


@cards("chance.utility")
@pytest.mark.parametrize("at, utility, salary", [(7, 12, 0), (22, 28, 0), (36, 12, 200)])
def test_nearest_utility_pays_ten_times_a_new_roll_even_with_one_utility_owned(classic, at, utility, salary):
    # card: "Advance to the nearest Utility. ... If owned, throw the dice and pay the owner ten times
    # the amount thrown."
    game = Game(classic, "Anna", "Boris", "Vera")
    game.own(1, utility)
    game.place(0, at - 3)
    game.roll(0, 1, 2)
    game.act("draw_card", 0, card="chance.utility")
    assert game.state.players[0].position == utility and game.cash(0) == 1500 + salary
    game.act("claim_rent", 1)
    assert game.pending() == [RentRoll(0, 1, utility, 10, "rent")]
    game.roll(0, 3, 4)
    [paid] = game.last.transfers
    assert (paid.source, paid.target, paid.amount, paid.rule) == (0, 1, 70, "rent.utility.card")
    assert paid.ruling.text == "Rent M70 = dice 3+4=7 × 10, as the card says."


@cards("chance.utility")
def test_nearest_utility_when_unowned_may_be_bought(classic):
    game = drawn(classic, "chance.utility", 7)
    assert game.pending() == [BuyDecision(0, 12)]


# -- back three spaces ------------------------------------------------------------


@cards("chance.back_3")
def test_back_three_from_the_first_chance_lands_on_income_tax_without_salary(classic):
    # card: "Go back 3 spaces."
    game = drawn(classic, "chance.back_3", 7)
    assert game.state.players[0].position == 4
    assert deltas(game) == [-200, 0, 0]
    assert [t.rule for t in game.last.transfers] == ["tax"]


@cards("chance.back_3")
def test_back_three_from_the_second_chance_offers_new_york_avenue(classic):
    game = drawn(classic, "chance.back_3", 22)
    assert game.state.players[0].position == 19
    assert game.pending() == [BuyDecision(0, 19)]


@cards("chance.back_3")
def test_back_three_from_the_third_chance_draws_a_community_chest_card(classic):
    game = drawn(classic, "chance.back_3", 36)
    assert game.state.players[0].position == 33
    assert game.pending() == [CardDraw(0, "community_chest")]
    game.act("draw_card", 0, card="chest.inherit")
    assert game.cash(0) == 1600


# -- jail -------------------------------------------------------------------------


@cards("chance.jail", "chest.jail")
@pytest.mark.parametrize("card, at", [("chance.jail", 36), ("chest.jail", 33)])
def test_go_to_jail_goes_directly_without_salary_and_ends_the_turn(classic, card, at):
    # card: "Go to Jail. Go directly to Jail, do not pass GO, do not collect 200."
    game = Game(classic)
    game.place(0, at - 4)
    game.roll(0, 2, 2)  # a double: the card still ends the turn
    game.act("draw_card", 0, card=card)
    player = game.state.players[0]
    assert player.in_jail and player.position == 10
    assert game.cash(0) == 1500
    assert game.allowed() == {("end_turn", 0)}


@cards("chance.jail_free", "chest.jail_free")
@pytest.mark.parametrize("card, at", [("chance.jail_free", 7), ("chest.jail_free", 2)])
def test_get_out_of_jail_free_is_kept_until_used(classic, card, at):
    # card: "Get Out of Jail Free. This card may be kept until needed or sold."
    game = drawn(classic, card, at, "Anna", "Boris")
    assert game.state.players[0].jail_cards == (card,)
    assert game.rules()[-1] == "card.keep"
    game.act("end_turn", 0)
    # while Anna holds it, the card cannot come off the table's deck
    landed(game, at, seat=1)
    with pytest.raises(RuleViolation) as refused:
        game.act("draw_card", 1, card=card)
    assert refused.value.ruling.text == f"Card {card} is held by Anna, so it cannot be on top of the deck."
    game.act("draw_card", 1, card="chance.dividend" if card.startswith("chance") else "chest.stock")
    game.act("end_turn", 1)
    game.place(0, 25)
    game.roll(0, 2, 3)  # Go To Jail
    game.act("end_turn", 0)
    game.place(1, 0)
    game.roll(1, 4, 6)
    game.act("end_turn", 1)
    game.act("use_jail_card", 0)
    assert not game.state.players[0].in_jail and game.state.players[0].jail_cards == ()
    game.roll(0, 1, 2)
    assert game.state.players[0].position == 13
    # once used it is back in the deck and may be drawn again
    game.act("decline", 0)
    game.act("pass", 0)
    game.act("pass", 1)
    game.act("end_turn", 0)
    landed(game, at, seat=1)
    game.act("draw_card", 1, card=card)
    assert game.state.players[1].jail_cards == (card,)


# -- repairs ----------------------------------------------------------------------


def built(game: Game, seat: int) -> None:
    """Brown: 2 and 1 houses; light blue: 4, 4 and a hotel — 11 houses and 1 hotel."""
    game.own(seat, 1, houses=2)
    game.own(seat, 3, houses=1)
    game.own(seat, 6, 8, houses=4)
    game.own(seat, 9, hotel=True)
    game.arrange(supply=Supply(32 - 11, 12 - 1))


@cards("chance.repairs", "chest.street_repairs")
@pytest.mark.parametrize(
    "card, at, amount",
    [
        ("chance.repairs", 7, 11 * 25 + 100),  # "For each house pay 25. For each hotel pay 100."
        ("chest.street_repairs", 2, 11 * 40 + 115),  # "40 per house. 115 per hotel."
    ],
)
def test_repairs_charge_per_house_and_per_hotel(classic, card, at, amount):
    game = Game(classic)
    built(game, 0)
    landed(game, at)
    game.act("draw_card", 0, card=card)
    [paid] = game.last.transfers
    assert (paid.source, paid.target, paid.amount, paid.rule) == (0, "bank", amount, "card.repairs")
    assert game.cash(0) == 1500 - amount


@cards("chance.repairs", "chest.street_repairs")
@pytest.mark.parametrize("card, at", [("chance.repairs", 7), ("chest.street_repairs", 2)])
def test_repairs_cost_nothing_without_buildings(classic, card, at):
    game = Game(classic)
    game.own(0, 1, 3)
    landed(game, at)
    game.act("draw_card", 0, card=card)
    assert game.last.transfers == ()
    assert game.last.rulings[-1].text.startswith("Repairs M0 = 0 houses × ")


# -- every other player -----------------------------------------------------------


@cards("chance.chairman")
def test_chairman_of_the_board_pays_each_other_player_50(classic):
    # card: "You have been elected Chairman of the Board. Pay each player 50."
    game = drawn(classic, "chance.chairman", 7, "Anna", "Boris", "Vera", "Gleb")
    assert deltas(game) == [-150, 50, 50, 50]
    assert [(t.source, t.target, t.amount) for t in game.last.transfers] == [(0, 1, 50), (0, 2, 50), (0, 3, 50)]


@cards("chance.chairman")
def test_chairman_short_of_cash_pays_whom_it_can_and_owes_the_rest(classic):
    game = drawn(classic, "chance.chairman", 7, cash=70)
    assert deltas(game) == [-50, 50, 0]
    [debt] = game.pending(Debt)
    assert (debt.debtor, debt.creditor, debt.amount) == (0, 2, 50)
    assert game.cash(0) == 20


@cards("chest.birthday")
def test_birthday_collects_10_from_every_other_player(classic):
    # card: "It is your birthday. Collect 10 from every player."
    game = drawn(classic, "chest.birthday", 2, "Anna", "Boris", "Vera", "Gleb")
    assert deltas(game) == [30, -10, -10, -10]
    assert [(t.source, t.target, t.amount) for t in game.last.transfers] == [(1, 0, 10), (2, 0, 10), (3, 0, 10)]


def test_every_card_of_both_decks_has_a_test(classic):
    every = {card.id for deck in classic.decks.values() for card in deck.cards}
    assert len(every) == 32
    assert every - TESTED == set()


def test_a_card_of_the_other_deck_is_refused(classic):
    game = Game(classic)
    game.roll(0, 1, 1)  # Community Chest
    with pytest.raises(RuleViolation) as refused:
        game.act("draw_card", 0, card="chance.dividend")
    assert refused.value.ruling.text == "Card chance.dividend is not in Community Chest, the deck Anna draws from."


def test_a_table_deck_needs_the_card_id_and_a_virtual_deck_gives_only_its_top_card(classic):
    game = Game(classic)
    game.roll(0, 1, 1)
    with pytest.raises(RuleViolation) as refused:
        game.act("draw_card", 0)
    assert refused.value.code == "card_required"
    order = tuple(c.id for c in classic.decks["community_chest"].cards)
    game = Game(classic, decks="virtual", decks_order={"community_chest": order, "chance": ()})
    game.roll(0, 1, 1)
    with pytest.raises(RuleViolation) as refused:
        game.act("draw_card", 0, card="chest.bank_error")  # a player may not pick the card
    assert refused.value.code == "not_top_card"
    game.act("draw_card", 0)
    assert game.rules()[0] == "card.drawn" and game.cash(0) == 1700  # chest.go, the top card
    assert game.state.decks["community_chest"] == order[1:] + order[:1]
