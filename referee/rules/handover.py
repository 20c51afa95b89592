"""What a player could hand over to another now: the properties, cards and
cash that a trade or a payment in kind may include, and whom a seat could
trade with.

``allowed`` asks this of every seat and of every open offer, so the board is
read once per state (``tradeable_positions``); a refusal explains a property
that is not among them. A property changes hands only when its owner holds
it, no mortgage choice waits on it, and, for a street, no building stands on
its group (seed 001: "Перед передачей Улицы продайте Банку все здания её
цветовой группы").
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import filterfalse
from types import MappingProxyType
from typing import Any

from .board import board
from .edition import Edition
from .holdings import NO_SPACE, NOT_OWNER, NOT_PROPERTY, bank_price, built_groups, group_built
from .memo import per_holdings_and
from .mortgage_terms import MortgageChoice
from .rulings import Rule
from .state import GameState
from .trade_forms import forms_allow

Refusal = tuple[str, Rule, dict[str, Any]]
"""Why an action is refused: its code, its rule and the rule's values (``step.refuse`` takes them)."""

BUILDINGS = Rule(
    "trade.buildings",
    "{built:space} has buildings: every building of the {group:group} group must be sold to the bank before "
    "{place:space} changes hands.",
)
UNDECIDED = Rule(
    "trade.undecided",
    "{name} must first decide whether to lift or keep the mortgage on {place:space}, received just now.",
)


def undecided_positions(state: GameState) -> tuple[int, ...]:
    """The positions of the mortgage choices pending."""
    return tuple(c.position for c in state.pending if isinstance(c, MortgageChoice)) if state.pending else ()


@per_holdings_and(undecided_positions)
def tradeable_positions(state: GameState, edition: Edition) -> Mapping[int, tuple[int, ...]]:
    """The properties each seat could hand over now, by owner (seats with
    one at least), in the order of the holdings (board order). It reads the
    holdings and ``undecided_positions``, nothing else of the state."""
    kept = set(undecided_positions(state))
    for group in built_groups(state, edition):
        kept.update(edition.group_positions(group))
    owned, found = board(state, edition).owned, {}
    for seat in sorted(owned):
        positions = owned[seat]
        if kept:  # a mortgage choice waits on it, or a building stands on its group
            positions = tuple(filterfalse(kept.__contains__, positions))
        if positions:
            found[seat] = positions
    return MappingProxyType(found)


def handover_refusal(state: GameState, edition: Edition, seat: int, position: int) -> Refusal | None:
    """Why the seat may not hand over the position now, or None when it may."""
    if position in tradeable_positions(state, edition).get(seat, ()):
        return None
    name = state.players[seat].name
    if not (isinstance(position, int) and 0 <= position < edition.size):
        return "no_such_space", NO_SPACE, dict(position=position)
    space = edition.space(position)
    if not space.is_property:
        return "not_a_property", NOT_PROPERTY, dict(place=position)
    if state.holdings[position].owner != seat:
        return "not_owner", NOT_OWNER, dict(name=name, place=position)
    if any(c.position == position for c in state.pending_of(MortgageChoice)):
        return "mortgage_undecided", UNDECIDED, dict(name=name, place=position)
    built = group_built(state, edition, space.group)
    return "group_has_buildings", BUILDINGS, dict(built=built, group=space.group, place=position)


def jail_cards(state: GameState, edition: Edition, seat: int) -> tuple[str, ...]:
    """The seat's "get out of jail free" cards, where the edition lets them change hands."""
    return state.players[seat].jail_cards if edition.rules.trades.cards else ()


def sale_floor_of(edition: Edition, positions: tuple[int, ...]) -> int | None:
    """The least a buyer must pay for one of these properties: the bank's
    price, where the edition sets a floor on sales, else 0; None for none."""
    if not positions:
        return None
    return min(bank_price(edition, p) for p in positions) if edition.rules.trades.sale_floor else 0


def partners_of(state: GameState, edition: Edition, seat: int, sale_only: bool) -> list[int]:
    """Seats the seat could offer a trade to (see ``partners_by_seat``)."""
    return partners_by_seat(state, edition, {seat: sale_only})[seat]


def open_to_all(
    state: GameState, edition: Edition, owned: Mapping[int, tuple[int, ...]], seat: int, sale_only: bool
) -> bool:
    """Every other player in the game is a partner the seat could offer a
    trade to (``partners_by_seat``): it has something any of them could take,
    a property where sales have no floor (``owned``: what may change hands) or
    a card, and may offer more than a sale, where a trade takes no particular form."""
    rules = edition.rules.trades
    if rules.two_forms or sale_only:
        return False
    if not rules.sale_floor and seat in owned:
        return True
    return bool(rules.cards and state.players[seat].jail_cards)


def partners_by_seat(state: GameState, edition: Edition, offering: Mapping[int, bool]) -> dict[int, list[int]]:
    """For each offering seat (whether it may offer only a sale), the seats it
    could offer a trade to: the other has something to ask for, or the seat
    has something the other could take (a card, or a property the other could
    pay the floor of); for a sale only (a debtor outside the trade window),
    the seats that could buy one of its properties. Where a trade takes one of
    two forms, only the seats an exchange or a sale could be offered to."""
    owned = tradeable_positions(state, edition)
    rules = edition.rules.trades
    active = [p for p in state.players if not p.out]
    seats = [p.seat for p in active]
    found = {}
    for seat, sale_only in offering.items():
        mine = owned.get(seat, ())
        if rules.two_forms:
            found[seat] = _two_form_partners(state, edition, owned, seat, sale_only, active)
            continue
        if open_to_all(state, edition, owned, seat, sale_only):
            found[seat] = [s for s in seats if s != seat]
            continue
        floor = sale_floor_of(edition, mine)
        if sale_only:
            found[seat] = [p.seat for p in active if p.seat != seat and floor is not None and floor <= p.cash]
            continue
        found[seat] = [
            p.seat
            for p in active
            if p.seat != seat
            and (p.seat in owned or (rules.cards and p.jail_cards) or (floor is not None and floor <= p.cash))
        ]
    return found


def _two_form_partners(
    state: GameState,
    edition: Edition,
    owned: Mapping[int, tuple[int, ...]],
    seat: int,
    sale_only: bool,
    active: list,
) -> list[int]:
    """The seats the seat could offer an exchange or a sale (seed 002 l.94);
    a debtor outside the trade window only a sale of its properties
    (``owned``: what may change hands, as ``partners_by_seat`` read it)."""
    cards = edition.rules.trades.cards
    player = state.players[seat]
    if sale_only:
        floor, mine = sale_floor_of(edition, owned.get(seat, ())), (False, 0)
    else:
        held = bool(cards and player.jail_cards)  # a card sells for any sum
        floor = 0 if held else sale_floor_of(edition, owned.get(seat, ()))
        mine = (held or seat in owned, player.cash)
    found = []
    for other in active:
        theirs = not sale_only and (other.seat in owned or bool(cards and other.jail_cards))
        if other.seat != seat and forms_allow(edition, mine, (theirs, other.cash), floor):
            found.append(other.seat)
    return found
