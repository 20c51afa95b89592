"""The order pytest-xdist hands test files to the workers: the longest first.

``--dist loadfile`` gives each worker a whole file at a time, in order of how many
tests a file has. A file of one long test (a crashed server, a state machine) then
comes last, and one worker plays it alone while the other has nothing left to do.
Handed out longest first, the short files fill the end instead and both workers
finish together. A file's length is its seconds from ``--durations`` (one process,
``-n 0``); a file not listed is short, and keeps xdist's order among the short ones.
A stale figure costs only a less even end, never a test.
"""

from __future__ import annotations

from xdist.scheduler import LoadFileScheduling

# Seconds a file takes, the longest of the suite: its tests' --durations in one process (-n 0) on
# CI's machine, scaled to the run's CPU time (the machine was shared), plus what it waits (the
# Wi-Fi drop's 30 s, servers starting). Only their order matters; re-measure as files grow.
SECONDS = {
    "tests/e2e/test_offline.py": 40,
    "tests/rules/test_random_games.py": 27,
    "tests/server/test_crash.py": 22,
    "tests/api/test_schema_fuzz.py": 20,
    "tests/e2e/test_submissions.py": 14,
    "tests/rules/test_allowed_both_ways.py": 14,
    "tests/e2e/test_end_of_game.py": 12,
    "tests/e2e/test_table_phone.py": 10,
    "tests/e2e/test_two_phones.py": 10,
    "tests/api/test_stateful.py": 10,
    "tests/e2e/test_mistakes.py": 9,
    "tests/e2e/test_first_use.py": 9,
    "tests/e2e/test_property_and_rulings.py": 9,
    "tests/server/test_operations.py": 8,
    "tests/server/test_slow_clients.py": 8,
    "tests/rules/test_random_games_of_every_edition.py": 6,
    "tests/server/test_secrets_at_rest.py": 5,
    "tests/e2e/test_ua_clock.py": 5,
    "tests/e2e/test_accessibility.py": 5,
    "tests/e2e/test_editions_on_the_page.py": 4,
    "tests/api/test_bad_input.py": 4,
    "tests/e2e/test_seat_moves.py": 4,
    "tests/e2e/test_page_reads_options.py": 4,
    "tests/e2e/test_new_capabilities.py": 4,
    "tests/e2e/test_lines_and_hints.py": 4,
    "tests/server/test_storage_trouble.py": 3,
    "tests/server/test_races.py": 3,
    "tests/contract/test_allowed_options_document.py": 3,
    "tests/test_catalog.py": 3,
    "tests/api/test_answer_shapes.py": 3,
}


class LongestFirst(LoadFileScheduling):
    """xdist's file-at-a-time scheduling, handing out the longest file left each time."""

    def _assign_work_unit(self, node) -> None:
        longest = max(self.workqueue, key=lambda file: SECONDS.get(file, 0))  # the first of equals: xdist's order
        self.workqueue.move_to_end(longest, last=False)
        super()._assign_work_unit(node)
