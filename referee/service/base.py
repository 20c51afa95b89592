"""What every part of the ``Referee`` relies on (set in ``Referee.__init__``)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from referee.idempotency import Keys
from referee.rules import Edition
from referee.store import Store


class Base:
    """store: the games' database; keys: Idempotency-Keys kept with the
    writes they guard; clock: the current time; custom: the custom
    editions read so far (they never change once stored)."""

    store: Store
    keys: Keys
    clock: Callable[[], datetime]
    _custom: dict[str, Edition]
