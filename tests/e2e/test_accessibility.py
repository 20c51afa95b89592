"""axe-core (the axe.min.js that axe-playwright-python ships, loaded from the
package, nothing fetched) finds no critical and no serious violation on any tab
of the table phone, in the middle of a game with owned and built property; the
page does not scroll sideways at 200 % text, and every target of the board is
at least 44 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .phones import overflows
from .test_table_phone import open_table

TABS = ("Play", "Board", "Money", "Rules")


@pytest.fixture
def midgame(server, phone):
    page, api, body = open_table(server, phone, "Anna", "Boris", "Vera")
    # no fades: the news line is shown or not, never caught half-faded by the contrast check
    page.emulate_media(reduced_motion="reduce")
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})  # Baltic Avenue
    api.act({"type": "buy", "seat": 0})
    api.act({"type": "end_turn", "seat": 0})
    api.act({"type": "roll", "seat": 1, "dice": [2, 3]})  # Reading Railroad
    api.act({"type": "decline", "seat": 1})
    expect(page.get_by_role("button", name="Nobody bids")).to_be_visible()
    return page


def serious(page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    # a fading toast measured half-way has half its contrast: axe reads the page once it has settled
    page.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)))")
    found = Axe().run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {[n['html'][:90] for n in v['nodes'][:3]]}"
        for v in found
        if v["impact"] in ("critical", "serious")
    ]


def test_no_tab_has_a_critical_or_serious_violation(midgame):
    page = midgame
    problems = {}
    for tab in TABS:
        page.get_by_role("tab", name=tab).click()
        expect(page.get_by_role("tab", name=tab)).to_have_attribute("aria-selected", "true")
        problems[tab] = serious(page)
    assert problems == {tab: [] for tab in TABS}


def test_at_200_percent_text_no_tab_scrolls_sideways_and_board_targets_are_44_px(midgame):
    page = midgame
    page.evaluate("() => { document.documentElement.style.fontSize = '200%'; document.body.style.fontSize = '34px'; }")
    for tab in TABS:
        page.get_by_role("tab", name=tab).click()
        wide = page.evaluate(
            """() => [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right
            > document.documentElement.clientWidth + 1).map((el) => el.tagName + '.' + el.className).slice(0, 8)"""
        )
        assert not overflows(page), (tab, wide)
    page.get_by_role("tab", name="Board").click()
    small = page.evaluate(
        """() => [...document.querySelectorAll('#panel button, #panel [role=button], #panel a[href]')]
        .filter((el) => el.checkVisibility()).map((el) => el.getBoundingClientRect())
        .filter((r) => r.width < 44 || r.height < 44).length"""
    )
    assert small == 0
