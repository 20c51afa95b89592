"""The seed documents (the rule sources), for tests that check data against
their exact words. They live in ``shared/seeds`` beside the checkout (or in
the directory named by ``REFEREE_SEEDS``)."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path


@cache
def seeds_dir() -> Path:
    if os.environ.get("REFEREE_SEEDS"):
        return Path(os.environ["REFEREE_SEEDS"])
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "shared" / "seeds"
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("shared/seeds not found beside the checkout; set REFEREE_SEEDS")


@cache
def seed_text(number: str) -> str:
    """The text of seed ``number`` ("000" … "004")."""
    (path,) = seeds_dir().glob(f"{number}_*.txt")
    return path.read_text(encoding="utf-8")
