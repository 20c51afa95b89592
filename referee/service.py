"""The one orchestrator: load a game, let the engine decide, store the event,
its transfers and the new state in one transaction, and answer.

The API layer calls only this module; this module calls the engine and the
store. Randomness for virtual dice and decks is drawn here and recorded in the
journal, so the engine stays deterministic and every game replays exactly.
Undo, corrections, export and import fold the journal (``referee.journal``);
Idempotency-Keys are recalled and remembered inside the same transaction as
the write they guard (``referee.idempotency``).

A write is worked out before the write lock, from one moment of the
database (``_Plan``), and sent to the store's next group commit
(``Store.commit``) with only its statements left to run; if the game has
moved on by then, it is worked out again there, on the game as it is, so
every write still applies to the state it was judged on.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import secrets
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from referee import editions, explain
from referee.editions.catalog import catalog
from referee.idempotency import KEEP_FOR, Keys, Replayed, Retry
from referee.journal import Journal, actor_seat, announce_drawn
from referee.present import clock_view, state_view, with_clock
from referee.rules import Edition, GameState, Options, RuleViolation, Setup, UnknownAction, parse_action, start, step
from referee.rules.clock import enforceable, limit, waiting
from referee.rules.pending import CardDraw
from referee.rules.quotes import stop_quote
from referee.rules.random_move import destinations
from referee.rules.serialize import action_to_dict, ruling_to_dict, state_from_dict, state_to_dict, transfer_to_dict
from referee.rules.worth import standings
from referee.rules.worth import worth as worth_of
from referee.store import Store, Writer, now

_random = random.SystemRandom()

EXPORT_FORMAT = "referee-journal/1"
GAME_ID_BYTES = 12  # 96 random bits: not guessable, short enough for a link
TOKEN_BYTES = 32  # 256 random bits


def _after(row: Mapping[str, Any], outcome, ledger: list) -> dict[str, Any]:
    """The game's row once an event of ``outcome`` has been stored."""
    return {**row, "version": outcome.state.version, "ledger_seq": row["ledger_seq"] + len(ledger)}


def _now() -> datetime:
    """The service's clock: the time events are stamped with."""
    return datetime.fromisoformat(now())


class NotFound(Exception):
    """No such game or edition (for this caller)."""


class InvalidInput(Exception):
    """Well-formed JSON whose values cannot be accepted; ``errors`` by field."""

    def __init__(self, errors: Mapping[str, Any]):
        super().__init__(str(errors))
        self.errors = dict(errors)


class EditionExists(Exception):
    """An edition with this id is already shipped or stored (editions never change once games may use them)."""

    def __init__(self, edition_id: str):
        super().__init__(f"an edition {edition_id!r} already exists; choose another id")
        self.edition_id = edition_id


class StaleVersion(Exception):
    """If-Match named a version that is no longer current."""

    def __init__(self, current: int):
        super().__init__(f"current version is {current}")
        self.current = current


@dataclass(frozen=True)
class Principal:
    """Who a bearer token speaks for: the whole table, one seat, or a spectator."""

    game_id: str
    role: str
    seat: int | None = None

    def may_act_for(self, seat: int) -> bool:
        return self.role == "table" or (self.role == "seat" and self.seat == seat)

    @property
    def is_table(self) -> bool:
        return self.role == "table"

    def holds(self, game_id: str) -> bool:
        """This principal belongs to ``game_id`` (compared in constant time)."""
        return hmac.compare_digest(self.game_id.encode(), game_id.encode())


def token_digest(token: str) -> str:
    """Tokens are stored and looked up as SHA-256 digests: the database holds
    no usable token, and a lookup's timing can tell at most something about a
    digest, never the token behind it."""
    return hashlib.sha256(token.encode()).hexdigest()


def _dice(state: GameState, edition: Edition, seat: int) -> list[int]:
    return [_random.randint(1, 6), _random.randint(1, 6)]


def _top_card(state: GameState, edition: Edition, seat: int) -> str | None:
    draw = next((p for p in state.pending_of(CardDraw) if p.seat == seat), None)
    order = state.decks.get(draw.deck) if draw else None
    return order[0] if order else None


