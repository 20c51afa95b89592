"""What ``allowed`` offers each seat for the moves of play -- the roll, buying or declining, the ways out of
jail, drawing a card, a card's choice and a random move -- so that a client offers only legal choices."""

import pytest

from referee.editions import shipped
from referee.rules import allowed
from referee.rules.jail import jail_decision
from referee.rules.pending import CardChoice, CardDraw, RentRoll
from referee.rules.random_move import RandomDestination
from referee.rules.step import ACTIONS

from .game import Game
from .test_jail import jailed

FACES = (1, 2, 3, 4, 5, 6)


def options(game: Game, type_: str) -> dict[int, dict]:
    """The options ``allowed`` lists for one action type, by seat."""
    return {a["seat"]: a["options"] for a in allowed(game.state, game.edition) if a["type"] == type_}


def examples(game: Game, type_: str, seat: int) -> list[dict]:
    return ACTIONS[type_].examples(options(game, type_)[seat])


def test_the_turn_s_player_rolls_to_move_with_dice_the_table_reports_or_the_service_rolls(classic):
    # seed 001 l.22: «Бросьте оба кубика и передвиньте фишку вперёд на их сумму»
    game = Game(classic)
    assert options(game, "roll") == {0: {"by": "table", "faces": FACES, "purpose": "move"}}
    assert examples(game, "roll", 0) == [{"dice": [1, 2]}, {"dice": [3, 3]}]
    virtual = Game(classic, dice="virtual")
    assert options(virtual, "roll") == {0: {"by": "service", "faces": FACES, "purpose": "move"}}


def test_a_utility_rent_that_needs_a_roll_is_rolled_by_its_payer_not_the_turn_s_player(classic):
    # seed 001 l.30: «кубики бросают заново специально для ренты: сумма умножается на 4 при одном
    # предприятии или на 10 при двух»
    game = Game(classic)
    game.arrange(pending=(RentRoll(payer=1, owner=0, position=12, multiplier=10, reason="card"),))
    assert options(game, "roll") == {
        1: {"by": "table", "faces": FACES, "purpose": "rent", "position": 12, "multiplier": 10}
    }
    for body in examples(game, "roll", 1):
        assert game.refused("roll", 0, **body).code == "not_your_roll"


def test_buying_offers_the_property_and_its_price_and_declining_the_auction_it_opens(classic):
    # seed 001: "Отказ от покупки не оставляет объект ждать следующего круга: Банкир сразу проводит аукцион"
    game = Game(classic, "Anna", "Boris")
    game.roll(0, 2, 3)  # Reading Railroad, 200
    assert options(game, "buy") == {0: {"position": 5, "price": 200}}
    assert options(game, "decline") == {0: {"position": 5, "price": 200, "auction": True, "opening": 10}}


def test_a_seat_short_of_the_price_may_only_decline_and_without_auctions_nothing_opens(classic):
    # seed 001 l.27: «Отказ от покупки не оставляет объект ждать следующего круга: Банкир сразу проводит аукцион»
    game = Game(classic, "Anna", "Boris", house_rules=("no_auction",))
    game.set_cash(0, 150)
    game.roll(0, 2, 3)
    assert options(game, "buy") == {}
    assert options(game, "decline") == {0: {"position": 5, "price": 200, "auction": False}}
    assert game.refused("buy", 0).code == "insufficient_funds"


def test_a_prisoner_is_offered_the_fine_the_cards_held_and_a_roll_for_doubles(classic):
    # seed 001: "заплатить 50 до броска, использовать карточку «Выйти из тюрьмы бесплатно» или попробовать
    # выбросить дубль"; "Для выхода дублем есть до трёх своих ходов."
    game = jailed(classic)
    game.state = game.state.with_player(0, jail_cards=("chest.jail_free", "chance.jail_free"))
    assert options(game, "pay_jail_fine") == {0: {"fine": 50}}
    assert options(game, "use_jail_card") == {0: {"card": ["chest.jail_free", "chance.jail_free"]}}
    assert examples(game, "use_jail_card", 0) == [{"card": "chest.jail_free"}, {"card": "chance.jail_free"}]
    assert options(game, "roll") == {0: {"by": "table", "faces": FACES, "purpose": "jail", "attempt": 1, "of": 3}}
    assert jail_decision(game.state, classic) == {
        "type": "jail_decision",
        "blocking": True,
        "seat": 0,
        "options": ["pay_jail_fine", "use_jail_card", "roll"],
        "attempt": 1,
        "fine": 50,
        "cards": ["chest.jail_free", "chance.jail_free"],
    }


