"""Trades between players: streets, stations, utilities, money and "get out
of jail free" cards, in any combination at any agreed price (seed 001:
"Можно договариваться об обмене Улиц, Вокзалов, Коммунальных предприятий,
денег и карточек выхода из тюрьмы. Перед передачей Улицы продайте Банку все
здания её цветовой группы").

One player offers (``trade``: ``to`` whom, what they ``give``, what they
``get``); the other accepts or rejects it (``accept_trade``,
``reject_trade``), and the offerer may withdraw it (``reject_trade`` too).
Nothing moves until the acceptance; then everything moves in that one
action, checked again against the board as it is then. An offer stays open
until answered or withdrawn and does not hold up play.

Editions may narrow this (seed 002, "Обмін між гравцями"): offers only on
one's own turn after the roll, one per roll (spent by the offer even if it is
refused), no "get out of jail free" cards, a sale for money not below what
the bank would pay, and an offer holds up play until it is answered. A
debtor may still offer a sale, property for money, at any moment of the
debt (``debtor_sells``; seed 002, "Борги й банкрутство": "Ще варіант —
«Продати суперникові» напряму, не дешевше, ніж дав би банк"): outside the
turn's window, without spending the turn's trade.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from . import offers
from .building_auction import require_no_building_auction, running
from .edition import Edition
from .errors import RuleViolation
from .holdings import bank_price, built_groups, group_built, owes, require_owner
from .mortgage import MortgageChoice, offer_choice
from .pending import Pending
from .rulings import Rule
from .state import GameState
from .step import Step, action
from .timing import in_window, others_deciding, undecided
from .turns import RESOLVE_FIRST, describe

PARTNER = Rule("trade.partner", "A trade is between two players in the game; seat {to} cannot trade with {name}.")
TWICE = Rule("trade.terms", "A trade names each property and card once; {what} is named twice.")
MONEY_ONLY = Rule(
    "trade.money_only",
    "A trade must hand over a property or a card: money alone would be a loan or a gift, which the booklet "
    "does not allow.",
)
BUILDINGS = Rule(
    "trade.buildings",
    "{built:space} has buildings: every building of the {group:group} group must be sold to the bank before "
    "{place:space} changes hands.",
)
UNDECIDED = Rule(
    "trade.undecided",
    "{name} must first decide whether to lift or keep the mortgage on {place:space}, received just now.",
)
NO_CARD = Rule("trade.card", "{name} does not hold the card {card}.")
CASH = Rule("trade.cash", "{name} has {cash:m}, less than the {amount:m} the trade asks of them.")
NO_OFFER = Rule("trade.no_offer", "{name} has no open trade offer{which} to answer.")
WHICH_OFFER = Rule("trade.which_offer", "{name} has several open offers ({ids}): name one.")
OFFERED = Rule("trade.offered", "{name} offers {partner} a trade: {name} gives {gives}; {partner} gives {gets}.")
ACCEPTED = Rule("trade.accepted", "{partner} accepts {name}'s offer {offer}: everything changes hands at once.")
REJECTED = Rule("trade.rejected", "{partner} rejects {name}'s offer {offer}: nothing changes hands.")
WITHDRAWN = Rule("trade.withdrawn", "{name} withdraws offer {offer}: nothing changes hands.")
PAID = Rule("trade.cash_paid", "{name} pays {partner} {amount:m}, as agreed in the trade.")
OWN_TURN = Rule(
    "trade.own_turn",
    "{name} may offer a trade only on their own turn after its roll; now it is {current}'s turn{why}.",
)
ONCE = Rule(
    "trade.once_per_turn",
    "{name} has offered a trade since this roll already: one offer per turn, spent even if it is refused.",
)
NO_CARDS = Rule("trade.cards_not_tradable", "Cards that free from {jail:term} do not change hands in this edition.")
DEBTOR_SALE = Rule(
    "trade.debtor_sale",
    "{name} is raising a debt outside the turn's trade: a debtor offers only a sale, property for the buyer's "
    "money, nothing else.",
)
SALE_FLOOR = Rule(
    "trade.sale_floor",
    "{name} would sell {what} for {cash:m}, less than the {floor:m} the bank would pay ({percent}% of the price): "
    "a sale to another player is not below the bank's price.",
)


@dataclass(frozen=True)
class TradeTerms:
    """What one side hands over: properties (positions), cash, and the ids of
    "get out of jail free" cards."""

    positions: tuple[int, ...] = ()
    cash: int = 0
    cards: tuple[str, ...] = ()

    @classmethod
    def of(cls, value: TradeTerms | Mapping[str, Any] | None) -> TradeTerms:
        if isinstance(value, TradeTerms):
            return value
        value = dict(value or {})
        return cls(
            positions=tuple(value.pop("positions", ())),
            cash=value.pop("cash", 0),
            cards=tuple(value.pop("cards", ())),
            **value,  # anything else is refused by the constructor
        )

    @property
    def assets(self) -> bool:
        return bool(self.positions or self.cards)


def _terms_fields(obj) -> None:
    object.__setattr__(obj, "give", TradeTerms.of(obj.give))
    object.__setattr__(obj, "get", TradeTerms.of(obj.get))


@dataclass(frozen=True)
class Trade:
    """An offer: ``seat`` gives ``give`` to ``to`` and gets ``get`` back."""

    type: ClassVar[str]
    seat: int
    to: int
    give: TradeTerms = field(default_factory=TradeTerms)
    get: TradeTerms = field(default_factory=TradeTerms)

    def __post_init__(self) -> None:
        _terms_fields(self)


@dataclass(frozen=True)
class TradeOffer(Pending):
    """An open offer, waiting for ``to`` to accept or reject it.

    id: the version of the game at which it was made (unique in the game).
    """

    type: ClassVar[str] = "trade_offer"
    id: int
    seat: int
    to: int
    give: TradeTerms
    get: TradeTerms
    waits: bool = False

    def __post_init__(self) -> None:
        _terms_fields(self)

    @property
    def blocking(self) -> bool:  # type: ignore[override]
        """Held up play until answered, in editions where an offer waits for its answer."""
        return self.waits


@dataclass(frozen=True)
class AcceptTrade:
    """offer: the offer's id, when the seat has more than one to answer."""

    type: ClassVar[str]
    seat: int
    offer: int | None = None


