"""Buying from the bank, and the auction that always follows a decline
(seed 001: "Отказ от покупки не оставляет объект ждать следующего круга:
Банкир сразу проводит аукцион"); the bidding itself is in ``auction``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

# Clock and bankruptcy import CLOSERS, Pass, pass_, remove_bidder, run_auction and sell_lot from here, where
# the auctions used to be: they stay importable.
from .auction import (  # noqa: F401
    CLOSERS,
    Pass,
    open_auction,
    opening,
    pass_,
    remove_bidder,
    run_auction,
    sell_lot,
)
from .edition import Edition
from .movement import Arrival, on_landing
from .pending import BuyDecision
from .rent import rent_on_landing
from .rulings import Rule
from .state import GameState
from .step import Step, action

UNOWNED = Rule("purchase.offer", "{place:space} belongs to the bank: {name} may buy it for {price:m} or decline.")
BOUGHT = Rule("purchase.buy", "{name} buys {place:space} from the bank at the printed price, {price:m}.")
CANNOT_AFFORD = Rule("purchase.cash", "{name} has {cash:m}, less than the price of {place:space}, {price:m}.")
NO_OFFER = Rule("purchase.no_offer", "{name} has no {term.property} on offer to buy or decline.")
OPENED = Rule(
    "auction.opened",
    "{name} declines {place:space}: the bank auctions it at once and everyone may bid (the decliner too); "
    "{order:phrase}; the first bid is {first_bid:phrase} {opening:m}.",
)
Refusal = tuple[str, Rule, dict[str, Any]]
IN_TURN = "decliner_first"
ANY_ORDER = "anyone_first"
EXACTLY = "exactly"
AT_LEAST = "at_least"
NO_AUCTION = Rule(
    "house.no_auction",
    "House rule: {name} declines {place:space} and it stays unsold. Every booklet says the bank auctions it at once.",
    house_rule=True,
)


@on_landing("street", "station", "utility")
def _land_on_property(step: Step, arrival: Arrival) -> None:
    holding = step.state.holdings[arrival.position]
    if holding.owner is None:
        space = step.edition.space(arrival.position)
        player = step.state.players[arrival.seat]
        step.note(UNOWNED, place=arrival.position, name=player.name, price=space.price)
        step.push(BuyDecision(arrival.seat, arrival.position))
    elif holding.owner != arrival.seat:
        rent_on_landing(step, arrival)


@dataclass(frozen=True)
class Buy:
    type: ClassVar[str]
    seat: int


@dataclass(frozen=True)
class Decline:
    type: ClassVar[str]
    seat: int


def _offers(state: GameState) -> list[BuyDecision]:
    """The pending offers, last first: options keyed by seat then keep each seat's first, as ``_offer`` does."""
    return [p for p in reversed(state.pending) if isinstance(p, BuyDecision)]


def _offer(state: GameState, seat: int) -> BuyDecision | None:
    return next((p for p in state.pending if isinstance(p, BuyDecision) and p.seat == seat), None)


def _affordable(state: GameState, edition: Edition, offer: BuyDecision) -> bool:
    return state.players[offer.seat].cash >= edition.space(offer.position).price


def _buy_refusal(state: GameState, edition: Edition, offer: BuyDecision) -> Refusal | None:
    """Why the seat on the offer may not buy it now, or None: its cash is short of the price."""
    if _affordable(state, edition, offer):
        return None
    player = state.players[offer.seat]
    price = edition.space(offer.position).price
    return (
        "insufficient_funds",
        CANNOT_AFFORD,
        dict(name=player.name, cash=player.cash, place=offer.position, price=price),
    )


def _buy_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """The seats on a property of the bank whose cash covers its price: the property and the price."""
    if not state.pending:
        return {}  # the common case, answered first: this is asked of every state
    return {
        o.seat: {"position": o.position, "price": edition.space(o.position).price}
        for o in _offers(state)
        if _affordable(state, edition, o)
    }


def _buy_refused(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """The seats on a property of the bank they may not buy now: the property, why (``insufficient_funds``),
    its price and how much cash is ``short`` of it, which a mortgage or a sale may raise before the decision."""
    if not state.pending:
        return {}  # the common case, answered first: this is asked of every state view
    found = {}
    for o in _offers(state):
        refusal = _buy_refusal(state, edition, o)
        if refusal is not None:
            code, _, values = refusal
            held = {
                "position": o.position,
                "why": code,
                "price": values["price"],
                "short": values["price"] - values["cash"],
            }
            found[o.seat] = {"positions": [held]}
    return found


def _decline_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """The seats on a property of the bank: the property, and the auction a
    decline opens at once (its first bid), or none under the no-auction house rule."""
    if not state.pending:
        return {}  # the common case, answered first: this is asked of every state
    offers = _offers(state)
    if not offers:
        return {}
    auctioned = not state.options.house_rule("no_auction")
    found = {}
    for o in offers:
        price = edition.space(o.position).price
        found[o.seat] = {"position": o.position, "price": price, "auction": auctioned}
        if auctioned:
            found[o.seat]["opening"] = opening(edition, price)
    return found


def _require_offer(step: Step, seat: int) -> BuyDecision:
    offer = _offer(step.state, seat)
    if offer is None:
        raise step.refuse("no_offer", NO_OFFER, name=step.state.players[seat].name)
    return offer


@action("buy", Buy, _buy_options, answers=BuyDecision, refused=_buy_refused)
def buy(step: Step, act: Buy) -> None:
    offer = _require_offer(step, act.seat)
    space = step.edition.space(offer.position)
    player = step.state.players[act.seat]
    refusal = _buy_refusal(step.state, step.edition, offer)
    if refusal is not None:
        code, rule, values = refusal
        raise step.refuse(code, rule, **values)
    step.drop(offer)
    ruling = step.ruling(BOUGHT, name=player.name, place=offer.position, price=space.price)
    step.transfer(act.seat, "bank", space.price, "purchase", ruling)
    step.set_holding(offer.position, owner=act.seat)


@action("decline", Decline, _decline_options, answers=BuyDecision)
def decline(step: Step, act: Decline) -> None:
    offer = _require_offer(step, act.seat)
    step.drop(offer)
    space = step.edition.space(offer.position)
    name = step.state.players[act.seat].name
    if step.state.options.house_rule("no_auction"):
        step.note(NO_AUCTION, name=name, place=offer.position, house_rule="no_auction")
        return
    rules = step.edition.rules.auction
    step.note(
        OPENED,
        name=name,
        place=offer.position,
        opening=opening(step.edition, space.price),
        order=IN_TURN if rules.decliner_first else ANY_ORDER,
        first_bid=EXACTLY if rules.exact_raise else AT_LEAST,
    )
    open_auction(step, offer.position, first=act.seat)
