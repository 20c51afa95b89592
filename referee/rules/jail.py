"""Jail: going there, and the three ways out (seed 001, "Тюрьма")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .edition import Edition
from .movement import Arrival, advance, on_landing
from .rulings import Rule, Ruling
from .state import GameState
from .step import Step, action
from .taxes import fee_account, fee_ruling
from .turns import require_turn

SENT = Rule("jail.sent", "{name} goes straight to jail: no salary, and the turn ends.")
FINE = Rule("jail.fine", "{name} pays the {fine:m} fine to leave jail before rolling.")
CARD = Rule(
    "jail.card",
    "{name} leaves jail with a Get Out of Jail Free card; it returns to the bottom of its deck.",
)
DOUBLE_RELEASE = Rule(
    "jail.double_release",
    "{name} rolled a double ({a}+{b}) and leaves jail, moving {total} without another roll.",
)
FAILED_ROLL = Rule(
    "jail.failed_roll",
    "{name} rolled {a}+{b}, not a double: attempt {attempt} of {limit}, still in jail.",
)
FORCED_RELEASE = Rule(
    "jail.forced_release",
    "{name} failed the last of {limit} rolls for doubles: pays {fine:m} and moves {total}.",
)
NOT_IN_JAIL = Rule("jail.not_in_jail", "{name} is not in jail.")
BEFORE_ROLL = Rule("jail.before_roll", "The fine is paid, or the card used, on one's own turn before rolling.")
NO_CARD = Rule("jail.no_card", "{name} holds no Get Out of Jail Free card{which}.")
CANNOT_PAY_FINE = Rule("jail.fine_cash", "{name} has {cash:m}, less than the {fine:m} fine.")


def send_to_jail(step: Step, seat: int, cause: str) -> Ruling:
    """Put the token in jail; if it is that player's turn, the turn ends.

    cause: space, card or third_double (kept in the ruling's values).
    """
    player = step.state.players[seat]
    step.set_player(
        seat,
        position=step.edition.jail_position,
        in_jail=True,
        jail_turns=0,
        visits=player.visits + 1,
    )
    if step.state.turn.seat == seat:
        step.set_turn(can_roll=False, doubles=0)
    return step.note(SENT, name=player.name, cause=cause)


@on_landing("go_to_jail")
def _land_go_to_jail(step: Step, arrival: Arrival) -> None:
    send_to_jail(step, arrival.seat, cause="space")


def release(step: Step, seat: int) -> None:
    step.set_player(seat, in_jail=False, jail_turns=0)


def roll_in_jail(step: Step, seat: int, dice: tuple[int, int]) -> None:
    """A roll for doubles from jail (the turn's roll; called by the roll action)."""
    player = step.state.players[seat]
    a, b = dice
    limit = step.edition.rules.jail.max_attempts
    if a == b:
        step.note(DOUBLE_RELEASE, name=player.name, a=a, b=b, total=a + b)
        release(step, seat)
        step.set_turn(can_roll=step.edition.rules.jail.double_release_rolls_again)
        advance(step, seat, a + b)
        return
    attempt = player.jail_turns + 1
    step.set_turn(can_roll=False)
    if attempt < limit:
        step.set_player(seat, jail_turns=attempt)
        step.note(FAILED_ROLL, name=player.name, a=a, b=b, attempt=attempt, limit=limit)
        return
    fine = step.edition.rules.jail.fine
    ruling = fee_ruling(step, FORCED_RELEASE, name=player.name, limit=limit, fine=fine, total=a + b)
    step.charge(seat, fee_account(step), fine, "jail_fine", ruling)
    release(step, seat)
    advance(step, seat, a + b)


def _before_roll_problem(state: GameState, seat: int) -> str | None:
    player = state.players[seat]
    if not player.in_jail:
        return "not_in_jail"
    if state.turn.seat != seat or not state.turn.can_roll or state.turn.rolled:
        return "before_roll"
    return None


def _require_before_roll(step: Step, seat: int) -> None:
    problem = _before_roll_problem(step.state, seat)
    if problem == "not_in_jail":
        raise step.refuse("not_in_jail", NOT_IN_JAIL, name=step.state.players[seat].name)
    require_turn(step, seat)
    if problem:
        raise step.refuse("before_roll", BEFORE_ROLL)


@dataclass(frozen=True)
class PayJailFine:
    type: ClassVar[str]
    seat: int


def _who_pays_fine(state: GameState, edition: Edition):
    seat = state.turn.seat
    fine = edition.rules.jail.fine
    ok = _before_roll_problem(state, seat) is None and state.players[seat].cash >= fine
    return [seat] if ok else []


@action("pay_jail_fine", PayJailFine, who=_who_pays_fine)
def pay_jail_fine(step: Step, act: PayJailFine) -> None:
    _require_before_roll(step, act.seat)
    player = step.state.players[act.seat]
    fine = step.edition.rules.jail.fine
    if player.cash < fine:
        raise step.refuse("insufficient_funds", CANNOT_PAY_FINE, name=player.name, cash=player.cash, fine=fine)
    ruling = fee_ruling(step, FINE, name=player.name, fine=fine)
    step.transfer(act.seat, fee_account(step), fine, "jail_fine", ruling)
    release(step, act.seat)


@dataclass(frozen=True)
class UseJailCard:
    """card: which card, when the player holds more than one (else any)."""

    type: ClassVar[str]
    seat: int
    card: str | None = None


def _who_uses_card(state: GameState, edition: Edition):
    seat = state.turn.seat
    ok = _before_roll_problem(state, seat) is None and state.players[seat].jail_cards
    return [seat] if ok else []


@action("use_jail_card", UseJailCard, who=_who_uses_card)
def use_jail_card(step: Step, act: UseJailCard) -> None:
    _require_before_roll(step, act.seat)
    player = step.state.players[act.seat]
    held = player.jail_cards
    card = act.card if act.card is not None else (held[0] if held else None)
    if card not in held:
        which = f" with id {act.card}" if act.card else ""
        raise step.refuse("no_jail_card", NO_CARD, name=player.name, which=which)
    remaining = list(held)
    remaining.remove(card)
    step.set_player(act.seat, jail_cards=tuple(remaining))
    return_card(step, card)
    step.note(CARD, name=player.name)
    release(step, act.seat)


def return_card(step: Step, card_id: str) -> None:
    """A kept card goes back to the bottom of its deck."""
    card = step.edition.card(card_id)
    order = step.state.decks.get(card.deck) if card else None
    if order is not None and step.state.options.decks == "virtual":
        decks = dict(step.state.decks)
        decks[card.deck] = order + (card_id,)
        step.set(decks=decks)
