"""What a game's holdings come to: a stop's cost quoted now, the players'
standings by net worth, and each player's net worth over the game."""

from __future__ import annotations

from typing import Any

from referee import explain
from referee.journal import Journal
from referee.rules.quotes import stop_quote
from referee.rules.serialize import ruling_to_dict
from referee.rules.worth import standings
from referee.rules.worth import worth as worth_of
from referee.service.errors import InvalidInput, NotFound
from referee.service.views import Views


class Worth(Views):
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
