"""The edition as the engine sees it: board, decks and rule parameters, frozen.

Editions are data (``referee/editions``); this module only gives that data a
typed, immutable shape. The engine reads parameters from here and never asks
which edition it is playing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from types import MappingProxyType
from typing import Any

PROPERTY_KINDS = frozenset({"street", "station", "utility"})


@dataclass(frozen=True)
class Space:
    """One square of the board.

    position: 0-39 clockwise from GO.
    kind: go, street, station, utility, tax, card, jail, free_parking, go_to_jail.
    name: the space's name per language code.
    group: colour group (streets) or "station"/"utility"; None elsewhere.
    price: printed price of a property.
    rent: streets: base, 1-4 houses, hotel; stations: by number owned;
        utilities: dice multipliers by number owned.
    mortgage: mortgage value printed on the deed.
    building_cost: price of one house (and of the hotel) on a street.
    amount: tax to pay on a tax space.
    deck: the deck drawn from on a card space.
    unconfirmed: fields whose value is a default the sources do not confirm
        (a placeholder name, a price to check against the table's cards).
    """

    position: int
    kind: str
    name: Mapping[str, str]
    group: str | None = None
    price: int | None = None
    rent: tuple[int, ...] = ()
    mortgage: int | None = None
    building_cost: int | None = None
    amount: int | None = None
    deck: str | None = None
    unconfirmed: tuple[str, ...] = ()

    @property
    def is_property(self) -> bool:
        return self.kind in PROPERTY_KINDS

    def label(self, lang: str = "en") -> str:
        return self.name.get(lang) or self.name.get("en") or next(iter(self.name.values()))


@dataclass(frozen=True)
class Card:
    """A card of a deck: its id, text per language and machine-readable effect."""

    id: str
    deck: str
    text: Mapping[str, str]
    effect: Mapping[str, Any]


@dataclass(frozen=True)
class Deck:
    id: str
    name: Mapping[str, str]
    cards: tuple[Card, ...]

    def card(self, card_id: str) -> Card | None:
        return next((c for c in self.cards if c.id == card_id), None)


@dataclass(frozen=True)
class AuctionRules:
    """How the bank auctions a declined property.

    start: fixed opening minimum (C1009: 10), used when start_fraction is None.
    start_fraction: opening bid as a fraction of the price (rounded up).
    min_raise: smallest raise over the high bid.
    exact_raise: every raise is exactly min_raise (no free amounts).
    decliner_first: the player who declined must bid (or pass) first and
        bidders then answer in seat order.
    """

    start: int = 1
    start_fraction: float | None = None
    min_raise: int = 1
    exact_raise: bool = False
    decliner_first: bool = False


@dataclass(frozen=True)
class RentRules:
    """Rent parameters.

    monopoly_multiplier: base rent multiplier on an unimproved street of a
        complete group.
    double_with_mortgaged_in_group: whether the complete group keeps the
        doubled base rent while another street of it is mortgaged.
    double_needs_unimproved_group: doubling only when no street of the group
        has buildings (False in every booklet we ship: seed 000 says others
        keep it).
    utility_dice: "reroll" (C1009: a new roll for the rent) or "move" (the
        roll that moved the player; a new roll only after a card).
    claim_window: the owner must claim before the next player's roll.
    """

    monopoly_multiplier: int = 2
    double_with_mortgaged_in_group: bool = True
    utility_dice: str = "reroll"
    claim_window: bool = True


@dataclass(frozen=True)
class JailRules:
    fine: int = 50
    max_attempts: int = 3
    double_release_rolls_again: bool = False


@dataclass(frozen=True)
class BuildingRules:
    """Supply and shape of buildings, and when and where they are bought.

    build_when: "any_time" (seed 001: no need to wait for one's turn) or
        "own_turn_after_roll" (seed 002: after the roll, before ending the turn).
    sell_when: "any_time", or "own_turn" (seed 002: collapsing is done on
        one's own turn; a player owing a debt may always sell to raise it).
    standing_only: a building goes only on the street the builder's token
        stands on (seed 002).
    one_per_visit: at most one building per visit, a visit being one
        arrival of the token (seed 002).
    hotel_sold_outright: a hotel may be sold with its houses in one go when
        the bank lacks the houses it breaks into (seed 000); otherwise it
        cannot be sold until the bank has them (seed 002).
    shortage_auction: several players wanting more buildings than the bank
        has start an auction of them (seeds 000, 003); otherwise they wait.
    """

    houses: int = 32
    hotels: int = 12
    max_houses: int = 4
    hotel_after: int = 4
    sale_fraction_percent: int = 50
    build_when: str = "any_time"
    sell_when: str = "any_time"
    standing_only: bool = False
    one_per_visit: bool = False
    hotel_sold_outright: bool = True
    shortage_auction: bool = True


@dataclass(frozen=True)
class MortgageRules:
    enabled: bool = True
    interest_percent: int = 10
    rounding: str = "up"


@dataclass(frozen=True)
class TradeRules:
    """When and what players trade with each other.

    when: "any_time" (seed 001) or "own_turn_after_roll" (seed 002).
    once_per_roll: one offer per roll of the turn's player, spent by the
        offer itself even if it is refused (seed 002).
    cards: "get out of jail free" cards may change hands.
    sale_floor: a player selling property for money takes at least what the
        bank would pay for it (seed 002).
    offer_waits: an offer holds up play until it is answered (seed 002:
        the offer waits for the opponent's answer).
    debtor_sells: a player owing a debt may offer a sale (property for
        money) at any moment of the debt, outside the trade window and
        without spending the turn's trade (seed 002: "Ще варіант — «Продати
        суперникові» напряму").
    """

    when: str = "any_time"
    once_per_roll: bool = False
    cards: bool = True
    sale_floor: bool = False
    offer_waits: bool = False
    debtor_sells: bool = False


@dataclass(frozen=True)
class SellerAuctionRules:
    """The auction a player holds of their own property (seed 002).

    enabled: the edition has it at all.
    start_step: the opening bid goes up from the bank's price in these steps.
    Raises follow the edition's auction rules (``auction.min_raise``,
    ``auction.exact_raise``), and so does the order: where the decliner bids
    first (``auction.decliner_first``), bids go in seat order from the
    seller's left.
    """

    enabled: bool = False
    start_step: int = 10


@dataclass(frozen=True)
class DebtRules:
    """How a debt the cash does not cover is raised.

    payment_in_kind: the debtor may pay part of a debt to a player in
        property the creditor accepts (seeds 000, 003); seed 002 owes the
        whole amount at once ("частинами не платять").
    bank_sale: the bank buys a debtor's property back at the bank's price
        (``bank_buyback_percent``) plus the sale value of its buildings, and
        the property becomes free (seed 002).
    bank_sale_needs_auction: only after a seller's auction of it during the
        debt found no buyer (seed 002); the bank takes property at once where
        no auction could be held: an industry with a holding the supply
        cannot break, or a price no opponent has the cash to bid.
    """

    payment_in_kind: bool = True
    bank_sale: bool = False
    bank_sale_needs_auction: bool = True


@dataclass(frozen=True)
class BankruptcyRules:
    """Where a bankrupt's estate goes.

    estate_to_creditor: a creditor who is a player takes the deeds and cards
        (seeds 000, 001, 003); otherwise the properties go back to the bank,
        their buildings to the supply, the cards to their decks, and only the
        cash goes to the creditor (seed 002: "його клітинки повертаються
        банку вільними, філії — в запас, а гроші отримує той, кому він
        винен").
    estate_auction: the bank auctions each property it takes back from a
        bankrupt (seed 001); otherwise they are free again, for whoever lands
        on them (seed 002).
    """

    estate_to_creditor: bool = True
    estate_auction: bool = True


@dataclass(frozen=True)
class ClockRules:
    """The optional table clock (seed 002, the online table), in seconds.

    available: a game of this edition may switch the clock on.
    decision_seconds: for the one who must decide (roll, buy, pay, end the turn).
    bid_seconds: for the bidder whose turn it is, once the auction has a bid.
    first_bid_seconds: for the whole lot until its first bid; then it is cancelled.
    answer_seconds: for the answer to a trade offer.
    """

    available: bool = False
    decision_seconds: int = 300
    bid_seconds: int = 60
    first_bid_seconds: int = 60
    answer_seconds: int = 60


@dataclass(frozen=True)
class Variant:
    """How a game variant (SPEC §1: ``short``, ``timed``) departs from the
    standard game; the standard game is ``Variant()``.

    deal_deeds: title deeds dealt to each player at the start, paid for at once.
    hotel_after: houses each street needs before its hotel, where the variant
        lowers the edition's number (the short game: 3).
    end_after_bankruptcies: the game ends when this many players have gone
        bankrupt, and the richest by worth wins (None: play on until one
        player is left).
    hand_over_buildings: the bankruptcy that ends the game hands the
        buildings to the creditor with everything else, instead of selling
        them to the bank.
    end_time: an end time is agreed at creation; at it, or when the table
        stops the game, the richest by worth wins.
    """

    deal_deeds: int = 0
    hotel_after: int | None = None
    end_after_bankruptcies: int | None = None
    hand_over_buildings: bool = False
    end_time: bool = False


STANDARD = Variant()


@dataclass(frozen=True)
class Rules:
    """Every rule parameter an edition may set.

    bank_buyback_percent: what the bank pays for a property it takes back, as
        a percent of the printed price (seed 002: "Банк платить половину
        ціни"); the floor of a sale to a player and of a seller's auction.
    variants: the game variants the edition offers, by name; "standard" is
        always offered and needs no entry.
    """

    min_players: int = 2
    max_players: int = 6
    start_cash: int = 1500
    salary: int = 200
    doubles_to_jail: int = 3
    auction: AuctionRules = field(default_factory=AuctionRules)
    rent: RentRules = field(default_factory=RentRules)
    jail: JailRules = field(default_factory=JailRules)
    buildings: BuildingRules = field(default_factory=BuildingRules)
    mortgage: MortgageRules = field(default_factory=MortgageRules)
    trades: TradeRules = field(default_factory=TradeRules)
    seller_auction: SellerAuctionRules = field(default_factory=SellerAuctionRules)
    clock: ClockRules = field(default_factory=ClockRules)
    debt: DebtRules = field(default_factory=DebtRules)
    bankruptcy: BankruptcyRules = field(default_factory=BankruptcyRules)
    bank_buyback_percent: int = 50
    variants: Mapping[str, Variant] = field(default_factory=dict)

    def variant(self, name: str) -> Variant:
        """The parameters of a variant (the standard game's for "standard")."""
        return self.variants.get(name, STANDARD)


@dataclass(frozen=True)
class Currency:
    """How money is shown: amounts are integers in the base unit; display
    multiplies by scale and appends the unit."""

    symbol: str = "M"
    scale: int = 1
    unit: Mapping[str, str] = field(default_factory=dict)

    def show(self, amount: int | str | Decimal, lang: str = "en") -> str:
        """M1500, or 1 500 000 ₽: digits grouped by thin spaces from five digits
        on, or from four where the base unit is scaled (every amount there ends
        in 000, so 8 000 ₽ reads like 75 000 ₽ beside it). A fractional amount
        of base units ("7.5", an unrounded interest) is shown scaled too, with
        the language's decimal sign."""
        scaled = amount * self.scale if isinstance(amount, int) else _exact(Decimal(amount) * self.scale)
        grouped = abs(scaled) >= (1_000 if self.scale > 1 else 10_000)
        value = f"{scaled:,}".replace(",", "\u2009") if grouped else str(scaled)
        if not isinstance(scaled, int):
            value = value.replace(".", DECIMAL_SIGN.get(lang, "."))
        unit = self.unit.get("en", "")
        return f"{self.symbol}{value}{' ' + unit if unit else ''}"


DECIMAL_SIGN = {"ru": ",", "uk": ",", "it": ","}
"""The decimal sign per language where it is not a point."""


def _exact(amount: Decimal) -> int | Decimal:
    """A whole amount as an int; a fraction without trailing zeros."""
    return int(amount) if amount == amount.to_integral_value() else amount.normalize()


@dataclass(frozen=True)
class Edition:
    """A complete, validated edition."""

    id: str
    name: Mapping[str, str]
    language: str
    spaces: tuple[Space, ...]
    decks: Mapping[str, Deck]
    rules: Rules
    currency: Currency = field(default_factory=Currency)
    terms: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    groups: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    document: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        by_group: dict[str, list[int]] = {}
        for space in self.spaces:
            if space.is_property and space.group:
                by_group.setdefault(space.group, []).append(space.position)
        object.__setattr__(self, "_groups", MappingProxyType({g: tuple(p) for g, p in by_group.items()}))
        object.__setattr__(self, "_kinds", tuple(space.kind for space in self.spaces))
        streets = dict.fromkeys(space.group for space in self.spaces if space.kind == "street")
        object.__setattr__(self, "_street_groups", tuple(streets))

    @property
    def size(self) -> int:
        return len(self.spaces)

    def space(self, position: int) -> Space:
        return self.spaces[position]

    def group_positions(self, group: str) -> tuple[int, ...]:
        return self._groups[group]  # type: ignore[attr-defined]

    def street_groups(self) -> tuple[str, ...]:
        """The colour groups (groups of streets), in board order."""
        return self._street_groups  # type: ignore[attr-defined]

    def positions_of_kind(self, kind: str) -> tuple[int, ...]:
        return tuple(i for i, k in enumerate(self._kinds) if k == kind)  # type: ignore[attr-defined]

    @property
    def jail_position(self) -> int:
        return self.positions_of_kind("jail")[0]

    @property
    def unconfirmed_positions(self) -> tuple[int, ...]:
        """Spaces with a value the sources do not confirm."""
        return tuple(s.position for s in self.spaces if s.unconfirmed)

    @property
    def property_positions(self) -> tuple[int, ...]:
        return tuple(s.position for s in self.spaces if s.is_property)

    def card(self, card_id: str) -> Card | None:
        for deck in self.decks.values():
            found = deck.card(card_id)
            if found:
                return found
        return None

    def term(self, key: str, lang: str = "en") -> str:
        names = self.terms.get(key, {})
        return names.get(lang) or names.get("en") or key

    def show(self, spec: str, value: Any, lang: str = "en") -> str:
        """Show a ruling value: money, or the name of a space, group, deck or card.

        A name missing in the reader's language falls back to the edition's own
        language (the words printed on the table's board) before English."""
        if spec == "m":
            return self.currency.show(value, lang)
        if spec == "space":
            return self.text(self.space(value).name, lang, str(value))
        if spec == "group":
            return self.text(self.groups.get(value, {}).get("name", {}), lang, value)
        if spec == "deck":
            return self.text(self.decks[value].name, lang, value) if value in self.decks else str(value)
        if spec == "card":
            card = self.card(value)
            return self.text(card.text, lang, value) if card else str(value)
        return self.term(value, lang)

    def text(self, texts: Mapping[str, str], lang: str, fallback: str) -> str:
        """A text in ``lang``, else in the edition's own language, else in English."""
        return texts.get(lang) or texts.get(self.language) or _pick(texts, "en", fallback)


def _pick(texts: Mapping[str, str], lang: str, fallback: str) -> str:
    return texts.get(lang) or texts.get("en") or next(iter(texts.values()), fallback)
