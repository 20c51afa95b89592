"""Turn order: whose turn it is, what blocks it, and ending it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .edition import Edition
from .pending import Pending
from .rulings import Rule
from .state import GameState, Turn
from .step import Step, action

NOT_YOUR_TURN = Rule("turn.order", "It is {current}'s turn, not {name}'s.")
RESOLVE_FIRST = Rule("turn.resolve_first", "Play cannot go on until {what} is resolved.")
MUST_ROLL = Rule("turn.roll_first", "{name} must roll before ending the turn{why}.")
GAME_OVER = Rule("game.over", "The game is over; only reads remain.")


def describe(state: GameState, edition: Edition, item: Pending) -> str:
    """A short English description of a pending item for refusals."""
    return item.describe(state, edition)


def require_unblocked(step: Step) -> None:
    for item in step.state.pending:
        if item.blocking:
            what = describe(step.state, step.edition, item)
            raise step.refuse("pending", RESOLVE_FIRST, what=what, pending=item.type)


def require_turn(step: Step, seat: int) -> None:
    current = step.state.turn.seat
    if seat != current:
        raise step.refuse(
            "not_your_turn",
            NOT_YOUR_TURN,
            current=step.state.players[current].name,
            name=step.state.players[seat].name,
        )


def next_seat(state: GameState, seat: int) -> int:
    """The next player to the left who is still in the game."""
    count = len(state.players)
    for offset in range(1, count + 1):
        candidate = (seat + offset) % count
        if not state.players[candidate].bankrupt:
            return candidate
    return seat


def start_turn(step: Step, seat: int) -> None:
    step.set(turn=Turn(seat=seat))


@dataclass(frozen=True)
class EndTurn:
    type: ClassVar[str]
    seat: int


def can_end_turn(state: GameState, seat: int) -> bool:
    return state.turn.seat == seat and not state.turn.can_roll and not state.blocked


def _who_ends(state: GameState, edition: Edition):
    seat = state.turn.seat
    return [seat] if can_end_turn(state, seat) else []


@action("end_turn", EndTurn, who=_who_ends)
def end_turn(step: Step, act: EndTurn) -> None:
    require_turn(step, act.seat)
    require_unblocked(step)
    player = step.state.players[act.seat]
    if step.state.turn.can_roll:
        why = " (a double gives another roll)" if step.state.turn.rolled else ""
        if player.in_jail:
            why = " (pay the fine, use a card or roll for doubles)"
        raise step.refuse("must_roll", MUST_ROLL, name=player.name, why=why)
    start_turn(step, next_seat(step.state, act.seat))
