"""Chance and Community Chest (and every other deck): the table reports which
card was drawn and the engine carries out its machine-readable effect.

Effects are registered by their ``kind`` in ``EFFECTS``; an edition's card
data names the kind and its parameters (seed 001: "берите верхнюю карточку,
выполняйте текст и возвращайте её вниз стопки").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .edition import Card, Edition
from .jail import send_to_jail
from .movement import Arrival, move_to, next_of_kind, on_landing
from .pending import CardChoice, CardDraw
from .rulings import Rule
from .state import BANK, GameState
from .step import Step, action
from .taxes import fee_account, fee_ruling

DRAWN = Rule("card.drawn", "{name} draws from {deck:deck}: “{card:card}”")
COLLECT = Rule("card.collect", "The card pays {name} {amount:m} from the bank.")
PAY = Rule("card.pay", "The card makes {name} pay {amount:m} to {payee:phrase}.")
PAY_EACH = Rule("card.pay_each", "The card makes {name} pay {amount:m} to each other player ({other}).")
COLLECT_EACH = Rule("card.collect_each", "The card makes {other} pay {name} {amount:m}.")
REPAIRS = Rule(
    "card.repairs",
    "Repairs {amount:m} = {houses:n.house} × {per_house:m} + {hotels:n.hotel} × {per_hotel:m}.",
)
KEEP = Rule("card.keep", "{name} keeps the {term.jail_free_card} until it is used or sold.")
CHOICE = Rule("card.choice", "{name} must choose: {options}.")
NO_DRAW = Rule("card.no_draw", "{name} has no card to draw now.")
WRONG_DECK = Rule("card.wrong_deck", "Card {card} is not in {deck:deck}, the deck {name} draws from.")
CARD_HELD = Rule("card.held", "Card {card} is held by {holder}, so it cannot be on top of the deck.")
CARD_NEEDED = Rule("card.table_deck", "The table draws its own cards in this game: report the card's id.")
NOT_ON_TOP = Rule("card.virtual_deck", "This game's decks are virtual: the card drawn is the top card of {deck:deck}.")
NO_CHOICE = Rule("card.no_choice", "{name} has no card choice to make now.")
BAD_OPTION = Rule("card.option", "Choose one of: {options}.")

Effect = Callable[[Step, int, Card, Mapping[str, Any]], None]
EFFECTS: dict[str, Effect] = {}


def effect(kind: str) -> Callable[[Effect], Effect]:
    def register(func: Effect) -> Effect:
        EFFECTS[kind] = func
        return func

    return register


def apply_effect(step: Step, seat: int, card: Card, spec: Mapping[str, Any]) -> None:
    EFFECTS[spec["kind"]](step, seat, card, spec)


@effect("advance_to")
def _advance_to(step: Step, seat: int, card: Card, spec) -> None:
    move_to(step, seat, spec["position"], by_card=True, salary=spec.get("salary", True))


@effect("move_to")
def _move_to(step: Step, seat: int, card: Card, spec) -> None:
    """Move to a space in a given direction; backwards never passes GO."""
    forward = spec.get("direction", "forward") == "forward"
    move_to(step, seat, spec["position"], forward=forward, salary=spec.get("salary", forward), by_card=True)


@effect("advance_to_nearest")
def _advance_to_nearest(step: Step, seat: int, card: Card, spec) -> None:
    target = next_of_kind(step, step.state.players[seat].position, spec["space_kind"])
    move_to(
        step,
        seat,
        target,
        by_card=True,
        rent_multiplier=spec.get("rent_multiplier", 1),
        utility_multiplier=spec.get("utility_multiplier"),
    )


@effect("move_back")
def _move_back(step: Step, seat: int, card: Card, spec) -> None:
    position = step.state.players[seat].position
    target = (position - spec["steps"]) % step.edition.size
    move_to(step, seat, target, forward=False, salary=False, by_card=True)


@effect("go_to_jail")
def _go_to_jail(step: Step, seat: int, card: Card, spec) -> None:
    send_to_jail(step, seat, cause="card")


@effect("collect")
def _collect(step: Step, seat: int, card: Card, spec) -> None:
    name = step.state.players[seat].name
    step.transfer(BANK, seat, spec["amount"], "card", step.ruling(COLLECT, name=name, amount=spec["amount"]))


@effect("pay")
def _pay(step: Step, seat: int, card: Card, spec) -> None:
    payee = fee_account(step)
    name = step.state.players[seat].name
    ruling = fee_ruling(step, PAY, name=name, amount=spec["amount"], payee=step.party(payee))
    step.charge(seat, payee, spec["amount"], "card", ruling)


def _others(step: Step, seat: int) -> list[int]:
    return [s for s in step.state.active_seats() if s != seat]


@effect("pay_each_player")
def _pay_each(step: Step, seat: int, card: Card, spec) -> None:
    name = step.state.players[seat].name
    for other in _others(step, seat):
        ruling = step.ruling(PAY_EACH, name=name, amount=spec["amount"], other=step.state.players[other].name)
        step.charge(seat, other, spec["amount"], "card", ruling)


@effect("collect_from_each_player")
def _collect_each(step: Step, seat: int, card: Card, spec) -> None:
    name = step.state.players[seat].name
    for other in _others(step, seat):
        ruling = step.ruling(COLLECT_EACH, name=name, amount=spec["amount"], other=step.state.players[other].name)
        step.charge(other, seat, spec["amount"], "card", ruling)


@effect("repairs")
def _repairs(step: Step, seat: int, card: Card, spec) -> None:
    owned = list(step.state.owned_by(seat))
    houses = sum(h.houses for h in owned)
    hotels = sum(1 for h in owned if h.hotel)
    amount = houses * spec["per_house"] + hotels * spec["per_hotel"]
    values = dict(amount=amount, houses=houses, hotels=hotels, per_house=spec["per_house"], per_hotel=spec["per_hotel"])
    ruling = fee_ruling(step, REPAIRS, **values)
    if amount == 0:
        step.rulings.append(ruling)
        return
    step.charge(seat, fee_account(step), amount, "repairs", ruling)


@effect("jail_free")
def _jail_free(step: Step, seat: int, card: Card, spec) -> None:
    player = step.state.players[seat]
    step.set_player(seat, jail_cards=player.jail_cards + (card.id,))
    step.note(KEEP, name=player.name)


@effect("choice")
def _choice(step: Step, seat: int, card: Card, spec) -> None:
    options = tuple(option["id"] for option in spec["options"])
    step.push(CardChoice(seat, card.id, options))
    step.note(CHOICE, name=step.state.players[seat].name, options=" or ".join(options), card=card.id)


@effect("draw")
def _draw(step: Step, seat: int, card: Card, spec) -> None:
    step.push(CardDraw(seat, spec["deck"]))


# -- drawing -------------------------------------------------------------


def holder_of(state: GameState, card_id: str) -> int | None:
    return next((p.seat for p in state.players if card_id in p.jail_cards), None)


def _held(state: GameState) -> set[str]:
    """Cards players keep (Get Out of Jail Free): not in any deck now."""
    return {card for p in state.players for card in p.jail_cards}


def _take_from_deck(step: Step, deck: str, card: Card) -> None:
    """Virtual decks cycle: the card goes to the bottom, unless it is kept."""
    order = step.state.decks.get(deck)
    if not order:
        return
    rest = tuple(c for c in order if c != card.id)
    keep = card.effect.get("kind") == "jail_free"
    decks = dict(step.state.decks)
    decks[deck] = rest if keep else rest + (card.id,)
    step.set(decks=decks)


@dataclass(frozen=True)
class DrawCard:
    """card: the id of the card the table drew (omitted with virtual decks)."""

    type: ClassVar[str]
    seat: int
    card: str | None = None


def _draw_of(state: GameState, seat: int) -> CardDraw | None:
    return next((p for p in state.pending if isinstance(p, CardDraw) and p.seat == seat), None)


def _draw_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """Each seat with a card to draw: the deck, and who draws it (``by``);
    with table decks, the ids of the deck's cards that may be on top (none a
    player keeps)."""
    if not state.pending:
        return {}  # the common case, answered first: this is asked of every state
    draws = [p for p in state.pending if isinstance(p, CardDraw)]
    if not draws:
        return {}
    if state.options.decks == "virtual":
        return {d.seat: {"deck": d.deck, "by": "service"} for d in reversed(draws)}  # each seat's first draw
    held = _held(state)
    found = {}
    for d in reversed(draws):
        found[d.seat] = {
            "deck": d.deck,
            "by": "table",
            "card": [c.id for c in edition.decks[d.deck].cards if c.id not in held],
        }
    return found


def _draw_examples(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each card that may be reported; with virtual decks, the draw itself (the top card)."""
    if "card" not in options:
        return [{}]
    return [{"card": card} for card in options["card"]]


