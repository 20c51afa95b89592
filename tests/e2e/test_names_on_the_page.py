"""The page shows names isolated (issue 16, item 6): a right-to-left name sits
inside FSI … PDI wherever a sentence carries it, so it cannot reorder the words
and amounts around it; the server refuses the bidirectional controls a name
could use to do the same (tests/api/test_names.py)."""

from __future__ import annotations

from playwright.sync_api import expect

from .phones import roll, start_table

DANA = "\u05d3\u05e0\u05d4"  # Hebrew, written right to left


def test_a_right_to_left_name_is_isolated_in_every_sentence_and_list(server, phone):
    links = start_table(phone(), server.url, DANA, "Boris")
    table = phone()
    table.goto(links[2])
    expect(table.locator(".turn")).to_contain_text(f"\u2068{DANA}\u2069")
    roll(table, 1, 2)
    expect(table.locator(".moves")).to_have_text(f"Move \u2068{DANA}\u2069's token to Baltic Avenue")
    expect(table.locator('.balances [data-seat="0"] .who')).to_have_text(f"\u2068{DANA}\u2069")
    expect(table.locator('.balances [data-seat="1"] .who')).to_have_text("Boris")  # left to right: as typed