@dataclass(frozen=True)
class RejectTrade:
    """Rejected by the player offered the trade, or withdrawn by the offerer."""

    type: ClassVar[str]
    seat: int
    offer: int | None = None


def _describe(step: Step, terms: TradeTerms) -> str:
    parts = [step.edition.space(p).label() for p in terms.positions]
    parts += [f"card {c}" for c in terms.cards]
    if terms.cash:
        parts.append(step.money(terms.cash))
    return ", ".join(parts) or "nothing"


def _items(terms: TradeTerms) -> tuple[tuple[str, Any], ...]:
    """What one side hands over, language-neutral, for translations to show
    (``{give:items}``): each item with the format spec that names it."""
    return (
        tuple(("space", p) for p in terms.positions)
        + tuple(("term", "jail_free_card") for _ in terms.cards)
        + ((("m", terms.cash),) if terms.cash else ())
    )


def check(step: Step, offer: TradeOffer) -> None:
    """Everything the offer hands over is there to hand over, now."""
    players = step.state.players
    name = players[offer.seat].name
    if not 0 <= offer.to < len(players) or offer.to == offer.seat or players[offer.to].bankrupt:
        raise step.refuse("bad_partner", PARTNER, to=offer.to, name=name)
    positions = offer.give.positions + offer.get.positions
    cards = offer.give.cards + offer.get.cards
    for named in (positions, cards):
        twice = next((x for x in named if named.count(x) > 1), None)
        if twice is not None:
            raise step.refuse("named_twice", TWICE, what=twice)
    if not (offer.give.assets or offer.get.assets):
        raise step.refuse("money_only", MONEY_ONLY)
    if cards and not step.edition.rules.trades.cards:
        # seed 002: "Картки звільнення не обмінюються."
        raise step.refuse("cards_not_tradable", NO_CARDS, jail="jail")
    for giver, terms in ((offer.seat, offer.give), (offer.to, offer.get)):
        _check_side(step, giver, terms)
    _check_sale_floor(step, offer)


