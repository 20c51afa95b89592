"""The two forms a trade takes where the edition says so
(``rules.trades.two_forms``), seed 002 l.94: "«Обміняти» — виберіть чужий
бізнес і запропонуйте гроші, свій бізнес або і те, й інше. Для покупки за
гроші свій бізнес вибирати не обов’язково. «Продати» — ваш бізнес за гроші
суперника".

An exchange asks for the partner's property (or card) alone and offers money,
one's own property or both; a sale gives one's own property for the
partner's money alone. The form is a property of the offer: it is checked when
an offer or a counter-offer is made, and an open offer is accepted on what it
hands over (``trade_terms.refusal``), as every offer is.

The options and examples of ``trade`` and ``counter_trade`` ask the same
questions here (``forms_allow``, ``sale_price``), so what they offer is what
the check takes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .edition import Edition
from .rulings import Rule
from .state import GameState

if TYPE_CHECKING:  # the offer's terms import whom a seat trades with, which asks the forms
    from .handover import Refusal
    from .trade_terms import TradeOffer

ASKS_BOTH = Rule(
    "trade.form.exchange",
    "{name} asks for {partner}'s {term.property} and {cash:m} of their money together, which neither form of "
    "a trade does: an exchange asks for the {term.property} alone (for money, a {term.property} or both), a "
    "sale asks for money alone. Ask for the {term.property} without the money, or offer a {term.property} of "
    "one's own for the money.",
)
OFFERS_NOTHING = Rule(
    "trade.form.exchange_offer",
    "{name} asks for {partner}'s {term.property} and offers nothing for it: an exchange offers money, a "
    "{term.property} of one's own or both.",
)
SELLER_PAYS = Rule(
    "trade.form.sale",
    "{name} gives a {term.property} and {cash:m} for nothing of {partner}'s but money: a sale gives a "
    "{term.property} for {partner}'s money alone. Sell without adding money, or ask for one of {partner}'s "
    "{term.property.pl} (an exchange).",
)
SALE_UNPAID = Rule(
    "trade.form.sale_price",
    "{name} gives a {term.property} and asks nothing for it: a sale gives a {term.property} for {partner}'s "
    "money; name the sum.",
)


def form_refusal(state: GameState, edition: Edition, offer: TradeOffer) -> Refusal | None:
    """Which of the two forms the offer breaks, or None (or when the edition has no forms)."""
    if not edition.rules.trades.two_forms:
        return None
    give, get = offer.give, offer.get
    values = dict(name=state.players[offer.seat].name, partner=state.players[offer.to].name)
    if get.assets:  # an exchange
        if get.cash:
            return "trade_form", ASKS_BOTH, {**values, "cash": get.cash}
        if not (give.assets or give.cash):
            return "trade_form", OFFERS_NOTHING, values
        return None
    if give.cash:  # a sale (something is handed over: money alone is refused before)
        return "trade_form", SELLER_PAYS, {**values, "cash": give.cash}
    if not get.cash:
        return "trade_form", SALE_UNPAID, values
    return None


def sale_price(edition: Edition, floor: int) -> int:
    """The least a sale may ask, given the floor the edition sets (0 for none):
    under the two forms a sale asks for some money at least."""
    return max(floor, 1) if edition.rules.trades.two_forms else floor


def forms_allow(edition: Edition, mine: tuple[bool, int], theirs: tuple[bool, int], floor: int | None) -> bool:
    """Whether a seat could offer another a trade in one of the two forms:
    ``mine`` and ``theirs`` say whether each side holds something besides
    money to hand over, and its cash; ``floor``: the least one of the seat's
    own properties or cards sells for (None: it holds none)."""
    (assets, cash), (their_assets, their_cash) = mine, theirs
    exchange = their_assets and (assets or cash > 0)
    return exchange or (floor is not None and sale_price(edition, floor) <= their_cash)


def form_offers(mine: dict[str, Any], theirs: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Sample offers in the two forms, as (give, get), from two sides as the
    options show them (positions with their ``bank_price`` where sales are
    floored, the cash limit, cards): an exchange of one's first property or
    card, or of all one's cash, for the other's first property or card; and a
    sale of one's cheapest property (or a card) for its price, when the other
    has the money."""
    found = []
    asked = _first_asset(theirs)
    if asked is not None:
        offered = _first_asset(mine)
        if offered is not None:
            found.append((offered, asked))
        if mine["cash"]["max"]:
            found.append(({"cash": mine["cash"]["max"]}, asked))
    prices = [(max(p.get("bank_price", 0), 1), p["position"]) for p in mine["positions"]]
    price, position = min(prices, default=(None, None))
    if price is not None and price <= theirs["cash"]["max"]:
        found.append(({"positions": [position]}, {"cash": price}))
    elif mine["cards"] and theirs["cash"]["max"]:
        found.append(({"cards": [mine["cards"][0]]}, {"cash": 1}))
    return found


def _first_asset(side: dict[str, Any]) -> dict[str, Any] | None:
    if side["positions"]:
        return {"positions": [side["positions"][0]["position"]]}
    return {"cards": [side["cards"][0]]} if side["cards"] else None
