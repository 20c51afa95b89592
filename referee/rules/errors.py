"""Domain errors: an action the rules forbid, with the rule that forbids it."""

from __future__ import annotations

from .rulings import Ruling


class RuleViolation(Exception):
    """A well-formed action that the rules forbid now.

    code: a stable slug for clients (not_your_turn, insufficient_funds, ...).
    ruling: the rule that forbids it, with the numbers.
    """

    def __init__(self, code: str, ruling: Ruling):
        super().__init__(ruling.text)
        self.code = code
        self.ruling = ruling


class UnknownAction(Exception):
    """The action type is not one the engine knows."""