def test_a_prisoner_short_of_the_fine_may_only_roll_and_after_the_roll_there_is_no_decision(classic):
    # seed 001: "На следующем своём ходу выберите выход: заплатить 50 до броска, использовать карточку
    # «Выйти из тюрьмы бесплатно» или попробовать выбросить дубль."
    game = jailed(classic)
    game.set_cash(0, 40)
    assert options(game, "pay_jail_fine") == {} and options(game, "use_jail_card") == {}
    decision = jail_decision(game.state, classic)
    assert decision["options"] == ["roll"] and decision["fine"] == 50 and "cards" not in decision
    game.roll(0, 1, 2)
    assert jail_decision(game.state, classic) is None
    assert options(game, "roll") == {}


def test_a_table_deck_draw_offers_every_card_of_the_deck_but_those_players_keep(classic):
    # seed 001: "берите верхнюю карточку, выполняйте текст и возвращайте её вниз стопки"
    game = Game(classic)
    game.state = game.state.with_player(1, jail_cards=("chance.jail_free",))
    game.arrange(pending=(CardDraw(0, "chance"),))
    (offered,) = options(game, "draw_card").values()
    deck = [c.id for c in classic.decks["chance"].cards]
    assert offered == {"deck": "chance", "by": "table", "card": [c for c in deck if c != "chance.jail_free"]}
    assert game.refused("draw_card", 0, card="chance.jail_free").code == "card_held"


def test_a_virtual_deck_draw_is_the_top_card_with_nothing_to_choose(classic):
    order = tuple(c.id for c in classic.decks["chance"].cards)
    game = Game(classic, decks="virtual", decks_order={"chance": order, "community_chest": ()})
    game.arrange(pending=(CardDraw(0, "chance"),))
    assert options(game, "draw_card") == {0: {"deck": "chance", "by": "service"}}
    assert examples(game, "draw_card", 0) == [{}]


def test_a_card_s_choice_offers_its_option_ids():
    # seed 000 (Disney): "Pay a 10 fine or take a Show time card"
    disney = shipped()["disney"]
    game = Game(disney)
    card = "magic_moments.fine_or_show_time"
    game.arrange(pending=(CardChoice(0, card, ("pay_fine", "take_show_time")),))
    assert options(game, "choose") == {0: {"option": ["pay_fine", "take_show_time"], "card": card}}
    assert game.refused("choose", 0, option="dance").code == "bad_option"


@pytest.mark.parametrize("decks", ["table", "virtual"])
def test_a_random_move_offers_no_destination_to_choose_the_service_draws_it_whatever_the_decks(decks):
    # seed 002 l.109: «перемістіться на випадкову клітинку, крім поточної та останнього випадкового місця
    # призначення»: a random space, so nobody at the table picks it, with the table's decks as with virtual ones
    ua = shipped()["ua-industries"]
    order = {deck: tuple(c.id for c in ua.decks[deck].cards) for deck in ua.decks} if decks == "virtual" else {}
    game = Game(ua, decks=decks, decks_order=order)
    game.arrange(pending=(RandomDestination(0, (0, 7)),))
    (offered,) = options(game, "random_move").values()
    assert offered == {"by": "service", "excluded": [0, 7]}
    assert examples(game, "random_move", 0) == [{"position": 1}]
    # seed 002 l.102: «Випадкове переміщення виключає поточну клітинку та останнє випадкове місце призначення»
    assert game.refused("random_move", 0, position=7).code == "excluded_destination"
    assert game.refused("random_move", 0).code == "position_required"  # the service draws it before the engine