def sale_floor(edition: Edition, offer: TradeOffer) -> int | None:
    """What the bank would pay for what the offerer sells, when the offer is
    a sale (property for money, nothing taken in return) and the edition sets
    a floor on sales."""
    if not edition.rules.trades.sale_floor or offer.get.positions or not offer.give.positions:
        return None
    return sum(bank_price(edition, p) for p in offer.give.positions)


def _check_sale_floor(step: Step, offer: TradeOffer) -> None:
    """Seed 002: "«Продати» — ваш бізнес за гроші суперника: не дешевше, ніж дав би банк, і не дорожче, ніж у
    нього є." (the buyer's cash is checked with every side's)."""
    floor = sale_floor(step.edition, offer)
    cash = offer.get.cash - offer.give.cash
    if floor is not None and cash < floor:
        raise step.refuse(
            "below_bank_price",
            SALE_FLOOR,
            name=step.state.players[offer.seat].name,
            what=_describe(step, replace(offer.give, cash=0)),
            cash=max(cash, 0),
            floor=floor,
            percent=step.edition.rules.bank_buyback_percent,
        )


def _check_side(step: Step, giver: int, terms: TradeTerms) -> None:
    player = step.state.players[giver]
    undecided = {c.position for c in step.state.pending_of(MortgageChoice)}
    built = built_groups(step.state, step.edition)
    for position in terms.positions:
        require_owner(step, giver, position)
        if position in undecided:
            raise step.refuse("mortgage_undecided", UNDECIDED, name=player.name, place=position)
        space = step.edition.space(position)
        if space.kind == "street" and space.group in built:
            where = group_built(step.state, step.edition, space.group)
            raise step.refuse("group_has_buildings", BUILDINGS, built=where, group=space.group, place=position)
    for card in terms.cards:
        if card not in player.jail_cards:
            raise step.refuse("card_not_held", NO_CARD, name=player.name, card=card)
    if terms.cash < 0 or terms.cash > player.cash:
        raise step.refuse("insufficient_funds", CASH, name=player.name, cash=player.cash, amount=terms.cash)


def _tradeable_positions(state: GameState, edition: Edition) -> dict[int, list[int]]:
    """The properties each seat could hand over now (by owner, in board order),
    for every seat in one pass over the board."""
    undecided = {c.position for c in state.pending_of(MortgageChoice)}
    built = built_groups(state, edition)
    found: dict[int, list[int]] = {}
    for holding in state.holdings.values():
        if holding.owner is None or holding.position in undecided:
            continue
        space = edition.space(holding.position)
        if space.kind != "street" or space.group not in built:
            found.setdefault(holding.owner, []).append(holding.position)
    return found


def _cards(state: GameState, edition: Edition, seat: int) -> tuple[str, ...]:
    return state.players[seat].jail_cards if edition.rules.trades.cards else ()


def tradeable(state: GameState, edition: Edition, seat: int) -> TradeTerms:
    """Everything the seat could hand over in a trade now (its cash included)."""
    positions = tuple(sorted(_tradeable_positions(state, edition).get(seat, ())))
    return TradeTerms(positions, state.players[seat].cash, _cards(state, edition, seat))


def _holds_assets(state: GameState, edition: Edition, seat: int, owned: dict[int, list[int]]) -> bool:
    return bool(_cards(state, edition, seat)) or seat in owned


def _could_buy(state: GameState, edition: Edition, seller: int, buyer: int, owned: dict[int, list[int]]) -> bool:
    """The buyer could pay for something the seller hands over (a card, or a
    property at the floor of a sale, where the edition sets one)."""
    if _cards(state, edition, seller) or not edition.rules.trades.sale_floor:
        return _holds_assets(state, edition, seller, owned)
    cash = state.players[buyer].cash
    return any(bank_price(edition, p) <= cash for p in owned.get(seller, ()))


