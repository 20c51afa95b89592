"""A game as the API shows it: its state with what may be done now, the
table clock and a timed game's time left."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee import explain
from referee.present import clock_view, state_view, with_clock
from referee.rules import Edition, GameState
from referee.rules.serialize import state_from_dict
from referee.service.clock import TableClock
from referee.service.editions import Editions
from referee.service.errors import NotFound


class Views(Editions, TableClock):
    def game(self, game_id: str, lang: str = "en") -> dict[str, Any]:
        row = self.store.game(game_id)
        if row is None:
            raise NotFound(f"no game {game_id!r}")
        state, edition = self._load(row)
        return self._view(game_id, state, edition, row["state"], lang)

    def _load(self, row: Mapping[str, Any]) -> tuple[GameState, Edition]:
        return state_from_dict(row["state"]), self.edition(row["edition"])

    def _current(self, game_id: str) -> tuple[GameState, Edition]:
        row = self.store.game(game_id)
        if row is None:
            raise NotFound(f"no game {game_id!r}")
        return self._load(row)

    def _view(
        self, game_id: str, state: GameState, edition: Edition, snapshot=None, lang: str = "en", fresh=()
    ) -> dict[str, Any]:
        """The state as the API shows it; ``fresh``: events planned but not stored yet."""
        view = state_view(state, edition, snapshot)
        view["pending"] = [explain.localise(item, edition, lang) for item in view["pending"]]
        left = self._time_left(state)
        if left is not None:
            view["time_left"] = {"ends_at": state.options.ends_at, "seconds_left": left}
            if left == 0 and not state.finished:
                # The first action now records the end (see ``act``): ending is all that is left to do.
                view["allowed"] = [a for a in view["allowed"] if a["type"] == "end_game"]
        clock = clock_view(state, edition, self._wait_began(game_id, state, fresh), self.clock())
        return {"id": game_id, **with_clock(view, clock, state)}
