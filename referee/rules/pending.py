"""What the table must resolve next.

Each pending item is a frozen record with a ``type`` name used in the API.
Blocking items stop the game from moving on (no roll, no end of turn) until
they are resolved; rent claims do not block: they simply lapse.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from .rulings import Ruling

if TYPE_CHECKING:
    from .state import GameState

PENDING_TYPES: dict[str, type[Pending]] = {}
PENDING = "pending"
"""The key of a pending item's type in what ``describe`` gives."""


@dataclass(frozen=True)
class Pending:
    type: ClassVar[str] = ""
    blocking: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.type:
            PENDING_TYPES[cls.type] = cls

    said: ClassVar[str] = ""
    """Its English words where play waits on it, a template over ``particulars``
    ("{name}'s card draw"); a reader's language words it from the catalog
    (turn.resolve_first's phrases for ``what``)."""

    def describe(self, state: GameState) -> dict[str, Any]:
        """What is in the way, for refusals that name it: language-neutral, its
        type and the particulars its words name (a player's name, a space's
        position, a term key, an amount), shown with ``{what:phrase}``."""
        return {PENDING: self.type, **self.particulars(state)}

    def particulars(self, state: GameState) -> dict[str, Any]:
        """The values ``said`` names: none, unless the type says whose it is or what."""
        return {}


@dataclass(frozen=True)
class BuyDecision(Pending):
    """The player on an unowned property must buy it or decline."""

    type: ClassVar[str] = "buy_decision"
    seat: int
    position: int

    said: ClassVar[str] = "{name}'s decision to buy or decline {place:space}"

    def particulars(self, state: GameState) -> dict[str, Any]:
        return {"name": state.players[self.seat].name, "place": self.position}


@dataclass(frozen=True)
class Auction(Pending):
    """The bank auctions a property.

    bidders: seats still in the auction (a pass is final).
    high_bid / high_bidder: the standing bid, if any.
    opening: the smallest first bid.
    turn: for editions with bidding in turn, the seat expected to act next.
    """

    type: ClassVar[str] = "auction"
    position: int
    bidders: tuple[int, ...]
    opening: int
    high_bid: int | None = None
    high_bidder: int | None = None
    turn: int | None = None

    said: ClassVar[str] = "the auction of {place:space}"

    def particulars(self, state: GameState) -> dict[str, Any]:
        return {"place": self.position}


@dataclass(frozen=True)
class RentClaim(Pending):
    """Rent the owner may claim until the next player's roll.

    amount is None for a utility whose rent needs a new roll of the dice.
    multiplier: a utility's dice multiplier (the rent is dice × multiplier;
        with amount None, the roll still to make); None for streets and
        stations. A card's "pay twice" is not it: that is already in amount,
        and the ruling shows it (rent.station.card's own ``multiplier``).
    """

    type: ClassVar[str] = "rent_claim"
    blocking: ClassVar[bool] = False
    owner: int
    payer: int
    position: int
    amount: int | None
    ruling: Ruling | None = None
    multiplier: int | None = None

    said: ClassVar[str] = "{name}'s rent claim on {place:space}"

    def particulars(self, state: GameState) -> dict[str, Any]:
        return {"name": state.players[self.owner].name, "place": self.position}


@dataclass(frozen=True)
class RentRoll(Pending):
    """The payer rolls the dice to fix a utility rent (multiplier × dice)."""

    type: ClassVar[str] = "rent_roll"
    payer: int
    owner: int
    position: int
    multiplier: int
    reason: str

    said: ClassVar[str] = "{name}'s roll for the rent of {place:space}"

    def particulars(self, state: GameState) -> dict[str, Any]:
        return {"name": state.players[self.payer].name, "place": self.position}


@dataclass(frozen=True)
class CardDraw(Pending):
    """The player must draw the top card of a deck; the table says which."""

    type: ClassVar[str] = "card_draw"
    seat: int
    deck: str

    said: ClassVar[str] = "{name}'s card draw"

    def particulars(self, state: GameState) -> dict[str, Any]:
        return {"name": state.players[self.seat].name}


@dataclass(frozen=True)
class CardChoice(Pending):
    """A card offers a choice; the player picks one option id."""

    type: ClassVar[str] = "card_choice"
    seat: int
    card: str
    options: tuple[str, ...]

    said: ClassVar[str] = "{name}'s choice on a card"

    def particulars(self, state: GameState) -> dict[str, Any]:
        return {"name": state.players[self.seat].name}


@dataclass(frozen=True)
class Debt(Pending):
    """Money owed that the debtor's cash does not cover yet.

    creditor: a seat, "bank" or "pot".
    ruling: why the money is owed, with the numbers.
    auctioned: properties the debtor has put up for a seller's auction while
        owing this debt (each may be, once per debt; seed 002).
    """

    type: ClassVar[str] = "debt"
    debtor: int
    creditor: int | str
    amount: int
    reason: str
    ruling: Ruling
    auctioned: tuple[int, ...] = ()

    said: ClassVar[str] = "{name}'s debt of {amount:m}"

    def particulars(self, state: GameState) -> dict[str, Any]:
        return {"name": state.players[self.debtor].name, "amount": self.amount}
