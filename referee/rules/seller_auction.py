"""The seller's auction: a player auctions their own property to the other
players (seed 002, "Торги своїм майном").

The seller names the property and the opening bid: in steps from what the
bank would pay for it, and no more than the richest opponent has. Only
opponents bid, with the edition's raises, through the ordinary ``bid`` and
``pass``; the winner pays the seller and takes the property; without a bid
nothing happens. It does not spend the turn's trade. Outside a debt it is
held on one's own turn after the roll, while the turn's trade is unused and
nobody else is deciding; a player owing a debt may hold one any time, once
per property per debt.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from .auction import CLOSERS, run_auction
from .edition import Edition
from .holdings import bank_price, built_groups, group_built, owes, require_owner
from .pending import Auction, Debt
from .rulings import Rule
from .state import GameState
from .step import Step, action
from .timing import in_window, undecided
from .turns import RESOLVE_FIRST

UNAVAILABLE = Rule("seller_auction.unavailable", "This edition has no auctions of one's own {term.property.pl}.")
BUILDINGS = Rule(
    "seller_auction.buildings",
    "{built:space} has buildings: sell every building of the {group:group} group before auctioning {place:space}.",
)
WHEN = Rule(
    "seller_auction.when",
    "{name} may auction their own {term.property.pl} on their own turn after its roll, or while owing a "
    "debt; now it is {current}'s turn{why:phrase}.",
)
TRADE_USED = Rule(
    "seller_auction.trade_used",
    "{name} has offered a trade since this roll: an auction of one's own {term.property} is held while the "
    "turn's trade is unused (or while owing a debt).",
)
BUSY = Rule("seller_auction.busy", "Another auction is running: one's own {term.property} is auctioned after it.")
ONCE_PER_DEBT = Rule(
    "seller_auction.once_per_debt",
    "{name} has auctioned {place:space} during this debt already: each {term.property} once per debt.",
)
NO_OPPONENT = Rule("seller_auction.no_opponent", "{name} has no opponent left in the game to bid.")
BELOW_BANK = Rule(
    "seller_auction.start_floor",
    "The opening bid {start:m} is below {floor:m}, what the bank would pay for {place:space} "
    "({percent}% of the price).",
)
OFF_STEP = Rule(
    "seller_auction.start_step",
    "The opening bid goes up from {floor:m} in steps of {step:m}: {start:m} is not one of them.",
)
ABOVE_CASH = Rule(
    "seller_auction.start_cap",
    "Nobody could open at {start:m}: the richest opponent, {richest}, has {cash:m}.",
)
OPENED = Rule(
    "seller_auction.opened",
    "{name} auctions {place:space}, opening at {start:m}: only opponents bid, each raise {step:m}, "
    "and the winner pays {name}.",
)
SOLD = Rule("seller_auction.sold", "{buyer} wins {name}'s auction of {place:space} with {amount:m}, paid to {name}.")
UNSOLD = Rule("seller_auction.unsold", "Nobody bid for {place:space}: it stays {name}'s and no money moves.")


@dataclass(frozen=True)
class SellerAuction(Auction):
    """An auction of a player's own property; ``seller`` receives the winning bid."""

    type: ClassVar[str] = "seller_auction"
    seller: int = 0

    said: ClassVar[str] = "{name}'s auction of {place:space}"

    def particulars(self, state: GameState) -> dict[str, Any]:
        return {"name": state.players[self.seller].name, "place": self.position}


@dataclass(frozen=True)
class AuctionProperty:
    """The seller puts ``position`` up for auction, opening at ``start``."""

    type: ClassVar[str]
    seat: int
    position: int
    start: int


NO_SEAT = -1
"""A seat nobody sits at: what is undecided for it is what is undecided for anyone owing nothing."""


def _opponents(state: GameState, seat: int) -> list[int]:
    return [s for s in state.active_seats() if s != seat]


def _auctioned(state: GameState, seat: int) -> set[int]:
    return {p for debt in state.pending_of(Debt) if debt.debtor == seat for p in debt.auctioned}


