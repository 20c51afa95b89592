"""A counter-offer: the player offered a trade answers it with terms of
their own. The offer answered is closed (as a rejection) and the new one
opens, from the one who answered to the one who offered, checked like any
offer against the board as it is now; the first offerer answers it with
``accept_trade``, ``reject_trade`` or a counter-offer of their own.

An answer, not an offer: it is open whenever the offer may be answered,
outside the edition's trade window, and does not spend the turn's trade.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from . import offers
from .building_auction import require_no_building_auction, running
from .edition import Edition
from .handover import jail_cards, tradeable_positions
from .memo import Later
from .rulings import Rule
from .state import GameState
from .step import Step, action
from .trade_answers import NO_OFFER, WHICH_OFFER
from .trade_terms import TradeOffer, TradeTerms, terms_fields, terms_values
from .trades import check, tradeable

COUNTERED = Rule(
    "trade.countered",
    "{name} answers {partner}'s offer {offer} with a counter-offer: {name} gives {gives}; {partner} gives {gets}.",
)


@dataclass(frozen=True)
class CounterTrade:
    """The player offered a trade answers with new terms, ``give`` and ``get``
    seen from their side; ``offer``: the offer answered, when there are several."""

    type: ClassVar[str]
    seat: int
    offer: int | None = None
    give: TradeTerms = field(default_factory=TradeTerms)
    get: TradeTerms = field(default_factory=TradeTerms)

    def __post_init__(self) -> None:
        terms_fields(self)


def _side(state: GameState, terms: TradeTerms) -> dict[str, Any]:
    """One side as the trade's options show it: each property with whether it is mortgaged."""
    return {
        "positions": [{"position": p, "mortgaged": state.holdings[p].mortgaged} for p in terms.positions],
        "cash": {"min": 0, "max": terms.cash, "step": 1, "exact": False},
        "cards": list(terms.cards),
    }


def _options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """For each seat offered a trade it could counter: those offers' ids ("offer") and, per
    offer, what the seat could give and what the offerer could give back
    ("counters": {"offer", "to", "give", "get"})."""
    open_offers = offers.pending_of(state, edition, TradeOffer)
    if not open_offers or running(state):
        return {}
    owned = tradeable_positions(state, edition)
    answered: dict[int, list[TradeOffer]] = {}
    for offer in open_offers:
        # something the examples could ask or give (``tradeable``: the offerer's assets, one's own cards)
        if offer.seat in owned or jail_cards(state, edition, offer.seat) or jail_cards(state, edition, offer.to):
            answered.setdefault(offer.to, []).append(offer)
    return {seat: Later(_counters, state, edition, answered[seat]) for seat in sorted(answered)}


def _counters(state: GameState, edition: Edition, answered: list[TradeOffer]) -> dict[str, Any]:
    sides: dict[int, dict[str, Any]] = {}  # several offers name the same seats
    for offer in answered:
        for seat in (offer.to, offer.seat):
            if seat not in sides:
                sides[seat] = _side(state, tradeable(state, edition, seat))
    counters = [{"offer": o.id, "to": o.seat, "give": sides[o.to], "get": sides[o.seat]} for o in answered]
    return {"offer": [o.id for o in answered], "counters": counters}


def _examples(options: dict[str, Any]) -> list[dict[str, Any]]:
    """Per offer (at most five): ask for one of the offerer's properties or
    cards, or give one of one's own cards."""
    found = []
    for counter in options["counters"][:5]:
        give, get = counter["give"], counter["get"]
        if get["positions"]:
            found.append({"offer": counter["offer"], "get": {"positions": [get["positions"][0]["position"]]}})
        elif get["cards"]:
            found.append({"offer": counter["offer"], "get": {"cards": [get["cards"][0]]}})
        if give["cards"]:
            found.append({"offer": counter["offer"], "give": {"cards": [give["cards"][0]]}})
    return found


@action("counter_trade", CounterTrade, _options, _examples)
def counter_trade(step: Step, act: CounterTrade) -> None:
    answered = offers.find(step, TradeOffer, act.seat, act.offer, True, (NO_OFFER, WHICH_OFFER))
    require_no_building_auction(step)
    rules = step.edition.rules.trades
    counter = TradeOffer(step.state.version + 1, act.seat, answered.seat, act.give, act.get, waits=rules.offer_waits)
    step.drop(answered)
    check(step, counter)
    step.push(counter)
    names = step.state.players
    step.note(
        COUNTERED,
        name=names[act.seat].name,
        partner=names[answered.seat].name,
        offer=answered.id,
        **terms_values(step.edition, act.give, act.get),
    )
