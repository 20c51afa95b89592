"""What each player is worth, and the standings: cash, properties at their
printed price, mortgaged ones at half of it, houses at cost and hotels at cost
including the houses they were exchanged for (seed 000, "Правила укороченной
игры": "Имеющиеся на руках наличные ... по цене, указанной на игровом поле ...
Заложенную собственность в размере половины цены ... Дома, оцененные по
стоимости покупки ... Отели ... включая стоимость ... Домов, на которые этот
Отель был обменен")."""

from __future__ import annotations

from dataclasses import dataclass

from .edition import Edition
from .pending import Debt
from .state import GameState
from .street_levels import level


@dataclass(frozen=True)
class Worth:
    """One player's worth by parts.

    properties: unmortgaged properties at their printed price.
    mortgaged: mortgaged properties at half their printed price.
    buildings: houses at cost; hotels at cost plus the houses exchanged for them.
    debts: what the player owes and has not paid yet (a pending debt).
    claims: what other players owe the player and have not paid yet.
    """

    seat: int
    cash: int
    properties: int
    mortgaged: int
    buildings: int
    debts: int = 0
    claims: int = 0

    @property
    def total(self) -> int:
        return self.cash + self.properties + self.mortgaged + self.buildings - self.debts + self.claims


def worth(state: GameState, edition: Edition, seat: int) -> Worth:
    """A debt still pending counts against the debtor and for the player owed
    it: a game that ends with a debt unpaid does not reward the debtor."""
    properties = mortgaged = buildings = 0
    for holding in state.owned_by(seat):
        space = edition.space(holding.position)
        if holding.mortgaged:
            mortgaged += space.price // 2
        else:
            properties += space.price
        if space.kind == "street":
            buildings += level(holding, state, edition) * space.building_cost
    debts = sum(d.amount for d in state.pending_of(Debt) if d.debtor == seat)
    claims = sum(d.amount for d in state.pending_of(Debt) if d.creditor == seat)
    return Worth(seat, state.players[seat].cash, properties, mortgaged, buildings, debts, claims)


def worth_parts(edition: Edition) -> tuple[str, ...]:
    """The parts a net worth has in this edition, in the order they count:
    an edition without mortgages has no mortgaged part to speak of. Debts
    still unpaid are taken off (``debts``) and those owed to the player
    added (``claims``) in every edition, so that the parts add up to the total."""
    parts = ("cash", "properties", "mortgaged", "buildings", "debts", "claims")
    return parts if edition.rules.mortgage.enabled else tuple(p for p in parts if p != "mortgaged")


@dataclass(frozen=True)
class Standing:
    """rank: 1 for the richest; equal totals share a rank; None once bankrupt."""

    rank: int | None
    worth: Worth


def standings(state: GameState, edition: Edition) -> list[Standing]:
    """Players still in the game from richest to poorest, then the bankrupt."""
    active = sorted((worth(state, edition, s) for s in state.active_seats()), key=lambda w: (-w.total, w.seat))
    ranked = [Standing(1 + sum(other.total > w.total for other in active), w) for w in active]
    out = [Standing(None, worth(state, edition, p.seat)) for p in state.players if p.out]
    return ranked + out
