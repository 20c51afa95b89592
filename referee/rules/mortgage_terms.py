"""What mortgages cost: the interest on a mortgage value, rounded by the
edition's ``mortgage.rounding`` (modern Hasbro deeds print the lifting price
rounded up: 175 -> 193, 75 -> 83), the price of lifting each mortgage now, and
the choice left to whoever receives a mortgaged property (seed 001: "Для
снятия залога верните эту сумму плюс 10%").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from types import MappingProxyType
from typing import Any, ClassVar

from .board import board
from .edition import Edition
from .memo import per_holdings_and
from .pending import Pending
from .rulings import Rule, Ruling, Shows
from .state import GameState

ROUNDING: dict[str, Callable[[int], int]] = {
    "up": lambda hundredths: -(-hundredths // 100),
    "down": lambda hundredths: hundredths // 100,
    "nearest": lambda hundredths: (hundredths + 50) // 100,  # halves up
}

ROUNDED = Rule(
    "mortgage.rounded", "The {percent}% of {value:m} is {exact:m}, and this edition rounds interest {rounding}."
)


@dataclass(frozen=True)
class Interest:
    """The interest on a mortgage value, rounded by the edition's rule.

    exact: the unrounded amount as text ("17.5"), for the ruling.
    """

    value: int
    percent: int
    amount: int
    exact: str
    rounding: str

    @property
    def lift(self) -> int:
        return self.value + self.amount

    @property
    def rounded(self) -> bool:
        """The exact interest was no whole amount, so the edition's rounding made it one."""
        return self.amount * 100 != self.value * self.percent

    def values(self) -> dict:
        return dict(value=self.value, percent=self.percent, interest=self.amount)

    def explained(self, ruling: Ruling, shows: Shows) -> Ruling:
        """The ruling on an amount of this interest, followed by how the interest
        was rounded where it was: a whole interest needs no word on rounding."""
        if not self.rounded:
            return ruling
        rounding = ROUNDED.ruling(
            shows, percent=self.percent, value=self.value, exact=self.exact, rounding=self.rounding
        )
        return ruling.followed_by(rounding)


def interest(edition: Edition, position: int) -> Interest:
    rules = edition.rules.mortgage
    value = edition.space(position).mortgage
    hundredths = value * rules.interest_percent
    exact = str(Decimal(hundredths) / 100)
    return Interest(value, rules.interest_percent, ROUNDING[rules.rounding](hundredths), exact, rules.rounding)


def lift_cost(edition: Edition, position: int) -> int:
    """What lifting the mortgage on ``position`` costs: ``interest(...).lift``,
    without the figures a ruling shows (asked of every mortgage, every action)."""
    rules = edition.rules.mortgage
    value = edition.space(position).mortgage
    return value + ROUNDING[rules.rounding](value * rules.interest_percent)


@dataclass(frozen=True)
class MortgageChoice(Pending):
    """A mortgaged property just received: its new owner lifts it at once
    (``unmortgage``) or keeps it mortgaged (``keep_mortgage``), paying the
    interest now; lifting later costs value + interest again (seed 001).

    fee_paid: the interest was paid on receipt already, so keeping it costs
        nothing more.
    """

    type: ClassVar[str] = "mortgage_choice"
    seat: int
    position: int
    fee_paid: bool = False

    said: ClassVar[str] = "{name}'s choice to lift or keep the mortgage on {place:space}"

    def particulars(self, state: GameState) -> dict[str, Any]:
        return {"name": state.players[self.seat].name, "place": self.position}


def find_choice(state: GameState, seat: int, position: int) -> MortgageChoice | None:
    return next((c for c in state.pending_of(MortgageChoice) if c.seat == seat and c.position == position), None)


_LIFTS: tuple[Edition, Mapping[int, int]] | None = None


def lift_table(edition: Edition) -> Mapping[int, int]:
    """``lift_cost`` of every property of the edition, worked out once for the last edition asked."""
    global _LIFTS
    seen = _LIFTS
    if seen is None or seen[0] is not edition:
        seen = _LIFTS = (edition, MappingProxyType({p: lift_cost(edition, p) for p in edition.property_positions}))
    return seen[1]


def lift_costs(state: GameState, edition: Edition) -> Mapping[int, int]:
    """What lifting each mortgaged property costs its owner now: value plus
    interest; only the value when the interest was paid on receiving it just
    now (from a bankrupt: the interest is not paid twice). Read-only, shared."""
    return lifts(state, edition)[0]


def _paid_choices(state: GameState) -> tuple[tuple[int, int], ...]:
    """The seat and position of each mortgage choice pending whose interest was paid."""
    return tuple((c.seat, c.position) for c in state.pending if isinstance(c, MortgageChoice) and c.fee_paid)


@per_holdings_and(_paid_choices)
def lifts(state: GameState, edition: Edition) -> tuple[Mapping[int, int], Mapping[int, int]]:
    """``lift_costs``, and each owner's cheapest lift among them (read-only,
    shared). They read the holdings and ``_paid_choices``, nothing else of the state."""
    table, spaces, holdings = lift_table(edition), edition.spaces, state.holdings
    costs = {p: table[p] for p in board(state, edition).mortgaged}
    for seat, position in _paid_choices(state):
        if position in costs and holdings[position].owner == seat:
            costs[position] = spaces[position].mortgage
    cheapest: dict[int, int] = {}
    for position, cost in costs.items():
        owner = holdings[position].owner
        if owner not in cheapest or cost < cheapest[owner]:
            cheapest[owner] = cost
    return MappingProxyType(costs), MappingProxyType(cheapest)
