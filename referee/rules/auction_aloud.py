"""An auction bid aloud around the table, reported by its result (seed 001:
"Банкир сразу проводит аукцион ... Победитель платит предложенную сумму
Банку"; seed 002: "кожна наступна піднімає ціну рівно на 10").

A physical table calls its bids out loud; the table phone then reports only
how the auction ended: nobody (else) bid, or who won it and for how much.
The result is judged as the bids leading to it would be, by the auction
module's own measures: the winner still in the auction, the price at least
the next bid (the opening for a first bid), on the edition's step where
raises are exact, within the winner's cash, and, for a price the winner
could not have bid at once, another bidder who could have bid below it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from .auction import (
    NO_AUCTION_NOW,
    NOT_BIDDING,
    OVER_CASH,
    TOO_LOW,
    _auction,
    _minimum,
    _settle,
)
from .edition import Edition
from .pending import Auction
from .phrases import NOBODY
from .rulings import Rule
from .state import GameState
from .step import Step, action
from .turns import require_seat, require_turn

OFF_STEP = Rule(
    "auction.aloud_step",
    "Raises are exactly {step:m}: a winning bid of {amount:m} is not {minimum:m} plus whole raises.",
)
NO_UNDERBIDDER = Rule(
    "auction.aloud_underbid",
    "{name} could have won with {minimum:m}: a price of {amount:m} needs a bid of {below:m} "
    "by another bidder, and nobody else in the auction has that much.",
)
NO_PRICE = Rule(
    "auction.aloud_price", "The result names {name:phrase} as the winner but no price, or a price but no winner."
)


@dataclass(frozen=True)
class AuctionResult:
    """How an auction bid aloud ended, reported by the table.

    seat: the seat of the phone reporting it (the table speaks for everyone).
    winner: the seat that won, with ``amount`` its winning bid; both left
        out when nobody (else) bid: the auction closes as it stands.
    """

    type: ClassVar[str]
    seat: int
    winner: int | None = None
    amount: int | None = None


def _step_of(edition: Edition) -> int:
    return edition.rules.auction.min_raise


def _direct(auction: Auction, edition: Edition, seat: int) -> int:
    """The lowest price ``seat`` could win at: the standing bid it holds (nobody
    else bid), else the next bid."""
    if auction.high_bidder == seat:
        return auction.high_bid
    return _minimum(auction, edition)


def _outbid(auction: Auction, edition: Edition, seat: int, amount: int) -> int | None:
    """The bid another bidder must have made for ``seat`` to win at ``amount``,
    or None when ``seat`` could have bid it at once."""
    if amount <= _direct(auction, edition, seat):
        return None
    if edition.rules.auction.exact_raise:
        return amount - _step_of(edition)
    return None if auction.high_bidder != seat else _minimum(auction, edition)


def _underbid_problem(state: GameState, auction: Auction, edition: Edition, seat: int, amount: int) -> int | None:
    """The bid below ``amount`` that nobody else could have made, or None."""
    below = _outbid(auction, edition, seat, amount)
    if below is None:
        return None
    fits = below >= _minimum(auction, edition) and below + _step_of(edition) <= amount
    if fits and any(state.players[s].cash >= below for s in auction.bidders if s != seat):
        return None
    return below


def _highest(state: GameState, auction: Auction, edition: Edition, seat: int) -> int:
    """The most ``seat`` could have won with: its cash where it could bid that
    at once, else the highest price another bidder's cash could lead to."""
    low, step = _direct(auction, edition, seat), _step_of(edition)
    cash = state.players[seat].cash
    others = max((state.players[s].cash for s in auction.bidders if s != seat), default=0)
    top = cash if not edition.rules.auction.exact_raise else min(cash, others + step)
    if edition.rules.auction.exact_raise:
        top = low + max(0, (top - low) // step) * step
    return top if _underbid_problem(state, auction, edition, seat, top) is None else low


def _winners(state: GameState, edition: Edition, auction: Auction) -> list[dict[str, Any]]:
    """Each bidder who could have won, with the prices it could have won at:
    ``min`` to ``max`` on ``step``, and for the high bidder also its
    ``standing`` bid (a higher price needs a raise by another bidder first)."""
    found = []
    raise_by = _step_of(edition)
    for seat in auction.bidders:
        low = _direct(auction, edition, seat)
        if low > state.players[seat].cash:
            continue
        high = _highest(state, auction, edition, seat)
        standing = auction.high_bid if seat == auction.high_bidder else None
        if standing is not None and high > standing:
            low = standing + 2 * raise_by
        found.append({"seat": seat, "min": low, "max": high, "step": raise_by, "standing": standing})
    return found


def _options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """While an auction runs, the table may report its result (as the seat
    whose turn it is): ``winner`` the seats that could have won, ``winners``
    each with the prices it could have won at (``exact``: on the step only)."""
    auction = _auction(state)
    if auction is None:
        return {}
    winners = _winners(state, edition, auction)
    options = {
        "position": getattr(auction, "position", None),
        "high_bid": auction.high_bid,
        "high_bidder": auction.high_bidder,
        "winner": [w["seat"] for w in winners],
        "winners": winners,
        "exact": edition.rules.auction.exact_raise,
    }
    return {state.turn.seat: options}


def _examples(options: dict[str, Any]) -> list[dict[str, Any]]:
    """Nobody bids; each possible winner at its standing bid, lowest and highest price."""
    found: list[dict[str, Any]] = [{}]
    for w in options["winners"]:
        prices = {w["min"], w["max"]} | ({w["standing"]} if w["standing"] is not None else set())
        found += [{"winner": w["seat"], "amount": value} for value in sorted(prices)]
    return found


def _check(step: Step, auction: Auction, winner: int, amount: int) -> None:
    """Refuse a result the bids could not have led to, with the bid's own rule."""
    state, edition = step.state, step.edition
    require_seat(step, winner)
    if winner not in auction.bidders:
        raise step.refuse("not_bidding", NOT_BIDDING, name=state.players[winner].name)
    player = state.players[winner]
    direct, raise_by = _direct(auction, edition, winner), _step_of(edition)
    if amount < direct:
        raise step.refuse("bid_too_low", TOO_LOW, minimum=direct, why="")
    if edition.rules.auction.exact_raise and (amount - direct) % raise_by:
        raise step.refuse("exact_raise", OFF_STEP, step=raise_by, amount=amount, minimum=direct)
    if amount > player.cash:
        raise step.refuse("insufficient_funds", OVER_CASH, name=player.name, cash=player.cash, amount=amount)
    below = _underbid_problem(state, auction, edition, winner, amount)
    if below is not None:
        raise step.refuse(
            "no_underbidder", NO_UNDERBIDDER, name=player.name, minimum=direct, amount=amount, below=below
        )


@action("auction_result", AuctionResult, _options, _examples, table=True, answers=Auction)
def auction_result(step: Step, act: AuctionResult) -> None:
    auction = _auction(step.state)
    if auction is None:
        raise step.refuse("no_auction", NO_AUCTION_NOW)
    require_turn(step, act.seat)  # the table reports it as the seat whose turn it is, as its options say
    if (act.winner is None) != (act.amount is None):
        raise step.refuse("no_price", NO_PRICE, name=step.party(act.winner) if act.winner is not None else NOBODY)
    if act.winner is None:
        closed = replace(auction, bidders=tuple(s for s in auction.bidders if s == auction.high_bidder), turn=None)
    else:
        _check(step, auction, act.winner, act.amount)
        closed = replace(auction, high_bid=act.amount, high_bidder=act.winner, bidders=(act.winner,), turn=None)
    step.swap(auction, closed)
    _settle(step, closed)  # nobody but the winner left: it closes as its kind closes
