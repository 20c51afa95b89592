"""Who owns what: small questions about holdings that building, mortgages and
trades all ask, with the refusals they share."""

from __future__ import annotations

from .board import board
from .edition import Edition
from .pending import Debt
from .rulings import Rule
from .state import GameState
from .step import Step

NO_SPACE = Rule("board.position", "There is no space {position} on this board.")
NOT_PROPERTY = Rule(
    "property.kind", "{place:space} is not a {term.property}: neither {term.street}, {term.station} nor {term.utility}."
)
NOT_OWNER = Rule("property.owner", "{name} does not own {place:space}.")


def require_space(step: Step, position: int) -> None:
    if not 0 <= position < step.edition.size:
        raise step.refuse("no_such_space", NO_SPACE, position=position)


def require_property(step: Step, position: int) -> None:
    require_space(step, position)
    if not step.edition.space(position).is_property:
        raise step.refuse("not_a_property", NOT_PROPERTY, place=position)


def require_owner(step: Step, seat: int, position: int) -> None:
    require_property(step, position)
    if step.state.holdings[position].owner != seat:
        raise step.refuse("not_owner", NOT_OWNER, name=step.state.players[seat].name, place=position)


def group_owner(state: GameState, edition: Edition, group: str) -> int | None:
    """The seat owning every property of a group, if one does."""
    owners = {state.holdings[p].owner for p in edition.group_positions(group)}
    return owners.pop() if len(owners) == 1 else None


def group_built(state: GameState, edition: Edition, group: str) -> int | None:
    """A position of the group with buildings on it, if any."""
    return next(
        (p for p in edition.group_positions(group) if state.holdings[p].houses or state.holdings[p].hotel),
        None,
    )


def built_groups(state: GameState, edition: Edition) -> frozenset[str]:
    """The groups with buildings on any of their streets: ``group_built`` for
    every group at once, read off the board once per state."""
    return board(state, edition).built_groups


def owes(state: GameState, seat: int) -> bool:
    """The seat has a debt pending (its cash does not cover it yet)."""
    return any(debt.debtor == seat for debt in state.pending_of(Debt))


def owed(state: GameState, seat: int) -> int:
    """What the seat's pending debts add up to."""
    return sum(debt.amount for debt in state.pending_of(Debt) if debt.debtor == seat)


def bank_price(edition: Edition, position: int) -> int:
    """What the bank would pay for a property without buildings (seed 002:
    "Банк платить половину ціни"): the edition's buy-back share of the price."""
    return edition.space(position).price * edition.rules.bank_buyback_percent // 100
