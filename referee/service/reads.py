"""A game's journal and ledger read back: its version, its events, one
event with its ledger entries, the ledger, and the state rebuilt from the
journal alone."""

from __future__ import annotations

from typing import Any

from referee import explain
from referee.journal import Journal
from referee.present import event_view
from referee.rules import Edition, GameState
from referee.service.errors import NotFound
from referee.service.views import Views


class Reads(Views):
    def version(self, game_id: str) -> int:
        version = self.store.version(game_id)
        if version is None:
            raise NotFound(f"no game {game_id!r}")
        return version

    def replay(self, game_id: str) -> GameState:
        """Rebuild a game's state from its journal alone (undos and corrections included)."""
        journal = self.store.events(game_id)
        if not journal:
            raise NotFound(f"no game {game_id!r}")
        return Journal.of(self.edition(journal[0]["action"]["edition"]), journal).state

    def _edition_of(self, game_id: str) -> Edition:
        edition_id = self.store.edition_of(game_id)
        if edition_id is None:
            raise NotFound(f"no game {game_id!r}")
        return self.edition(edition_id)

    def events(self, game_id: str, after: int = 0, limit: int | None = None, lang: str = "en") -> list[dict[str, Any]]:
        edition = self._edition_of(game_id)
        return [explain.localise(event_view(e), edition, lang) for e in self.store.events(game_id, after, limit)]

    def event(self, game_id: str, seq: int, lang: str = "en") -> dict[str, Any]:
        """One past event with its rulings and the ledger entries it made."""
        edition = self._edition_of(game_id)
        found = self.store.events(game_id, seq - 1, 1)
        if not found or found[0]["seq"] != seq:
            raise NotFound(f"game {game_id!r} has no event {seq}")
        ledger = [explain.localise(e, edition, lang) for e in self.store.event_ledger(game_id, seq)]
        return {**explain.localise(event_view(found[0]), edition, lang), "ledger": ledger}

    def ledger(self, game_id: str, seat: int | None, offset: int, limit: int | None, lang: str = "en"):
        edition = self._edition_of(game_id)
        entries, total = self.store.ledger(game_id, seat, offset, limit)
        return [explain.localise(e, edition, lang) for e in entries], total
