"""A game's journal and ledger read back: its version, its events, one
event with its ledger entries, the ledger, and the state the facts fold to."""

from __future__ import annotations

from typing import Any

from referee import explain
from referee.facts import fold
from referee.present import event_view
from referee.rules import Edition, GameState
from referee.rules.serialize import state_from_dict
from referee.service.context import Context
from referee.service.editions import edition
from referee.service.errors import NotFound


def version(ctx: Context, game_id: str) -> int:
    found = ctx.store.version(game_id)
    if found is None:
        raise NotFound(f"no game {game_id!r}")
    return found


def replay(ctx: Context, game_id: str) -> GameState:
    """The state the journal's facts fold to (undos and corrections included), without the rules."""
    journal = ctx.store.events(game_id)
    if not journal:
        raise NotFound(f"no game {game_id!r}")
    *_, (_, state) = fold(journal)
    return state_from_dict(state)


def _edition_of(ctx: Context, game_id: str) -> Edition:
    edition_id = ctx.store.edition_of(game_id)
    if edition_id is None:
        raise NotFound(f"no game {game_id!r}")
    return edition(ctx, edition_id)


def events(ctx: Context, game_id: str, after: int = 0, limit: int | None = None, lang: str = "en") -> list[dict]:
    played = _edition_of(ctx, game_id)
    return [explain.localise(event_view(e), played, lang) for e in ctx.store.events(game_id, after, limit)]


def event(ctx: Context, game_id: str, seq: int, lang: str = "en") -> dict[str, Any]:
    """One past event with its rulings and the ledger entries it made."""
    played = _edition_of(ctx, game_id)
    found = ctx.store.events(game_id, seq - 1, 1)
    if not found or found[0]["seq"] != seq:
        raise NotFound(f"game {game_id!r} has no event {seq}")
    ledger = [explain.localise(e, played, lang) for e in ctx.store.event_ledger(game_id, seq)]
    return {**explain.localise(event_view(found[0]), played, lang), "ledger": ledger}


def ledger(ctx: Context, game_id: str, seat: int | None, offset: int, limit: int | None, lang: str = "en"):
    played = _edition_of(ctx, game_id)
    entries, total = ctx.store.ledger(game_id, seat, offset, limit)
    return [explain.localise(e, played, lang) for e in entries], total
