"""The service's own draws of chance: virtual dice, the top card, a card's
random destination, the shuffle of virtual decks and the deal of title
deeds. The engine draws nothing; what is drawn here is recorded in the
journal, so the engine stays deterministic and every game replays exactly."""

from __future__ import annotations

import random
from typing import Any

from referee.rules import Edition, GameState
from referee.rules.pending import CardDraw
from referee.rules.random_move import destinations
from referee.service.errors import InvalidInput

_random = random.SystemRandom()


def _dice(state: GameState, edition: Edition, seat: int) -> list[int]:
    return [_random.randint(1, 6), _random.randint(1, 6)]


def _top_card(state: GameState, edition: Edition, seat: int) -> str | None:
    draw = next((p for p in state.pending_of(CardDraw) if p.seat == seat), None)
    order = state.decks.get(draw.deck) if draw else None
    return order[0] if order else None


def _destination(state: GameState, edition: Edition, seat: int) -> int | None:
    choices = destinations(state, edition, seat)
    return _random.choice(choices) if choices else None


# What a virtual game draws for an action type: the action's field, the option
# that makes it virtual, and the draw (None when there is nothing to draw).
# Fields whose drawn outcome stands (an undo would be a new draw; see referee.journal).
STANDING_DRAWS = frozenset({"dice", "position"})

_OUTCOMES = {
    "roll": ("dice", "dice", _dice),
    "draw_card": ("card", "decks", _top_card),
    "random_move": ("position", "decks", _destination),
}


def with_randomness(state: GameState, edition: Edition, body: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
    """Virtual dice and decks: the service rolls, draws the top card or a
    card's random destination, and the outcome is recorded with the action.
    A client may not supply that outcome itself. Returns the body and the
    field the service drew, if any."""
    drawn = _OUTCOMES.get(body.get("type"))
    if drawn is None:
        return body, None
    field, option, draw = drawn
    if getattr(state.options, option) != "virtual":
        return body, None
    if body.get(field) is not None:
        raise InvalidInput({field: [f"this game's {option} are virtual: the service draws it; omit {field}"]})
    outcome = draw(state, edition, body["seat"])
    return (body, None) if outcome is None else ({**body, field: outcome}, field)


def shuffled_decks(edition: Edition) -> dict[str, tuple[str, ...]]:
    """Every deck of the edition in a new order (card ids, top first)."""
    decks = {}
    for deck_id, deck in edition.decks.items():
        order = [card.id for card in deck.cards]
        _random.shuffle(order)
        decks[deck_id] = tuple(order)
    return decks


def deal(edition: Edition, players: int, count: int) -> tuple[tuple[int, ...], ...]:
    """Shuffle the title deeds and deal ``count`` to each player, one per round."""
    deeds = list(edition.property_positions)
    _random.shuffle(deeds)
    return tuple(tuple(deeds[turn * players + seat] for turn in range(count)) for seat in range(players))
