"""The table's commands on its own mistakes: undo the last action in effect,
or correct it with another. Both read the facts: the state before the
mistake is the game now with the later changes taken back, and the money
goes back entry by entry as the ledger recorded it. Only a correction's
replacement action is judged, by today's rules (see ``referee.journal``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.actor import actor_seat
from referee.facts import Links, own_transfers, rewind
from referee.idempotency import Retry
from referee.journal import NO_FACTS, InEffect, Journal, drew_outcome
from referee.rules import Edition
from referee.rules.serialize import state_from_dict
from referee.rules.step import Step
from referee.service import clock
from referee.service.chance import STANDING_DRAWS, with_randomness
from referee.service.context import Context
from referee.service.editions import edition as edition_of
from referee.service.plan import Plan
from referee.service.writes import IfMatch, answer, row_for_write, write
from referee.store import KEPT, Writer


def correct(
    ctx: Context,
    game_id: str,
    event: int | None = None,
    action: Mapping[str, Any] | None = None,
    if_match: IfMatch = None,
    lang: str = "en",
    retry: Retry | None = None,
) -> dict[str, Any]:
    """Undo the last action in effect (``event``, when given, must name it),
    or replace it with ``action``."""

    def decide(reader: Writer) -> Plan:
        row = row_for_write(reader, game_id, if_match)
        edition = edition_of(ctx, row["edition"])
        journal, links = _resting(ctx, reader, game_id, row, edition)
        seq = row["version"] + 1
        if action is None:
            recorded, outcome = journal.undo(event)
            links = links.undone()
        else:
            body, drawn = with_randomness(journal.before_last(event), edition, dict(action))
            recorded, outcome = journal.correct(body, event, drawn in STANDING_DRAWS)
            links = links.corrected(seq)
        plan = Plan(game_id, row["version"])
        plan.add(row, actor_seat(recorded), recorded, outcome, edition, links)
        plan.answer = answer(ctx, plan, outcome.state, edition, lang)
        return plan

    return write(ctx, game_id, decide, retry)


def _resting(
    ctx: Context, reader: Writer, game_id: str, row: Mapping[str, Any], edition: Edition
) -> tuple[Journal, Links]:
    """The journal as the facts leave it, with the action in effect on top and its place in the stack."""
    state = state_from_dict(row["state"])
    end_time_passed = clock.time_left(ctx, state) == 0  # the end it brought stands (see Journal.resting)
    if row["top"] == KEPT:
        raise Step(state, edition).refuse("no_facts", NO_FACTS, event=row["version"])
    if row["top"] is None:
        return Journal.resting(edition, state, (), end_time_passed), Links(None)
    entry, links = top_in_effect(reader, game_id, row, edition)
    return Journal.resting(edition, state, (entry,), end_time_passed), links


def top_in_effect(reader: Writer, game_id: str, row: Mapping[str, Any], edition: Edition) -> tuple[InEffect, Links]:
    """The action an undo would take back, from the facts: the state it returns
    to (the game now, the changes since that state taken back), the transfers
    it made and whether the service drew its outcome."""
    [event] = reader.events(game_id, row["top"] - 1, 1)
    links = Links.of(event["facts"])
    *_, (_, before) = rewind(row["state"], reader.events(game_id, links.base))
    done = event["action"]["action"] if event["type"] == "correction" else event["action"]
    transfers = own_transfers(reader.event_ledger(game_id, event["seq"]))
    return InEffect(event["seq"], done, state_from_dict(before), transfers, drew_outcome(event)), links