def _moment(state: GameState, edition: Edition, seat: int) -> tuple[Rule, str] | None:
    """Why the seat may not open an auction now (the rule and a refusal code), or None.

    Seed 002: "у свій хід після кидка, до його завершення, поки обмін за хід ще не використано. Під час
    збирання грошей на борг боржник може вибрати торги поруч із продажем. До кидка чи під час чужого
    рішення починати їх не можна."
    """
    waiting = bool(state.pending)  # nothing pending (the common case): nobody busy, nobody owing
    busy = undecided(state, seat) if waiting else None
    if isinstance(busy, Auction):
        return BUSY, "auction_running"
    if waiting and owes(state, seat):
        return (RESOLVE_FIRST, "pending") if busy is not None else None
    if not in_window(state, seat, edition.rules.trades.when):
        return WHEN, "not_your_turn"
    if edition.rules.trades.once_per_roll and state.turn.traded_at == state.rolls:
        return TRADE_USED, "trade_used"
    if busy is not None:
        return RESOLVE_FIRST, "pending"
    return None


def _floor(edition: Edition, position: int) -> int:
    return bank_price(edition, position)


def _richest(state: GameState, seat: int) -> int | None:
    """The opponent with the most cash (the lower seat on a tie), who caps the opening bid."""
    return max(_opponents(state, seat), key=lambda s: (state.players[s].cash, -s), default=None)


def _start_range(state: GameState, edition: Edition, position: int, richest: int) -> tuple[int, int, int]:
    """The opening bids for ``position`` (seed 002: from what the bank would
    pay, in steps, up to the richest opponent's cash): the lowest, the
    highest (below the lowest when none is possible) and the step."""
    floor, stride = _floor(edition, position), edition.rules.seller_auction.start_step
    return floor, floor + (state.players[richest].cash - floor) // stride * stride, stride


def _property_problem(state: GameState, edition: Edition, position: int, done: set[int]) -> str | None:
    """Why the seat's own ``position`` may not be auctioned now, or None
    (``done``: what the seat has auctioned during its debts)."""
    space = edition.space(position)
    if space.kind == "street" and space.group in built_groups(state, edition):
        return "group_has_buildings"
    if position in done:
        return "once_per_debt"
    return None


def _offers(state: GameState, edition: Edition, seat: int) -> list[dict[str, Any]]:
    """The seat's properties it may auction now, each with its opening bids."""
    if _moment(state, edition, seat) is not None:
        return []
    richest = _richest(state, seat)
    if richest is None:
        return []
    done = _auctioned(state, seat)
    found = []
    for position in sorted(h.position for h in state.owned_by(seat)):
        low, high, stride = _start_range(state, edition, position, richest)
        if low <= high and _property_problem(state, edition, position, done) is None:
            start = {"min": low, "max": high, "step": stride, "exact": False}
            found.append({"position": position, "start": start})
    return found


def auctionable(state: GameState, edition: Edition, seat: int) -> list[int]:
    """The seat's properties it could auction now, at some opening bid."""
    if not edition.rules.seller_auction.enabled:
        return []
    return [offer["position"] for offer in _offers(state, edition, seat)]


def _auction_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """Each seat that may auction a property of its own now: the properties
    (``positions``, one per auction), each with its opening bids."""
    if not edition.rules.seller_auction.enabled:
        return {}
    first = undecided(state, NO_SEAT) if state.pending else None
    if first is not None and not isinstance(first, Debt):
        return {}  # everyone waits for it (only a debtor's own debts leave it free): an early out
    found = {}
    for seat in state.active_seats():
        offers = _offers(state, edition, seat)
        if offers:
            found[seat] = {"positions": offers}
    return found


