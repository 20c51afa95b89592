"""A bankrupt's estate: where it goes and how it is settled.

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
auction and no choice to lift or keep a mortgage follow, since no play does;
a variant with ``hand_over_buildings`` (the short game) hands the buildings
over too (seed 000 l.259: "Игрок, ставший банкротом, передает своему
кредитору (Банку или другому игроку) все, чем владеет, включая здания и иную
собственность"). The creditor still pays the interest on each mortgaged
property received: seed 000 l.233 makes it due on receipt ("При этом он
должен уплатить 10% ее стоимости, а затем принять решение"), and l.259 says
what the bankrupt hands over -- the buildings too, not sold -- not that the
creditor pays less; it is owed, and the worth counts a debt unpaid.

Editions may send the estate elsewhere (``rules.bankruptcy``; seed 002: "Не
виходить розрахуватися — можна натиснути «Здатися». Банкрут вибуває: його
клітинки повертаються банку вільними, філії — в запас, а гроші отримує той,
кому він винен"): the properties go back to the bank and are free again, no
auction, whoever the creditor is; only the cash goes to the creditor. There a
debtor raises money by selling property to the bank instead of mortgaging it
(``bank_sale``), so what the bank would pay for it counts in what the debtor
could raise.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar

from . import ending
from .board import board
from .edition import Edition
from .jail import return_card
from .mortgage_choice import offer_choice
from .mortgage_terms import interest
from .pending import Auction, Debt, Pending
from .purchase import CLOSERS, opening, remove_bidder, run_auction, sell_lot
from .rulings import Rule
from .state import BANK, Account, GameState
from .step import Step
from .street_levels import level
from .turns import next_seat, start_turn

BANKRUPTCY, LEFT = "bankruptcy", "leave"
"""The ledger's reason for the money of an estate settled: a bankrupt's, or a leaver's."""

