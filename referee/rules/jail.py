"""Jail: going there, and the three ways out (seed 001, "Тюрьма")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .edition import Edition
from .movement import Arrival, advance, on_landing
from .rulings import Rule, Ruling
from .state import GameState
from .step import Step, action
from .taxes import fee_account, fee_ruling
from .turns import require_turn

SENT = Rule("jail.sent", "{name} goes straight to {term.jail}: no salary, and the turn ends.")
FINE = Rule("jail.fine", "{name} pays the {fine:m} fine to leave {term.jail} before rolling.")
CARD = Rule(
    "jail.card",
    "{name} leaves {term.jail} with the {term.jail_free_card}; it returns to the bottom of its deck.",
)
DOUBLE_RELEASE = Rule(
    "jail.double_release",
    "{name} rolled a double ({a}+{b}) and leaves {term.jail}, moving {total} without another roll.",
)
FAILED_ROLL = Rule(
    "jail.failed_roll",
    "{name} rolled {a}+{b}, not a double: attempt {attempt} of {limit}, still in {term.jail}.",
)
FORCED_RELEASE = Rule(
    "jail.forced_release",
    "{name} failed the last of {limit} rolls for doubles: pays {fine:m} and moves {total}.",
)
NOT_IN_JAIL = Rule("jail.not_in_jail", "{name} is not in {term.jail}.")
BEFORE_ROLL = Rule("jail.before_roll", "The fine is paid, or the card used, on one's own turn before rolling.")
NO_CARD = Rule("jail.no_card", "{name} holds no {term.jail_free_card}{which}.")
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


def _fine_problem(state: GameState, edition: Edition, seat: int) -> str | None:
    """Why ``seat`` may not pay its way out of jail now, or None."""
    problem = _before_roll_problem(state, seat)
    if problem is None and state.players[seat].cash < edition.rules.jail.fine:
        return "insufficient_funds"
    return problem


def _prisoner(state: GameState) -> int | None:
    """The turn's player, if in jail: only they may leave it before a roll (an early out for the rest)."""
    seat = state.turn.seat
    return seat if state.players[seat].in_jail else None


@dataclass(frozen=True)
class PayJailFine:
    type: ClassVar[str]
    seat: int


def _fine_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """The prisoner, before the roll, whose cash covers the fine: the fine."""
    seat = _prisoner(state)
    if seat is None or _fine_problem(state, edition, seat) is not None:
        return {}
    return {seat: {"fine": edition.rules.jail.fine}}


@action("pay_jail_fine", PayJailFine, _fine_options)
def pay_jail_fine(step: Step, act: PayJailFine) -> None:
    _require_before_roll(step, act.seat)
    player = step.state.players[act.seat]
    fine = step.edition.rules.jail.fine
    if _fine_problem(step.state, step.edition, act.seat) == "insufficient_funds":
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


def _card_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """The prisoner, before the roll, holding Get Out of Jail Free cards: their ids."""
    seat = _prisoner(state)
    if seat is None or not state.players[seat].jail_cards or _before_roll_problem(state, seat) is not None:
        return {}
    return {seat: {"card": list(state.players[seat].jail_cards)}}


def _card_examples(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each card held, by its id."""
    return [{"card": card} for card in options["card"]]


@action("use_jail_card", UseJailCard, _card_options, _card_examples)
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


def jail_decision(state: GameState, edition: Edition) -> dict[str, Any] | None:
    """The prisoner's choice before rolling (SPEC §2.6), as a pending item
    for clients: the ways out open now (``options``: action types), the
    attempt at doubles it would be, the fine, and (when a card may be used)
    the cards' ids. None unless the turn's player is in jail, before its
    roll, with nothing else to resolve first."""
    seat = _prisoner(state)
    if seat is None or state.finished or _before_roll_problem(state, seat) is not None or state.blocked:
        return None
    player = state.players[seat]
    cards = _card_options(state, edition).get(seat)
    ways = ["pay_jail_fine"] if seat in _fine_options(state, edition) else []
    if cards:
        ways.append("use_jail_card")
    ways.append("roll")  # before the roll, with nothing blocking, the turn's roll is open (dice's own check)
    decision = {
        "type": "jail_decision",
        "blocking": True,
        "seat": seat,
        "options": ways,
        "attempt": player.jail_turns + 1,
        "fine": edition.rules.jail.fine,
    }
    if cards:
        decision["cards"] = cards["card"]
    return decision


def return_card(step: Step, card_id: str) -> None:
    """A kept card goes back to the bottom of its deck."""
    card = step.edition.card(card_id)
    order = step.state.decks.get(card.deck) if card else None
    if order is not None and step.state.options.decks == "virtual":
        decks = dict(step.state.decks)
        decks[card.deck] = order + (card_id,)
        step.set(decks=decks)
