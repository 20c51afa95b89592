"""A trade's terms and whether they can be carried out now: one definition,
which the offer, the acceptance and ``allowed`` (the offers that would be
accepted) all ask (see ``trades``).

A side hands over properties, cash and "get out of jail free" cards; every
property and card is named once, something other than money changes hands,
and each side holds what it gives (seed 001: "Можно договариваться об обмене
Улиц, Вокзалов, Коммунальных предприятий, денег и карточек выхода из
тюрьмы"). Editions may forbid the cards (seed 002: "Картки звільнення не
обмінюються") and set a floor on a sale (seed 002: "не дешевше, ніж дав би
банк").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from .edition import Edition
from .handover import Refusal, handover_refusal, tradeable_positions
from .holdings import bank_price
from .pending import Pending
from .rulings import Rule
from .state import GameState

PARTNER = Rule("trade.partner", "A trade is between two players in the game; seat {to} cannot trade with {name}.")
TWICE = Rule("trade.terms", "A trade names each {term.property} and card once; {what:items} is named twice.")
MONEY_ONLY = Rule(
    "trade.money_only",
    "A trade must hand over a {term.property} or a card: money alone would be a loan or a gift, which the "
    "booklet does not allow.",
)
NO_CARD = Rule("trade.card", "{name} does not hold the card {card}.")
CASH = Rule("trade.cash", "{name} has {cash:m}, less than the {amount:m} the trade asks of them.")
NO_CARDS = Rule("trade.cards_not_tradable", "Cards that free from {jail:term} do not change hands in this edition.")
SALE_FLOOR = Rule(
    "trade.sale_floor",
    "{name} would sell {what:items} for {cash:m}, less than the {floor:m} the bank would pay "
    "({percent}% of the price): a sale to another player is not below the bank's price.",
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


def terms_fields(obj: Any) -> None:
    """Read the ``give`` and ``get`` of a record as terms (plain mappings arrive from JSON)."""
    object.__setattr__(obj, "give", TradeTerms.of(obj.give))
    object.__setattr__(obj, "get", TradeTerms.of(obj.get))


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
        terms_fields(self)

    @property
    def blocking(self) -> bool:  # type: ignore[override]
        """Held up play until answered, in editions where an offer waits for its answer."""
        return self.waits

    said: ClassVar[str] = "{name}'s trade offer to {to}"

    def particulars(self, state: GameState) -> dict[str, Any]:
        return {"name": state.players[self.seat].name, "to": state.players[self.to].name}


def describe_terms(edition: Edition, terms: TradeTerms) -> str:
    parts = [edition.space(p).label() for p in terms.positions]
    parts += [edition.term("jail_free_card") for _ in terms.cards]  # a card id is no word a player reads
    if terms.cash:
        parts.append(edition.currency.show(terms.cash))
    return ", ".join(parts) or "nothing"


def items(terms: TradeTerms) -> tuple[tuple[str, Any], ...]:
    """What one side hands over, language-neutral, for translations to show
    (``{give:items}``): each item with the format spec that names it."""
    return (
        tuple(("space", p) for p in terms.positions)
        + tuple(("term", "jail_free_card") for _ in terms.cards)
        + ((("m", terms.cash),) if terms.cash else ())
    )


def terms_values(edition: Edition, give: TradeTerms, get: TradeTerms) -> dict[str, Any]:
    """What an offer's ruling says each side hands over: in English words, and language-neutral for translations."""
    return dict(
        gives=describe_terms(edition, give), gets=describe_terms(edition, get), give=items(give), get=items(get)
    )


def _terms_refusal(edition: Edition, offer: TradeOffer) -> Refusal | None:
    """What is wrong with the offer's terms themselves, whatever the board: a
    property or card named twice, money alone, or cards where they do not
    change hands."""
    give, get = offer.give, offer.get
    positions = give.positions + get.positions
    cards = give.cards + get.cards
    for named in (positions, cards):
        if len(named) > 1 and len(set(named)) < len(named):
            twice = next(x for x in named if named.count(x) > 1)
            # language-neutral, for each reader's name of it (a card by its short name, not its whole text)
            what = ("space", twice) if named is positions else ("term", "jail_free_card")
            return "named_twice", TWICE, dict(what=[what])
    if not (positions or cards):
        return "money_only", MONEY_ONLY, {}
    if cards and not edition.rules.trades.cards:
        # seed 002: "Картки звільнення не обмінюються."
        return "cards_not_tradable", NO_CARDS, dict(jail="jail")
    return None


