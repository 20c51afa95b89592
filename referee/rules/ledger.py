"""Transfers: the only way money moves."""

from __future__ import annotations

from dataclasses import dataclass

from .rulings import Ruling
from .state import Account


@dataclass(frozen=True)
class Transfer:
    """One movement of money, debiting one account and crediting another.

    source / target: a seat number, "bank" or "pot".
    amount: a positive integer in the edition's base unit.
    reason: a short machine-readable reason (rent, salary, tax, purchase, ...).
    ruling: the rule and numbers behind the amount.
    """

    source: Account
    target: Account
    amount: int
    reason: str
    ruling: Ruling

    @property
    def rule(self) -> str:
        return self.ruling.rule