def _partners(state: GameState, edition: Edition, seat: int, owned: dict[int, list[int]]) -> Iterator[int]:
    for s in state.active_seats():
        if s != seat and (_holds_assets(state, edition, s, owned) or _could_buy(state, edition, seat, s, owned)):
            yield s


def _buyers(state: GameState, edition: Edition, seat: int, owned: dict[int, list[int]]) -> list[int]:
    """Seats that could buy one of the seat's properties for money."""
    floors = [bank_price(edition, p) if edition.rules.trades.sale_floor else 0 for p in owned.get(seat, ())]
    return [s for s in state.active_seats() if s != seat and floors and min(floors) <= state.players[s].cash]


def partners(state: GameState, edition: Edition, seat: int) -> list[int]:
    """Seats the seat could offer a trade to: the other has something to ask
    for, or the seat has something the other could take (a debtor outside the
    trade window: someone who could buy)."""
    return list(_partners_of(state, edition, seat, _tradeable_positions(state, edition)))


def _partners_of(state: GameState, edition: Edition, seat: int, owned: dict[int, list[int]]) -> Iterator[int]:
    if _sale_only(state, edition, seat):
        return iter(_buyers(state, edition, seat, owned))
    return _partners(state, edition, seat, owned)


def _debtor_sale(state: GameState, edition: Edition, seat: int) -> bool:
    """The seat owes a debt and may offer a sale for it now: the edition lets
    a debtor sell, and nothing but debts waits to be decided."""
    return edition.rules.trades.debtor_sells and owes(state, seat) and undecided(state, seat) is None


def _sale_only(state: GameState, edition: Edition, seat: int) -> bool:
    """Outside the trade window, the seat may offer only a debtor's sale."""
    return _not_now(state, edition, seat) is not None and _debtor_sale(state, edition, seat)


def _is_sale(offer: TradeOffer) -> bool:
    """Property for money: the offerer hands over properties alone and takes cash alone."""
    give, get = offer.give, offer.get
    return bool(give.positions) and not (give.cards or give.cash or get.positions or get.cards)


def _not_now(state: GameState, edition: Edition, seat: int) -> tuple[str, Rule, dict[str, Any]] | None:
    """Why the seat may not offer a trade now (code, rule, values), or None.

    Seed 002: "Обмін пропонують у свій хід, після кидка, — один раз за хід." and "обмін за хід витрачається
    вже в момент пропозиції — навіть якщо вам відмовлять"; "До кидка чи під час чужого рішення починати їх не
    можна" (the trade window's moment).
    """
    rules = edition.rules.trades
    if rules.when == "any_time":
        return None
    name = state.players[seat].name
    if not in_window(state, seat, rules.when):
        why = ", before its roll" if state.turn.seat == seat else ""
        return "not_your_turn", OWN_TURN, dict(name=name, current=state.players[state.turn.seat].name, why=why)
    if rules.once_per_roll and state.turn.traded_at == state.rolls:
        return "trade_used", ONCE, dict(name=name)
    busy = others_deciding(state, seat)
    if busy is not None:
        return "pending", RESOLVE_FIRST, dict(what=describe(state, edition, busy), pending=busy.type)
    return None


def _who_offers(state: GameState, edition: Edition):
    seats = [s for s in state.active_seats() if _not_now(state, edition, s) is None or _debtor_sale(state, edition, s)]
    owned = _tradeable_positions(state, edition) if seats else {}
    return [s for s in seats if next(_partners_of(state, edition, s, owned), None) is not None]