def refusal(state: GameState, edition: Edition, offer: TradeOffer) -> Refusal | None:
    """Why the offer cannot be carried out now, or None: everything it hands over is there to hand over."""
    players = state.players
    if not 0 <= offer.to < len(players) or offer.to == offer.seat or players[offer.to].out:
        return "bad_partner", PARTNER, dict(to=offer.to, name=players[offer.seat].name)
    found = _terms_refusal(edition, offer)
    if found is not None:
        return found
    give, get = offer.give, offer.get
    owned = tradeable_positions(state, edition)
    for giver, terms in ((offer.seat, give), (offer.to, get)):
        mine = owned.get(giver, ())
        for position in terms.positions:
            if position not in mine:
                return handover_refusal(state, edition, giver, position)
        player = players[giver]
        for card in terms.cards:
            if card not in player.jail_cards:
                return "card_not_held", NO_CARD, dict(name=player.name, card=card)
        if terms.cash < 0 or terms.cash > player.cash:
            return "insufficient_funds", CASH, dict(name=player.name, cash=player.cash, amount=terms.cash)
    return _sale_floor_refusal(state, edition, offer) if edition.rules.trades.sale_floor else None


def could_accept(state: GameState, edition: Edition, offer: TradeOffer) -> bool:
    """``refusal`` finds nothing against the offer now.

    An open offer stays pending over many states, and ``allowed`` asks of
    each whether it could be accepted: what the offer's terms say of
    themselves (``_well_made``) is kept under the offer; what they ask of the
    board and the players is read each time.
    """
    players, seat, to = state.players, offer.seat, offer.to
    if not (0 <= to < len(players) and _well_made(edition, offer)):
        return False
    giver, taker, give, get = players[seat], players[to], offer.give, offer.get
    if taker.out or not (0 <= give.cash <= giver.cash and 0 <= get.cash <= taker.cash):
        return False
    owned = tradeable_positions(state, edition)
    if give.positions and not all(map(owned.get(seat, ()).__contains__, give.positions)):
        return False
    if get.positions and not all(map(owned.get(to, ()).__contains__, get.positions)):
        return False
    if give.cards and not all(map(giver.jail_cards.__contains__, give.cards)):
        return False
    return not get.cards or all(map(taker.jail_cards.__contains__, get.cards))


_WELL_MADE: dict[int, tuple[TradeOffer, Edition, bool]] = {}
_WELL_MADE_MOST = 256
"""Open offers are few; past this many kept (offers long closed), all are forgotten."""


def _well_made(edition: Edition, offer: TradeOffer) -> bool:
    """Nothing in the offer's own terms refuses it: a partner other than the
    offerer, each property and card named once, more than money, cards only
    where they change hands, a sale not below the bank's price. Kept under
    the offer (with the edition): the offer and the edition are all it reads."""
    kept = _WELL_MADE.get(id(offer))
    if kept is not None and kept[0] is offer and kept[1] is edition:
        return kept[2]
    made = offer.to != offer.seat and _terms_refusal(edition, offer) is None and not _below_floor(edition, offer)
    if len(_WELL_MADE) >= _WELL_MADE_MOST:
        _WELL_MADE.clear()
    _WELL_MADE[id(offer)] = (offer, edition, made)
    return made


def sale_floor(edition: Edition, offer: TradeOffer) -> int | None:
    """What the bank would pay for what the offerer sells, when the offer is
    a sale (property for money, nothing taken in return) and the edition sets
    a floor on sales."""
    if not edition.rules.trades.sale_floor or offer.get.positions or not offer.give.positions:
        return None
    return sum(bank_price(edition, p) for p in offer.give.positions)


def _below_floor(edition: Edition, offer: TradeOffer) -> bool:
    """The offer is a sale for less than the bank would pay, where the edition sets that floor."""
    floor = sale_floor(edition, offer)
    return floor is not None and offer.get.cash - offer.give.cash < floor


def _sale_floor_refusal(state: GameState, edition: Edition, offer: TradeOffer) -> Refusal | None:
    """Seed 002: "«Продати» — ваш бізнес за гроші суперника: не дешевше, ніж дав би банк, і не дорожче, ніж у
    нього є." (the buyer's cash is checked with every side's)."""
    if not _below_floor(edition, offer):
        return None
    floor, cash = sale_floor(edition, offer), offer.get.cash - offer.give.cash
    return (
        "below_bank_price",
        SALE_FLOOR,
        dict(
            name=state.players[offer.seat].name,
            what=items(replace(offer.give, cash=0)),  # language-neutral: each reader's names for them
            cash=max(cash, 0),
            floor=floor,
            percent=edition.rules.bank_buyback_percent,
        ),
    )
