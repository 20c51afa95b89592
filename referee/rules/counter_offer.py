"""A counter-offer: the player offered a trade answers it with terms of
their own. The offer answered is closed (as a rejection) and the new one
opens, from the one who answered to the one who offered, checked like any
offer against the board as it is now; the first offerer answers it with
``accept_trade``, ``reject_trade`` or a counter-offer of their own.

An answer, not an offer: it is open whenever the offer may be answered,
outside the edition's trade window, and does not spend the turn's trade.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from . import offers
from .building_auction import require_no_building_auction, running
from .edition import Edition
from .handover import tradeable_positions
from .memo import later
from .rulings import Rule
from .state import GameState
from .step import Step, action
from .trade_answers import NO_OFFER, WHICH_OFFER
from .trade_forms import form_offers
from .trade_terms import TradeOffer, TradeTerms, terms_fields, terms_values
from .trades import check, check_form, trade_sides

COUNTERED = Rule(
    "trade.countered",
    "{name} answers {partner}'s offer with a counter-offer: {name} gives {gives}; {partner} gives {gets}.",
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


def _options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """For each seat offered a trade it could counter: those offers' ids ("offer") and, per
    offer, what the seat could give and what the offerer could give back
    ("counters": {"offer", "to", "give", "get"}), and whether a counter-offer
    is an exchange or a sale ("two_forms")."""
    open_offers = offers.pending_of(state, edition, TradeOffer)
    if not open_offers or running(state):
        return {}
    forms = edition.rules.trades.two_forms
    countered: dict[int, list[TradeOffer]] = {}
    owned, cards = tradeable_positions(state, edition), edition.rules.trades.cards
    for offer in open_offers:
        if forms or _something_to_ask(state.players, owned, cards, offer):
            countered.setdefault(offer.to, []).append(offer)
    if forms:  # whether a form is open reads both sides in full
        sides = trade_sides(state, edition)
        found = {seat: _counters(sides, seat_offers, forms) for seat, seat_offers in sorted(countered.items())}
        return {seat: options for seat, options in found.items() if options["offer"]}
    return {seat: later(_seat_counters, state, edition, countered[seat]) for seat in sorted(countered)}


def _something_to_ask(players: tuple, owned: Mapping[int, tuple[int, ...]], cards: bool, offer: TradeOffer) -> bool:
    """Whether the examples have a counter-offer to make, read off the state
    without building the sides of ``trade_sides``: both sides are in the
    game, and the offerer has a property (``owned``: what may change hands)
    to ask for, or either side a card where ``cards`` change hands."""
    if players[offer.to].out or players[offer.seat].out:
        return False  # a side is out of the game: the offer can only be closed
    if offer.seat in owned:
        return True
    return cards and bool(players[offer.seat].jail_cards or players[offer.to].jail_cards)


def _seat_counters(state: GameState, edition: Edition, seat_offers: list[TradeOffer]) -> dict[str, Any]:
    return _counters(trade_sides(state, edition), seat_offers, False)


def _counters(sides: dict[int, dict[str, Any]], seat_offers: list[TradeOffer], forms: bool) -> dict[str, Any]:
    """The options of one seat for the offers made to it that it could counter."""
    entry: dict[str, Any] = {"offer": [], "counters": [], "two_forms": forms}
    for offer in seat_offers:
        if offer.to not in sides or offer.seat not in sides:
            continue  # a side is out of the game: the offer can only be closed
        give, get = sides[offer.to], sides[offer.seat]
        if forms and not form_offers(give, get):
            continue  # no exchange or sale of the edition's forms to make
        entry["offer"].append(offer.id)
        entry["counters"].append({"offer": offer.id, "to": offer.seat, "give": give, "get": get})
    return entry


def _examples(options: dict[str, Any]) -> list[dict[str, Any]]:
    """Per offer (at most five): ask for one of the offerer's properties or
    cards, or give one of one's own cards; where a trade takes two forms, the
    exchanges and the sale of ``form_offers``."""
    found = []
    for counter in options["counters"][:5]:
        give, get = counter["give"], counter["get"]
        if options["two_forms"]:
            found += [{"offer": counter["offer"], "give": g, "get": t} for g, t in form_offers(give, get)]
            continue
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
    check_form(step, counter)
    step.push(counter)
    names = step.state.players
    step.note(
        COUNTERED,
        name=names[act.seat].name,
        partner=names[answered.seat].name,
        offer=answered.id,
        **terms_values(step.edition, act.give, act.get),
    )