def _destination(state: GameState, edition: Edition, seat: int) -> int | None:
    choices = destinations(state, edition, seat)
    return _random.choice(choices) if choices else None


# What a virtual game draws for an action type: the action's field, the option
# that makes it virtual, and the draw (None when there is nothing to draw).
# Fields whose drawn outcome stands (an undo would be a new draw; see referee.journal).
STANDING_DRAWS = frozenset({"dice", "position"})

_OUTCOMES = {
    "roll": ("dice", "dice", _dice),
    "draw_card": ("card", "decks", _top_card),
    "random_move": ("position", "decks", _destination),
}


def _summary(edition: Edition) -> dict[str, Any]:
    """An edition in the list: what it is, and whether all its values are confirmed."""
    document = edition.document
    unconfirmed = edition.unconfirmed_positions
    return editions.thawed(
        {
            "id": edition.id,
            "name": document["name"],
            "language": edition.language,
            "based_on": document.get("based_on"),
            "sources": document.get("sources", ()),
            "notes": document.get("notes", {}),
            "confirmed": not unconfirmed,
            "unconfirmed": list(unconfirmed),
            "currency": {
                "symbol": edition.currency.symbol,
                "scale": edition.currency.scale,
                "unit": edition.currency.unit,
                "base_unit": document.get("currency", {}).get("base_unit", {}),
            },
        }
    )


