"""The two forms of a trade in ua-industries, in the engine: what the
options of ``trade`` and ``counter_trade`` offer, and their examples, follow
the forms, and an offer is judged by them when it is made.

seed 002 l.94: «"Обміняти" — виберіть чужий бізнес і запропонуйте гроші, свій бізнес або і те, й інше. Для покупки
за гроші свій бізнес вибирати не обов’язково. "Продати" — ваш бізнес за гроші суперника»
"""

import pytest

from referee.editions import build, shipped, thawed
from referee.rules import ACTIONS, parse_action, step
from referee.rules.trades import TradeOffer

from .game import Game

LOGISTICS, ENTERPRISE = 5, 15


@pytest.fixture(scope="module")
def ua():
    return shipped()["ua-industries"]


@pytest.fixture(scope="module")
def without_forms():
    """ua-industries as it would be without the two forms."""
    document = thawed(shipped()["ua-industries"].document)
    document["rules"]["trades"]["two_forms"] = False
    return build(document)


def rolled(edition) -> Game:
    """Boris holds an enterprise; Anna has rolled onto the market, her turn's trade open."""
    game = Game(edition, "Anna", "Boris", "Vera", rent_collection="automatic")
    game.own(1, ENTERPRISE)
    game.roll(0, 3, 4)
    game.arrange(pending=())
    return game


def options(game: Game, kind: str) -> dict:
    return ACTIONS[kind].options(game.state, game.edition)


def examples_accepted(game: Game, kind: str, seat: int) -> list[dict]:
    """The examples of the seat's options, each accepted by the engine."""
    bodies = ACTIONS[kind].examples(options(game, kind)[seat])
    for body in bodies:
        step(game.state, parse_action({"type": kind, "seat": seat, **body}), game.edition)  # raises if refused
    return bodies


def test_a_seat_with_nothing_to_offer_for_a_business_is_offered_no_partner(ua, without_forms):
    # seed 002 l.94: «"Обміняти" — виберіть чужий бізнес і запропонуйте гроші, свій бізнес або і те, й інше.»
    plain = rolled(without_forms)
    plain.set_cash(0, 0)
    assert options(plain, "trade")[0]["to"] == [1]  # without the forms: Boris's enterprise, asked for nothing
    game = rolled(ua)
    game.set_cash(0, 0)
    assert 0 not in options(game, "trade")  # no money, no business: neither an exchange nor a sale
    assert game.refused("trade", 0, to=1, get={"positions": [ENTERPRISE]}).ruling.rule == "trade.form.exchange_offer"
    game.set_cash(0, 1)
    assert options(game, "trade")[0]["to"] == [1] and options(game, "trade")[0]["two_forms"] is True
    assert examples_accepted(game, "trade", 0) == [{"to": 1, "give": {"cash": 1}, "get": {"positions": [ENTERPRISE]}}]


def test_a_sale_is_offered_to_those_who_could_pay_the_bank_s_price(ua):
    # seed 002 l.94: «"Продати" — ваш бізнес за гроші суперника: не дешевше, ніж дав би банк»
    game = rolled(ua)
    game.own(0, LOGISTICS)
    game.set_cash(2, 99)  # Vera cannot pay the bank's 100 and has no business to ask for
    game.set_cash(0, 0)
    found = options(game, "trade")[0]
    assert found["to"] == [1]
    bodies = examples_accepted(game, "trade", 0)
    assert {"to": 1, "give": {"positions": [LOGISTICS]}, "get": {"cash": 100}} in bodies
    assert all(not (b["get"].get("positions") and b["get"].get("cash")) for b in bodies)


def test_counter_offers_follow_the_forms(ua):
    # seed 002 l.94: «"Обміняти" — виберіть чужий бізнес і запропонуйте гроші, свій бізнес або і те, й інше.»
    game = rolled(ua)
    game.own(0, LOGISTICS)
    game.act("trade", 0, to=1, give={"cash": 100}, get={"positions": [ENTERPRISE]})
    offer = game.pending(TradeOffer)[0].id
    bodies = examples_accepted(game, "counter_trade", 1)
    assert bodies and all(b["offer"] == offer for b in bodies)
    assert {"offer": offer, "give": {"positions": [ENTERPRISE]}, "get": {"positions": [LOGISTICS]}} in bodies
    both = dict(offer=offer, give={"positions": [ENTERPRISE]}, get={"positions": [LOGISTICS], "cash": 50})
    refusal = game.refused("counter_trade", 1, **both)
    assert (refusal.code, refusal.ruling.rule) == ("trade_form", "trade.form.exchange")


def test_an_offer_open_from_before_the_forms_is_accepted_on_what_it_hands_over(ua):
    # the form is judged when an offer is made: one made before it, still open, is answered as it stands
    game = rolled(ua)
    game.own(0, LOGISTICS)
    terms = dict(give={"positions": [ENTERPRISE]}, get={"positions": [LOGISTICS], "cash": 50})
    made = TradeOffer(game.state.version, 1, 0, waits=True, **terms)
    game.arrange(pending=(made,))
    assert options(game, "accept_trade")[0] == {"offer": [made.id]}
    game.act("accept_trade", 0, offer=made.id)
    assert (game.state.holdings[ENTERPRISE].owner, game.state.holdings[LOGISTICS].owner) == (0, 1)


def test_where_sales_have_no_floor_a_sale_under_the_forms_still_asks_for_money():
    # seed 002 l.94: «"Продати" — ваш бізнес за гроші суперника»
    # the forms are the edition's parameter, not ua-industries' own: on a board without a floor on sales
    # a business given for nothing is neither form
    document = thawed(shipped()["classic"].document)
    document["rules"].setdefault("trades", {})["two_forms"] = True
    game = Game(build({**document, "id": "classic-two-forms"}), "Anna", "Boris")
    game.own(0, 1)
    assert game.refused("trade", 0, to=1, give={"positions": [1]}).ruling.rule == "trade.form.sale_price"
    assert {"to": 1, "give": {"positions": [1]}, "get": {"cash": 1}} in examples_accepted(game, "trade", 0)
