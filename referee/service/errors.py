"""The service's domain errors; ``referee.api.problems`` maps each to its
problem details."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules import RuleViolation


class NotFound(Exception):
    """No such game or edition (for this caller)."""


class Forbidden(Exception):
    """The caller's token of this game may not do this."""


class InvalidInput(Exception):
    """Well-formed input whose values cannot be accepted; ``errors`` by field,
    ``location`` where the fields were sent (the body's ``json``, or ``query``)."""

    def __init__(self, errors: Mapping[str, Any], location: str = "json"):
        super().__init__(str(errors))
        self.errors = dict(errors)
        self.location = location


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


class TokenRevoked(Exception):
    """A token that worked once and no longer does: its seat moved to another
    device (``why`` = "moved"), or the table replaced it ("reissued")."""

    def __init__(self, role: str, seat: int | None, why: str, at: str):
        whose = f"seat {seat}" if role == "seat" else f"the {role}"
        super().__init__(f"the token of {whose} was revoked ({why}) at {at}")
        self.role, self.seat, self.why, self.at = role, seat, why, at


class UnknownLink(Exception):
    """A move link this service never issued (or one of a game since removed)."""


class LinkClosed(Exception):
    """A move link that can no longer be used: ``why`` is "used", "expired" or "replaced"."""

    def __init__(self, why: str, at: str):
        super().__init__(f"this move link was {why} at {at}")
        self.why, self.at = why, at


class RefusedAfterTime(RuleViolation):
    """A refusal given after the service recorded time first (a timeout, a
    timed game's end), which stands: ``version`` is the game's version after it,
    so that a client knows the game moved on even though its request was refused."""

    def __init__(self, refusal: RuleViolation, version: int):
        super().__init__(refusal.code, refusal.ruling, refusal.edition)
        self.version = version
