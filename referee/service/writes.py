"""How every write to a game is stored: worked out before the write lock,
from one moment of the database (a ``Plan``), and sent to the store's next
group commit (``Store.commit``) with only its statements left to run; if the
game has moved on by then, it is worked out again there, on the game as it
is, so every write still applies to the state it was judged on.
Idempotency-Keys are recalled and remembered inside the same transaction as
the write they guard (``referee.idempotency``)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from referee import explain
from referee.idempotency import Replayed, Retry
from referee.present import event_view
from referee.rules import Edition, GameState
from referee.service.context import Context
from referee.service.errors import NotFound, StaleVersion
from referee.service.plan import Plan
from referee.service.views import view
from referee.store import Writer

IfMatch = int | Collection[int] | None


def once(ctx: Context, retry: Retry | None, work: Callable[[Writer], dict[str, Any]]) -> dict[str, Any]:
    """Run ``work`` in the next group commit, once per Idempotency-Key: a retry
    gets the first answer (sealed at rest when it holds a secret)."""

    def stored(writer: Writer) -> dict[str, Any]:
        if (first := ctx.keys.recall(writer, retry)) is not None:
            return first
        answer = work(writer)
        ctx.keys.remember(writer, retry, answer)
        return answer

    return ctx.store.commit(stored)


def write(ctx: Context, game_id: str, decide: Callable[[Writer], Plan], retry: Retry | None) -> dict[str, Any]:
    """Work a write to a game out with ``decide``, outside the write lock, and
    store it in the next group commit (deciding again there if the game has
    moved on). The answer (or refusal) is given once the write is durable."""
    with ctx.store.reading() as reader:
        if (first := ctx.keys.recall(reader, retry)) is not None:
            return first
        planned = decide(reader)

    def stored(writer: Writer) -> Plan | Replayed:
        if (first := ctx.keys.recall(writer, retry)) is not None:
            return first
        plan = planned if writer.version(game_id) == planned.version else decide(writer)
        plan.store(writer)
        if plan.answer is not None:
            ctx.keys.remember(writer, retry, plan.answer)
        return plan

    done = ctx.store.commit(stored)
    if isinstance(done, Replayed):
        return done
    if done.refusal is not None:
        raise done.refusal
    return done.answer


def row_for_write(reader: Writer, game_id: str, if_match: IfMatch = None) -> dict[str, Any]:
    """The game's row, read for writing (with the action in effect on top,
    as the last event's facts say), if the caller's If-Match still holds."""
    row = reader.game(game_id)
    if row is None:
        raise NotFound(f"no game {game_id!r}")
    check_version(row, if_match)
    return {**row, "top": reader.top(game_id, row["version"])}


def check_version(row: Mapping[str, Any], if_match: IfMatch) -> None:
    if if_match is not None:
        expected = {if_match} if isinstance(if_match, int) else set(if_match)
        if row["version"] not in expected:
            raise StaleVersion(row["version"])


def answer(ctx: Context, plan: Plan, state: GameState, edition: Edition, lang: str = "en") -> dict[str, Any]:
    """The answer to a write: its last planned event, the money it moved and the state after it, in ``lang``."""
    event, ledger = plan.events[-1]
    shown = explain.localise(event_view(event), edition, lang)
    return {
        "event": shown,
        "ledger": [explain.localise(entry, edition, lang) for entry in ledger],
        "rulings": shown["rulings"],
        "state": view(ctx, plan.game_id, state, edition, plan.snapshot, lang, plan.fresh),
    }