@action("draw_card", DrawCard, _draw_options, _draw_examples, answers=CardDraw)
def draw_card(step: Step, act: DrawCard) -> None:
    pending = _draw_of(step.state, act.seat)
    name = step.state.players[act.seat].name
    if pending is None:
        raise step.refuse("no_draw", NO_DRAW, name=name)
    deck = step.edition.decks[pending.deck]
    card_id = act.card
    virtual = step.state.options.decks == "virtual"
    if card_id is None:
        if not virtual:
            raise step.refuse("card_required", CARD_NEEDED)
        card_id = step.state.decks[pending.deck][0]
    elif virtual and card_id != step.state.decks[pending.deck][0]:
        raise step.refuse("not_top_card", NOT_ON_TOP, deck=pending.deck)
    card = deck.card(card_id)
    if card is None:
        raise step.refuse("wrong_deck", WRONG_DECK, card=card_id, deck=deck.id, name=name)
    holder = holder_of(step.state, card_id)
    if holder is not None:
        raise step.refuse("card_held", CARD_HELD, card=card_id, holder=step.state.players[holder].name)
    step.drop(pending)
    _take_from_deck(step, pending.deck, card)
    step.note(DRAWN, name=name, deck=deck.id, card=card.id)
    apply_effect(step, act.seat, card, card.effect)


