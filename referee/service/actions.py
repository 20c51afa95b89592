"""The command a table sends most: one action, judged by today's rules on
the game as it is, and stored with its facts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.idempotency import Retry
from referee.journal import announce_drawn
from referee.rules import Edition, GameState, RuleViolation, parse_action, step
from referee.rules.serialize import action_to_dict
from referee.service import clock
from referee.service.chance import STANDING_DRAWS, with_randomness
from referee.service.context import Context
from referee.service.errors import RefusedAfterTime
from referee.service.plan import Plan
from referee.service.views import load
from referee.service.writes import IfMatch, answer, check_version, row_for_write, write
from referee.store import Writer


def act(
    ctx: Context,
    game_id: str,
    body: Mapping[str, Any],
    if_match: IfMatch = None,
    lang: str = "en",
    retry: Retry | None = None,
) -> dict[str, Any]:
    """Validate and apply one table action in one transaction.

    if_match: the version(s) the caller last saw; any other is StaleVersion.
    lang: the language of the answer's rulings (a refusal's: the API's, by its edition).
    retry: the request's Idempotency-Key; a retry gets the first answer.

    Time is recorded first (``clock.record_time``), in the same transaction,
    and kept even if the request is then refused; an ``end_game`` request
    that finds the end time come is answered by that end.
    """
    return write(ctx, game_id, lambda reader: _plan(ctx, reader, game_id, body, if_match, lang), retry)


def _plan(ctx: Context, reader: Writer, game_id: str, body: Mapping[str, Any], if_match: IfMatch, lang: str) -> Plan:
    row = row_for_write(reader, game_id)
    plan = Plan(game_id, row["version"])
    state, edition = load(ctx, row)
    if not clock.time_is_up(ctx, state):
        check_version(row, if_match)  # a stale screen cannot stop the end being recorded
    row, state, recorded = clock.record_time(ctx, plan, row, state, edition, body)
    if recorded == "end" and body.get("type") == "end_game":
        plan.answer = answer(ctx, plan, state, edition, lang)
        return plan
    return _judged(ctx, plan, row, state, edition, body, lang, time_recorded=recorded is not None)


def _judged(
    ctx: Context,
    plan: Plan,
    row: Mapping[str, Any],
    state: GameState,
    edition: Edition,
    body: Mapping[str, Any],
    lang: str,
    time_recorded: bool,
) -> Plan:
    """The request itself, once any end or timeout is planned before it: a
    refusal is raised now, or -- as time recorded stands -- given once that
    is stored."""
    sent, drawn = with_randomness(state, edition, dict(body))
    action = parse_action(clock.measured(ctx, plan, state, edition, sent))
    try:
        outcome = step(state, action, edition)
    except RuleViolation as refused:
        if not time_recorded:
            raise
        plan.refusal = RefusedAfterTime(refused, row["version"])
        return plan
    recorded = action_to_dict(action)
    if drawn in STANDING_DRAWS:
        outcome = announce_drawn(outcome, recorded, edition)
    plan.add(row, action.seat, recorded, outcome, edition)
    plan.answer = answer(ctx, plan, outcome.state, edition, lang)
    return plan
