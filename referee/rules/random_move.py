"""The random-move card (seed 002, «Несподівана поїздка»): the token goes to a
random space, which the service draws with every kind of deck: a table has no
fair way to pick one, and a player left to choose would choose (seed 002 l.109:
"перемістіться на випадкову клітинку"). The service records the draw with the
action, so it stands in the journal like virtual dice.

Seed 002: "Випадкове переміщення виключає поточну клітинку та останнє
випадкове місце призначення для всіх гравців. За перетин старту не платять,
але за пряме потрапляння на старт зарплата є. Правила клітинки призначення
діють; повторну картку випадкового переміщення в межах одного кидка
пропускають і беруть наступну."
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .cards import effect
from .edition import Card, Edition
from .movement import move_to, pay_salary
from .pending import CardDraw, Pending
from .rulings import Rule
from .state import GameState, RandomMove
from .step import Step, action

ASKED = Rule(
    "card.random_move",
    "{name} moves to a random space: any but {positions:space} (the current space and the last random destination).",
)
MOVED = Rule("card.random_move.destination", "{name} moves to {place:space}, drawn at random.")
SKIPPED = Rule(
    "card.random_move.repeat",
    "A second random-move card in the same roll is skipped: {name} draws the next card of {deck:deck}.",
)
NO_MOVE = Rule("card.random_move.none", "{name} has no random move to make now.")
EXCLUDED = Rule(
    "card.random_move.excluded",
    "{place:space} cannot be the destination: the current space and the last random destination are excluded.",
)
OFF_BOARD = Rule("card.random_move.off_board", "There is no space {position} on this board.")
POSITION_NEEDED = Rule(
    "card.random_move.table",
    "The service draws the random destination, with the table's decks as with virtual ones: nobody at the "
    "table picks it.",
)


@dataclass(frozen=True)
class RandomDestination(Pending):
    """The player must move to a random space, any but those ``excluded``."""

    type: ClassVar[str] = "random_destination"
    seat: int
    excluded: tuple[int, ...]

    said: ClassVar[str] = "{name}'s random move"

    def particulars(self, state: GameState) -> dict[str, Any]:
        return {"name": state.players[self.seat].name}


def _request(state: GameState, seat: int) -> RandomDestination | None:
    return next((p for p in state.pending if isinstance(p, RandomDestination) and p.seat == seat), None)


def _destination_problem(edition: Edition, request: RandomDestination, position: int) -> str | None:
    """Why ``position`` cannot be the request's destination, or None."""
    if not 0 <= position < edition.size:
        return "off_board"
    if position in request.excluded:
        return "excluded_destination"
    return None


def _open(edition: Edition, request: RandomDestination) -> list[int]:
    return [p for p in range(edition.size) if _destination_problem(edition, request, p) is None]


def destinations(state: GameState, edition: Edition, seat: int) -> list[int]:
    """Where a pending random move of this seat may go (empty if none is pending)."""
    request = _request(state, seat)
    return [] if request is None else _open(edition, request)


@effect("random_move")
def _random_move(step: Step, seat: int, card: Card, spec) -> None:
    state = step.state
    name = state.players[seat].name
    if state.random_move is not None and state.random_move.roll == state.rolls:
        step.note(SKIPPED, name=name, deck=card.deck)
        step.push(CardDraw(seat, card.deck))
        return
    here = state.players[seat].position
    last = state.random_move.destination if state.random_move else None
    excluded = tuple(sorted({here} | ({last} if last is not None else set())))
    step.note(ASKED, name=name, positions=list(excluded))
    step.push(RandomDestination(seat, excluded))


@dataclass(frozen=True)
class ReportRandomMove:
    """The random move, to a destination the service draws whatever the decks:
    a client sends none, and the service records it with the action (`position`)."""

    type: ClassVar[str]
    seat: int
    position: int | None = None


def _move_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """Each seat with a random move to make: the spaces excluded; the service
    draws the destination (``by``) whatever the decks, so none is offered."""
    if not state.pending:
        return {}  # the common case, answered first: this is asked of every state
    requests = [p for p in state.pending if isinstance(p, RandomDestination)]
    # each seat's first request
    return {request.seat: {"by": "service", "excluded": list(request.excluded)} for request in reversed(requests)}


def _move_examples(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A destination the service might record: the first of spaces 0-2 not
    excluded (at most two are)."""
    return [{"position": next(p for p in range(3) if p not in options["excluded"])}]


@action("random_move", ReportRandomMove, _move_options, _move_examples, answers=RandomDestination)
def random_move(step: Step, act: ReportRandomMove) -> None:
    request = _request(step.state, act.seat)
    name = step.state.players[act.seat].name
    if request is None:
        raise step.refuse("no_random_move", NO_MOVE, name=name)
    if act.position is None:
        raise step.refuse("position_required", POSITION_NEEDED)
    problem = _destination_problem(step.edition, request, act.position)
    if problem == "off_board":
        raise step.refuse("off_board", OFF_BOARD, position=act.position)
    if problem == "excluded_destination":
        raise step.refuse("excluded_destination", EXCLUDED, place=act.position)
    step.drop(request)
    step.set(random_move=RandomMove(act.position, step.state.rolls))
    step.note(MOVED, name=name, place=act.position)
    if act.position == 0:
        pay_salary(step, act.seat, landed=True)
    move_to(step, act.seat, act.position, salary=False, by_card=True)
