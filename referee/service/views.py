"""A game as the API shows it: its state with what may be done now, the
table clock and a timed game's time left."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee import explain
from referee.present import clock_view, state_view, with_clock
from referee.rules import Edition, GameState, Now
from referee.rules.serialize import state_from_dict
from referee.service import clock
from referee.service.context import Context
from referee.service.editions import edition
from referee.service.errors import NotFound


def game(ctx: Context, game_id: str, lang: str = "en") -> dict[str, Any]:
    row = ctx.store.game(game_id)
    if row is None:
        raise NotFound(f"no game {game_id!r}")
    state, found = load(ctx, row)
    return view(ctx, game_id, state, found, row["state"], lang)


def load(ctx: Context, row: Mapping[str, Any]) -> tuple[GameState, Edition]:
    return state_from_dict(row["state"]), edition(ctx, row["edition"])


def current(ctx: Context, game_id: str) -> tuple[GameState, Edition]:
    row = ctx.store.game(game_id)
    if row is None:
        raise NotFound(f"no game {game_id!r}")
    return load(ctx, row)


def view(
    ctx: Context,
    game_id: str,
    state: GameState,
    played: Edition,
    snapshot: Mapping[str, Any] | None = None,
    lang: str = "en",
    fresh: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """The state as the API shows it; ``fresh``: events planned but not stored yet."""
    began = clock.wait_began(ctx, game_id, state, fresh)  # one look-up for both the options and the clock's view
    now = Now(clock.waited_since(ctx, began, state, played), clock.time_is_up(ctx, state))
    shown = state_view(state, played, snapshot, now)
    shown["pending"] = [explain.localise(item, played, lang) for item in shown["pending"]]
    left = clock.time_left(ctx, state)
    if left is not None:
        shown["time_left"] = {"ends_at": state.options.ends_at, "seconds_left": left}
    table_clock = clock_view(state, played, began, ctx.clock())
    return {"id": game_id, **with_clock(shown, table_clock, state)}
