"""Words the engine puts in a ruling's values, as language-neutral keys.

A ruling's values are data that a reader in any language, and a client, reads
as they are: ``"payee": "bank"``, not the English "the bank". A template
shows such a value with ``{payee:phrase}``: in English by the words here, in
another language by the catalog's ``phrases`` (in the case its sentence
needs), and a player's name, which no key is, as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .pending import PENDING, PENDING_TYPES
from .rulings import Shows, render
from .state import BANK, POT

PHRASE = "phrase"
NOBODY = "nobody"

ENGLISH = {
    BANK: "the bank",
    POT: "the {term.free_parking} pot",
    NOBODY: "nobody",
    "passes": "passes",
    "lands_on": "lands on",
    # why a player may not act now
    "before_roll": ", before its roll",
    "several_at_once": "asks for several at once",
    "built_this_visit": "has built during this visit already",
    "turn_over": " (the turn is over: end it)",
    "double_rolls_again": " (a double gives another roll)",
    "jail_choices": " (pay the fine, use a card or roll for doubles)",
    # why utility rent needs a roll
    "rolls_anew": " (this edition rolls anew for utility rent)",
    "sent_by_card": ", as the card says",
    # how an auction is bid
    "decliner_first": "the decliner bids first, then the others in seat order",
    "anyone_first": "anyone may bid first",
    "exactly": "exactly",
    "at_least": "at least",
    # what moved money (a transfer's reason), as an undo names what it moves back
    "adjustment": "the table's decision",
    "auction": "auction",
    "bank_sale": "sale to the bank",
    "bankruptcy": "bankruptcy",
    "building": "buildings bought",
    "building_auction": "building auction",
    "building_sale": "{term.building_sale}",  # sold back: wound up in ua-industries
    "card": "card",
    "deal": "deeds dealt",
    "jackpot": "the pot won",
    "jackpot_start": "the pot's start",
    "jail_fine": "release fine",
    "leave": "a player leaving the game",
    "mortgage": "mortgage",
    "mortgage_interest": "mortgage interest",
    "purchase": "purchase",
    "rent": "rent",
    "repairs": "repairs",
    "salary": "salary",
    "seller_auction": "owner's auction",
    "start_cash": "starting money",
    "tax": "tax",
    "trade": "trade",
    "unmortgage": "mortgage lift",
    # a house rule, by the label the start page gives it (js/lang/*.js choice.house_rules)
    "free_parking_jackpot": "{term.free_parking} jackpot (taxes and fines go to a pot)",
    # who did an action the journal names (referee.actor): not a player
    "table": "the table",
    "end_time": "the agreed end time",
}

# Rulings stored before the keys held the English words: read them as their keys
# (a house rule by its words of that time, before they named the edition's Free Parking).
_STORED_WORDS = {
    **{words: key for key, words in ENGLISH.items()},
    "Free Parking jackpot (taxes and fines go to a pot)": "free_parking_jackpot",
    "buildings sold back": "building_sale",
    " (a card sent the token here)": "sent_by_card",
}


def player(seat: int, name: str) -> dict[str, Any]:
    """A player where a value may also be a key (a creditor, a payee, an heir):
    the seat and the name, a value no key can equal, so that a player called
    "bank" reads as that name and the bank as its words. A ruling stored before
    holds the name alone, read as it is unless it is a key (those facts cannot
    tell a player called "bank" from the bank)."""
    return {"seat": seat, "name": name}


def english(value: Any, shows: Shows | None = None) -> str:
    """A value's English words (a key's, with the edition's words for what it
    names: the pot is on the edition's Free Parking; or a player's name)."""
    if isinstance(value, Mapping):
        if PENDING in value:  # a pending item where play waits on it, in its own words
            kind = PENDING_TYPES.get(value[PENDING])
            words = kind.said if kind and kind.said else str(value[PENDING]).replace("_", " ")
            return render(words, value, shows, sentence=False)
        return str(value["name"])
    words = ENGLISH.get(value) if isinstance(value, str) else None
    if words is None:
        return str(value)
    return render(words, {}, shows, sentence=False) if "{" in words else words


def key(value: Any) -> Any:
    """The key of a value, also of one stored as English words (a pending item's: its type)."""
    if isinstance(value, Mapping) and PENDING in value:
        return value[PENDING]
    return _STORED_WORDS.get(value, value) if isinstance(value, str) else value


def particulars(value: Any) -> Mapping[str, Any]:
    """The values a key's words name: a pending item's (``Pending.describe``), or none."""
    return value if isinstance(value, Mapping) and PENDING in value else {}
