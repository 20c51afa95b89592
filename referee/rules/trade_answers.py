"""Answering a trade offer: the partner accepts it (everything changes hands
in that one action, checked again against the board as it is then) or
rejects it, and the offerer may withdraw it (``reject_trade`` too). A
mortgaged property received leaves its new owner the mortgage choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from . import offers
from .building_auction import require_no_building_auction, running
from .edition import Edition
from .mortgage_choice import offer_choice
from .rulings import Rule
from .state import GameState
from .step import Step, action
from .trade_terms import TradeOffer, TradeTerms, could_accept
from .trades import check

NO_OFFER = Rule("trade.no_offer", "{name} has no open trade offer{which} to answer.")
WHICH_OFFER = Rule("trade.which_offer", "{name} has several open offers ({ids}): name one.")
# The offer's number is the API's, in values; a table names an offer by who made it to whom.
ACCEPTED = Rule("trade.accepted", "{partner} accepts {name}'s offer: everything changes hands at once.")
REJECTED = Rule("trade.rejected", "{partner} rejects {name}'s offer: nothing changes hands.")
WITHDRAWN = Rule("trade.withdrawn", "{name} withdraws the offer: nothing changes hands.")
PAID = Rule("trade.cash_paid", "{name} pays {partner} {amount:m}, as agreed in the trade.")


@dataclass(frozen=True)
class AcceptTrade:
    """offer: the offer's id, when the seat has more than one to answer."""

    type: ClassVar[str]
    seat: int
    offer: int | None = None


@dataclass(frozen=True)
class RejectTrade:
    """Rejected by the player offered the trade, or withdrawn by the offerer."""

    type: ClassVar[str]
    seat: int
    offer: int | None = None


def valid_offers(state: GameState, edition: Edition) -> list[TradeOffer]:
    """Open offers that could be accepted now."""
    return [] if running(state) else offers.acceptable(state, edition, TradeOffer, could_accept)


def _accept_options(state: GameState, edition: Edition) -> dict[int, dict[str, list[int]]]:
    """For each seat offered a trade it could accept now, those offers' ids ("offer")."""
    return {} if running(state) else offers.answerable(state, edition, TradeOffer, could_accept)


def _reject_options(state: GameState, edition: Edition) -> dict[int, dict[str, list[int]]]:
    """For each seat on either side of an open offer, those offers' ids ("offer")."""
    return offers.either_side(state, edition, TradeOffer)


def _find(step: Step, seat: int, offer_id: int | None, answering: bool) -> TradeOffer:
    return offers.find(step, TradeOffer, seat, offer_id, answering, (NO_OFFER, WHICH_OFFER))


@action("accept_trade", AcceptTrade, _accept_options, offers.examples, answers=TradeOffer)
def accept_trade(step: Step, act: AcceptTrade) -> None:
    offer = _find(step, act.seat, act.offer, answering=True)
    require_no_building_auction(step)
    check(step, offer)
    step.drop(offer)
    names = step.state.players
    step.note(ACCEPTED, name=names[offer.seat].name, partner=names[offer.to].name, offer=offer.id)
    _hand_over(step, offer.seat, offer.to, offer.give)
    _hand_over(step, offer.to, offer.seat, offer.get)


def _hand_over(step: Step, giver: int, receiver: int, terms: TradeTerms) -> None:
    for position in terms.positions:
        step.set_holding(position, owner=receiver)
    for card in terms.cards:
        held = list(step.state.players[giver].jail_cards)
        held.remove(card)
        step.set_player(giver, jail_cards=tuple(held))
        step.set_player(receiver, jail_cards=step.state.players[receiver].jail_cards + (card,))
    if terms.cash:
        names = step.state.players
        ruling = step.ruling(PAID, name=names[giver].name, partner=names[receiver].name, amount=terms.cash)
        step.transfer(giver, receiver, terms.cash, "trade", ruling)
    for position in terms.positions:
        if step.state.holdings[position].mortgaged:
            offer_choice(step, receiver, position)


@action("reject_trade", RejectTrade, _reject_options, offers.examples, answers=TradeOffer)
def reject_trade(step: Step, act: RejectTrade) -> None:
    offer = _find(step, act.seat, act.offer, answering=False)
    step.drop(offer)
    names = step.state.players
    if act.seat == offer.seat:
        step.note(WITHDRAWN, name=names[offer.seat].name, offer=offer.id)
    else:
        step.note(REJECTED, name=names[offer.seat].name, partner=names[offer.to].name, offer=offer.id)
