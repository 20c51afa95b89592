"""Player names a table can read: NFC text that shows something, without
bidirectional controls, and no two at one table that look alike.

What a name looks like is judged by ICU (PyICU): its Default_Ignorable_Code_Point
property for what shows nothing, and Unicode TR39's skeleton for look-alikes
(``referee.rules.lookalike``, which the engine's rename asks too). This is the
service's check of what people typed when a table is created or imported.
"""

from __future__ import annotations

import unicodedata

import icu

from referee.rules.lookalike import look_alike, shapes

# Controls that reorder the text around them: a U+202E in a name would show the
# ledger's "Bank → Eve" as "knaB → evE". Isolates and marks are refused too:
# the page isolates names itself.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Blank characters that are neither spaces nor default-ignorable, yet show nothing.
BLANKS = frozenset("\u2800")
SHOWS_NOTHING = "A name shows at least one character."
BIDI = "A name may not hold characters that reorder the text around it (U+202A-U+202E, U+2066-U+2069)."


def normal(name: str) -> str:
    """The name as stored: NFC, so the same letters typed two ways are one name."""
    return unicodedata.normalize("NFC", name)


def _invisible(char: str) -> bool:
    return (
        char.isspace()
        or char in BLANKS
        or unicodedata.category(char) in ("Cf", "Cc", "Mn", "Me", "Zs", "Zl", "Zp")
        or icu.Char.hasBinaryProperty(char, icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT)
    )


def problem(name: str) -> str | None:
    """Why a table could not read ``name``; None when it can."""
    if any(char in BIDI_CONTROLS for char in name):
        return BIDI
    if all(map(_invisible, name)):
        return SHOWS_NOTHING
    return None


def look_alike_message(pair: tuple[str, str]) -> str:
    first, second = pair
    if first.strip().casefold() == second.strip().casefold():
        return "Every player needs a name of their own."
    return f"The names {first!r} and {second!r} look alike: give one of them a name the table can tell apart."


__all__ = ["look_alike", "look_alike_message", "normal", "problem", "shapes"]
