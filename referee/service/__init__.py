"""The service: command handlers that write, and queries that read, each a
function over one small ``Context`` (store, clock, editions, keys).

A write goes view → ``actions.act`` (or ``corrections``, ``games``,
``imports``) → the engine → ``writes.write`` (the plan stored in the next
group commit) → ``referee.store``; ``seats`` moves a seat to another device
or replaces a lost phone's token, no engine or event involved. Reads are the queries of ``views``,
``reads``, ``worth``, ``rulebook``, ``exports`` and ``access``. Beside
them: the domain ``errors``, the service's draws of ``chance``, the table
``clock`` (time recorded before every action), a timed game's ``ending``
(recorded before any read of the game once its time has come), an event's
``records`` and a write's ``plan``.

``Referee`` binds them to one context for the API layer.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from functools import wraps

from referee.idempotency import KEEP_FOR, Keys
from referee.service import (
    access,
    actions,
    corrections,
    editions,
    ending,
    exports,
    games,
    imports,
    reads,
    rulebook,
    seats,
    views,
    worth,
)
from referee.service.context import Context
from referee.service.records import current_time
from referee.store import Store


def _on_context(handler: Callable) -> Callable:
    @wraps(handler)
    def bound(self: Referee, *args, **kwargs):
        return handler(self.context, *args, **kwargs)

    return bound


def _on_game(query: Callable) -> Callable:
    """A query (or a correction) of one game, bound to the context, asked after any due end is recorded."""
    return _on_context(ending.after_due_end(query))


class Referee:
    """Games, editions and actions over one store: each method is the handler
    or query of the same name, given this referee's context."""

    def __init__(self, store: Store, keep_keys_for: timedelta = KEEP_FOR, clock: Callable[[], datetime] | None = None):
        self.context = Context(store, Keys(keep_keys_for), clock or current_time)

    @property
    def store(self) -> Store:
        return self.context.store

    @property
    def clock(self) -> Callable[[], datetime]:
        return self.context.clock

    @clock.setter
    def clock(self, clock: Callable[[], datetime]) -> None:
        self.context.clock = clock

    # commands
    act = _on_context(actions.act)
    correct = _on_game(corrections.correct)  # an undo meets the end its time brought, recorded first
    create_game = _on_context(games.create_game)
    import_game = _on_context(imports.import_game)
    create_edition = _on_context(editions.create_edition)
    move_link = _on_context(seats.move_link)
    take_seat = _on_context(seats.take_seat)
    reissue = _on_context(seats.reissue)
    # queries
    # (those of one game see a timed game's end as soon as its time has come)
    game = _on_game(views.game)
    version = _on_game(reads.version)
    events = _on_game(reads.events)
    event = _on_game(reads.event)
    ledger = _on_game(reads.ledger)
    replay = _on_game(reads.replay)
    export = _on_game(exports.export)
    quote = _on_game(worth.quote)
    standings = _on_game(worth.standings)
    worth_history = _on_game(worth.worth_history)
    rules = _on_context(rulebook.rules)
    rule = _on_context(rulebook.rule)
    contested = _on_context(rulebook.contested)
    rulings = _on_game(rulebook.rulings)
    edition = _on_context(editions.edition)
    edition_document = _on_context(editions.edition_document)
    edition_summaries = _on_context(editions.edition_summaries)
    principal = _on_context(access.principal)
