"""An exported journal opened on this server under a new id with new tokens.

Its facts are accepted once they add up (``referee.soundness``): money
conserved, the ledger equal to the balances, supply, one owner, each event
judged under an edition document the journal holds. Where every event was
judged by this server's own rules (package version and edition document),
the journal is also judged again and must come out as recorded. A journal
without facts (the first export format) is judged again here, by today's
rules. Whatever is wrong is refused with 422 naming the first bad event, and
nothing is stored.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from referee import editions, soundness
from referee.actor import actor_seat
from referee.facts import document_digest, judged_by
from referee.idempotency import Retry
from referee.rejudge import judged_again
from referee.rules import Edition, GameState, RuleViolation, UnknownAction
from referee.rules.serialize import state_from_dict, transfer_to_dict
from referee.service.context import Context
from referee.service.editions import edition as edition_of
from referee.service.errors import InvalidInput, NotFound
from referee.service.exports import EXPORT_FORMAT
from referee.service.games import open_game
from referee.service.names import look_alike, look_alike_message, normal, shapes
from referee.service.names import problem as name_problem
from referee.service.records import record

Event = Mapping[str, Any]


def import_game(
    ctx: Context,
    events: Sequence[Event],
    documents: Mapping[str, Mapping[str, Any]] | None = None,
    journal_format: str = EXPORT_FORMAT,
    spectator: bool = False,
    retry: Retry | None = None,
) -> dict[str, Any]:
    """Recreate an exported game; ``documents``: the edition documents its events were judged under, by digest."""
    edition = _sound_creation(ctx, events)
    _renames_sound(events)
    if journal_format == EXPORT_FORMAT and all(event.get("facts") for event in events):
        documents = documents or {}
        journal, kept = _from_facts(edition, events, documents), dict(documents)
        if all(event["facts"]["judged_by"] == judged_by(edition) for event in events):
            _same_when_judged_again(edition, journal)
        state = state_from_dict(soundness.final_state([event for event, _ in journal]))
    else:
        (journal, state), kept = _judged_here(edition, events), {}
    return open_game(ctx, edition, state, journal, spectator, retry, kept)


def _from_facts(edition: Edition, events: Sequence[Event], documents: Mapping[str, Mapping[str, Any]]):
    """The journal as recorded, once its facts are found sound."""
    built: dict[str, Edition | None] = {}

    def judged_under(digest: str) -> Edition | None:
        if digest not in built:
            built[digest] = _edition_of_document(digest, documents.get(digest), edition)
        return built[digest]

    ledgers = [event.get("ledger") or [] for event in events]
    for index, problem in soundness.problems(events, ledgers, judged_under):
        raise _refused(index, problem)
    return [
        ({key: event[key] for key in _RECORDED}, list(ledger)) for event, ledger in zip(events, ledgers, strict=True)
    ]


_RECORDED = ("seq", "type", "seat", "action", "rulings", "at", "facts")


def _edition_of_document(digest: str, document: Mapping[str, Any] | None, current: Edition) -> Edition | None:
    """The edition of a held document, if it is the one its digest names (and of the game's edition id)."""
    if document is None or digest != f"{current.id}@{document_digest(document)}":
        return None
    if digest == judged_by(current)["edition"]:
        return current
    try:
        return editions.build(document)
    except (editions.ValidationError, ValueError, TypeError, KeyError):
        return None


def _same_when_judged_again(edition: Edition, journal: Sequence[tuple[dict[str, Any], list]]) -> None:
    """This server's own rules judged every event: judging again must give what was recorded."""
    for index, action, outcome, facts in _judging(edition, [event for event, _ in journal]):
        event, ledger = journal[index]
        again, _ = record(index + 1, actor_seat(action), action, outcome, 0, facts)
        moved = [_movement(transfer_to_dict(t)) for t in outcome.transfers]
        if _json((_as_recorded(again), moved, facts)) != _json(
            (_as_recorded(event), [_movement(e) for e in ledger], event["facts"])
        ):
            raise _refused(
                index, f"Event {index + 1} was judged by these rules, but judged again it comes out otherwise."
            )


def _judged_here(edition: Edition, events: Sequence[Event]) -> tuple[list[tuple[dict[str, Any], list]], GameState]:
    """A journal without facts, judged by today's rules: each event must come out as recorded."""
    recorded, ledger_seq, state = [], 0, None
    for index, action, outcome, facts in _judging(edition, events):
        event, ledger = record(index + 1, actor_seat(action), action, outcome, ledger_seq, facts)
        if _json(_as_recorded(event)) != _json(_as_recorded(events[index])):
            raise _refused(index, f"Event {index + 1} replays differently here than it was recorded.")
        recorded.append(({**event, "at": events[index]["at"]}, ledger))
        ledger_seq, state = ledger_seq + len(ledger), outcome.state
    return recorded, state


def _judging(edition: Edition, events: Sequence[Event]):
    """(index, action, outcome, facts) of each event judged by today's rules; a refusal names its event."""
    done = 0
    try:
        for judged in judged_again(edition, events):
            yield done, *judged
            done += 1
    except (RuleViolation, UnknownAction) as refused:
        raise _refused(done, f"Event {done + 1} does not replay here: {refused}") from None


def _sound_creation(ctx: Context, events: Sequence[Event]) -> Edition:
    """The edition of an exported journal, once its creation event is found sound."""
    if [e["seq"] for e in events] != list(range(1, len(events) + 1)) or events[0]["type"] != "create":
        raise InvalidInput({"events": ["The journal must run from the creation (seq 1) without gaps."]})
    created = events[0]["action"]
    try:
        edition = edition_of(ctx, created["edition"])
    except NotFound as missing:
        raise _refused(0, str(missing)) from None
    problem = _deck_problem(edition, created) or _names_problem(created)
    if problem:
        raise _refused(0, problem)
    return edition


def _names_problem(created: Mapping[str, Any]) -> str | None:
    """An imported table's names are held to what a new table's are."""
    players = created.get("players")
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        return None  # the creation's own check says what is wrong with it
    for name in players:
        if (problem := name_problem(name)) is not None or name != normal(name):
            return f"The name {name!r}: {problem or 'not in Unicode NFC form.'}"
    alike = look_alike(players)
    return None if alike is None else look_alike_message(alike)


def _renames_sound(events: Sequence[Event]) -> None:
    """Each name a rename gives is held to what a new table's names are: one a
    table can read, and none that looks like another player's then (the
    engine refuses such a rename today; a journal judged before it did, or
    made by hand, is held to it here)."""
    names = list(events[0]["action"]["players"])
    for index, event in enumerate(events):
        name = event["action"].get("name") if event["type"] == "rename" else None
        seat = event.get("seat")
        if not isinstance(name, str) or not isinstance(seat, int) or not 0 <= seat < len(names):
            continue  # not a rename, or one the journal's own checks refuse
        if (problem := name_problem(name)) is not None:
            raise _refused(index, f"The name {name!r}: {problem}")
        looks = shapes(name)
        alike = next((other for n, other in enumerate(names) if n != seat and shapes(other) & looks), None)
        if alike is not None:
            raise _refused(index, look_alike_message((alike, name)))
        names[seat] = name


def _json(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


def _as_recorded(event: Event) -> dict[str, Any]:
    """What an event says happened, without when."""
    return {key: event[key] for key in ("type", "seat", "action", "rulings")}


def _movement(entry: Mapping[str, Any]) -> tuple:
    return entry["from"], entry["to"], entry["amount"], entry["reason"], entry["rule"]


def _refused(index: int, message: str) -> InvalidInput:
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
