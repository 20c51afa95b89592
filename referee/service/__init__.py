"""The one orchestrator: load a game, let the engine decide, store the event,
its transfers and the new state in one transaction, and answer.

The API layer calls only this package; it calls the engine and the store.
``Referee`` is composed of one part per concern, each in the module named
for it and each inheriting the parts it uses: ``editions``, the table
``clock``, the state ``views``, the ``writes`` (actions and corrections),
opening ``games``, ``exports`` and imports, ``reads`` of the journal and
ledger, the ``rulebook``, ``worth`` and ``access``. Beside them: the domain
``errors``, the service's draws of ``chance``, an event's ``records`` and a
write's ``plan``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from referee.idempotency import KEEP_FOR, Keys
from referee.service.access import Access
from referee.service.exports import Exports
from referee.service.reads import Reads
from referee.service.records import current_time
from referee.service.rulebook import RuleBook
from referee.service.worth import Worth
from referee.service.writes import Writes
from referee.store import Store


class Referee(Writes, Exports, Reads, RuleBook, Worth, Access):
    """Games, editions and actions over one store.

    clock: the current time; the engine has none, so the service times the
    table clock's waits and ends a timed game when its end time has come.
    """

    def __init__(self, store: Store, keep_keys_for: timedelta = KEEP_FOR, clock: Callable[[], datetime] | None = None):
        self.store = store
        self.keys = Keys(keep_keys_for)
        self.clock = clock or current_time
        self._custom = {}
