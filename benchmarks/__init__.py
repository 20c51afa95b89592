"""Measurements of Referee's speed and capacity: ``python -m benchmarks``.

Not tests: nothing here asserts a time. Every measured request is checked for
the right answer (status, ledger, version), so a fast wrong answer fails the
run instead of improving it.
"""
