"""The bank's auctions, of every kind: opening one, bids and passes, and the
close (seed 001: "Банкир сразу проводит аукцион ... Победитель платит
предложенную сумму Банку").

A property declined (``purchase``), a seller's own property
(``seller_auction``), scarce buildings (``building_auction``) and a
bankrupt's deeds (``bankruptcy``) are all bid on here with ``bid`` and
``pass``; each kind of auction registers how it closes in ``CLOSERS``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from .edition import Edition
from .pending import Auction
from .rulings import Rule
from .state import GameState
from .step import Step, action

SOLD = Rule("auction.sold", "{name} wins the auction of {place:space} with {amount:m}, paid to the bank.")
UNSOLD = Rule("auction.unsold", "Nobody bid for {place:space}: it stays with the bank.")
DROPPED = Rule(
    "auction.cannot_afford",
    "{name} has {cash:m}, less than the next bid of {minimum:m}, and is out of the auction.",
)
NO_AUCTION_NOW = Rule("auction.none", "No auction is running.")
NOT_BIDDING = Rule("auction.not_bidding", "{name} has left this auction (a pass is final).")
OUT_OF_TURN = Rule("auction.order", "It is {turn}'s turn to bid or pass.")
TOO_LOW = Rule("auction.minimum", "A bid must be at least {minimum:m}{why}.")
NOT_EXACT = Rule("auction.exact_raise", "The next bid must be exactly {minimum:m} (raises are exactly {step:m}).")
OVER_CASH = Rule("auction.cash", "{name} has {cash:m} and cannot bid {amount:m}: bids are limited to cash in hand.")
OWN_BID = Rule("auction.own_bid", "{name} already holds the high bid.")


def opening(edition: Edition, price: int) -> int:
    """The smallest first bid for a property of this price."""
    rules = edition.rules.auction
    if rules.start_fraction is not None:
        return math.ceil(price * rules.start_fraction - 1e-9)
    return rules.start


def open_auction(step: Step, position: int, first: int | None = None) -> None:
    """Start an auction of a bank-held property; every player still in the
    game may bid. ``first`` bids first where the edition sets an order."""
    price = step.edition.space(position).price
    rules = step.edition.rules.auction
    turn = first if rules.decliner_first and first is not None else None
    auction = Auction(position, tuple(step.state.active_seats()), opening(step.edition, price), turn=turn)
    step.push(auction)
    _settle(step, auction)


AuctionCloser = Callable[[Step, Auction], None]
CLOSERS: dict[type, AuctionCloser] = {}
"""How an auction of another kind than a property (a subclass of ``Auction``)
ends: registered by the module that runs it; ``bid`` and ``pass`` are shared."""


def run_auction(step: Step, auction: Auction) -> None:
    """Open any auction (a property's or a subclass): bidders who cannot
    afford the opening are dropped at once."""
    step.push(auction)
    _settle(step, auction)


def _minimum(auction: Auction, edition: Edition) -> int:
    if auction.high_bid is None:
        return auction.opening
    return auction.high_bid + edition.rules.auction.min_raise


def _next_turn(auction: Auction, after: int, players: int) -> int | None:
    """The next bidder in seat order after ``after`` who can act."""
    for offset in range(1, players + 1):
        seat = (after + offset) % players
        if seat in auction.bidders and seat != auction.high_bidder:
            return seat
    return None


def _settle(step: Step, auction: Auction) -> None:
    """Drop bidders who cannot afford the next bid, then close the auction
    once nobody but the high bidder is left."""
    minimum = _minimum(auction, step.edition)
    current = auction
    for seat in auction.bidders:
        player = step.state.players[seat]
        if seat != auction.high_bidder and player.cash < minimum:
            current = _without(current, seat, len(step.state.players))
            step.note(DROPPED, name=player.name, cash=player.cash, minimum=minimum)
    if current is not auction:
        step.swap(auction, current)
    if set(current.bidders) - {current.high_bidder}:
        return
    _close(step, current)


def _without(auction: Auction, seat: int, players: int) -> Auction:
    bidders = tuple(s for s in auction.bidders if s != seat)
    changed = replace(auction, bidders=bidders)
    if auction.turn == seat:
        changed = replace(changed, turn=_next_turn(changed, seat, players))
    return changed


def _close(step: Step, auction: Auction) -> None:
    step.drop(auction)
    closer = CLOSERS.get(type(auction))
    if closer is not None:
        closer(step, auction)
        return
    sell_lot(step, auction)


def sell_lot(step: Step, auction: Auction) -> None:
    """A property auction has closed: the high bidder pays the bank and takes
    the deed; without bids the bank keeps it."""
    place = auction.position
    if auction.high_bidder is None:
        step.note(UNSOLD, place=place)
        return
    winner = auction.high_bidder
    name = step.state.players[winner].name
    ruling = step.ruling(SOLD, name=name, place=place, amount=auction.high_bid)
    step.charge(winner, "bank", auction.high_bid, "auction", ruling)
    step.set_holding(auction.position, owner=winner)


def remove_bidder(step: Step, auction: Auction, seat: int) -> None:
    """A bidder leaves the game during an auction: out of it, and a standing
    bid of theirs is void (nobody left could be made to pay it)."""
    left = _without(auction, seat, len(step.state.players))
    if left.high_bidder == seat:
        left = replace(left, high_bid=None, high_bidder=None)
    step.swap(auction, left)
    _settle(step, left)


@dataclass(frozen=True)
class Bid:
    type: ClassVar[str]
    seat: int
    amount: int


@dataclass(frozen=True)
class Pass:
    type: ClassVar[str]
    seat: int


def _auction(state: GameState) -> Auction | None:
    """The running auction (the first, should one wait behind another)."""
    for item in state.pending:  # a loop, not first_pending: asked of every state, so it is kept cheap
        if isinstance(item, Auction):
            return item
    return None


def _bidder_problem(auction: Auction | None, seat: int) -> str | None:
    """Why ``seat`` may not bid or pass in the running auction now, or None."""
    if auction is None:
        return "no_auction"
    if seat not in auction.bidders:
        return "not_bidding"
    if auction.turn is not None and auction.turn != seat:
        return "out_of_turn"
    return None


def _callers(auction: Auction) -> tuple[int, ...]:
    """The seats that may act in the auction now: the one whose turn it is, or every bidder."""
    return auction.bidders if auction.turn is None else (auction.turn,)


def _bid_range(state: GameState, edition: Edition, auction: Auction, seat: int) -> tuple[int, int]:
    """The bids ``seat`` may make: from the minimum (exactly it, with exact
    raises) up to its cash; empty when its cash is below the minimum."""
    minimum = _minimum(auction, edition)
    cash = state.players[seat].cash
    return minimum, min(minimum, cash) if edition.rules.auction.exact_raise else cash


def _bid_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """Each seat that may bid now: the amounts (``limit``: its cash) and the property auctioned."""
    auction = _auction(state)
    if auction is None:
        return {}
    rules = edition.rules.auction
    found = {}
    for seat in _callers(auction):
        if seat == auction.high_bidder or _bidder_problem(auction, seat) is not None:
            continue
        low, high = _bid_range(state, edition, auction, seat)
        if low <= high:
            amount = {"min": low, "max": high, "step": rules.min_raise, "exact": rules.exact_raise}
            limit = state.players[seat].cash
            found[seat] = {"amount": amount, "limit": limit, "position": auction.position, "high_bid": auction.high_bid}
    return found


def _bid_examples(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The minimum, and the seat's limit when it is higher."""
    amount = options["amount"]
    return [{"amount": value} for value in sorted({amount["min"], amount["max"]})]


def _pass_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """Each seat that may leave the auction now (a pass is final), and ``standing``: the seat's own
    standing bid, which its pass leaves standing (seed 002 l.57: «Ваша ставка не згорає, якщо ви потім
    спасували: коли решта теж спасує, бізнес дістанеться вам за неї»), None for a seat without one."""
    auction = _auction(state)
    if auction is None:
        return {}
    found = {}
    for seat in _callers(auction):
        if _bidder_problem(auction, seat) is None:
            standing = auction.high_bid if seat == auction.high_bidder else None
            found[seat] = {"position": auction.position, "high_bid": auction.high_bid, "standing": standing}
    return found


def _require_bidder(step: Step, seat: int) -> Auction:
    auction = _auction(step.state)
    problem = _bidder_problem(auction, seat)
    if problem == "no_auction":
        raise step.refuse("no_auction", NO_AUCTION_NOW)
    if problem == "not_bidding":
        player, minimum = step.state.players[seat], _minimum(auction, step.edition)
        if player.cash < minimum:  # dropped for want of cash, not by a pass: say so
            raise step.refuse("cannot_afford", DROPPED, name=player.name, cash=player.cash, minimum=minimum)
        raise step.refuse("not_bidding", NOT_BIDDING, name=player.name)
    if problem == "out_of_turn":
        raise step.refuse("out_of_turn", OUT_OF_TURN, turn=step.state.players[auction.turn].name)
    return auction


@action("bid", Bid, _bid_options, _bid_examples, answers=Auction)
def bid(step: Step, act: Bid) -> None:
    auction = _require_bidder(step, act.seat)
    player = step.state.players[act.seat]
    rules = step.edition.rules.auction
    if auction.high_bidder == act.seat:
        raise step.refuse("own_bid", OWN_BID, name=player.name)
    minimum, most = _bid_range(step.state, step.edition, auction, act.seat)
    if rules.exact_raise and act.amount != minimum:
        raise step.refuse("exact_raise", NOT_EXACT, minimum=minimum, step=rules.min_raise)
    if act.amount < minimum:
        why = (
            ""
            if auction.high_bid is None
            else f" (high bid {step.money(auction.high_bid)} + {step.money(rules.min_raise)})"
        )
        raise step.refuse("bid_too_low", TOO_LOW, minimum=minimum, why=why)
    if act.amount > most:  # beyond the cash in hand (an exact raise is the minimum itself)
        raise step.refuse("insufficient_funds", OVER_CASH, name=player.name, cash=player.cash, amount=act.amount)
    raised = replace(auction, high_bid=act.amount, high_bidder=act.seat)
    if auction.turn is not None:
        raised = replace(raised, turn=_next_turn(raised, act.seat, len(step.state.players)))
    step.swap(auction, raised)
    _settle(step, raised)


@action("pass", Pass, _pass_options, answers=Auction)
def pass_(step: Step, act: Pass) -> None:
    auction = _require_bidder(step, act.seat)
    left = _without(auction, act.seat, len(step.state.players))
    step.swap(auction, left)
    _settle(step, left)
