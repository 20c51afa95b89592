"""Bankruptcy: a debtor who cannot raise what they owe leaves the game, and
the creditor takes the estate (seed 001, "Банкротство и победа"; seed 000,
"Банкротство").

When. ``declare_bankruptcy`` is open to a debtor whose cash, plus everything
the bank would pay them (every building sold back, every property
mortgaged), is less than what they owe; a debtor who could raise it must
(seed 001: "Если после продажи зданий и залога вы всё равно не можете
погасить долг, вы банкрот"). The debtor need not sell or mortgage first: the
settlement does it. Bankruptcy is always declared, never automatic: until
then the table may still set a mistake right, and a debtor may still sell a
mortgaged property or a card to another player for more than the bank pays;
the state shows each debt with what its debtor could raise, so the table
sees when declaring is the only way on.

To whom. The creditor of the debtor's oldest pending debt takes the estate;
any other debt of the bankrupt lapses. The booklets know a single creditor;
several debts at once come mostly from a card paying each player, whose
first unpaid debt is the one the debtor's cash stopped at. Money owed to the
bankrupt is owed to whoever takes the estate. A debt owed to the Free
Parking pot (a house rule) is a debt to the bank, except that the cash goes
to the pot.

To a player: buildings are sold to the bank at their sale value, and the
creditor receives the cash, the deeds and the "get out of jail free" cards;
for each mortgaged deed the creditor pays the bank the interest at once and
then lifts it for its value alone or keeps it (``MortgageChoice`` with the
interest paid: the interest is paid once either way, as seed 001 has it,
"Он оплачивает снятие залога либо 10% за его сохранение"); if the creditor
cannot pay that interest it is their debt. To the bank: the
bank takes the cash, cancels the mortgages, takes the buildings back into
its supply and auctions each property in turn, one auction after another
(bid and pass as usual); the cards go to the bottom of their decks.

The bankruptcy that ends the game hands everything over as it stands: no
auction, no interest and no choice follow, since no play does; a variant
with ``hand_over_buildings`` (the short game) hands the buildings over too
(seed 000: "Игрок, ставший банкротом, передает своему кредитору (Банку или
другому игроку) все, чем владеет, включая здания и иную собственность").

Editions may send the estate elsewhere (``rules.bankruptcy``; seed 002: "Не
виходить розрахуватися — можна натиснути «Здатися». Банкрут вибуває: його
клітинки повертаються банку вільними, філії — в запас, а гроші отримує той,
кому він винен"): the properties go back to the bank and are free again, no
auction, whoever the creditor is; only the cash goes to the creditor. There a
debtor raises money by selling property to the bank instead of mortgaging it
(``bank_sale``), so what the bank would pay for it counts in what the debtor
could raise.

Out of time. With the table clock on, a player who lets a decision's time run
out is out of the game, bankrupt to the bank (seed 002: "Хто вибув,
вважається банкрутом перед банком"): registered with the clock here, settled
as a bankruptcy to the bank, whatever the player owed to others lapsing.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar

from . import ending
from .building_auction import running
from .clock import on_out_of_time
from .development import level
from .edition import Edition
from .holdings import bank_price, owed, owes
from .jail import return_card
from .mortgage import interest, offer_choice
from .offers import pending_of
from .pending import Auction, Debt, Pending
from .purchase import CLOSERS, opening, remove_bidder, run_auction, sell_lot
from .rulings import Rule
from .state import BANK, Account, GameState
from .step import Step, action
from .turns import next_seat, start_turn

NO_DEBT = Rule("bankruptcy.no_debt", "{name} owes nothing: bankruptcy is declared over a debt that cannot be paid.")
CAN_RAISE = Rule(
    "bankruptcy.can_raise",
    "{name} owes {owed:m} and can raise it: cash {cash:m} + buildings sold back {buildings:m} + mortgages "
    "{mortgages:m} = {total:m}. Sell buildings and mortgage to pay; only a debtor who cannot is bankrupt.",
)
WAIT_AUCTION = Rule(
    "bankruptcy.building_auction",
    "The bank is auctioning scarce buildings: a bankruptcy waits until that auction ends.",
)
DECLARED = Rule(
    "bankruptcy.declared",
    "{name} owes {owed:m} and can raise only {total:m} (cash {cash:m} + buildings sold back {buildings:m} + "
    "mortgages {mortgages:m}): {name} is bankrupt and out of the game; {creditor} takes the estate.",
)
CAN_RAISE_SALES = Rule(
    "bankruptcy.can_raise.sales",
    "{name} owes {owed:m} and can raise it: cash {cash:m} + buildings sold back {buildings:m} + properties sold to "
    "the bank {sales:m} = {total:m}. Collapse buildings, auction property and sell it to pay; only a debtor who "
    "cannot gives up.",
)
SURRENDERED = Rule(
    "bankruptcy.declared.sales",
    "{name} owes {owed:m} and can raise only {total:m} (cash {cash:m} + buildings sold back {buildings:m} + "
    "properties sold to the bank {sales:m}): {name} gives up and is out of the game.",
)
OUT_LAPSED = Rule(
    "bankruptcy.out_debt_lapsed",
    "{name}'s debt of {amount:m} to {creditor} lapses: {name} is out of the game, bankrupt to the bank.",
)
ESTATE_FREE = Rule(
    "bankruptcy.estate_free",
    "{name}'s {count} propert(ies) go back to the bank free, without an auction: whoever lands on one may buy it.",
)
LAPSED = Rule(
    "bankruptcy.debt_lapsed",
    "{name}'s debt of {amount:m} to {creditor} lapses: the estate goes to the first creditor.",
)
BUILDINGS_SOLD = Rule(
    "bankruptcy.buildings_sold",
    "{name}'s buildings on {place:space} are sold to the bank at {percent}% of their price: "
    "{levels} × {half:m} = {amount:m}.",
)
CASH_TAKEN = Rule("bankruptcy.cash", "{creditor} takes {name}'s cash, {amount:m}.")
DEED_TAKEN = Rule("bankruptcy.deed", "{creditor} takes the deed of {place:space} from {name}.")
BUILDINGS_TAKEN = Rule(
    "bankruptcy.buildings_handed_over",
    "{creditor} takes {place:space} with its buildings ({levels} building level(s)): the bankruptcy that ends "
    "the game hands over everything.",
)
CARD_TAKEN = Rule("bankruptcy.card", "{creditor} takes {name}'s card “{card:card}”.")
MORTGAGE_INTEREST = Rule(
    "bankruptcy.mortgage_interest",
    "{creditor} receives {place:space} mortgaged and pays the bank {percent}% of {value:m} at once: {amount:m} "
    "({exact:m}; this edition rounds interest {rounding}).",
)
DEEDS_TO_BANK = Rule(
    "bankruptcy.bank_deeds",
    "The bank takes back {name}'s {count} title deed(s); {mortgaged} mortgage(s) on them are cancelled.",
)
BUILDINGS_TO_SUPPLY = Rule(
    "bankruptcy.bank_buildings",
    "{name}'s {houses} house(s) and {hotels} hotel(s) go back to the bank's supply.",
)
CARD_RETURNED = Rule(
    "bankruptcy.card_returned",
    "{name}'s card “{card:card}” goes back to the bottom of its deck.",
)
ESTATE_AUCTION = Rule(
    "bankruptcy.auction",
    "The bank auctions {place:space} from {name}'s estate: everyone still in the game may bid, first bid at "
    "least {opening:m}; {left} more of the estate after it.",
)
DEBT_INHERITED = Rule(
    "bankruptcy.debt_inherited",
    "{debtor}'s debt of {amount:m} to {name} is now owed to {creditor}, who took the estate.",
)
BID_VOID = Rule(
    "bankruptcy.bid_void",
    "{name} is out of the game: their bid of {amount:m} for {place:space} is void and the auction goes on.",
)


@dataclass(frozen=True)
class Raisable:
    """What the bank would pay a player for everything they could still turn
    into cash: buildings sold back at their sale value, then every property
    not yet mortgaged at its mortgage value, or, in an edition without
    mortgages whose bank buys property back from a debtor (seed 002), at
    the bank's price."""

    buildings: int
    mortgages: int
    sales: int = 0

    @property
    def total(self) -> int:
        return self.buildings + self.mortgages + self.sales


