"""What a correction changed in the action it replaced, field by field, as a
ruling shows it in any language: the dice as 3+4, a card by its text, a space
by its name, money in the edition's currency, and a player by name, never by
seat number (the table knows Anna, not seat 2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.rules.phrases import PHRASE, player
from referee.rules.rulings import ITEMS
from referee.rules.state import BANK
from referee.rules.trade_terms import TradeTerms, items

FIELD_SPECS = {
    "card": "card",
    "position": "space",
    "positions": "space",
    "amount": "m",
    "value": "m",
    "start": "m",
    "building": "term",
}
"""How a changed field of a corrected action is shown (format spec); others as they are."""
TRADE_SIDES = ("give", "get")
SEAT_FIELDS = frozenset({"winner", "to", "bidders"})
"""Fields that name players by seat (one, or a list of them); the action's own
``seat`` is not among the changes: the ruling names who acted, before and after."""
ACCOUNT_FIELDS = frozenset({"source", "target"})
"""``adjust``'s accounts: the bank, the pot, or ``"seat"``, the action's own seat."""
OWN_SEAT = "seat"
LEFT_OUT = {"to": BANK}
"""What a seat field left out means where it means someone: a leaving player's estate goes to the bank."""
NO_VALUE = "—"


def changes(old: Mapping[str, Any], new: Mapping[str, Any], names: Sequence[str]) -> tuple[list[list], list[list]]:
    """The fields a correction changed, before and after, as [spec, value]
    pairs; ``names`` are the players' names by seat when the action was made."""
    fields = [k for k in (*old, *(k for k in new if k not in old)) if k not in ("type", "seat")]
    changed = [k for k in dict.fromkeys(fields) if old.get(k) != new.get(k)]
    return (
        [_shown(k, old[k], old, names) for k in changed if k in old],
        [_shown(k, new[k], new, names) for k in changed if k in new],
    )


def _shown(key: str, value: Any, action: Mapping[str, Any], names: Sequence[str]) -> list:
    if key in SEAT_FIELDS:
        return _players(LEFT_OUT.get(key) if value is None else value, names)
    if key in ACCOUNT_FIELDS:
        return _players(action["seat"] if value == OWN_SEAT else value, names)
    if value is None:  # a field the action leaves out (no winner, no price): shown as no value, in any language
        return ["", NO_VALUE]
    if key == "dice":
        return ["", "+".join(str(d) for d in value)]
    if key in TRADE_SIDES:  # what a side of a trade hands over: spaces by name, money, a card by its word
        return [ITEMS, [list(item) for item in items(TradeTerms.of(value))]]
    spec = FIELD_SPECS.get(key, "")
    return [spec, value if spec else str(value)]


def _players(value: Any, names: Sequence[str]) -> list:
    """Seats by the players' names, an account by its key (``{x:phrase}`` shows both), nobody as no value."""
    if value is None:
        return ["", NO_VALUE]
    if isinstance(value, list | tuple):
        return [PHRASE, [_party(seat, names) for seat in value]]
    return [PHRASE, _party(value, names)]


def _party(value: Any, names: Sequence[str]) -> Any:
    return player(value, names[value]) if isinstance(value, int) and 0 <= value < len(names) else value
