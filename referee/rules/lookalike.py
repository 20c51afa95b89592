"""Names a table can tell apart: two names look alike when Unicode TR39
gives them one skeleton ("Anna" and "Аnna" with a Cyrillic А), in either case
("0leg" and "oleg", "Ivan" and "lvan"). ICU (PyICU) computes the skeletons.

The engine refuses a new name that looks like another player's; the service
holds the names a table is created or imported with to the same.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

import icu

_SPOOF = icu.SpoofChecker()


def shapes(name: str) -> set[str]:
    """What the name looks like, in either case: TR39 skeletons of the name and
    of its case-folded text, case-folded."""
    text = unicodedata.normalize("NFC", name).strip()
    return {_SPOOF.getSkeleton(0, text).casefold(), _SPOOF.getSkeleton(0, text.casefold()).casefold()}


def look_alike(names: Sequence[str]) -> tuple[str, str] | None:
    """The first two names that look alike (the same name too), if any."""
    seen: dict[str, str] = {}
    for name in names:
        found = shapes(name)
        for shape in found:
            if shape in seen:
                return seen[shape], name
        seen.update(dict.fromkeys(found, name))
    return None
