"""The shortage auction: when several players want more houses (or hotels)
than the bank has left, the bank auctions them one by one, each opening at the
building price on the deed (seed 000: "Если в Банке осталось ограниченное
число Домов или Отелей, и два или более игроков хотят купить их больше, чем
осталось в Банке, то Банкир проводит аукцион ... В качестве стартовой цены на
торгах берется цена, указанная в соответствующей карточке Собственника";
seed 003 says the same). Where the bidders' streets differ in building price,
the auction opens at the dearest of them (``building_shortage.priced_place``),
so no building is ever sold below the price on the deed of the street it goes
on.

The table reports the shortage with ``auction_buildings`` (which kind, who
wants them); the engine checks that it is real. Each round is an ``Auction``
of one building, bid on with the ordinary ``bid`` and ``pass``; the winner
pays the bank and puts the building on one of their streets with ``build``.
Rounds go on while the shortage lasts. Meanwhile nobody builds, sells
buildings, mortgages or trades, so what is auctioned stays what was wanted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import repeat
from typing import Any, ClassVar

from .auction import CLOSERS, run_auction
from .building_shortage import demands, measured, priced_place, short, supply_of
from .development import apply_plan, plan_build
from .edition import Edition
from .errors import RuleViolation
from .pending import Auction, Pending
from .rulings import Rule
from .state import BANK, GameState
from .step import Step, action
from .street_levels import HOTEL, HOUSE, hotel_level

RUNNING = Rule(
    "building.auction.running",
    "The bank is auctioning scarce buildings: building, selling buildings, mortgaging and trades wait until "
    "the auction ends.",
)
BUSY = Rule("building.auction.busy", "Another auction is running: the buildings are auctioned after it.")
NOT_IN_EDITION = Rule(
    "building.auction.not_in_edition",
    "This edition holds no auction of scarce buildings: when the bank has none left, nobody builds until some "
    "are sold back.",
)
FEW_BIDDERS = Rule(
    "building.auction.bidders",
    "A shortage auction needs at least two different players who want the buildings, not {count}.",
)
REPORTER = Rule(
    "building.auction.reporter",
    "{name} does not want the buildings: the shortage is reported by one of the players who do.",
)
NOT_A_BIDDER = Rule(
    "building.auction.bidder",
    "{name} could not put up a {kind:term} now (it needs a complete, unmortgaged group with room for one, "
    "and no pending debt).",
)
NONE_LEFT = Rule(
    "building.auction.none_left",
    "The bank has no {kind:term} left to auction: the table waits until buildings are sold back.",
)
NO_SHORTAGE = Rule(
    "building.auction.no_shortage",
    "The bank has {left:n.{kind}}, enough for the {wanted} those players could put up: no auction, build as usual.",
)
OPENED = Rule(
    "building.auction.opened",
    "The bank has {left:n.{kind}} and {count} players want {wanted}: it auctions them one by one. This "
    "one opens at {opening:m}, the building price on the deed of {place:space}, the dearest of the deeds it is "
    "wanted for: no building is sold below its own deed's price.",
)
SOLD = Rule(
    "building.auction.sold",
    "{name} wins the {kind:term} with {amount:m}, paid to the bank, and now places it on the board.",
)
UNSOLD = Rule(
    "building.auction.unsold",
    "Nobody bid for the {kind:term}: it stays in the bank and the shortage auction ends.",
)
ENDED = Rule(
    "building.auction.ended",
    "The shortage auction ends: {left:n.{kind}} left in the bank, {wanted} wanted by the players still able "
    "to build ({count}).",
)
PLACED = Rule(
    "building.auction.placed",
    "{name} puts the {kind:term} won at auction on {place:space} (paid {price:m} at the auction).",
)
PLACE_ONE = Rule("building.auction.place_one", "{name} won one {kind:term} at auction: name one space for it.")
PLACE_KIND = Rule(
    "building.auction.place_kind",
    "{name} won a {kind:term}, but the next building on {place:space} would be a {other:term}.",
)


@dataclass(frozen=True)
class BuildingAuction(Auction):
    """One scarce building auctioned by the bank.

    position: the street whose deed sets the opening bid (the dearest
        building price among the groups the bidders want it for).
    building: "house" or "hotel".
    wanted_by: the seats the table reported as wanting more than the bank had.
    """

    type: ClassVar[str] = "building_auction"
    building: str = HOUSE
    wanted_by: tuple[int, ...] = ()

    said: ClassVar[str] = "the bank's auction of a {kind:term}"

    def particulars(self, state: GameState) -> dict[str, Any]:
        return {"kind": self.building}


@dataclass(frozen=True)
class PlaceBuilding(Pending):
    """The winner of a building auction puts the building, already paid for,
    on one of their streets (with ``build``)."""

    type: ClassVar[str] = "place_building"
    seat: int
    building: str
    price: int
    wanted_by: tuple[int, ...]

    said: ClassVar[str] = "{name}'s placing of the {kind:term} won at auction"

    def particulars(self, state: GameState) -> dict[str, Any]:
        return {"name": state.players[self.seat].name, "kind": self.building}


def running(state: GameState) -> bool:
    # asked several times of every state: one pass the interpreter makes without a Python loop
    return any(map(isinstance, state.pending, repeat(_SHORTAGE_ITEMS))) if state.pending else False


_SHORTAGE_ITEMS = (BuildingAuction, PlaceBuilding)


def require_no_building_auction(step: Step) -> None:
    if running(step.state):
        raise step.refuse("building_auction_running", RUNNING)


def placement_of(state: GameState, seat: int) -> PlaceBuilding | None:
    return next((p for p in state.pending_of(PlaceBuilding) if p.seat == seat), None)


def placements(state: GameState, edition: Edition, placement: PlaceBuilding) -> list[int]:
    """Streets where the building won at auction may go now."""
    found = []
    for position in edition.positions_of_kind("street"):
        if state.holdings[position].owner != placement.seat:
            continue
        try:
            place(Step(state, edition), placement, (position,))
        except RuleViolation:
            continue
        found.append(position)
    return found


def _closed(state: GameState, edition: Edition) -> str | None:
    """Why no shortage auction may open now, or None."""
    if not edition.rules.buildings.shortage_auction:
        return "no_shortage_auction"
    for item in state.pending:  # one pass: any auction running, or a building won and not yet placed
        if isinstance(item, Auction | PlaceBuilding):
            return "auction_running"
    return None


def _shortages(state: GameState, edition: Edition) -> dict[str, dict[str, Any]]:
    """For each kind the bank is short of, unless no auction may open now."""
    return {} if _closed(state, edition) is not None else measured(state, edition)


def shortages(state: GameState, edition: Edition) -> dict[str, list[int]]:
    """For each kind the bank is short of, the seats that want more than is left."""
    return {kind: shortage["bidders"] for kind, shortage in _shortages(state, edition).items()}


@dataclass(frozen=True)
class AuctionBuildings:
    """The table reports that the players in ``bidders`` want more buildings
    of one kind ("house" or "hotel") than the bank has left."""

    type: ClassVar[str]
    seat: int
    building: str
    bidders: tuple[int, ...]


def _report_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """Each seat among those wanting more buildings than the bank has: the
    shortages it may report (``buildings``: the kind, every seat wanting it,
    how many are left and wanted; a report names two of those seats or more, itself among them)."""
    found: dict[int, dict[str, Any]] = {}
    for shortage in _shortages(state, edition).values():
        for seat in shortage["bidders"]:
            found.setdefault(seat, {"buildings": []})["buildings"].append(dict(shortage))
    return dict(sorted(found.items()))


def _report_examples(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each shortage, reported with every seat wanting it."""
    return [{"building": s["building"], "bidders": list(s["bidders"])} for s in options["buildings"]]