def sells_to_bank(edition: Edition) -> bool:
    """A debtor raises money by selling property to the bank, not by mortgaging it."""
    return edition.rules.debt.bank_sale and not edition.rules.mortgage.enabled


def raisable(state: GameState, edition: Edition, seat: int) -> Raisable:
    percent = edition.rules.buildings.sale_fraction_percent
    mortgages = edition.rules.mortgage.enabled
    sales = sells_to_bank(edition)
    buildings = mortgage_values = sale_values = 0
    for holding in state.owned_by(seat):
        space = edition.space(holding.position)
        if space.kind == "street":
            buildings += level(holding, state, edition) * (space.building_cost * percent // 100)
        if mortgages and not holding.mortgaged:
            mortgage_values += space.mortgage
        elif sales:
            sale_values += bank_price(edition, holding.position)
    return Raisable(buildings, mortgage_values, sale_values)


def _means(state: GameState, edition: Edition, seat: int) -> dict:
    """A debtor's means, as the bankruptcy rulings show them."""
    could = raisable(state, edition, seat)
    cash = state.players[seat].cash
    found = dict(cash=cash, buildings=could.buildings, total=cash + could.total)
    if sells_to_bank(edition):
        return dict(found, sales=could.sales)
    return dict(found, mortgages=could.mortgages)


def cannot_pay(state: GameState, edition: Edition, seat: int) -> bool:
    """The seat owes more than its cash and everything the bank would pay it."""
    return owes(state, seat) and state.players[seat].cash + raisable(state, edition, seat).total < owed(state, seat)


# -- declaring -------------------------------------------------------------------


@dataclass(frozen=True)
class DeclareBankruptcy:
    type: ClassVar[str]
    seat: int


def _refusal(state: GameState, edition: Edition, seat: int) -> tuple[str, Rule, dict[str, Any]] | None:
    """Why the seat may not declare bankruptcy now, or None when it may."""
    name = state.players[seat].name
    if not owes(state, seat):
        return "no_debt", NO_DEBT, dict(name=name)
    if running(state):
        return "building_auction_running", WAIT_AUCTION, {}
    if not cannot_pay(state, edition, seat):
        rule = CAN_RAISE_SALES if sells_to_bank(edition) else CAN_RAISE
        return "can_raise", rule, dict(name=name, owed=owed(state, seat), **_means(state, edition, seat))
    return None


def _declare_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """For each debtor who cannot raise what they owe: the debt ("owed"), the
    creditor who takes the estate (that of the oldest debt: a seat, "bank" or
    "pot") and what the debtor could raise ("can_raise": cash and everything
    the bank would pay)."""
    debts = pending_of(state, edition, Debt)
    if not debts:
        return {}
    found: dict[int, dict[str, Any]] = {}
    seen: set[int] = set()
    for debt in debts:
        seat = debt.debtor
        if seat in seen:
            continue
        seen.add(seat)
        if _refusal(state, edition, seat) is not None:
            continue
        can_raise = state.players[seat].cash + raisable(state, edition, seat).total
        found[seat] = {"owed": owed(state, seat), "creditor": debt.creditor, "can_raise": can_raise}
    return dict(sorted(found.items()))


@action("declare_bankruptcy", DeclareBankruptcy, _declare_options)
def declare_bankruptcy(step: Step, act: DeclareBankruptcy) -> None:
    refused = _refusal(step.state, step.edition, act.seat)
    if refused is not None:
        code, rule, values = refused
        raise step.refuse(code, rule, **values)
    go_bankrupt(step, act.seat)


def go_bankrupt(step: Step, seat: int) -> None:
    """Settle a declared bankruptcy: the estate to the first creditor, the
    player out, and the game over if this bankruptcy ends it."""
    state = step.state
    player = state.players[seat]
    debts = [d for d in state.pending_of(Debt) if d.debtor == seat]
    creditor = debts[0].creditor
    means = _means(state, step.edition, seat)
    owes_all = sum(d.amount for d in debts)
    if sells_to_bank(step.edition):
        step.note(SURRENDERED, name=player.name, owed=owes_all, **means)
    else:
        step.note(DECLARED, name=player.name, owed=owes_all, creditor=step.name(creditor), **means)
    _settle(step, seat, creditor, LAPSED)


@on_out_of_time
def out_of_time(step: Step, seat: int) -> None:
    """The table clock puts a player out, bankrupt to the bank (seed 002: "Хто вибув, вважається банкрутом перед
    банком."); a player out already, or a game over, is left as it is."""
    if step.state.finished or step.state.players[seat].bankrupt:
        return
    _settle(step, seat, BANK, OUT_LAPSED)


def _settle(step: Step, seat: int, creditor: Account, lapsed: Rule) -> None:
    """The bankrupt's debts to anyone but ``creditor`` lapse (``lapsed`` says
    why), the estate goes where the edition sends it, and the player is out."""
    state = step.state
    player = state.players[seat]
    for debt in [d for d in state.pending_of(Debt) if d.debtor == seat]:
        step.drop(debt)
        if debt.creditor != creditor:
            step.note(lapsed, name=player.name, amount=debt.amount, creditor=step.name(debt.creditor))
    _leave_pending(step, seat)
    final = ending.ends_at_bankruptcy(state, step.edition, len(state.players) - len(state.active_seats()) + 1)
    estate: tuple[int, ...] = ()
    if isinstance(creditor, int) and step.edition.rules.bankruptcy.estate_to_creditor:
        _to_player(step, seat, creditor, final)
    else:
        estate = _to_bank(step, seat, creditor, final)
    step.set_player(seat, bankrupt=True, jail_cards=(), in_jail=False, jail_turns=0)
    _inherit_debts(step, seat, creditor)
    if final:
        ending.after_bankruptcy(step)
        return
    if step.state.turn.seat == seat:
        start_turn(step, next_seat(step.state, seat))
    if estate:
        _auction_next(step, player.name, estate)


# -- what the bankrupt leaves behind ---------------------------------------------------

SEAT_FIELDS = ("seat", "debtor", "payer", "owner", "to")
"""Fields by which a pending item names a player: an item naming the bankrupt
is theirs to resolve, and goes with them."""


def _names(item: Pending, seat: int) -> bool:
    return any(getattr(item, f.name) == seat for f in fields(item) if f.name in SEAT_FIELDS)


def _leave_pending(step: Step, seat: int) -> None:
    """Drop what only the bankrupt could resolve; auctions go on without them."""
    for item in step.state.pending:
        if isinstance(item, Auction) and getattr(item, "seller", None) == seat:
            step.drop(item)  # an auction of the bankrupt's own property: the property goes with the estate
        elif isinstance(item, Auction):
            if seat in item.bidders or item.high_bidder == seat:  # a standing bid outlives its bidder's pass
                if item.high_bidder == seat:
                    name = step.state.players[seat].name
                    step.note(BID_VOID, name=name, amount=item.high_bid, place=item.position)
                remove_bidder(step, item, seat)
        elif not isinstance(item, Debt) and _names(item, seat):
            step.drop(item)


def _inherit_debts(step: Step, seat: int, creditor: Account) -> None:
    """Money owed to the bankrupt is owed to whoever took the estate."""
    for debt in step.state.pending_of(Debt):
        if debt.creditor != seat:
            continue
        names = step.state.players
        step.note(
            DEBT_INHERITED,
            debtor=names[debt.debtor].name,
            amount=debt.amount,
            name=names[seat].name,
            creditor=step.name(creditor),
        )
        if debt.debtor == creditor:
            step.drop(debt)
        else:
            step.swap(debt, replace(debt, creditor=creditor))


def _sell_buildings(step: Step, seat: int) -> None:
    percent = step.edition.rules.buildings.sale_fraction_percent
    for holding in list(step.state.owned_by(seat)):
        levels = level(holding, step.state, step.edition)
        if not levels:
            continue
        half = step.edition.space(holding.position).building_cost * percent // 100
        _return_buildings(step, holding.position)
        values = dict(name=step.state.players[seat].name, place=holding.position, percent=percent, half=half)
        ruling = step.ruling(BUILDINGS_SOLD, levels=levels, amount=levels * half, **values)
        step.transfer(BANK, seat, levels * half, "bankruptcy", ruling)


def _return_buildings(step: Step, position: int) -> tuple[int, int]:
    """Put a street's buildings back in the bank's supply (a hotel alone: its
    houses went back when it was bought)."""
    holding = step.state.holdings[position]
    houses, hotels = holding.houses, int(holding.hotel)
    supply = step.state.supply
    step.set(supply=replace(supply, houses=supply.houses + houses, hotels=supply.hotels + hotels))
    step.set_holding(position, houses=0, hotel=False)
    return houses, hotels


def _to_player(step: Step, seat: int, creditor: int, final: bool) -> None:
    variant = step.edition.rules.variant(step.state.options.variant)
    keep_buildings = final and variant.hand_over_buildings
    if not keep_buildings:
        _sell_buildings(step, seat)
    player = step.state.players[seat]
    names = dict(name=player.name, creditor=step.state.players[creditor].name)
    if player.cash:
        step.transfer(seat, creditor, player.cash, "bankruptcy", step.ruling(CASH_TAKEN, amount=player.cash, **names))
    mortgaged = []
    for holding in list(step.state.owned_by(seat)):
        step.set_holding(holding.position, owner=creditor)
        levels = level(holding, step.state, step.edition)
        if levels:
            step.note(BUILDINGS_TAKEN, place=holding.position, levels=levels, **names)
        else:
            step.note(DEED_TAKEN, place=holding.position, **names)
        if holding.mortgaged:
            mortgaged.append(holding.position)
    for card in player.jail_cards:
        step.set_player(creditor, jail_cards=step.state.players[creditor].jail_cards + (card,))
        step.note(CARD_TAKEN, card=card, **names)
    if not final:
        for position in mortgaged:
            due = interest(step.edition, position)
            ruling = step.ruling(
                MORTGAGE_INTEREST, creditor=names["creditor"], place=position, amount=due.amount, **due.values()
            )
            step.charge(creditor, BANK, due.amount, "mortgage_interest", ruling)
            offer_choice(step, creditor, position, fee_paid=True)


def _to_bank(step: Step, seat: int, account: Account, final: bool) -> tuple[int, ...]:
    """The bank takes the properties, the buildings and the cards back; the
    cash goes to the creditor (the bank's, where the pot is owed, to the pot).
    Returns the properties to auction, where the edition auctions them."""
    player = step.state.players[seat]
    if player.cash:
        ruling = step.ruling(CASH_TAKEN, name=player.name, creditor=step.name(account), amount=player.cash)
        step.transfer(seat, account, player.cash, "bankruptcy", ruling)
    houses = hotels = 0
    deeds = sorted(h.position for h in step.state.owned_by(seat))
    mortgaged = sum(1 for p in deeds if step.state.holdings[p].mortgaged)
    for position in deeds:
        back = _return_buildings(step, position)
        houses, hotels = houses + back[0], hotels + back[1]
        step.set_holding(position, owner=None, mortgaged=False)
    if houses or hotels:
        step.note(BUILDINGS_TO_SUPPLY, name=player.name, houses=houses, hotels=hotels)
    auction = step.edition.rules.bankruptcy.estate_auction
    if deeds and auction:
        step.note(DEEDS_TO_BANK, name=player.name, count=len(deeds), mortgaged=mortgaged)
    elif deeds:
        step.note(ESTATE_FREE, name=player.name, count=len(deeds), mortgaged=mortgaged)
    for card in player.jail_cards:
        return_card(step, card)
        step.note(CARD_RETURNED, name=player.name, card=card)
    return tuple(deeds) if auction and not final else ()


# -- the bank's auctions of an estate ---------------------------------------------------


@dataclass(frozen=True)
class EstateAuction(Auction):
    """One property of a bankrupt's estate auctioned by the bank (seed 001:
    "При долге Банку собственность возвращают ему, залоги аннулируют, объекты
    выставляют на аукцион"), with ``bid`` and ``pass`` as usual.

    estate: whose estate it is (their name, for the rulings).
    queue: the estate's properties still to be auctioned after this one.
    """

    type: ClassVar[str] = "estate_auction"
    estate: str = ""
    queue: tuple[int, ...] = ()

    def describe(self, state: GameState, edition: Edition) -> str:
        return f"the bank's auction of {edition.space(self.position).label()} from {self.estate}'s estate"


def _auction_next(step: Step, estate: str, positions: tuple[int, ...]) -> None:
    position, rest = positions[0], positions[1:]
    start = opening(step.edition, step.edition.space(position).price)
    step.note(ESTATE_AUCTION, place=position, name=estate, opening=start, left=len(rest))
    bidders = tuple(step.state.active_seats())
    run_auction(step, EstateAuction(position, bidders, start, estate=estate, queue=rest))


def _close_estate_auction(step: Step, auction: EstateAuction) -> None:
    sell_lot(step, auction)
    if auction.queue:
        _auction_next(step, auction.estate, auction.queue)


CLOSERS[EstateAuction] = _close_estate_auction
