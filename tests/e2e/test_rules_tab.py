"""The rule catalog on the page: the whole rule behind a ruling, and the contested
questions searched in the reader's language."""

from __future__ import annotations

from playwright.sync_api import expect

from .phones import start_table


def test_the_whole_rule_shows_its_money_in_the_edition_s_currency(server, phone, shot):
    # «La regola intera» in rubles showed "jail.fine 50" and "salary 200" where every amount
    # around it read 50 000 ₽ and 200 000 ₽.
    host = phone()
    links = start_table(host, server.url, "Anna", "Bruno", edition="classic-rub")
    anna = phone("it-IT")
    anna.goto(links[0])
    anna.get_by_role("tab", name="Denaro").click()
    line = anna.locator('.ledger > li[data-reason="start_cash"] > details').first
    line.locator(":scope > summary").click()
    line.get_by_text("La regola intera").click()
    expect(line.locator(".parameters")).to_have_text("start_cash1\u00a0500\u00a0000 ₽")
    shot(anna, "start-cash-rule-in-rubles")
