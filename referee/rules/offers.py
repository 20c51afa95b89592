"""Offers that wait for an answer: a trade between players, a debtor's
property offered to a creditor. Each is a pending item with an ``id`` (the
game's version when it was made), the offering ``seat`` and the seat it is
made ``to``. The one offered answers it; either side may close it (a
rejection, or a withdrawal by the one who offered)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from .edition import Edition
from .rulings import Rule
from .state import GameState
from .step import Step


class Offer(Protocol):
    id: int
    seat: int
    to: int


OfferT = TypeVar("OfferT", bound=Offer)


def answerable(
    state: GameState, edition: Edition, kind: type[OfferT], acceptable: Callable[[GameState, Edition, OfferT], bool]
) -> list[int]:
    """Seats with an offer they could accept now: one acceptable offer each is enough."""
    seats: set[int] = set()
    for offer in state.pending_of(kind):
        if offer.to not in seats and acceptable(state, edition, offer):
            seats.add(offer.to)
    return sorted(seats)


def either_side(state: GameState, kind: type[Offer]) -> list[int]:
    """Seats that may close an open offer: the one offered and the one who offered."""
    return sorted({s for o in state.pending_of(kind) for s in (o.seat, o.to)})


def find(
    step: Step, kind: type[OfferT], seat: int, offer_id: int | None, answering: bool, refusals: tuple[Rule, Rule]
) -> OfferT:
    """The one offer the seat means: made to it (``answering``), or on either side;
    ``offer_id`` picks among several. refusals: (no such offer, which one?)."""
    no_offer, which_offer = refusals
    name = step.state.players[seat].name
    offers = [
        o
        for o in step.state.pending_of(kind)
        if (seat == o.to or (not answering and seat == o.seat)) and offer_id in (None, o.id)
    ]
    if not offers:
        which = f" {offer_id}" if offer_id is not None else ""
        raise step.refuse("no_offer", no_offer, name=name, which=which)
    if len(offers) > 1:
        raise step.refuse("which_offer", which_offer, name=name, ids=", ".join(str(o.id) for o in offers))
    return offers[0]