@dataclass(frozen=True)
class Choose:
    type: ClassVar[str]
    seat: int
    option: str


def _choice_of(state: GameState, seat: int) -> CardChoice | None:
    return next((p for p in state.pending if isinstance(p, CardChoice) and p.seat == seat), None)


def _choose_options(state: GameState, edition: Edition) -> dict[int, dict[str, Any]]:
    """Each seat a card asks to choose: the option ids, and the card."""
    if not state.pending:
        return {}  # the common case, answered first: this is asked of every state
    choices = [p for p in state.pending if isinstance(p, CardChoice)]
    return {c.seat: {"option": list(c.options), "card": c.card} for c in reversed(choices)}  # each seat's first


def _choose_examples(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [{"option": option} for option in options["option"]]


@action("choose", Choose, _choose_options, _choose_examples, answers=CardChoice)
def choose(step: Step, act: Choose) -> None:
    pending = _choice_of(step.state, act.seat)
    if pending is None:
        raise step.refuse("no_choice", NO_CHOICE, name=step.state.players[act.seat].name)
    if act.option not in pending.options:
        raise step.refuse("bad_option", BAD_OPTION, options=", ".join(pending.options))
    step.drop(pending)
    card = step.edition.card(pending.card)
    chosen = next(o for o in card.effect["options"] if o["id"] == act.option)
    apply_effect(step, act.seat, card, chosen["effect"])


@on_landing("card")
def _land_on_card(step: Step, arrival: Arrival) -> None:
    deck = step.edition.space(arrival.position).deck
    step.push(CardDraw(arrival.seat, deck))
