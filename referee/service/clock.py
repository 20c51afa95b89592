"""The service times what the engine cannot, having no clock: the table
clock's waits (a timeout is recorded once one has run out) and a timed
game's time left. ``record_time`` is the step before every action: time is
a fact of its own, recorded first."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from referee.rules import Edition, GameState, RuleViolation, parse_action, step
from referee.rules.clock import enforceable, limit, started, waiting
from referee.rules.serialize import action_to_dict
from referee.service.context import Context
from referee.service.errors import InvalidInput
from referee.service.plan import Plan, after

Fresh = Sequence[Mapping[str, Any]]


def wait_began(ctx: Context, game_id: str, state: GameState, fresh: Fresh = ()) -> datetime | None:
    """When the wait the table clock times began: the time of the event the
    engine names (stored, or among ``fresh``, the events about to be)."""
    if not state.options.clock or not started(state):
        return None  # no clock, or the game has not started at the table: no wait runs
    found = [e for e in fresh if e["seq"] == state.clock_since] or ctx.store.events(game_id, state.clock_since - 1, 1)
    return datetime.fromisoformat(found[0]["at"]) if found else None


def elapsed(ctx: Context, game_id: str, state: GameState, edition: Edition, fresh: Fresh = ()) -> float | None:
    """Seconds the current wait has run, if the game has a clock and someone is waited for."""
    return waited_since(ctx, wait_began(ctx, game_id, state, fresh), state, edition)


def waited_since(ctx: Context, began: datetime | None, state: GameState, edition: Edition) -> float | None:
    """Seconds since ``began``, the start of the current wait, if someone is waited for."""
    if began is None or waiting(state, edition) is None:
        return None
    return round((ctx.clock() - began).total_seconds(), 3)


def time_left(ctx: Context, state: GameState) -> int | None:
    """Whole seconds to a timed game's end time (0 once it has come)."""
    return None if state.options.ends_at is None else seconds_to(ctx, state.options.ends_at)


def seconds_to(ctx: Context, ends_at: str) -> int:
    """Whole seconds to an end time (0 once it has come)."""
    return max(0, int((datetime.fromisoformat(ends_at) - ctx.clock()).total_seconds()))


def time_is_up(ctx: Context, state: GameState) -> bool:
    """A timed game's end time has come and the end is not recorded yet."""
    return not state.finished and time_left(ctx, state) == 0


def measured(ctx: Context, plan: Plan, state: GameState, edition: Edition, body: dict[str, Any]) -> dict[str, Any]:
    """A reported timeout carries the time the service measured, never the table's."""
    if body.get("type") != "timeout":
        return body
    if body.get("elapsed") is not None:
        raise InvalidInput({"elapsed": ["the service measures the table clock; omit elapsed"]})
    return {**body, "elapsed": elapsed(ctx, plan.game_id, state, edition, plan.fresh)}


def record_time(
    ctx: Context, plan: Plan, row: Mapping[str, Any], state: GameState, edition: Edition, body: Mapping[str, Any]
) -> tuple[Mapping[str, Any], GameState, str | None]:
    """Before a request: a timed game whose end time has come is ended, and
    with the table clock on, a wait that ran out is recorded as a timeout
    (reported by the requesting seat, so that a late bid or answer is
    silence, as the booklet says). Returns the row and state after it, and
    what was recorded: "end", "timeout" or None."""
    if time_is_up(ctx, state):
        return *record_end(plan, row, state, edition), "end"
    if body.get("type") == "timeout":
        return row, state, None
    waited = _time_up(ctx, plan, state, edition)
    if waited is None:
        return row, state, None
    timeout = parse_action({"type": "timeout", "seat": body["seat"], "elapsed": waited})
    try:
        outcome = step(state, timeout, edition)
    except RuleViolation:
        return row, state, None  # the request itself is refused for the same reason
    return *_recorded(plan, row, timeout, outcome, edition), "timeout"


def record_end(
    plan: Plan, row: Mapping[str, Any], state: GameState, edition: Edition
) -> tuple[Mapping[str, Any], GameState]:
    """The end of a timed game whose end time has come, planned: the row and state after it."""
    end = parse_action({"type": "end_game", "seat": state.turn.seat, "time_up": True})
    return _recorded(plan, row, end, step(state, end, edition), edition)


def _recorded(plan: Plan, row: Mapping[str, Any], action, outcome, edition: Edition):
    event, ledger, snapshot = plan.add(row, action.seat, action_to_dict(action), outcome, edition)
    return after(row, event, ledger, snapshot), outcome.state


def _time_up(ctx: Context, plan: Plan, state: GameState, edition: Edition) -> float | None:
    """The seconds the current wait has run, once past its limit and when
    the engine can apply what running out means; otherwise None."""
    wait = waiting(state, edition)
    if wait is None or not enforceable(wait):
        return None
    waited = elapsed(ctx, plan.game_id, state, edition, plan.fresh)
    return waited if waited is not None and waited >= limit(edition, wait.kind) else None
