"""The service times what the engine cannot, having no clock: the table
clock's waits (a timeout is recorded once one has run out) and a timed
game's time left."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from referee.rules import Edition, GameState, RuleViolation, parse_action, step
from referee.rules.clock import enforceable, limit, waiting
from referee.rules.serialize import action_to_dict
from referee.service.base import Base
from referee.service.errors import InvalidInput
from referee.service.plan import Plan, after


class TableClock(Base):
    def _wait_began(self, game_id: str, state: GameState, fresh: Sequence[dict[str, Any]] = ()) -> datetime | None:
        """When the wait the table clock times began: the time of the event the
        engine names (stored, or among ``fresh``, the events about to be)."""
        if not state.options.clock:
            return None
        found = [e for e in fresh if e["seq"] == state.clock_since] or self.store.events(
            game_id, state.clock_since - 1, 1
        )
        return datetime.fromisoformat(found[0]["at"]) if found else None

    def _elapsed(self, game_id: str, state: GameState, edition: Edition, fresh=()) -> float | None:
        """Seconds the current wait has run, if the game has a clock and someone is waited for."""
        began = self._wait_began(game_id, state, fresh)
        if began is None or waiting(state, edition) is None:
            return None
        return round((self.clock() - began).total_seconds(), 3)

    def _time_up(self, game_id: str, state: GameState, edition: Edition, fresh=()) -> float | None:
        """The seconds the current wait has run, once past its limit and when
        the engine can apply what running out means; otherwise None."""
        wait = waiting(state, edition)
        if wait is None or not enforceable(wait):
            return None
        elapsed = self._elapsed(game_id, state, edition, fresh)
        return elapsed if elapsed is not None and elapsed >= limit(edition, wait.kind) else None

    def _record_timeout(
        self, plan: Plan, row: Mapping[str, Any], state: GameState, edition: Edition, reporter: int
    ) -> tuple[Mapping[str, Any], GameState, bool]:
        """A request arriving after a wait ran out: record the timeout first,
        reported by the requesting seat, so that a late bid or answer is
        silence, as the booklet says. Returns the row and state after it, and
        whether it was recorded."""
        elapsed = self._time_up(plan.game_id, state, edition, plan.fresh)
        if elapsed is None:
            return row, state, False
        action = parse_action({"type": "timeout", "seat": reporter, "elapsed": elapsed})
        try:
            outcome = step(state, action, edition)
        except RuleViolation:
            return row, state, False  # the request itself is refused for the same reason
        _, ledger, _ = plan.add(row, reporter, action_to_dict(action), outcome)
        return after(row, outcome, ledger), outcome.state, True

    def _with_clock(
        self, game_id: str, state: GameState, edition: Edition, body: dict[str, Any], fresh=()
    ) -> dict[str, Any]:
        """A reported timeout carries the time the service measured, never the table's."""
        if body.get("type") != "timeout":
            return body
        if body.get("elapsed") is not None:
            raise InvalidInput({"elapsed": ["the service measures the table clock; omit elapsed"]})
        return {**body, "elapsed": self._elapsed(game_id, state, edition, fresh)}

    def _time_left(self, state: GameState) -> int | None:
        """Whole seconds to a timed game's end time (0 once it has come)."""
        if state.options.ends_at is None:
            return None
        left = (datetime.fromisoformat(state.options.ends_at) - self.clock()).total_seconds()
        return max(0, int(left))
