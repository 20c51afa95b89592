"""Offers that wait for an answer: a trade between players, a debtor's
property offered to a creditor. Each is a pending item with an ``id`` (the
game's version when it was made), the offering ``seat`` and the seat it is
made ``to``. The one offered answers it; either side may close it (a
rejection, or a withdrawal by the one who offered).

``allowed`` asks several rule areas whether there is an offer, a debt or a
mortgage choice at all; ``pending_by_type`` sorts the pending items once per
state, so each asks a dictionary instead of scanning them again."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Protocol, TypeVar

from .edition import Edition
from .memo import later, per_state
from .pending import Pending
from .rulings import Rule
from .state import GameState
from .step import Step


class Offer(Protocol):
    id: int
    seat: int
    to: int


OfferT = TypeVar("OfferT", bound=Offer)


@per_state
def pending_by_type(state: GameState, edition: Edition) -> Mapping[type, tuple[Pending, ...]]:
    """The pending items under their own class, in order."""
    found: dict[type, list[Pending]] = {}
    for item in state.pending:
        found.setdefault(type(item), []).append(item)
    return MappingProxyType({kind: tuple(items) for kind, items in found.items()})


def pending_of(state: GameState, edition: Edition, kind: type[OfferT]) -> tuple[OfferT, ...]:
    """``state.pending_of(kind)``, read from the items sorted once per state
    (a kind with subclasses is looked for the long way, to keep their order)."""
    if kind.__subclasses__():
        return tuple(state.pending_of(kind))
    return pending_by_type(state, edition).get(kind, ())  # type: ignore[return-value]


Accepts = Callable[[GameState, Edition, Any], bool]
"""Whether an open offer could be accepted now: nothing refuses it."""


def acceptable(state: GameState, edition: Edition, kind: type[OfferT], accepts: Accepts) -> list[OfferT]:
    """The open offers of ``kind`` that could be accepted now."""
    return [offer for offer in pending_of(state, edition, kind) if accepts(state, edition, offer)]


def answerable(
    state: GameState, edition: Edition, kind: type[OfferT], accepts: Accepts
) -> dict[int, dict[str, list[int]]]:
    """For each seat with an offer it could accept now, the ids of those offers ("offer"). A seat's
    entry stands on the first offer to it found acceptable; the others are judged when it is read."""
    made_to: dict[int, list[OfferT]] = {}
    for offer in pending_of(state, edition, kind):
        made_to.setdefault(offer.to, []).append(offer)
    found: dict[int, dict[str, list[int]]] = {}
    for seat in sorted(made_to):
        waiting = made_to[seat]
        first = next((n for n, offer in enumerate(waiting) if accepts(state, edition, offer)), None)
        if first is not None:
            found[seat] = later(_acceptable_ids, state, edition, waiting[first], waiting[first + 1 :], accepts)
    return found


def _acceptable_ids(state: GameState, edition: Edition, first: Offer, rest: list, accepts: Accepts) -> dict:
    return {"offer": [first.id, *(o.id for o in rest if accepts(state, edition, o))]}


def either_side(state: GameState, edition: Edition, kind: type[OfferT]) -> dict[int, dict[str, list[int]]]:
    """For each seat that may close an open offer (the one offered and the one
    who offered: a rejection or a withdrawal), the ids of those offers ("offer")."""
    found: dict[int, dict[str, list[int]]] = {}
    for offer in pending_of(state, edition, kind):
        _add(found, offer.seat, offer.id)
        _add(found, offer.to, offer.id)
    return dict(sorted(found.items()))


def _add(found: dict[int, dict[str, list[int]]], seat: int, offer_id: int) -> None:
    """Add an offer's id to the seat's options (not ``setdefault``, which would build the default every time)."""
    if seat in found:
        found[seat]["offer"].append(offer_id)
    else:
        found[seat] = {"offer": [offer_id]}


def examples(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """An answer naming each offer the seat may answer (at most ten)."""
    return [{"offer": offer_id} for offer_id in options["offer"][:10]]


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
