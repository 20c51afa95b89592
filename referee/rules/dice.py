"""The roll: dice from the table (or rolled by the service), doubles, the
third double, and rolls that answer a pending utility rent (seed 001, "Один
ход по полю")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .edition import Edition
from .jail import roll_in_jail, send_to_jail
from .movement import advance
from .pending import Pending, RentClaim, RentRoll
from .records import evolve
from .rent import lapse_claims, require_claimed, settle_rent_roll
from .rulings import Rule
from .state import GameState, Turn
from .step import Step, action
from .turns import require_turn, require_unblocked

DICE_NEEDED = Rule("dice.table", "The table rolls its own dice in this game: report both dice.")
NO_ROLL = Rule("dice.no_roll", "{name} has no roll left this turn{why:phrase}.")
DOUBLE = Rule("dice.double", "{name} rolled a double ({a}+{b}): after this space, another roll.")
THIRD_DOUBLE = Rule(
    "dice.third_double",
    "{name} rolled a third double in a row ({a}+{b}): to {term.jail}, without moving by that roll.",
)


@dataclass(frozen=True)
class Roll:
    """dice: both dice as the table rolled them; omitted with virtual dice
    (the service rolls and records them before the engine sees the action)."""

    type: ClassVar[str]
    seat: int
    dice: tuple[int, int] | None = None


FACES = (1, 2, 3, 4, 5, 6)
"""What each die may show (a table reports them; the service rolls them in a virtual game)."""


def _roll_problem(state: GameState, seat: int, blocking: Pending | None) -> str | None:
    """Why ``seat`` may not make the turn's roll now (``blocking``: the first
    blocking item), or None; a pending rent roll is judged apart."""
    if seat != state.turn.seat:
        return "not_your_turn"
    if blocking is not None:
        return "pending"
    if not state.turn.can_roll:
        return "no_roll"
    return None


def _roll_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """Who rolls now and what for: the payer of a utility rent that needs a
    roll, or the turn's player (to move, or to try for doubles in jail).
    ``by``: the table reports the dice, or the service rolls them."""
    blocking = state.blocker
    by = "service" if state.options.dice == "virtual" else "table"
    if isinstance(blocking, RentRoll):
        rent = {"by": by, "faces": FACES, "purpose": "rent", "position": blocking.position}
        return {blocking.payer: {**rent, "multiplier": blocking.multiplier}}
    seat = state.turn.seat
    if _roll_problem(state, seat, blocking) is not None:
        return {}
    player = state.players[seat]
    ends = _claims_ended(state)
    if player.in_jail:
        attempt, limit = player.jail_turns + 1, edition.rules.jail.max_attempts
        return {seat: {"by": by, "faces": FACES, "purpose": "jail", "attempt": attempt, "of": limit, **ends}}
    return {seat: {"by": by, "faces": FACES, "purpose": "move", **ends}}


def _claims_ended(state: GameState) -> dict[str, Any]:
    """The open rent claims this roll would end (``ends_claims``), only when it
    would: the turn's first roll lapses them (``roll``), a doubles re-roll
    does not. The page asks before such a roll from this, never by itself."""
    if not _ends_claims(state.turn):
        return {}
    ended = [{"position": c.position, "owner": c.owner, "amount": c.amount} for c in state.pending_of(RentClaim)]
    return {"ends_claims": ended} if ended else {}


def _ends_claims(turn: Turn) -> bool:
    """The roll ends every open rent claim: the turn's first (seed 001: the claim
    lapses once the next player rolls), not a doubles re-roll."""
    return not turn.rolled


def _roll_examples(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A plain roll and a double. The engine always sees the dice: with
    virtual dice the service rolls them and adds them to the action."""
    return [{"dice": [1, 2]}, {"dice": [3, 3]}]


@action("roll", Roll, _roll_options, _roll_examples)
def roll(step: Step, act: Roll) -> None:
    if act.dice is None:
        raise step.refuse("dice_required", DICE_NEEDED)
    blocking = step.state.blocker
    if isinstance(blocking, RentRoll):
        settle_rent_roll(step, blocking, act.seat, act.dice)
        return
    problem = _roll_problem(step.state, act.seat, blocking)
    if problem == "not_your_turn":
        require_turn(step, act.seat)  # refuses, naming whose turn it is
    if problem == "pending":
        require_unblocked(step)  # refuses, naming what is in the way
    turn = step.state.turn
    player = step.state.players[act.seat]
    if problem == "no_roll":
        require_claimed(step, act.seat)  # the roll meant for a utility's rent waits for the owner's claim
        why = "turn_over" if turn.rolled else ""
        raise step.refuse("no_roll", NO_ROLL, name=player.name, why=why)
    if _ends_claims(turn):
        lapse_claims(step)
    a, b = act.dice
    doubles = turn.doubles + 1 if a == b else 0
    third = a == b and doubles >= step.edition.rules.doubles_to_jail
    rolled = {"rolled": True, "dice": (a, b)}
    if not (player.in_jail or third):
        rolled.update(doubles=doubles, can_roll=a == b)  # what the roll leaves of the turn, set with the roll
    step.set(rolls=step.state.rolls + 1, turn=evolve(step.state.turn, **rolled))
    if player.in_jail:
        roll_in_jail(step, act.seat, (a, b))
        return
    if third:
        step.note(THIRD_DOUBLE, name=player.name, a=a, b=b)
        send_to_jail(step, act.seat, cause="third_double")
        return
    at = len(step.rulings)
    advance(step, act.seat, a + b)
    if a == b and step.state.turn.can_roll:
        # said only once the space is known: one that sends the token to jail ends the turn, and its extra roll
        step.note(DOUBLE, at=at, name=player.name, a=a, b=b)
