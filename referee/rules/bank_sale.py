"""Selling property back to the bank to raise a debt (seed 002, "Борги й
банкрутство").

Seed 002: "Продати бізнес банку можна лише в борг і лише після торгів, на
яких його ніхто не купив. Виняток — галузь із холдингом, який не розібрати,
бо в запасі банку забракло філій: тоді банк забирає клітинку одразу. Банк
платить половину ціни й половину вартості забудови; клітинка стає вільною."

Only a debtor sells (``sell_to_bank``: ``position``). The property must have
been put up for a seller's auction during this debt and still be the
debtor's, so nobody bought it (``Debt.auctioned``), and its group must be
free of buildings, as for that auction. The bank takes it at once where no
auction could be held: in an industry whose holding cannot be broken because
the supply lacks the branches (the seed's exception: it is paid with half of
its buildings, which go back to the supply), or when no opponent has the cash
for the opening bid, the bank's own price, so no auction could find a buyer.
The bank pays its buy-back share of the price (``bank_buyback_percent``)
plus the sale value of the buildings on it; the property is free again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from .edition import Edition
from .holdings import bank_price, group_built, require_owner
from .pending import Debt
from .rulings import Rule
from .state import BANK, GameState
from .step import Step, action
from .street_levels import house_limit, level
from .timing import undecided
from .turns import RESOLVE_FIRST, debtors

UNAVAILABLE = Rule(
    "bank_sale.unavailable", "In this edition the bank does not buy {term.property.pl} back from players."
)
NOT_IN_DEBT = Rule(
    "bank_sale.not_in_debt",
    "{name} owes nothing: the bank buys {term.property.pl} back only from a player raising a debt.",
)
NOT_AUCTIONED = Rule(
    "bank_sale.not_auctioned",
    "{name} has not auctioned {place:space} during this debt: the bank buys it back only after an auction of it "
    "found no buyer.",
)
BUILDINGS = Rule(
    "bank_sale.buildings",
    "{built:space} has buildings: collapse every building of the {group:group} group before selling {place:space} "
    "to the bank.",
)
MORTGAGED = Rule(
    "bank_sale.mortgaged", "{place:space} is mortgaged: the bank buys back only unmortgaged {term.property.pl}."
)
AFTER_AUCTION = Rule(
    "bank_sale.after_auction",
    "Nobody bought {place:space} at {name}'s auction during this debt: the bank buys it for {percent}% of its "
    "price, {amount:m}, and it is free again.",
)
SOLD = Rule(
    "bank_sale.sold",
    "{name} sells {place:space} to the bank for {percent}% of its price, {amount:m}, and it is free again.",
)
NO_BIDDER = Rule(
    "bank_sale.no_bidder",
    "No opponent has the {amount:m} an auction of {place:space} would open at, so none could buy it: the bank "
    "buys it from {name} for {percent}% of its price, {amount:m}, and it is free again.",
)
HOLDING = Rule(
    "bank_sale.holding",
    "The supply has {houses:n.house}, fewer than the {needed} a {hotel:term} of the {group:group} group "
    "breaks into: the bank takes {place:space} from {name} at once, for {percent}% of its price {price:m} + "
    "{building_percent}% of its buildings (levels: {levels}) {buildings:m} = {amount:m}; it is free again and its "
    "buildings go back to the supply.",
)


@dataclass(frozen=True)
class SellToBank:
    """The debtor sells ``position`` back to the bank."""

    type: ClassVar[str]
    seat: int
    position: int


def stuck_holding(state: GameState, edition: Edition, group: str) -> bool:
    """A hotel of the group cannot be sold back: the bank lacks the houses it
    breaks into and the edition never sells one outright (seed 002: "холдинг
    розпадається на чотири філії, лише якщо вони є в запасі")."""
    if edition.rules.buildings.hotel_sold_outright or state.supply.houses >= house_limit(state, edition):
        return False
    return any(state.holdings[p].hotel for p in edition.group_positions(group))


def _auction_possible(state: GameState, edition: Edition, seat: int, position: int) -> bool:
    """Some opponent has the cash to open a seller's auction of it at the bank's price."""
    if not edition.rules.seller_auction.enabled:
        return False
    floor = bank_price(edition, position)
    return any(state.players[s].cash >= floor for s in state.active_seats() if s != seat)


def _auctioned(state: GameState, seat: int) -> set[int]:
    return {p for debt in state.pending_of(Debt) if debt.debtor == seat for p in debt.auctioned}


def _why(state: GameState, edition: Edition, seat: int, position: int) -> Rule | None:
    """The rule under which the bank buys the seat's property now, or None
    (the seat owes a debt, nothing else is waiting, and it owns ``position``)."""
    space = edition.space(position)
    if state.holdings[position].mortgaged:
        return None
    if space.kind == "street" and group_built(state, edition, space.group) is not None:
        return HOLDING if stuck_holding(state, edition, space.group) else None
    if not edition.rules.debt.bank_sale_needs_auction:
        return SOLD
    if position in _auctioned(state, seat):
        return AFTER_AUCTION
    if not _auction_possible(state, edition, seat, position):
        return NO_BIDDER
    return None


Refusal = tuple[str, Rule, dict[str, Any]]


def seat_refusal(state: GameState, edition: Edition, seat: int) -> Refusal | None:
    """Why the bank buys nothing from the seat now, or None: it buys only
    from a debtor, once nothing else is waiting."""
    if not edition.rules.debt.bank_sale:
        return "no_bank_sale", UNAVAILABLE, {}
    if seat not in debtors(state, edition):
        return "no_debt", NOT_IN_DEBT, dict(name=state.players[seat].name)
    busy = undecided(state, seat)
    if busy is not None:
        return "pending", RESOLVE_FIRST, dict(what=busy.describe(state), pending=busy.type)
    return None


def _buildings_share(state: GameState, edition: Edition, position: int) -> int:
    """The sale value of the building levels on ``position``."""
    share = edition.rules.buildings.sale_fraction_percent
    return level(state.holdings[position], state, edition) * (edition.space(position).building_cost * share // 100)


def bank_pays(state: GameState, edition: Edition, position: int, why: Rule) -> int:
    """What the bank pays for ``position`` under ``why``: its buy-back price,
    and for a holding it takes at once, the sale value of its buildings."""
    price = bank_price(edition, position)
    return price + _buildings_share(state, edition, position) if why is HOLDING else price


def _options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """For each debtor, the properties the bank would buy now and what it pays for each."""
    if not state.pending or not edition.rules.debt.bank_sale:
        return {}
    found = {}
    for seat in sorted(debtors(state, edition)):
        if state.players[seat].out or seat_refusal(state, edition, seat) is not None:
            continue
        whys = {h.position: _why(state, edition, seat, h.position) for h in state.owned_by(seat)}
        entries = [{"position": p, "price": bank_pays(state, edition, p, why)} for p, why in whys.items() if why]
        if entries:
            found[seat] = {"positions": entries}
    return found


def _examples(options: dict[str, Any]) -> list[dict[str, Any]]:
    """Each property the bank would buy."""
    return [{"position": entry["position"]} for entry in options["positions"][:10]]


def sellable(state: GameState, edition: Edition, seat: int) -> list[int]:
    """The seat's properties the bank would buy back now."""
    return [entry["position"] for entry in _options(state, edition).get(seat, {}).get("positions", [])]


def _require_sellable(step: Step, seat: int, position: int) -> Rule:
    state, edition = step.state, step.edition
    refusal = seat_refusal(state, edition, seat)
    if refusal is not None:
        code, rule, values = refusal
        raise step.refuse(code, rule, **values)
    require_owner(step, seat, position)
    if state.holdings[position].mortgaged:
        raise step.refuse("mortgaged", MORTGAGED, place=position)
    why = _why(state, edition, seat, position)
    if why is not None:
        return why
    space = edition.space(position)
    built = group_built(state, edition, space.group) if space.kind == "street" else None
    if built is not None:
        raise step.refuse("group_has_buildings", BUILDINGS, built=built, group=space.group, place=position)
    raise step.refuse("not_auctioned", NOT_AUCTIONED, name=state.players[seat].name, place=position)


@action("sell_to_bank", SellToBank, _options, _examples, answers=Debt)
def sell_to_bank(step: Step, act: SellToBank) -> None:
    why = _require_sellable(step, act.seat, act.position)
    state, edition = step.state, step.edition
    holding = state.holdings[act.position]
    price = bank_pays(state, edition, act.position, why)
    values = dict(name=state.players[act.seat].name, place=act.position, percent=edition.rules.bank_buyback_percent)
    if why is HOLDING:
        share = edition.rules.buildings.sale_fraction_percent
        values.update(
            houses=state.supply.houses,
            needed=house_limit(state, edition),
            group=edition.space(act.position).group,
            price=bank_price(edition, act.position),
            building_percent=share,
            levels=level(holding, state, edition),
            buildings=_buildings_share(state, edition, act.position),
            house="house",
            hotel="hotel",
        )
        supply = state.supply
        step.set(supply=replace(supply, houses=supply.houses + holding.houses, hotels=supply.hotels + holding.hotel))
    step.set_holding(act.position, owner=None, houses=0, hotel=False)
    step.transfer(BANK, act.seat, price, "bank_sale", step.ruling(why, amount=price, **values))
