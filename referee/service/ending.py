"""A timed game ends for every reader: the first request after its end time,
a read as well as a write, records the end (once: a write that finds it
recorded already plans nothing), so every phone sees the end and the winners
within its next poll, and a poll with the old ETag gets the new state."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from referee.service import clock
from referee.service.context import Context
from referee.service.plan import Plan
from referee.service.views import load
from referee.service.writes import row_for_write, write
from referee.store import Writer


def end_if_due(ctx: Context, game_id: str) -> None:
    """Record a timed game's end if its end time has come and nobody has yet."""
    ends_at = ctx.store.ends_at(game_id)
    if ends_at is not None and clock.seconds_to(ctx, ends_at) == 0:
        write(ctx, game_id, lambda reader: _end(ctx, reader, game_id), None)


def _end(ctx: Context, reader: Writer, game_id: str) -> Plan:
    """The end planned on the game as it is (nothing, should it be ended already)."""
    row = row_for_write(reader, game_id)
    plan = Plan(game_id, row["version"])
    state, edition = load(ctx, row)
    if clock.time_is_up(ctx, state):
        clock.record_end(plan, row, state, edition)
    return plan


def after_due_end(query: Callable) -> Callable:
    """A query of one game, asked once any end its time has brought is recorded."""

    @wraps(query)
    def asked(ctx: Context, game_id: str, *args, **kwargs):
        end_if_due(ctx, game_id)
        return query(ctx, game_id, *args, **kwargs)

    return asked