@action("trade", Trade, who=_who_offers)
def trade(step: Step, act: Trade) -> None:
    refusal = _not_now(step.state, step.edition, act.seat)
    sale_only = refusal is not None and _debtor_sale(step.state, step.edition, act.seat)
    if refusal is not None and not sale_only:
        code, rule, values = refusal
        raise step.refuse(code, rule, **values)
    rules = step.edition.rules.trades
    offer = TradeOffer(step.state.version + 1, act.seat, act.to, act.give, act.get, waits=rules.offer_waits)
    check(step, offer)
    if sale_only and not _is_sale(offer):
        raise step.refuse("debtor_sale_only", DEBTOR_SALE, name=step.state.players[act.seat].name)
    if rules.once_per_roll and not sale_only:
        step.set_turn(traded_at=step.state.rolls)
    step.push(offer)
    names = step.state.players
    step.note(
        OFFERED,
        name=names[act.seat].name,
        partner=names[act.to].name,
        gives=_describe(step, act.give),
        gets=_describe(step, act.get),
        offer=offer.id,
        give=_items(act.give),
        get=_items(act.get),
    )


def _changed_hands(state: GameState, offer: TradeOffer) -> bool:
    """A property of the offer is no longer its giver's: ``check`` refuses the
    offer (most stale offers are), and this is quicker to see."""
    holdings = state.holdings
    for giver, terms in ((offer.seat, offer.give), (offer.to, offer.get)):
        for position in terms.positions:
            holding = holdings.get(position)
            if holding is None or holding.owner != giver:
                return True
    return False


def _acceptable(state: GameState, edition: Edition, offer: TradeOffer) -> bool:
    if _changed_hands(state, offer):
        return False
    try:
        check(Step(state, edition), offer)
    except RuleViolation:
        return False
    return True


def valid_offers(state: GameState, edition: Edition) -> list[TradeOffer]:
    """Open offers that could be accepted now."""
    if running(state):
        return []
    return [offer for offer in state.pending_of(TradeOffer) if _acceptable(state, edition, offer)]


def _who_accepts(state: GameState, edition: Edition):
    return [] if running(state) else offers.answerable(state, edition, TradeOffer, _acceptable)


def _who_rejects(state: GameState, edition: Edition):
    return offers.either_side(state, TradeOffer)


def _find(step: Step, seat: int, offer_id: int | None, answering: bool) -> TradeOffer:
    return offers.find(step, TradeOffer, seat, offer_id, answering, (NO_OFFER, WHICH_OFFER))


@action("accept_trade", AcceptTrade, who=_who_accepts)
def accept_trade(step: Step, act: AcceptTrade) -> None:
    offer = _find(step, act.seat, act.offer, answering=True)
    require_no_building_auction(step)
    check(step, offer)
    step.drop(offer)
    names = step.state.players
    step.note(ACCEPTED, name=names[offer.seat].name, partner=names[offer.to].name, offer=offer.id)
    _hand_over(step, offer.seat, offer.to, offer.give)
    _hand_over(step, offer.to, offer.seat, offer.get)


def _hand_over(step: Step, giver: int, receiver: int, terms: TradeTerms) -> None:
    for position in terms.positions:
        step.set_holding(position, owner=receiver)
    for card in terms.cards:
        held = list(step.state.players[giver].jail_cards)
        held.remove(card)
        step.set_player(giver, jail_cards=tuple(held))
        step.set_player(receiver, jail_cards=step.state.players[receiver].jail_cards + (card,))
    if terms.cash:
        names = step.state.players
        ruling = step.ruling(PAID, name=names[giver].name, partner=names[receiver].name, amount=terms.cash)
        step.transfer(giver, receiver, terms.cash, "trade", ruling)
    for position in terms.positions:
        if step.state.holdings[position].mortgaged:
            offer_choice(step, receiver, position)


@action("reject_trade", RejectTrade, who=_who_rejects)
def reject_trade(step: Step, act: RejectTrade) -> None:
    offer = _find(step, act.seat, act.offer, answering=False)
    step.drop(offer)
    names = step.state.players
    if act.seat == offer.seat:
        step.note(WITHDRAWN, name=names[offer.seat].name, offer=offer.id)
    else:
        step.note(REJECTED, name=names[offer.seat].name, partner=names[offer.to].name, offer=offer.id)
