"""What every handler and query of the service works over: one small context."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from referee.idempotency import Keys
from referee.rules import Edition
from referee.store import Store


@dataclass
class Context:
    """store: the games' database; keys: Idempotency-Keys kept with the
    writes they guard; clock: the current time (the engine has none: the
    service times the table clock's waits and a timed game's end); custom:
    the custom editions read so far (they never change once stored)."""

    store: Store
    keys: Keys
    clock: Callable[[], datetime]
    custom: dict[str, Edition] = field(default_factory=dict)
