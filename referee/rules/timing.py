"""When a player may deal with their own property, and who is deciding now.

Editions say when buildings are bought and sold and trades offered: at any
time (seed 001: "ждать своего хода для покупки не обязательно"), or only on
one's own turn, some things only after its roll (seed 002: "Після кидка можна
купувати, розширюватися, запропонувати обмін"). Each rule area refuses with
its own rule; this module only answers the questions they share.
"""

from __future__ import annotations

from .pending import Auction, Debt, Pending
from .state import GameState

ANY_TIME = "any_time"
OWN_TURN = "own_turn"
AFTER_ROLL = "own_turn_after_roll"


def in_window(state: GameState, seat: int, when: str) -> bool:
    """The seat may act now under the edition's ``when``."""
    if when == ANY_TIME:
        return True
    if state.turn.seat != seat:
        return False
    return when == OWN_TURN or state.turn.rolled


def deciders(item: Pending) -> tuple[int, ...]:
    """The seats a pending item waits for: an auction's bidders, a debt's
    debtor, a roll's payer, an offer's partner, or the item's seat."""
    if isinstance(item, Auction):
        return tuple(item.bidders)
    for name in ("debtor", "payer", "to", "seat"):
        seat = getattr(item, name, None)
        if isinstance(seat, int):
            return (seat,)
    return ()


def others_deciding(state: GameState, seat: int) -> Pending | None:
    """A blocking item someone other than ``seat`` must resolve (an auction
    always counts: it is the table's decision), if any."""
    for item in state.pending:
        if item.blocking and (isinstance(item, Auction) or deciders(item) != (seat,)):
            return item
    return None


def undecided(state: GameState, seat: int) -> Pending | None:
    """What must be decided before the seat may deal with its own property
    now: anything blocking play, except, for a debtor, the debts being raised."""
    debtor = any(d.debtor == seat for d in state.pending_of(Debt))
    return next((p for p in state.pending if p.blocking and not (debtor and isinstance(p, Debt))), None)
