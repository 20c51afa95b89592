"""Domain errors: an action the rules forbid, with the rule that forbids it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rulings import Ruling

if TYPE_CHECKING:
    from .edition import Edition


class RuleViolation(Exception):
    """A well-formed action that the rules forbid now.

    code: a stable slug for clients (not_your_turn, insufficient_funds, ...).
    ruling: the rule that forbids it, with the numbers.
    edition: the edition whose rule it is, whose words explain it to a reader.
    """

    def __init__(self, code: str, ruling: Ruling, edition: Edition | None = None):
        super().__init__(ruling.text)
        self.code = code
        self.ruling = ruling
        self.edition = edition


class UnknownAction(Exception):
    """The action type is not one the engine knows."""
