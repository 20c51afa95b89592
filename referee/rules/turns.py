"""Turn order: whose turn it is, what blocks it, and ending it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from . import rounds
from .edition import Edition
from .memo import per_state
from .pending import Debt
from .rulings import Rule
from .state import GameState, Turn
from .step import Step, action

NOT_YOUR_TURN = Rule("turn.order", "It is {current}'s turn, not {name}'s.")
RESOLVE_FIRST = Rule("turn.resolve_first", "Play cannot go on until {what:phrase} is resolved.")
MUST_ROLL = Rule("turn.roll_first", "{name} must roll before ending the turn{why:phrase}.")
GAME_OVER = Rule("game.over", "The game is over; only reads remain.")
UNKNOWN_SEAT = Rule("setup.seat", "There is no seat {seat} at this table.")


@per_state
def debtors(state: GameState, edition: Edition) -> frozenset[int]:
    """The seats with a debt pending (``holdings.owes`` of every seat at once)."""
    return frozenset(item.debtor for item in state.pending if isinstance(item, Debt)) if state.pending else frozenset()


def require_unblocked(step: Step) -> None:
    item = step.state.blocker
    if item is not None:
        raise step.refuse("pending", RESOLVE_FIRST, what=item.describe(step.state), pending=item.type)


def require_seat(step: Step, seat: int) -> None:
    """A seat an action names (its own, a winner, a partner) is one at this table."""
    if not 0 <= seat < len(step.state.players):
        raise step.refuse("unknown_seat", UNKNOWN_SEAT, seat=seat)


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
        if not state.players[candidate].out:
            return candidate
    return seat


def start_turn(step: Step, seat: int) -> None:
    rounds.turn_passes(step, seat)
    step.set(turn=Turn(seat=seat))


@dataclass(frozen=True)
class EndTurn:
    type: ClassVar[str]
    seat: int


def _end_problem(state: GameState, seat: int) -> str | None:
    """What stops the seat ending its turn now, in the order ``end_turn`` refuses it: not its turn,
    something to resolve, or a roll still to make."""
    if state.turn.seat != seat:
        return "not_your_turn"
    if state.blocker is not None:
        return "pending"
    return "must_roll" if state.turn.can_roll else None


def can_end_turn(state: GameState, seat: int) -> bool:
    return _end_problem(state, seat) is None


def _options(state: GameState, edition: Edition) -> dict[int, dict]:
    """The turn's player, once it has rolled and nothing is left to resolve: nothing to choose."""
    seat = state.turn.seat
    return {seat: {}} if can_end_turn(state, seat) else {}


@action("end_turn", EndTurn, _options)
def end_turn(step: Step, act: EndTurn) -> None:
    problem = _end_problem(step.state, act.seat)
    if problem == "not_your_turn":
        require_turn(step, act.seat)
    if problem == "pending":
        require_unblocked(step)
    if problem == "must_roll":
        player = step.state.players[act.seat]
        why = "double_rolls_again" if step.state.turn.rolled else ""
        if player.in_jail:
            why = "jail_choices"
        raise step.refuse("must_roll", MUST_ROLL, name=player.name, why=why)
    start_turn(step, next_seat(step.state, act.seat))
    rounds.after_turn(step)
