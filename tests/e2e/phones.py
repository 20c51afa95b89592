"""What a person does on the page, as helpers the scenarios share."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def start_table(page: Page, url: str, *names: str, edition: str | None = None) -> list[str]:
    """Fill the start page and create the table; the links shown: each seat's, then the table's."""
    page.goto(url + "/")
    expect(page.locator('input[name="player"]').first).to_be_visible()
    if edition is not None:
        page.locator("#edition").select_option(edition)
    for index, name in enumerate(names):
        rows = page.locator('input[name="player"]')
        if rows.count() <= index:
            page.get_by_role("button", name="Add a player").click()
        rows.nth(index).fill(name)
    page.get_by_role("button", name="Create the table").click()
    expect(page.get_by_role("heading", name="Links for the phones")).to_be_visible()
    expect(page.locator("img.qr[src^='blob:']")).to_have_count(len(names) + 1)
    return page.locator(".link-card input").evaluate_all("inputs => inputs.map(i => i.value)")


def roll(page: Page, a: int, b: int) -> None:
    page.get_by_role("radio", name=f"Die 1: {a}").check()
    page.get_by_role("radio", name=f"Die 2: {b}").check()
    page.get_by_role("button", name=f"Roll {a} + {b} = {a + b}").click()


def cash(page: Page, seat: int):
    """The balance shown for a seat, as a locator (its data-cash is the amount)."""
    return page.locator(f'.balances [data-seat="{seat}"] .cash')


def unnamed_controls(page: Page) -> list[str]:
    """Controls a screen reader could not name."""
    return page.evaluate(
        """() => [...document.querySelectorAll('button, input, select, textarea, a[href], summary, [role=tab]')]
        .filter((el) => !el.closest('[hidden]'))
        .filter((el) => {
          const by = el.getAttribute('aria-labelledby');
          const name = el.getAttribute('aria-label')
            || (by && document.getElementById(by)?.textContent)
            || (el.labels && [...el.labels].map((l) => l.textContent).join(''))
            || el.textContent || el.getAttribute('title') || el.getAttribute('alt') || '';
          return !name.trim();
        })
        .map((el) => el.outerHTML.slice(0, 160))"""
    )


def overflows(page: Page) -> bool:
    """Whether the page scrolls sideways at its width."""
    return page.evaluate("() => document.documentElement.scrollWidth > document.documentElement.clientWidth")
