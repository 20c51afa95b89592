"""The seed documents (the rule sources), for tests that check data against
their exact words. They live in ``shared/seeds`` beside the checkout (or in
the directory named by ``REFEREE_SEEDS``). They are not part of the
repository: where they are absent, those checks skip and say why."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import pytest

ABSENT = "the seed documents are not beside the repository (set REFEREE_SEEDS to their folder)"


@cache
def seeds_dir() -> Path | None:
    if os.environ.get("REFEREE_SEEDS"):
        return Path(os.environ["REFEREE_SEEDS"])
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "shared" / "seeds"
        if candidate.is_dir():
            return candidate
    return None


def seed_texts() -> dict[str, str] | None:
    """Every seed's text by number ("000" … "004"), or None where they are absent."""
    folder = seeds_dir()
    if folder is None:
        return None
    return {path.name[:3]: path.read_text(encoding="utf-8") for path in folder.glob("*.txt")}


@cache
def seed_text(number: str) -> str:
    """The text of seed ``number``; the calling test skips where the seeds are absent."""
    folder = seeds_dir()
    if folder is None:
        pytest.skip(ABSENT)
    (path,) = folder.glob(f"{number}_*.txt")
    return path.read_text(encoding="utf-8")
