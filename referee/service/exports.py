"""Moving a game between servers: a game's whole journal exported, and an
exported journal imported -- replayed here, event by event, with this
server's rules -- under a new id with new tokens."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from referee.idempotency import Retry
from referee.journal import Journal, actor_seat
from referee.rules import Edition, RuleViolation, UnknownAction
from referee.service.access import Principal
from referee.service.errors import Forbidden, InvalidInput, NotFound
from referee.service.games import Games
from referee.service.records import record

EXPORT_FORMAT = "referee-journal/1"


class Exports(Games):
    def export(self, game_id: str, principal: Principal) -> dict[str, Any]:
        """The whole journal, in the form ``import_game`` takes. With virtual decks
        the creation event holds the shuffled order, which a player could read
        ahead in: only the table's token exports such a game."""
        row = self.store.game(game_id)
        if row is None:
            raise NotFound(f"no game {game_id!r}")
        events = self.store.events(game_id)
        if events[0]["action"]["options"]["decks"] == "virtual" and not principal.is_table:
            raise Forbidden("The journal of a game with virtual decks holds their order: only the table exports it.")
        return {
            "format": EXPORT_FORMAT,
            "game": game_id,
            "edition": row["edition"],
            "version": row["version"],
            "events": events,
        }

    def import_game(
        self, events: Sequence[Mapping[str, Any]], spectator: bool = False, retry: Retry | None = None
    ) -> dict[str, Any]:
        """Recreate an exported game under a new id with new tokens.

        Every event is replayed here, with this server's rules, and must come
        out as it was recorded (type, seat, action, rulings): a journal that
        does not replay is refused, naming the event, and nothing is stored.
        """
        journal, edition = self._journal_to_import(events)
        recorded, ledger_seq = [], 0
        for index, exported in enumerate(events):
            if index == 0:
                action, outcome = exported["action"], journal.created
            else:
                try:
                    action, outcome = journal.apply(exported)
                except (RuleViolation, UnknownAction) as refused:
                    raise _not_replayed(index, f"Event {index + 1} does not replay here: {refused}") from None
            event, ledger = record(index + 1, actor_seat(action), action, outcome, ledger_seq)
            if _json(_as_recorded(event)) != _json(_as_recorded(exported)):
                raise _not_replayed(index, f"Event {index + 1} replays differently here than it was recorded.")
            recorded.append(({**event, "at": exported["at"]}, ledger))
            ledger_seq += len(ledger)
        return self._open_game(edition, journal.state, recorded, spectator, retry)

    def _journal_to_import(self, events: Sequence[Mapping[str, Any]]) -> tuple[Journal, Edition]:
        """The journal started from an exported creation event, once that event is found sound."""
        if [e["seq"] for e in events] != list(range(1, len(events) + 1)) or events[0]["type"] != "create":
            raise InvalidInput({"events": ["The journal must run from the creation (seq 1) without gaps."]})
        created = events[0]["action"]
        try:
            edition = self.edition(created["edition"])
        except NotFound as missing:
            raise _not_replayed(0, str(missing)) from None
        problem = _deck_problem(edition, created)
        if problem:
            raise _not_replayed(0, problem)
        try:
            return Journal(edition, created), edition
        except RuleViolation as refused:
            raise _not_replayed(0, refused.ruling.text) from None


def _json(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


def _as_recorded(event: Mapping[str, Any]) -> dict[str, Any]:
    """What an event says happened, without when."""
    return {key: event[key] for key in ("type", "seat", "action", "rulings")}


def _not_replayed(index: int, message: str) -> InvalidInput:
    return InvalidInput({"events": {str(index): [message]}})


def _deck_problem(edition: Edition, created: Mapping[str, Any]) -> str | None:
    """Virtual decks must be orders of the edition's own cards; table decks have none."""
    virtual = created["options"]["decks"] == "virtual"
    decks = created["decks"]
    if not virtual:
        return "Table decks have no recorded order." if decks else None
    if set(decks) != set(edition.decks):
        return f"Virtual decks must give the order of each deck: {sorted(edition.decks)}."
    for deck_id, order in decks.items():
        if sorted(order) != sorted(card.id for card in edition.decks[deck_id].cards):
            return f"The order of deck {deck_id!r} is not a shuffle of its cards."
    return None