def _json(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


@dataclass
class _Plan:
    """One request's write to a game, worked out before the write lock: the
    events to append (each with its ledger entries) and the game's state
    after them; the answer to give once they are stored, or the refusal to
    give then (a timeout recorded before a refused action).

    version: the game's version it was worked out from.
    """

    game_id: str
    version: int
    events: list[tuple[dict[str, Any], list[dict[str, Any]]]] = field(default_factory=list)
    snapshot: dict[str, Any] | None = None
    ledger_seq: int = 0
    answer: dict[str, Any] | None = None
    refusal: Exception | None = None

    @property
    def fresh(self) -> list[dict[str, Any]]:
        """The planned events, not stored yet."""
        return [event for event, _ in self.events]

    def store(self, writer: Writer) -> None:
        for event, ledger in self.events:
            writer.append_event(self.game_id, event, ledger)
        if self.snapshot is not None:
            writer.update_state(self.game_id, self.snapshot, self.ledger_seq)


def _deal(edition: Edition, players: int, count: int) -> tuple[tuple[int, ...], ...]:
    """Shuffle the title deeds and deal ``count`` to each player, one per round."""
    deeds = list(edition.property_positions)
    _random.shuffle(deeds)
    return tuple(tuple(deeds[turn * players + seat] for turn in range(count)) for seat in range(players))


# Which field of the creation request a refusal of the engine's ``start`` is about.
_SETUP_FIELDS = {"player_count": "players", "unknown_variant": "variant", "too_few_deeds": "players"}


class Referee:
    """Games, editions and actions over one store.

    clock: the current time; the engine has none, so the service times the
    table clock's waits and ends a timed game when its end time has come.
    """

    def __init__(self, store: Store, keep_keys_for: timedelta = KEEP_FOR, clock: Callable[[], datetime] | None = None):
        self.store = store
        self.keys = Keys(keep_keys_for)
        self.clock = clock or _now
        self._custom: dict[str, Edition] = {}

    # -- editions -------------------------------------------------------------
    def edition(self, edition_id: str) -> Edition:
        shipped = editions.shipped()
        if edition_id in shipped:
            return shipped[edition_id]
        if edition_id not in self._custom:
            document = self.store.custom_edition(edition_id)
            if document is None:
                raise NotFound(f"no edition {edition_id!r}")
            self._custom[edition_id] = editions.build(document)
        return self._custom[edition_id]

    def edition_document(self, edition_id: str) -> dict[str, Any]:
        """An edition's complete document, as plain JSON data."""
        return editions.thawed(self.edition(edition_id).document)

    def edition_summaries(self) -> list[dict[str, Any]]:
        """The shipped editions. Custom ones are reached by their id: a server
        hosting many tables does not list one table's board to every other."""
        return [_summary(edition) for edition in editions.shipped().values()]

    def create_edition(self, body: Mapping[str, Any]) -> Mapping[str, Any]:
        """Validate a submitted edition (a full document, or a base edition's id
        plus overrides) and store its complete document; nothing is stored when
        it is invalid."""
        try:
            document = editions.resolve(body, self._document_of)
            edition = editions.build(document)
        except editions.OverlayError as bad:
            raise InvalidInput(bad.errors) from None
        except editions.ValidationError as bad:
            raise InvalidInput(bad.messages) from None
        if edition.id in editions.shipped():
            raise EditionExists(edition.id)

        def write(writer: Writer) -> None:
            if writer.edition_exists(edition.id):
                raise EditionExists(edition.id)
            writer.insert_edition(edition.id, document)

        self.store.commit(write)
        return editions.thawed(edition.document)

    def _document_of(self, edition_id: str) -> dict[str, Any] | None:
        try:
            return editions.thawed(self.edition(edition_id).document)
        except NotFound:
            return None

    # -- authentication -------------------------------------------------------
    def principal(self, token: str) -> Principal | None:
        found = self.store.token(token_digest(token))
        return Principal(found["game_id"], found["role"], found["seat"]) if found else None

    # -- games ----------------------------------------------------------------
    def create_game(self, body: Mapping[str, Any], retry: Retry | None = None) -> dict[str, Any]:
        """A new game; ``body["spectator"]`` asks for a read-only spectator token too."""
        try:
            edition = self.edition(body["edition"])
        except NotFound as missing:
            raise InvalidInput({"edition": [str(missing)]}) from None
        setup = self._setup(body, edition)
        try:
            outcome = start(edition, setup)
        except RuleViolation as refused:
            raise InvalidInput({_SETUP_FIELDS.get(refused.code, "options"): [refused.ruling.text]}) from None
        event, ledger = self._record(1, None, _creation(edition, setup, outcome.state), outcome, ledger_seq=0)
        return self._open_game(edition, outcome.state, [(event, ledger)], body.get("spectator", False), retry)

    def _open_game(
        self,
        edition: Edition,
        state: GameState,
        journal: Sequence[tuple[dict[str, Any], list[dict[str, Any]]]],
        spectator: bool,
        retry: Retry | None,
    ) -> dict[str, Any]:
        """Store a new game (its journal with the ledger of each event) under a
        new id with new tokens; the answer to ``POST /games``."""
        game_id = secrets.token_urlsafe(GAME_ID_BYTES)
        table_token = secrets.token_urlsafe(TOKEN_BYTES)
        seat_tokens = [secrets.token_urlsafe(TOKEN_BYTES) for _ in state.players]
        spectator_token = secrets.token_urlsafe(TOKEN_BYTES) if spectator else None
        tokens = [(token_digest(table_token), "table", None)]
        tokens += [(token_digest(t), "seat", seat) for seat, t in enumerate(seat_tokens)]
        if spectator_token:
            tokens.append((token_digest(spectator_token), "spectator", None))
        snapshot = state_to_dict(state)
        answer = {
            "id": game_id,
            "token": table_token,
            "players": [{"seat": p.seat, "name": p.name, "token": seat_tokens[p.seat]} for p in state.players],
            "state": self._view(game_id, state, edition, snapshot, fresh=[event for event, _ in journal]),
        }
        if spectator_token:
            answer["spectator_token"] = spectator_token

        def write(writer: Writer) -> dict[str, Any]:
            if (first := self.keys.recall(writer, retry)) is not None:
                return first
            writer.insert_game(game_id, edition.id, snapshot, ledger_seq=sum(len(ledger) for _, ledger in journal))
            writer.insert_tokens(game_id, tokens)
            for event, ledger in journal:
                writer.append_event(game_id, event, ledger)
            self.keys.remember(writer, retry, answer)
            return answer

        return self.store.commit(write)

    def _setup(self, body: Mapping[str, Any], edition: Edition) -> Setup:
        chosen = body.get("options", {})
        claim = "claim" if edition.rules.rent.claim_window else "automatic"
        options = Options(
            variant=body.get("variant", "standard"),
            rent_collection=chosen.get("rent_collection", claim),
            dice=chosen.get("dice", "table"),
            decks=chosen.get("decks", "table"),
            house_rules=tuple(dict.fromkeys(chosen.get("house_rules", ()))),
            ends_at=chosen.get("ends_at"),
            clock=chosen.get("clock", False),
        )
        self._check_end_time(options, edition)
        names = tuple(p["name"] for p in body["players"])
        decks, deeds = {}, ()
        if options.decks == "virtual":
            for deck_id, deck in edition.decks.items():
                order = [card.id for card in deck.cards]
                _random.shuffle(order)
                decks[deck_id] = tuple(order)
            count = edition.rules.variant(options.variant).deal_deeds
            if count and len(names) * count <= len(edition.property_positions):  # else the engine refuses
                deeds = _deal(edition, len(names), count)
        return Setup(names, options, decks, deeds)

    def _check_end_time(self, options: Options, edition: Edition) -> None:
        """A timed game needs an end time still to come; other games take none."""
        if options.variant not in ("standard", *edition.rules.variants):
            return  # the engine refuses the variant itself
        timed = edition.rules.variant(options.variant).end_time
        if timed and options.ends_at is None:
            raise InvalidInput({"options": {"ends_at": [f"a {options.variant} game needs its end time"]}})
        if not timed and options.ends_at is not None:
            raise InvalidInput(
                {"options": {"ends_at": [f"only a timed game has an end time, not a {options.variant} one"]}}
            )
        if timed and datetime.fromisoformat(options.ends_at) <= self.clock():
            raise InvalidInput({"options": {"ends_at": ["the end time has passed already"]}})

    def _load(self, row: Mapping[str, Any]) -> tuple[GameState, Edition]:
        return state_from_dict(row["state"]), self.edition(row["edition"])

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

    # -- the table clock ------------------------------------------------------
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

    def _record_timeout(self, plan: _Plan, game_id: str, row, state: GameState, edition: Edition, reporter: int):
        """A request arriving after a wait ran out: record the timeout first,
        reported by the requesting seat, so that a late bid or answer is
        silence, as the booklet says. Returns the row and state after it, and
        whether it was recorded."""
        elapsed = self._time_up(game_id, state, edition, plan.fresh)
        if elapsed is None:
            return row, state, False
        action = parse_action({"type": "timeout", "seat": reporter, "elapsed": elapsed})
        try:
            outcome = step(state, action, edition)
        except RuleViolation:
            return row, state, False  # the request itself is refused for the same reason
        _, ledger, _ = self._store(plan, game_id, row, reporter, action_to_dict(action), outcome)
        return _after(row, outcome, ledger), outcome.state, True

    def _time_left(self, state: GameState) -> int | None:
        """Whole seconds to a timed game's end time (0 once it has come)."""
        if state.options.ends_at is None:
            return None
        left = (datetime.fromisoformat(state.options.ends_at) - self.clock()).total_seconds()
        return max(0, int(left))

    def game(self, game_id: str, lang: str = "en") -> dict[str, Any]:
        row = self.store.game(game_id)
        if row is None:
            raise NotFound(f"no game {game_id!r}")
        state, edition = self._load(row)
        return self._view(game_id, state, edition, row["state"], lang)

    def version(self, game_id: str) -> int:
        version = self.store.version(game_id)
        if version is None:
            raise NotFound(f"no game {game_id!r}")
        return version

    # -- actions --------------------------------------------------------------
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

        def decide(reader: Writer) -> _Plan:
            row = self._row_for_write(reader, game_id, None)
            plan = _Plan(game_id, row["version"])
            state, edition = self._load(row)
            ended = not state.finished and self._time_left(state) == 0
            if ended:
                end = parse_action({"type": "end_game", "seat": state.turn.seat, "time_up": True})
                outcome = step(state, end, edition)
                if body.get("type") == "end_game":
                    plan.answer = self._commit(
                        plan, game_id, row, edition, end.seat, action_to_dict(end), outcome, lang
                    )
                    return plan
                _, ledger, _ = self._store(plan, game_id, row, end.seat, action_to_dict(end), outcome)
                row, state = _after(row, outcome, ledger), outcome.state
            else:
                self._check_version(row, if_match)
            timed_out = False
            if not ended and body.get("type") != "timeout":
                row, state, timed_out = self._record_timeout(plan, game_id, row, state, edition, body["seat"])
            sent, drawn = self._with_randomness(state, edition, dict(body))
            action = parse_action(self._with_clock(game_id, state, edition, sent, plan.fresh))
            try:
                outcome = step(state, action, edition)
            except RuleViolation as refused:
                refused.view = explain.ruling_view(ruling_to_dict(refused.ruling), edition, lang)
                if not (ended or timed_out):
                    raise
                plan.refusal = refused
                return plan
            recorded = action_to_dict(action)
            if drawn in STANDING_DRAWS:
                outcome = announce_drawn(outcome, recorded, edition)
            plan.answer = self._commit(plan, game_id, row, edition, action.seat, recorded, outcome, lang)
            return plan

        return self._write(game_id, decide, retry)

    def _write(self, game_id: str, decide: Callable[[Writer], _Plan], retry: Retry | None) -> dict[str, Any]:
        """Work a write to a game out from one moment of the database, outside
        the write lock, and store it in the next group commit; if the game has
        moved on by then, it is worked out again there, on the game as it is.
        The answer (or refusal) is given once the write is durable."""
        with self.store.reading() as reader:
            if (first := self.keys.recall(reader, retry)) is not None:
                return first
            planned = decide(reader)

        def write(writer: Writer) -> _Plan | Replayed:
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

    def _store(
        self, plan: _Plan, game_id: str, row: Mapping[str, Any], seat: int | None, action: dict[str, Any], outcome
    ) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
        """Plan the event and its transfers, and the new state."""
        event, ledger = self._record(row["version"] + 1, seat, action, outcome, row["ledger_seq"])
        snapshot = state_to_dict(outcome.state)
        plan.events.append((event, ledger))
        plan.snapshot, plan.ledger_seq = snapshot, row["ledger_seq"] + len(ledger)
        return event, ledger, snapshot

    def _commit(
        self,
        plan: _Plan,
        game_id: str,
        row: Mapping[str, Any],
        edition: Edition,
        seat: int | None,
        action: dict[str, Any],
        outcome,
        lang: str = "en",
    ) -> dict[str, Any]:
        """Plan the event and its outcome; the answer in ``lang``."""
        event, ledger, snapshot = self._store(plan, game_id, row, seat, action, outcome)
        shown = explain.localise(event, edition, lang)
        return {
            "event": shown,
            "ledger": [explain.localise(entry, edition, lang) for entry in ledger],
            "rulings": shown["rulings"],
            "state": self._view(game_id, outcome.state, edition, snapshot, lang, plan.fresh),
        }

    def _with_clock(
        self, game_id: str, state: GameState, edition: Edition, body: dict[str, Any], fresh=()
    ) -> dict[str, Any]:
        """A reported timeout carries the time the service measured, never the table's."""
        if body.get("type") != "timeout":
            return body
        if body.get("elapsed") is not None:
            raise InvalidInput({"elapsed": ["the service measures the table clock; omit elapsed"]})
        return {**body, "elapsed": self._elapsed(game_id, state, edition, fresh)}

    def _with_randomness(
        self, state: GameState, edition: Edition, body: dict[str, Any]
    ) -> tuple[dict[str, Any], str | None]:
        """Virtual dice and decks: the service rolls, draws the top card or a
        card's random destination, and the outcome is recorded with the action.
        A client may not supply that outcome itself. Returns the body and the
        field the service drew, if any."""
        drawn = _OUTCOMES.get(body.get("type"))
        if drawn is None:
            return body, None
        field, option, draw = drawn
        if getattr(state.options, option) != "virtual":
            return body, None
        if body.get(field) is not None:
            raise InvalidInput({field: [f"this game's {option} are virtual: the service draws it; omit {field}"]})
        outcome = draw(state, edition, body["seat"])
        return (body, None) if outcome is None else ({**body, field: outcome}, field)

    # -- corrections ------------------------------------------------------------
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

        def decide(reader: Writer) -> _Plan:
            row = self._row_for_write(reader, game_id, if_match)
            edition = self.edition(row["edition"])
            journal = Journal.of(edition, reader.events(game_id))
            if state_to_dict(journal.state) != row["state"]:
                raise AssertionError(f"game {game_id}: the journal no longer rebuilds the stored state")
            if action is None:
                recorded, outcome = journal.undo(event)
            else:
                body, drawn = self._with_randomness(journal.before_last(event), edition, dict(action))
                recorded, outcome = journal.correct(body, event, drawn in STANDING_DRAWS)
            plan = _Plan(game_id, row["version"])
            plan.answer = self._commit(plan, game_id, row, edition, actor_seat(recorded), recorded, outcome, lang)
            return plan

        return self._write(game_id, decide, retry)

    @staticmethod
    def _record(seq: int, seat: int | None, action: dict[str, Any], outcome, ledger_seq: int):
        ledger = [
            {"seq": ledger_seq + i, "event": seq, **transfer_to_dict(t)}
            for i, t in enumerate(outcome.transfers, start=1)
        ]
        event = {
            "seq": seq,
            "type": action["type"],
            "seat": seat,
            "action": action,
            "rulings": [ruling_to_dict(r) for r in outcome.rulings],
            "at": now(),
        }
        return event, ledger

    def replay(self, game_id: str) -> GameState:
        """Rebuild a game's state from its journal alone (undos and corrections included)."""
        journal = self.store.events(game_id)
        if not journal:
            raise NotFound(f"no game {game_id!r}")
        return Journal.of(self.edition(journal[0]["action"]["edition"]), journal).state

    # -- moving a game between servers ----------------------------------------------
    def export(self, game_id: str) -> dict[str, Any]:
        """The whole journal, in the form ``import_game`` takes."""
        row = self.store.game(game_id)
        if row is None:
            raise NotFound(f"no game {game_id!r}")
        return {
            "format": EXPORT_FORMAT,
            "game": game_id,
            "edition": row["edition"],
            "version": row["version"],
            "events": self.store.events(game_id),
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
            event, ledger = self._record(index + 1, actor_seat(action), action, outcome, ledger_seq)
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

    # -- reads ----------------------------------------------------------------
    def _edition_of(self, game_id: str) -> Edition:
        edition_id = self.store.edition_of(game_id)
        if edition_id is None:
            raise NotFound(f"no game {game_id!r}")
        return self.edition(edition_id)

    def events(self, game_id: str, after: int = 0, limit: int | None = None, lang: str = "en") -> list[dict[str, Any]]:
        edition = self._edition_of(game_id)
        return [explain.localise(e, edition, lang) for e in self.store.events(game_id, after, limit)]

    def event(self, game_id: str, seq: int, lang: str = "en") -> dict[str, Any]:
        """One past event with its rulings and the ledger entries it made."""
        edition = self._edition_of(game_id)
        found = self.store.events(game_id, seq - 1, 1)
        if not found or found[0]["seq"] != seq:
            raise NotFound(f"game {game_id!r} has no event {seq}")
        ledger = [explain.localise(e, edition, lang) for e in self.store.event_ledger(game_id, seq)]
        return {**explain.localise(found[0], edition, lang), "ledger": ledger}

    def ledger(self, game_id: str, seat: int | None, offset: int, limit: int | None, lang: str = "en"):
        edition = self._edition_of(game_id)
        entries, total = self.store.ledger(game_id, seat, offset, limit)
        return [explain.localise(e, edition, lang) for e in entries], total

    # -- rules and contested questions ----------------------------------------
    def rules(self, edition_id: str, lang: str = "en") -> list[dict[str, Any]]:
        return explain.rules(self.edition(edition_id), lang)

    def rule(self, edition_id: str, rule_id: str, lang: str = "en") -> dict[str, Any]:
        edition = self.edition(edition_id)
        entry = catalog().rules.get(rule_id)
        if entry is None:
            raise NotFound(f"no rule {rule_id!r}")
        return explain.rule_view(entry, edition, lang)

    def contested(self, edition_id: str, lang: str = "en", question: str | None = None) -> list[dict[str, Any]]:
        return explain.questions(self.edition(edition_id), lang, only=question)

    def rulings(self, game_id: str, lang: str = "en", question: str | None = None) -> list[dict[str, Any]]:
        """The contested questions answered for one game: its edition, house rules and options."""
        row = self.store.game(game_id)
        if row is None:
            raise NotFound(f"no game {game_id!r}")
        state, edition = self._load(row)
        return [
            {"game": game_id, **answer} for answer in explain.questions(edition, lang, state.options, only=question)
        ]

    def _current(self, game_id: str) -> tuple[GameState, Edition]:
        row = self.store.game(game_id)
        if row is None:
            raise NotFound(f"no game {game_id!r}")
        return self._load(row)

    def quote(self, game_id: str, position: int, seat: int, dice: int | None, lang: str = "en") -> dict[str, Any]:
        """What a stop on ``position`` would cost ``seat`` now, with the ruling (in ``lang``)."""
        state, edition = self._current(game_id)
        errors = {}
        if not 0 <= position < edition.size:
            errors["position"] = [f"the board has positions 0 to {edition.size - 1}"]
        if not 0 <= seat < len(state.players):
            errors["seat"] = [f"the game has seats 0 to {len(state.players) - 1}"]
        if errors:
            raise InvalidInput(errors)
        found = stop_quote(state, edition, seat, position, dice)
        return {
            "version": state.version,
            "position": position,
            "seat": seat,
            "dice": dice,
            "owner": found.owner,
            "amount": found.amount,
            "multiplier": found.multiplier,
            "rule": found.ruling.rule,
            "ruling": explain.ruling_view(ruling_to_dict(found.ruling), edition, lang),
        }

    def standings(self, game_id: str) -> dict[str, Any]:
        """Every player's net worth by parts, richest first."""
        state, edition = self._current(game_id)
        rows = []
        for standing in standings(state, edition):
            worth = standing.worth
            player = state.players[worth.seat]
            rows.append(
                {
                    "rank": standing.rank,
                    "seat": worth.seat,
                    "name": player.name,
                    "bankrupt": player.bankrupt,
                    "cash": worth.cash,
                    "properties": worth.properties,
                    "mortgaged": worth.mortgaged,
                    "buildings": worth.buildings,
                    "debts": worth.debts,
                    "claims": worth.claims,
                    "total": worth.total,
                }
            )
        return {"version": state.version, "standings": rows}

    def worth_history(self, game_id: str, after: int = 0) -> dict[str, Any]:
        """Every player's net worth after each event from ``after`` on, by
        replaying the journal: what trades, mortgages and buildings did to it,
        valued as the standings value it."""
        journal = self.store.events(game_id)
        if not journal:
            raise NotFound(f"no game {game_id!r}")
        points = []
        for seq, state, edition in self._states(journal):
            if seq > after:
                points.append({"event": seq, "totals": [worth_of(state, edition, p.seat).total for p in state.players]})
        return {"version": journal[-1]["seq"], "points": points}

    def _states(self, journal: list[dict[str, Any]]):
        """The game after each event of its journal, the creation first (undos
        and corrections folded as the journal folds them)."""
        edition = self.edition(journal[0]["action"]["edition"])
        folded = Journal(edition, journal[0]["action"])
        yield journal[0]["seq"], folded.state, edition
        for event in journal[1:]:
            folded.apply(event)
            yield event["seq"], folded.state, edition


def _creation(edition: Edition, setup: Setup, state: GameState) -> dict[str, Any]:
    """The creation event's action: everything a replay needs to start the game again."""
    return {
        "type": "create",
        "edition": edition.id,
        "players": list(setup.players),
        "options": state_to_dict(state)["options"],
        "decks": {deck: list(order) for deck, order in setup.decks.items()},
        **({"deeds": [list(dealt) for dealt in setup.deeds]} if setup.deeds else {}),
    }


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
