"""The write path: a table's action and the table's corrections, each worked
out before the write lock, from one moment of the database (``Plan``), and
sent to the store's next group commit (``Store.commit``) with only its
statements left to run; if the game has moved on by then, it is worked out
again there, on the game as it is, so every write still applies to the
state it was judged on. Idempotency-Keys are recalled and remembered inside
the same transaction as the write they guard (``referee.idempotency``)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from referee import explain
from referee.idempotency import Replayed, Retry
from referee.journal import Journal, actor_seat, announce_drawn
from referee.rules import Edition, GameState, RuleViolation, parse_action, step
from referee.rules.serialize import action_to_dict, ruling_to_dict, state_to_dict
from referee.service.chance import STANDING_DRAWS, with_randomness
from referee.service.errors import NotFound, StaleVersion
from referee.service.plan import Plan, after
from referee.service.views import Views
from referee.store import Writer


class Writes(Views):
    def act(
        self,
        game_id: str,
        body: Mapping[str, Any],
        if_match: int | Collection[int] | None = None,
        lang: str = "en",
        retry: Retry | None = None,
    ) -> dict[str, Any]:
        """Validate and apply one table action in one transaction.

        if_match: the version(s) the caller last saw; any other is StaleVersion.
        lang: the language of the answer's rulings (and of a refusal's).
        retry: the request's Idempotency-Key; a retry gets the first answer.

        Time is a fact of its own, recorded before the request, in the same
        transaction, and kept even if the request is then refused: a timed
        game whose end time has come is ended first (an ``end_game`` request
        is answered by that end), and with the table clock on, a wait that
        ran out is recorded as a timeout first.
        """
        return self._write(game_id, lambda reader: self._plan_action(reader, game_id, body, if_match, lang), retry)

    def _plan_action(
        self, reader: Writer, game_id: str, body: Mapping[str, Any], if_match: int | Collection[int] | None, lang: str
    ) -> Plan:
        row = self._row_for_write(reader, game_id, None)
        plan = Plan(game_id, row["version"])
        state, edition = self._load(row)
        ended = not state.finished and self._time_left(state) == 0
        if ended:
            end = parse_action({"type": "end_game", "seat": state.turn.seat, "time_up": True})
            outcome = step(state, end, edition)
            if body.get("type") == "end_game":
                plan.answer = self._commit(plan, game_id, row, edition, end.seat, action_to_dict(end), outcome, lang)
                return plan
            _, ledger, _ = plan.add(row, end.seat, action_to_dict(end), outcome)
            row, state = after(row, outcome, ledger), outcome.state
        else:
            self._check_version(row, if_match)
        timed_out = False
        if not ended and body.get("type") != "timeout":
            row, state, timed_out = self._record_timeout(plan, row, state, edition, body["seat"])
        return self._plan_request(plan, row, state, edition, body, lang, time_recorded=ended or timed_out)

    def _plan_request(
        self,
        plan: Plan,
        row: Mapping[str, Any],
        state: GameState,
        edition: Edition,
        body: Mapping[str, Any],
        lang: str,
        time_recorded: bool,
    ) -> Plan:
        """The request itself, once any end or timeout is planned before it:
        a refusal is raised now, or -- as time recorded stands -- given once
        that is stored."""
        sent, drawn = with_randomness(state, edition, dict(body))
        action = parse_action(self._with_clock(plan.game_id, state, edition, sent, plan.fresh))
        try:
            outcome = step(state, action, edition)
        except RuleViolation as refused:
            refused.view = explain.ruling_view(ruling_to_dict(refused.ruling), edition, lang)
            if not time_recorded:
                raise
            plan.refusal = refused
            return plan
        recorded = action_to_dict(action)
        if drawn in STANDING_DRAWS:
            outcome = announce_drawn(outcome, recorded, edition)
        plan.answer = self._commit(plan, plan.game_id, row, edition, action.seat, recorded, outcome, lang)
        return plan

    def correct(
        self,
        game_id: str,
        event: int | None = None,
        action: Mapping[str, Any] | None = None,
        if_match: int | Collection[int] | None = None,
        lang: str = "en",
        retry: Retry | None = None,
    ) -> dict[str, Any]:
        """Undo the last action in effect (``event``, when given, must name it),
        or replace it with ``action``. See ``referee.journal`` for the rules."""

        def decide(reader: Writer) -> Plan:
            row = self._row_for_write(reader, game_id, if_match)
            edition = self.edition(row["edition"])
            journal = Journal.of(edition, reader.events(game_id))
            if state_to_dict(journal.state) != row["state"]:
                raise AssertionError(f"game {game_id}: the journal no longer rebuilds the stored state")
            if action is None:
                recorded, outcome = journal.undo(event)
            else:
                body, drawn = with_randomness(journal.before_last(event), edition, dict(action))
                recorded, outcome = journal.correct(body, event, drawn in STANDING_DRAWS)
            plan = Plan(game_id, row["version"])
            plan.answer = self._commit(plan, game_id, row, edition, actor_seat(recorded), recorded, outcome, lang)
            return plan

        return self._write(game_id, decide, retry)

    def _write(self, game_id: str, decide: Callable[[Writer], Plan], retry: Retry | None) -> dict[str, Any]:
        """Work a write to a game out from one moment of the database, outside
        the write lock, and store it in the next group commit; if the game has
        moved on by then, it is worked out again there, on the game as it is.
        The answer (or refusal) is given once the write is durable."""
        with self.store.reading() as reader:
            if (first := self.keys.recall(reader, retry)) is not None:
                return first
            planned = decide(reader)

        def write(writer: Writer) -> Plan | Replayed:
            if (first := self.keys.recall(writer, retry)) is not None:
                return first
            plan = planned if writer.version(game_id) == planned.version else decide(writer)
            plan.store(writer)
            if plan.answer is not None:
                self.keys.remember(writer, retry, plan.answer)
            return plan

        done = self.store.commit(write)
        if isinstance(done, Replayed):
            return done
        if done.refusal is not None:
            raise done.refusal
        return done.answer

    def _row_for_write(self, writer: Writer, game_id: str, if_match: int | Collection[int] | None) -> dict[str, Any]:
        """The game's row, read for writing, if the caller's If-Match still holds."""
        row = writer.game(game_id)
        if row is None:
            raise NotFound(f"no game {game_id!r}")
        self._check_version(row, if_match)
        return row

    @staticmethod
    def _check_version(row: Mapping[str, Any], if_match: int | Collection[int] | None) -> None:
        if if_match is not None:
            expected = {if_match} if isinstance(if_match, int) else set(if_match)
            if row["version"] not in expected:
                raise StaleVersion(row["version"])

    def _commit(
        self,
        plan: Plan,
        game_id: str,
        row: Mapping[str, Any],
        edition: Edition,
        seat: int | None,
        action: dict[str, Any],
        outcome,
        lang: str = "en",
    ) -> dict[str, Any]:
        """Plan the event and its outcome; the answer in ``lang``."""
        event, ledger, snapshot = plan.add(row, seat, action, outcome)
        shown = explain.localise(event, edition, lang)
        return {
            "event": shown,
            "ledger": [explain.localise(entry, edition, lang) for entry in ledger],
            "rulings": shown["rulings"],
            "state": self._view(game_id, outcome.state, edition, snapshot, lang, plan.fresh),
        }