def _auction_examples(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each property at its lowest opening bid (at most nine), and the first at its highest."""
    offers = options["positions"]
    bodies = [{"position": o["position"], "start": o["start"]["min"]} for o in offers[:9]]
    first = offers[0]
    if first["start"]["max"] != first["start"]["min"]:
        bodies.append({"position": first["position"], "start": first["start"]["max"]})
    return bodies


def _require_moment(step: Step, seat: int) -> None:
    found = _moment(step.state, step.edition, seat)
    if found is None:
        return
    rule, code = found
    state = step.state
    if rule is RESOLVE_FIRST:
        busy = undecided(state, seat)
        raise step.refuse(code, rule, what=busy.describe(state), pending=busy.type)
    why = "before_roll" if state.turn.seat == seat else ""
    current = state.players[state.turn.seat].name
    raise step.refuse(code, rule, name=state.players[seat].name, current=current, why=why)


def _require_property(step: Step, seat: int, position: int) -> None:
    """What may be auctioned (seed 002): "Можна виставити свою логістику, комунальні послуги або підприємства
    з галузі, де в усій групі немає філій чи холдингів." and "Кожну клітинку — раз за борг." """
    require_owner(step, seat, position)
    problem = _property_problem(step.state, step.edition, position, _auctioned(step.state, seat))
    if problem == "group_has_buildings":
        group = step.edition.space(position).group
        built = group_built(step.state, step.edition, group)
        raise step.refuse("group_has_buildings", BUILDINGS, built=built, group=group, place=position)
    if problem == "once_per_debt":
        raise step.refuse("once_per_debt", ONCE_PER_DEBT, name=step.state.players[seat].name, place=position)


def _require_start(step: Step, seat: int, position: int, start: int) -> None:
    """The opening bid (seed 002): "Початкову ставку вибирайте повзунком із кроком 10. Вона не може бути
    нижчою за ціну викупу банком; верхня межа враховує готівку найбагатшого суперника." """
    state, edition = step.state, step.edition
    floor, stride = _floor(edition, position), edition.rules.seller_auction.start_step
    if start < floor:
        percent = edition.rules.bank_buyback_percent
        raise step.refuse("below_bank_price", BELOW_BANK, start=start, floor=floor, place=position, percent=percent)
    if (start - floor) % stride:
        raise step.refuse("off_step", OFF_STEP, start=start, floor=floor, step=stride)
    richest = _richest(state, seat)
    if richest is None:
        raise step.refuse("no_opponent", NO_OPPONENT, name=state.players[seat].name)
    if start > _start_range(state, edition, position, richest)[1]:
        name, cash = state.players[richest].name, state.players[richest].cash
        raise step.refuse("above_cash", ABOVE_CASH, start=start, richest=name, cash=cash)


def _first_bidder(step: Step, seat: int, bidders: list[int]) -> int | None:
    """Where the edition's auctions go in turn, the first opponent after the seller in seat order."""
    if not step.edition.rules.auction.decliner_first:
        return None
    count = len(step.state.players)
    order = [(seat + offset) % count for offset in range(1, count)]
    return next((s for s in order if s in bidders), None)


@action("auction_property", AuctionProperty, _auction_options, _auction_examples)
def auction_property(step: Step, act: AuctionProperty) -> None:
    if not step.edition.rules.seller_auction.enabled:
        raise step.refuse("no_seller_auction", UNAVAILABLE)
    _require_moment(step, act.seat)
    _require_property(step, act.seat, act.position)
    _require_start(step, act.seat, act.position, act.start)
    for debt in step.state.pending_of(Debt):
        if debt.debtor == act.seat:
            step.swap(debt, replace(debt, auctioned=debt.auctioned + (act.position,)))
    bidders = _opponents(step.state, act.seat)
    name = step.state.players[act.seat].name
    step.note(OPENED, name=name, place=act.position, start=act.start, step=step.edition.rules.auction.min_raise)
    first = _first_bidder(step, act.seat, bidders)
    run_auction(step, SellerAuction(act.position, tuple(bidders), act.start, turn=first, seller=act.seat))


def _close(step: Step, auction: SellerAuction) -> None:
    """The end of the auction (seed 002): "Переможець платить свою ставку вам і отримує майно. Якщо всі
    спасували без жодної ставки, майно лишається вашим і гроші не переказуються." """
    name = step.state.players[auction.seller].name
    if auction.high_bidder is None:
        step.note(UNSOLD, name=name, place=auction.position)
        return
    buyer = step.state.players[auction.high_bidder].name
    ruling = step.ruling(SOLD, buyer=buyer, name=name, place=auction.position, amount=auction.high_bid)
    step.charge(auction.high_bidder, auction.seller, auction.high_bid, "seller_auction", ruling)
    step.set_holding(auction.position, owner=auction.high_bidder)


CLOSERS[SellerAuction] = _close
