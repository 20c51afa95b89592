"""Opening a game: the creation request checked and set up (virtual decks
shuffled, deeds dealt), the game stored under a new id with new tokens."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from referee.idempotency import Retry
from referee.rules import Edition, GameState, Options, RuleViolation, Setup, start
from referee.rules.serialize import state_to_dict
from referee.service import chance
from referee.service.access import Tokens, new_game_id
from referee.service.errors import InvalidInput, NotFound
from referee.service.records import record
from referee.service.views import Views
from referee.store import Writer

# Which field of the creation request a refusal of the engine's ``start`` is about.
_SETUP_FIELDS = {"player_count": "players", "unknown_variant": "variant", "too_few_deeds": "players"}


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


class Games(Views):
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
        event, ledger = record(1, None, _creation(edition, setup, outcome.state), outcome, ledger_seq=0)
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
        game_id = new_game_id()
        tokens = Tokens.issue(len(state.players), spectator)
        snapshot = state_to_dict(state)
        answer = {
            "id": game_id,
            "token": tokens.table,
            "players": [{"seat": p.seat, "name": p.name, "token": tokens.seats[p.seat]} for p in state.players],
            "state": self._view(game_id, state, edition, snapshot, fresh=[event for event, _ in journal]),
        }
        if tokens.spectator:
            answer["spectator_token"] = tokens.spectator

        def write(writer: Writer) -> dict[str, Any]:
            if (first := self.keys.recall(writer, retry)) is not None:
                return first
            writer.insert_game(game_id, edition.id, snapshot, ledger_seq=sum(len(ledger) for _, ledger in journal))
            writer.insert_tokens(game_id, tokens.stored())
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
            decks = chance.shuffled_decks(edition)
            count = edition.rules.variant(options.variant).deal_deeds
            if count and len(names) * count <= len(edition.property_positions):  # else the engine refuses
                deeds = chance.deal(edition, len(names), count)
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