@action("auction_buildings", AuctionBuildings, _report_options, _report_examples)
def auction_buildings(step: Step, act: AuctionBuildings) -> None:
    state, edition, kind = step.state, step.edition, act.building
    problem = _closed(state, edition)
    if problem == "no_shortage_auction":
        # seed 002: "Закінчилися — розширюватися не можна, доки хтось не згорне свої."
        raise step.refuse("no_shortage_auction", NOT_IN_EDITION)
    if problem == "auction_running":
        raise step.refuse("auction_running", BUSY)
    seats = sorted(set(act.bidders))
    if len(seats) < 2 or any(not 0 <= s < len(state.players) for s in seats):
        raise step.refuse("too_few_bidders", FEW_BIDDERS, count=len(seats))
    if act.seat not in seats:
        raise step.refuse("not_wanting", REPORTER, name=state.players[act.seat].name)
    wanting = demands(state, edition, seats, kind)
    for seat in seats:
        if seat not in wanting:
            raise step.refuse("not_a_bidder", NOT_A_BIDDER, name=state.players[seat].name, kind=kind)
    left, wanted_total = supply_of(state, kind), sum(wanting.values())
    if left == 0:
        raise step.refuse("none_left", NONE_LEFT, kind=kind)
    if not short(left, wanted_total, len(wanting)):
        raise step.refuse("no_shortage", NO_SHORTAGE, left=left, kind=kind, wanted=wanted_total)
    _next_round(step, kind, tuple(seats))


def _next_round(step: Step, kind: str, wanted_by: tuple[int, ...]) -> None:
    """Auction the next building while the shortage lasts."""
    state, edition = step.state, step.edition
    wanting = demands(state, edition, wanted_by, kind)
    seats, left, wanted_total = list(wanting), supply_of(state, kind), sum(wanting.values())
    if not short(left, wanted_total, len(seats)):
        step.note(ENDED, left=left, kind=kind, wanted=wanted_total, count=len(seats))
        return
    place = priced_place(state, edition, seats, kind)
    opening = edition.space(place).building_cost
    step.note(OPENED, left=left, kind=kind, count=len(seats), wanted=wanted_total, opening=opening, place=place)
    run_auction(step, BuildingAuction(place, tuple(seats), opening, building=kind, wanted_by=wanted_by))


def _close_round(step: Step, auction: BuildingAuction) -> None:
    if auction.high_bidder is None:
        step.note(UNSOLD, kind=auction.building)
        return
    winner = auction.high_bidder
    name = step.state.players[winner].name
    ruling = step.ruling(SOLD, name=name, kind=auction.building, amount=auction.high_bid)
    step.charge(winner, BANK, auction.high_bid, "building_auction", ruling)
    step.push(PlaceBuilding(winner, auction.building, auction.high_bid, auction.wanted_by))


CLOSERS[BuildingAuction] = _close_round


def place(step: Step, placement: PlaceBuilding, positions: tuple[int, ...]) -> None:
    """The winner puts the building on a street: the usual building rules,
    but paid for already."""
    name = step.state.players[placement.seat].name
    if len(positions) != 1:
        raise step.refuse("place_one", PLACE_ONE, name=name, kind=placement.building)
    plan = plan_build(step, placement.seat, positions)
    change = plan.changes[0]
    built = HOTEL if change.after == hotel_level(step.state, step.edition) else HOUSE
    if built != placement.building:
        raise step.refuse(
            "wrong_building", PLACE_KIND, name=name, kind=placement.building, place=change.position, other=built
        )
    apply_plan(step, plan)
    step.drop(placement)
    step.note(PLACED, name=name, kind=placement.building, place=change.position, price=placement.price)
    _next_round(step, placement.building, placement.wanted_by)
