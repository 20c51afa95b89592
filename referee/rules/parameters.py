"""The rule parameters an edition may set, each declared once: type, default, bounds.

The edition document's schema is derived from these dataclasses
(``referee.editions.params``), so a new parameter is one line here. The bounds
and descriptions are plain values in ``dataclasses.field`` metadata: the engine
knows nothing of the schema library that reads them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

MONEY = (0, 10**12)
SECONDS = (1, 24 * 3600)
PERCENT = (0, 100)

When = Literal["any_time", "own_turn_after_roll"]


def param(
    default: Any,
    *,
    bounds: tuple[float | None, float | None] | None = None,
    about: str | None = None,
    key: str | None = None,
    money: bool = False,
) -> Any:
    """A parameter with its default and what a document may set it to.

    bounds: the inclusive (min, max) a number must keep; None for no bound.
    about: the description the API documents.
    key: where the value sits in the document's ``rules``, dotted, when it is
        not the field's name (``players.min`` for ``min_players``).
    money: the value is an amount in the edition's base unit, which a reader
        sees in the edition's currency (50 reads 50 000 ₽ in rubles).
    """
    metadata = {"bounds": bounds, "about": about, "key": key, "money": money or None}
    return field(default=default, metadata={name: value for name, value in metadata.items() if value is not None})


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

    start: int = param(1, bounds=MONEY, money=True)
    start_fraction: float | None = param(None, bounds=(0, 1))
    min_raise: int = param(1, bounds=(1, None), money=True)
    exact_raise: bool = False
    decliner_first: bool = False


@dataclass(frozen=True)
class RentRules:
    """Rent parameters.

    monopoly_multiplier: base rent multiplier on an unimproved street of a
        complete group.
    double_with_mortgaged_in_group: whether the complete group keeps the
        doubled base rent while another street of it is mortgaged.
    utility_dice: "reroll" (C1009: a new roll for the rent) or "move" (the
        roll that moved the player; a new roll only after a card).
    claim_window: the owner must claim before the next player's roll.
    """

    monopoly_multiplier: int = param(2, bounds=(1, 10))
    double_with_mortgaged_in_group: bool = True
    utility_dice: Literal["reroll", "move"] = "reroll"
    claim_window: bool = True


@dataclass(frozen=True)
class JailRules:
    """Leaving jail.

    fine: what a player pays to leave.
    max_attempts: rolls for a double before the fine must be paid.
    double_release_rolls_again: the double that releases a player lets them roll again.
    """

    fine: int = param(50, bounds=MONEY, money=True)
    max_attempts: int = param(3, bounds=(1, 10))
    double_release_rolls_again: bool = False


@dataclass(frozen=True)
class BuildingRules:
    """Supply and shape of buildings, and when and where they are bought.

    houses, hotels: the bank's supply.
    max_houses: the most houses one street holds.
    hotel_after: houses each street needs before its hotel.
    sale_fraction_percent: what the bank pays back for a building, in percent.
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

    houses: int = param(32, bounds=(0, 1000))
    hotels: int = param(12, bounds=(0, 1000))
    max_houses: int = param(4, bounds=(1, 10))
    hotel_after: int = param(4, bounds=(1, 10))
    sale_fraction_percent: int = param(50, bounds=PERCENT)
    build_when: When = "any_time"
    sell_when: Literal["any_time", "own_turn"] = "any_time"
    standing_only: bool = False
    one_per_visit: bool = False
    hotel_sold_outright: bool = True
    shortage_auction: bool = True


@dataclass(frozen=True)
class MortgageRules:
    """enabled: properties may be mortgaged; interest_percent: charged on lifting
    a mortgage; rounding: of a fractional interest."""

    enabled: bool = True
    interest_percent: int = param(10, bounds=PERCENT)
    rounding: Literal["up", "down", "nearest"] = "up"


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
    two_forms: an offer takes one of two forms and nothing else (seed 002
        l.94): an exchange asks for the partner's property alone, for money,
        one's own property or both; a sale gives one's property for the
        partner's money alone.
    """

    when: When = "any_time"
    once_per_roll: bool = False
    cards: bool = True
    sale_floor: bool = False
    offer_waits: bool = False
    debtor_sells: bool = param(False, about="A debtor may offer a sale to an opponent at any moment of the debt")
    two_forms: bool = param(
        False, about="An offer is an exchange (for the partner's property alone) or a sale (property for their money)"
    )


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
    start_step: int = param(10, bounds=(1, 10**6), money=True)


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

    payment_in_kind: bool = param(True, about="A debtor may pay part of a debt to a player in property")
    bank_sale: bool = param(
        False, about="The bank buys a debtor's property back at the bank's price plus half its buildings"
    )
    bank_sale_needs_auction: bool = param(
        True, about="Only after a seller's auction of it during the debt found no buyer"
    )


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

    estate_to_creditor: bool = param(
        True, about="A creditor who is a player takes the deeds; else they go back to the bank"
    )
    estate_auction: bool = param(True, about="The bank auctions the properties it takes from a bankrupt")


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
    decision_seconds: int = param(300, bounds=SECONDS)
    bid_seconds: int = param(60, bounds=SECONDS)
    first_bid_seconds: int = param(60, bounds=SECONDS)
    answer_seconds: int = param(60, bounds=SECONDS)


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

    deal_deeds: int = param(0, bounds=(0, 10), about="Title deeds dealt to each player at the start, paid for at once")
    hotel_after: int | None = param(
        None, bounds=(1, 10), about="Houses on each street before a hotel", key="buildings.hotel_after"
    )
    end_after_bankruptcies: int | None = param(
        None, bounds=(1, 11), about="The game ends at this many bankruptcies; the richest by worth wins"
    )
    hand_over_buildings: bool = param(
        False, about="The bankruptcy that ends the game hands buildings over instead of selling them"
    )
    end_time: bool = param(False, about="An end time is agreed at creation; then the richest by worth wins")


STANDARD = Variant()


@dataclass(frozen=True)
class Rules:
    """Every rule parameter an edition may set.

    min_players, max_players: how many may sit at the table.
    start_cash, salary: dealt at the start; paid on passing GO.
    doubles_to_jail: doubles in a row that send the player to jail.
    bank_buyback_percent: what the bank pays for a property it takes back, as
        a percent of the printed price (seed 002: "Банк платить половину
        ціни"); the floor of a sale to a player and of a seller's auction.
    variants: the game variants the edition offers, by name; "standard" is
        always offered and needs no entry.
    """

    min_players: int = param(2, bounds=(1, 12), key="players.min")
    max_players: int = param(6, bounds=(1, 12), key="players.max")
    start_cash: int = param(1500, bounds=MONEY, money=True)
    salary: int = param(200, bounds=MONEY, money=True)
    doubles_to_jail: int = param(3, bounds=(1, 10))
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
    bank_buyback_percent: int = param(50, bounds=PERCENT)
    variants: Mapping[Literal["short", "timed"], Variant] = field(
        default_factory=dict,
        metadata={"about": "The game variants this edition offers, by name (standard needs no entry)"},
    )

    def variant(self, name: str) -> Variant:
        """The parameters of a variant (the standard game's for "standard")."""
        return self.variants.get(name, STANDARD)
