"""The service's domain errors; ``referee.api.problems`` maps each to its
problem details."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class NotFound(Exception):
    """No such game or edition (for this caller)."""


class Forbidden(Exception):
    """The caller's token of this game may not do this."""


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


class InvariantBroken(Exception):
    """A write whose outcome breaks an invariant of the books or the board:
    a bug in a rule, refused before anything is stored."""

    def __init__(self, game_id: str, seq: int, problems: list[str]):
        super().__init__(f"game {game_id}, event {seq}: " + "; ".join(problems))
        self.game_id, self.seq, self.problems = game_id, seq, problems
