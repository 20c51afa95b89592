"""A random table: picks one legal action at a time, with legal-looking
parameters, so long games can be played without a script.

Used by the property tests (with choices drawn by hypothesis, so failures
shrink), by the benchmark, and by anyone who wants a game to look at. Each
action type that needs parameters registers a generator in ``PARAMETERS``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from referee.rules import Edition, GameState, Outcome, Setup, allowed, parse_action, start, step
from referee.rules.cards import holder_of
from referee.rules.pending import Auction, CardChoice, CardDraw
from referee.rules.random_move import destinations

T = TypeVar("T")


class Chooser(Protocol):
    def pick(self, options: Sequence[T]) -> T: ...

    def integer(self, low: int, high: int) -> int: ...


class RandomChooser:
    """Choices from a seeded ``random.Random``: the same seed, the same game."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def pick(self, options: Sequence[T]) -> T:
        return options[self.rng.randrange(len(options))]

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)


Parameters = Callable[[GameState, Edition, int, Chooser], dict[str, Any]]
PARAMETERS: dict[str, Parameters] = {}


def parameters(action_type: str) -> Callable[[Parameters], Parameters]:
    def register(func: Parameters) -> Parameters:
        PARAMETERS[action_type] = func
        return func

    return register


@parameters("roll")
def _dice(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    return {"dice": [choose.integer(1, 6), choose.integer(1, 6)]}


@parameters("draw_card")
def _card(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    if state.options.decks == "virtual":
        return {}  # the top of the shuffled deck is drawn
    draw = next(p for p in state.pending_of(CardDraw) if p.seat == seat)
    cards = [c.id for c in edition.decks[draw.deck].cards if holder_of(state, c.id) is None]
    return {"card": choose.pick(cards)}


@parameters("bid")
def _bid(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    auction = state.first_pending(Auction)
    rules = edition.rules.auction
    minimum = auction.opening if auction.high_bid is None else auction.high_bid + rules.min_raise
    if rules.exact_raise:
        return {"amount": minimum}
    cash = state.players[seat].cash
    price = edition.space(auction.position).price or minimum
    return {"amount": choose.integer(minimum, max(minimum, min(cash, price + price // 2)))}


@parameters("choose")
def _option(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    pending = next(p for p in state.pending_of(CardChoice) if p.seat == seat)
    return {"option": choose.pick(pending.options)}


@parameters("random_move")
def _destination(state: GameState, edition: Edition, seat: int, choose: Chooser) -> dict[str, Any]:
    return {"position": choose.pick(destinations(state, edition, seat))}


def random_action(state: GameState, edition: Edition, choose: Chooser) -> dict[str, Any] | None:
    """One legal action with parameters, or None when nothing is allowed."""
    legal = allowed(state, edition)
    if not legal:
        return None
    picked = choose.pick(legal)
    extra = PARAMETERS.get(picked["type"], lambda *_: {})(state, edition, picked["seat"], choose)
    return {**picked, **extra}


@dataclass(frozen=True)
class Played:
    """One step of a random game: the action taken and what it produced."""

    action: dict[str, Any]
    outcome: Outcome


def play(edition: Edition, setup: Setup, choose: Chooser, max_actions: int = 2000) -> Iterator[Played]:
    """Play random legal actions until the game ends, stalls, or the budget runs out.

    The first item is the creation (action ``{"type": "create"}``).
    """
    outcome = start(edition, setup)
    yield Played({"type": "create"}, outcome)
    state = outcome.state
    for _ in range(max_actions):
        if state.finished:
            return
        action = random_action(state, edition, choose)
        if action is None:
            return
        outcome = step(state, parse_action(action), edition)
        yield Played(action, outcome)
        state = outcome.state
