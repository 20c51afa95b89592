"""The service's own draws of chance: virtual dice, the top card, a card's
random destination (with the table's decks too: a table has no fair way to
pick one), the shuffle of virtual decks and the deal of title deeds. The
engine draws nothing; what is drawn here is recorded in the journal, so the
engine stays deterministic and every game replays exactly."""

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


# What the service draws for an action type: the action's field, the option
# that makes it virtual (None: drawn in every game), and the draw (None when
# there is nothing to draw).
# Fields whose drawn outcome stands (an undo would be a new draw; see referee.journal).
STANDING_DRAWS = frozenset({"dice", "position"})

_OUTCOMES = {
    "roll": ("dice", "dice", _dice),
    "draw_card": ("card", "decks", _top_card),
    "random_move": ("position", None, _destination),
}


def service_draws(state: GameState, action_type: str | None) -> str | None:
    """The field of an action type whose outcome the service draws in this game, if any."""
    drawn = _OUTCOMES.get(action_type)
    if drawn is None:
        return None
    field, option, _ = drawn
    return field if option is None or getattr(state.options, option) == "virtual" else None


def with_randomness(state: GameState, edition: Edition, body: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
    """Virtual dice and decks: the service rolls or draws the top card; in
    every game it draws a card's random destination. The outcome is recorded
    with the action; a client may not supply it itself. Returns the body and
    the field the service drew, if any."""
    field = service_draws(state, body.get("type"))
    if field is None:
        return body, None
    if body.get(field) is not None:
        option = _OUTCOMES[body["type"]][1]
        drawer = f"this game's {option} are virtual: the service draws it" if option else _ALWAYS
        raise InvalidInput({field: [f"{drawer}; omit {field}"]})
    outcome = _OUTCOMES[body["type"]][2](state, edition, body["seat"])
    return (body, None) if outcome is None else ({**body, field: outcome}, field)


_ALWAYS = "the service draws the random destination in every game"


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
