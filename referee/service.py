"""The one orchestrator: load a game, let the engine decide, store the event,
its transfers and the new state in one transaction, and answer.

The API layer calls only this module; this module calls the engine and the
store. Randomness for virtual dice and decks is drawn here and recorded in the
journal, so the engine stays deterministic and every game replays exactly.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from referee import editions, explain
from referee.editions.catalog import catalog
from referee.present import state_view
from referee.rules import Edition, GameState, Options, RuleViolation, Setup, parse_action, start, step
from referee.rules.pending import CardDraw
from referee.rules.quotes import stop_quote
from referee.rules.random_move import destinations
from referee.rules.serialize import action_to_dict, ruling_to_dict, state_from_dict, state_to_dict, transfer_to_dict
from referee.rules.worth import standings
from referee.store import Store, now

_random = random.SystemRandom()


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


def token_digest(token: str) -> str:
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


def _deal(edition: Edition, players: int, count: int) -> tuple[tuple[int, ...], ...]:
    """Shuffle the title deeds and deal ``count`` to each player, one per round."""
    deeds = list(edition.property_positions)
    _random.shuffle(deeds)
    return tuple(tuple(deeds[turn * players + seat] for turn in range(count)) for seat in range(players))


# Which field of the creation request a refusal of the engine's ``start`` is about.
_SETUP_FIELDS = {"player_count": "players", "unknown_variant": "variant", "too_few_deeds": "players"}


class Referee:
    """Games, editions and actions over one store.

    clock: the current time (UTC); the engine has none, so the service ends a
    timed game when its end time has come.
    """

    def __init__(self, store: Store, clock: Callable[[], datetime] = lambda: datetime.now(UTC)):
        self.store = store
        self.clock = clock
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
        with self.store.write() as writer:
            if writer.edition_exists(edition.id):
                raise EditionExists(edition.id)
            writer.insert_edition(edition.id, document)
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
    def create_game(self, body: Mapping[str, Any]) -> dict[str, Any]:
        try:
            edition = self.edition(body["edition"])
        except NotFound as missing:
            raise InvalidInput({"edition": [str(missing)]}) from None
        setup = self._setup(body, edition)
        try:
            outcome = start(edition, setup)
        except RuleViolation as refused:
            raise InvalidInput({_SETUP_FIELDS.get(refused.code, "options"): [refused.ruling.text]}) from None
        game_id = secrets.token_urlsafe(12)
        table_token = secrets.token_urlsafe(32)
        seat_tokens = [secrets.token_urlsafe(32) for _ in setup.players]
        tokens = [(token_digest(table_token), "table", None)]
        tokens += [(token_digest(t), "seat", seat) for seat, t in enumerate(seat_tokens)]
        action = {
            "type": "create",
            "edition": edition.id,
            "players": list(setup.players),
            "options": state_to_dict(outcome.state)["options"],
            "decks": {deck: list(order) for deck, order in setup.decks.items()},
        }
        if setup.deeds:
            action["deeds"] = [list(dealt) for dealt in setup.deeds]
        event, ledger = self._record(1, None, action, outcome, ledger_seq=0)
        snapshot = state_to_dict(outcome.state)
        with self.store.write() as writer:
            writer.insert_game(game_id, edition.id, snapshot, ledger_seq=len(ledger))
            writer.insert_tokens(game_id, tokens)
            writer.append_event(game_id, event, ledger)
        return {
            "id": game_id,
            "token": table_token,
            "players": [
                {"seat": seat, "name": name, "token": seat_tokens[seat]} for seat, name in enumerate(setup.players)
            ],
            "state": self._view(game_id, outcome.state, edition, snapshot),
        }

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
        self, game_id: str, state: GameState, edition: Edition, snapshot=None, lang: str = "en"
    ) -> dict[str, Any]:
        view = state_view(state, edition, snapshot)
        view["pending"] = [explain.localise(item, edition, lang) for item in view["pending"]]
        left = self._time_left(state)
        if left is not None:
            view["clock"] = {"ends_at": state.options.ends_at, "seconds_left": left}
            if left == 0 and not state.finished:
                # The first action now records the end (see ``act``): ending is all that is left to do.
                view["allowed"] = [a for a in view["allowed"] if a["type"] == "end_game"]
        return {"id": game_id, **view}

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
        self, game_id: str, body: Mapping[str, Any], if_match: int | None = None, lang: str = "en"
    ) -> dict[str, Any]:
        """Validate and apply one table action in one transaction; the answer's
        rulings (and a refusal's) are explained in ``lang``.

        A timed game whose end time has come is ended first, by an event of
        its own in the same transaction, whatever the action: the end is a
        fact of the clock, not of the request. The action is then refused
        (the game is over) and the end stays recorded, unless the action was
        the table ending the game, which the recorded end answers."""
        refusal = None
        with self.store.write() as writer:
            row = writer.game(game_id)
            if row is None:
                raise NotFound(f"no game {game_id!r}")
            state, edition = self._load(row)
            ledger_seq = row["ledger_seq"]
            ended = not state.finished and self._time_left(state) == 0
            if ended:
                end = parse_action({"type": "end_game", "seat": state.turn.seat, "time_up": True})
                event, ledger, state, snapshot = self._append(writer, game_id, state, edition, end, ledger_seq)
                if body.get("type") == "end_game":
                    return self._answer(game_id, event, ledger, state, edition, snapshot, lang)
                ledger_seq += len(ledger)
            elif if_match is not None and if_match != row["version"]:
                raise StaleVersion(row["version"])
            action = parse_action(self._with_randomness(state, edition, dict(body)))
            try:
                event, ledger, state, snapshot = self._append(writer, game_id, state, edition, action, ledger_seq)
            except RuleViolation as refused:
                refused.view = explain.ruling_view(ruling_to_dict(refused.ruling), edition, lang)
                if not ended:
                    raise
                refusal = refused  # raised once the recorded end is committed
        if refusal is not None:
            raise refusal
        return self._answer(game_id, event, ledger, state, edition, snapshot, lang)

    def _append(self, writer, game_id: str, state: GameState, edition: Edition, action, ledger_seq: int):
        """Apply one action and write its event, ledger entries and the new state."""
        outcome = step(state, action, edition)
        event, ledger = self._record(state.version + 1, action.seat, action_to_dict(action), outcome, ledger_seq)
        snapshot = state_to_dict(outcome.state)
        writer.append_event(game_id, event, ledger)
        writer.update_state(game_id, snapshot, ledger_seq + len(ledger))
        return event, ledger, outcome.state, snapshot

    def _answer(self, game_id: str, event, ledger, state: GameState, edition: Edition, snapshot, lang: str):
        shown = explain.localise(event, edition, lang)
        return {
            "event": shown,
            "ledger": [explain.localise(entry, edition, lang) for entry in ledger],
            "rulings": shown["rulings"],
            "state": self._view(game_id, state, edition, snapshot, lang),
        }

    def _with_randomness(self, state: GameState, edition: Edition, body: dict[str, Any]) -> dict[str, Any]:
        """Virtual dice and decks: the service rolls, draws the top card or a
        card's random destination, and the outcome is recorded with the action.
        A client may not supply that outcome itself."""
        drawn = _OUTCOMES.get(body.get("type"))
        if drawn is None:
            return body
        field, option, draw = drawn
        if getattr(state.options, option) != "virtual":
            return body
        if body.get(field) is not None:
            raise InvalidInput({field: [f"this game's {option} are virtual: the service draws it; omit {field}"]})
        outcome = draw(state, edition, body["seat"])
        return body if outcome is None else {**body, field: outcome}

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
        """Rebuild a game's state from its journal alone."""
        journal = self.store.events(game_id)
        if not journal:
            raise NotFound(f"no game {game_id!r}")
        created = journal[0]["action"]
        edition = self.edition(created["edition"])
        options = created["options"]
        setup = Setup(
            tuple(created["players"]),
            Options(**{**options, "house_rules": tuple(options["house_rules"])}),
            {deck: tuple(order) for deck, order in created["decks"].items()},
            tuple(tuple(dealt) for dealt in created.get("deeds", ())),
        )
        state = start(edition, setup).state
        for event in journal[1:]:
            state = step(state, parse_action(event["action"]), edition).state
        return state

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

    def quote(self, game_id: str, position: int, seat: int, dice: int | None) -> dict[str, Any]:
        """What a stop on ``position`` would cost ``seat`` now, with the ruling."""
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
            "ruling": ruling_to_dict(found.ruling),
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
