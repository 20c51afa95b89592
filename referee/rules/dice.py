"""The roll: dice from the table (or rolled by the service), doubles, the
third double, and rolls that answer a pending utility rent (seed 001, "Один
ход по полю")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .edition import Edition
from .jail import roll_in_jail, send_to_jail
from .movement import advance
from .pending import RentRoll
from .rent import lapse_claims, settle_rent_roll
from .rulings import Rule
from .state import GameState
from .step import Step, action
from .turns import require_turn, require_unblocked

DICE_NEEDED = Rule("dice.table", "The table rolls its own dice in this game: report both dice.")
NO_ROLL = Rule("dice.no_roll", "{name} has no roll left this turn{why}.")
DOUBLE = Rule("dice.double", "{name} rolled a double ({a}+{b}): after this space, another roll.")
THIRD_DOUBLE = Rule(
    "dice.third_double",
    "{name} rolled a third double in a row ({a}+{b}): to jail, without moving by that roll.",
)


@dataclass(frozen=True)
class Roll:
    """dice: both dice as the table rolled them; omitted with virtual dice
    (the service rolls and records them before the engine sees the action)."""

    type: ClassVar[str]
    seat: int
    dice: tuple[int, int] | None = None


def _rent_roll(state: GameState) -> RentRoll | None:
    blocking = next((p for p in state.pending if p.blocking), None)
    return blocking if isinstance(blocking, RentRoll) else None


def _who_rolls(state: GameState, edition: Edition):
    waiting = _rent_roll(state)
    if waiting is not None:
        return [waiting.payer]
    if state.turn.can_roll and not state.blocked:
        return [state.turn.seat]
    return []


@action("roll", Roll, who=_who_rolls)
def roll(step: Step, act: Roll) -> None:
    if act.dice is None:
        raise step.refuse("dice_required", DICE_NEEDED)
    waiting = _rent_roll(step.state)
    if waiting is not None:
        settle_rent_roll(step, waiting, act.seat, act.dice)
        return
    require_turn(step, act.seat)
    require_unblocked(step)
    turn = step.state.turn
    player = step.state.players[act.seat]
    if not turn.can_roll:
        why = " (the turn is over: end it)" if turn.rolled else ""
        raise step.refuse("no_roll", NO_ROLL, name=player.name, why=why)
    if not turn.rolled:
        lapse_claims(step)
    a, b = act.dice
    step.set_turn(rolled=True, dice=(a, b))
    if player.in_jail:
        roll_in_jail(step, act.seat, (a, b))
        return
    if a != b:
        step.set_turn(doubles=0, can_roll=False)
        advance(step, act.seat, a + b)
        return
    doubles = turn.doubles + 1
    if doubles >= step.edition.rules.doubles_to_jail:
        step.note(THIRD_DOUBLE, name=player.name, a=a, b=b)
        send_to_jail(step, act.seat, cause="third_double")
        return
    step.set_turn(doubles=doubles, can_roll=True)
    step.note(DOUBLE, name=player.name, a=a, b=b)
    advance(step, act.seat, a + b)