ESTATE_FREE = Rule(
    "bankruptcy.estate_free",
    "{name}'s {term.property.pl} ({count}) go back to the bank free, without an auction: whoever lands on "
    "one may buy it.",
)
BUILDINGS_SOLD = Rule(
    "bankruptcy.buildings_sold",
    "{name}'s buildings on {place:space} are sold to the bank at {percent}% of their price: "
    "{levels} × {half:m} = {amount:m}.",
)
CASH_TAKEN = Rule("bankruptcy.cash", "{creditor:phrase} takes {name}'s cash, {amount:m}.")
DEED_TAKEN = Rule("bankruptcy.deed", "{creditor} takes the deed of {place:space} from {name}.")
BUILDINGS_TAKEN = Rule(
    "bankruptcy.buildings_handed_over",
    "{creditor} takes {place:space} with its buildings (building levels: {levels}): the settlement that ends "
    "the game hands over everything.",
)
CARD_TAKEN = Rule("bankruptcy.card", "{creditor} takes {name}'s card “{card:card}”.")
MORTGAGE_INTEREST = Rule(
    "bankruptcy.mortgage_interest",
    "{creditor} receives {place:space} mortgaged and pays the bank {percent}% of {value:m} at once: {amount:m}.",
)
MORTGAGE_INTEREST_FINAL = Rule(
    "bankruptcy.mortgage_interest.final",
    "{creditor} receives {place:space} mortgaged at the settlement that ends the game and pays the bank "
    "{percent}% of {value:m} at once: {amount:m}. The interest is due on receipt, at the end too; with no play "
    "left, the mortgage stays.",
)
DEEDS_TO_BANK = Rule(
    "bankruptcy.bank_deeds",
    "The bank takes back {name}'s {count:n.deed} and cancels the mortgages on them ({mortgaged}).",
)
DEEDS_TO_BANK_CLEAR = Rule("bankruptcy.bank_deeds.unmortgaged", "The bank takes back {name}'s {count:n.deed}.")
BUILDINGS_TO_SUPPLY = Rule(
    "bankruptcy.bank_buildings",
    "{name}'s buildings go back to the bank's supply: {houses:n.house}, {hotels:n.hotel}.",
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
LAST_ESTATE_AUCTION = Rule(
    "bankruptcy.auction.last",
    "The bank auctions {place:space} from {name}'s estate: everyone still in the game may bid, first bid at "
    "least {opening:m}; it is the estate's last lot.",
)
DEBT_INHERITED = Rule(
    "bankruptcy.debt_inherited",
    "{debtor}'s debt of {amount:m} to {name} is now owed to {creditor:phrase}, who took the estate.",
)
BID_VOID = Rule(
    "bankruptcy.bid_void",
    "{name} is out of the game: their bid of {amount:m} for {place:space} is void and the auction goes on.",
)


def settle(step: Step, seat: int, creditor: Account, lapsed: Rule, left: bool = False) -> None:
    """The bankrupt's debts to anyone but ``creditor`` lapse (``lapsed`` says
    why), the estate goes where the edition sends it, and the player is out:
    bankrupt, or ``left`` (gone home, settled as a bankruptcy but not one)."""
    state = step.state
    player = state.players[seat]
    for debt in _debts(state, seat):
        step.drop(debt)
        if lapses(debt, creditor):
            step.note(lapsed, name=player.name, amount=debt.amount, creditor=step.party(debt.creditor))
    _leave_pending(step, seat)
    final = ends_game(state, step.edition)
    estate: tuple[int, ...] = ()
    reason = LEFT if left else BANKRUPTCY  # the ledger says which: leaving is no bankruptcy
    if to_player(step.edition, creditor):
        _to_player(step, seat, creditor, final, reason)
    else:
        estate = _to_bank(step, seat, creditor, final, reason)
    step.set_player(seat, out=True, left=left, jail_cards=(), in_jail=False, jail_turns=0)
    _inherit_debts(step, seat, creditor)
    if final:
        ending.after_bankruptcy(step)
        return
    if step.state.turn.seat == seat:
        start_turn(step, next_seat(step.state, seat))
    if estate:
        _auction_next(step, player.name, estate, left)


def ends_game(state: GameState, edition: Edition) -> bool:
    """Whether one more player out (a bankruptcy, or a player leaving) ends the game."""
    return ending.ends_at_bankruptcy(state, edition, len(state.players) - len(state.active_seats()) + 1)


def _debts(state: GameState, seat: int) -> list[Debt]:
    return [d for d in state.pending_of(Debt) if d.debtor == seat]


def lapses(debt: Debt, creditor: Account) -> bool:
    """A debt owed to anyone but the one who takes the estate lapses unpaid (the booklets know one creditor)."""
    return debt.creditor != creditor


def debts_owed(state: GameState, seat: int, creditor: Account) -> list[dict[str, Any]]:
    """The seat's debts, one entry per creditor in the order they arose: how much, and whether it
    ``lapses`` when ``creditor`` takes the estate, its creditor getting nothing."""
    found: dict[Account, int] = {}
    for debt in _debts(state, seat):
        found[debt.creditor] = found.get(debt.creditor, 0) + debt.amount
    return [{"creditor": c, "amount": amount, "lapses": c != creditor} for c, amount in found.items()]


def to_player(edition: Edition, creditor: Account) -> bool:
    """The creditor, a player, takes the estate itself (not only the cash: seed 002)."""
    return isinstance(creditor, int) and edition.rules.bankruptcy.estate_to_creditor


def hands_over_buildings(state: GameState, edition: Edition, final: bool) -> bool:
    """The bankruptcy that ends a short game hands the buildings over instead of selling them."""
    return final and edition.rules.variant(state.options.variant).hand_over_buildings


def estate_of(state: GameState, edition: Edition, seat: int) -> dict[str, Any]:
    """What a player holds: cash, properties (board positions) and cards."""
    player = state.players[seat]
    positions = sorted(board(state, edition).owned.get(seat, ()))
    return {"cash": player.cash, "positions": positions, "cards": list(player.jail_cards)}


def buildings_value(state: GameState, edition: Edition, seat: int) -> int:
    """What the bank pays for all of a player's buildings sold back."""
    percent = edition.rules.buildings.sale_fraction_percent
    total = 0
    for holding in state.owned_by(seat):
        space = edition.space(holding.position)
        if space.kind == "street":
            total += level(holding, state, edition) * (space.building_cost * percent // 100)
    return total


def settlement(state: GameState, edition: Edition, seat: int, creditor: Account) -> dict[str, Any]:
    """What ``settle`` would do with the estate now, for the table to read
    before it confirms: what the estate holds (``estate``); who takes the
    cash (``cash_to``) and how much (``cash``: with the buildings' price
    where they are sold); who takes the properties (``properties_to``) and
    how (``properties``: ``handed_over`` to the player with their mortgages,
    put up for ``auction`` by the bank, or ``free`` again); what becomes of
    the buildings (``buildings``: ``sold`` to the bank, ``handed_over``, or
    back to the ``supply``); who takes the cards (``cards_to``: a seat, or
    back to the ``decks``); the mortgaged properties (``mortgages``, see
    ``mortgages``); the debts and which of them lapse (``debts``, see
    ``debts_owed``); and whether it ends the game (``ends_game``)."""
    final = ends_game(state, edition)
    estate = estate_of(state, edition, seat)
    if to_player(edition, creditor):
        kept = hands_over_buildings(state, edition, final)
        sold = 0 if kept else buildings_value(state, edition, seat)
        how, buildings, cards_to, properties_to = "handed_over", "handed_over" if kept else "sold", creditor, creditor
    else:
        auction = edition.rules.bankruptcy.estate_auction and not final
        sold, how, buildings, cards_to, properties_to = 0, "auction" if auction else "free", "supply", "decks", BANK
    return {
        "estate": estate,
        "cash_to": creditor,
        "cash": estate["cash"] + sold,
        "properties_to": properties_to,
        "properties": how,
        "buildings": buildings,
        "cards_to": cards_to,
        "mortgages": mortgages(state, edition, seat),
        "debts": debts_owed(state, seat, creditor),
        "ends_game": final,
    }


def mortgages(state: GameState, edition: Edition, seat: int) -> dict[str, Any] | None:
    """The estate's mortgaged properties (None when none is): a player who takes
    them pays the bank their interest at once (``interest``, ``percent`` of each
    mortgage value, as ``_to_player`` charges it), then lifts or keeps each; the
    bank that takes them back cancels the mortgages, for nothing."""
    positions = sorted(h.position for h in state.owned_by(seat) if h.mortgaged)
    if not positions:
        return None
    dues = [interest(edition, position) for position in positions]
    return {"positions": positions, "interest": sum(d.amount for d in dues), "percent": dues[0].percent}


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
            creditor=step.party(creditor),
        )
        if debt.debtor == creditor:
            step.drop(debt)
        else:
            step.swap(debt, replace(debt, creditor=creditor))


def _sell_buildings(step: Step, seat: int, reason: str) -> None:
    percent = step.edition.rules.buildings.sale_fraction_percent
    for holding in list(step.state.owned_by(seat)):
        levels = level(holding, step.state, step.edition)
        if not levels:
            continue
        half = step.edition.space(holding.position).building_cost * percent // 100
        _return_buildings(step, holding.position)
        values = dict(name=step.state.players[seat].name, place=holding.position, percent=percent, half=half)
        ruling = step.ruling(BUILDINGS_SOLD, levels=levels, amount=levels * half, **values)
        step.transfer(BANK, seat, levels * half, reason, ruling)


def _return_buildings(step: Step, position: int) -> tuple[int, int]:
    """Put a street's buildings back in the bank's supply (a hotel alone: its
    houses went back when it was bought)."""
    holding = step.state.holdings[position]
    houses, hotels = holding.houses, int(holding.hotel)
    supply = step.state.supply
    step.set(supply=replace(supply, houses=supply.houses + houses, hotels=supply.hotels + hotels))
    step.set_holding(position, houses=0, hotel=False)
    return houses, hotels


def _to_player(step: Step, seat: int, creditor: int, final: bool, reason: str) -> None:
    if not hands_over_buildings(step.state, step.edition, final):
        _sell_buildings(step, seat, reason)
    player = step.state.players[seat]
    names = dict(name=player.name, creditor=step.state.players[creditor].name)
    if player.cash:
        ruling = step.ruling(CASH_TAKEN, name=player.name, creditor=step.party(creditor), amount=player.cash)
        step.transfer(seat, creditor, player.cash, reason, ruling)
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
    rule = MORTGAGE_INTEREST_FINAL if final else MORTGAGE_INTEREST
    for position in mortgaged:
        due = interest(step.edition, position)
        ruling = step.ruling(rule, creditor=names["creditor"], place=position, amount=due.amount, **due.values())
        step.charge(creditor, BANK, due.amount, "mortgage_interest", due.explained(ruling, step.edition))
        if not final:  # lifting or keeping is a decision of play, and play is over
            offer_choice(step, creditor, position, fee_paid=True)


def _to_bank(step: Step, seat: int, account: Account, final: bool, reason: str) -> tuple[int, ...]:
    """The bank takes the properties, the buildings and the cards back; the
    cash goes to the creditor (the bank's, where the pot is owed, to the pot).
    Returns the properties to auction, where the edition auctions them."""
    player = step.state.players[seat]
    if player.cash:
        ruling = step.ruling(CASH_TAKEN, name=player.name, creditor=step.party(account), amount=player.cash)
        step.transfer(seat, account, player.cash, reason, ruling)
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
    if deeds and auction and mortgaged:
        step.note(DEEDS_TO_BANK, name=player.name, count=len(deeds), mortgaged=mortgaged)
    elif deeds and auction:  # no mortgage to cancel: none is said
        step.note(DEEDS_TO_BANK_CLEAR, name=player.name, count=len(deeds))
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
    left: the estate is a player's who left the game, not a bankrupt's (the
        page names the auction by it: leaving is no bankruptcy).
    """

    type: ClassVar[str] = "estate_auction"
    estate: str = ""
    queue: tuple[int, ...] = ()
    left: bool = False

    said: ClassVar[str] = "the bank's auction of {place:space} from {name}'s estate"

    def particulars(self, state: GameState) -> dict[str, Any]:
        return {"name": self.estate, "place": self.position}


def _auction_next(step: Step, estate: str, positions: tuple[int, ...], left: bool) -> None:
    position, rest = positions[0], positions[1:]
    start = opening(step.edition, step.edition.space(position).price)
    if rest:
        step.note(ESTATE_AUCTION, place=position, name=estate, opening=start, left=len(rest))
    else:  # no count of nothing left: the last lot says so
        step.note(LAST_ESTATE_AUCTION, place=position, name=estate, opening=start)
    bidders = tuple(step.state.active_seats())
    run_auction(step, EstateAuction(position, bidders, start, estate=estate, queue=rest, left=left))


def _close_estate_auction(step: Step, auction: EstateAuction) -> None:
    sell_lot(step, auction)
    if auction.queue:
        _auction_next(step, auction.estate, auction.queue, auction.left)


CLOSERS[EstateAuction] = _close_estate_auction
