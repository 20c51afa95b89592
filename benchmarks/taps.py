"""Taps and scrolls per action on the shared table phone at 360×740 (a
measurement, not a test): headless Chromium plays a short classic game on the
page, the way a table would, and counts every tap it makes, every tap whose
target was not on screen first (a scroll), and the screens the action passed
through (the tab shown, and a dialog over it).

    python -m benchmarks.taps

Targets (issue 15): a roll ≤ 3 taps and 0 scrolls; buy, claim rent, end turn,
nobody bids 1 tap; an auction won aloud ≤ 4 taps + 1 typed price; one house on
each street of a group ≤ 3 taps; undo ≤ 2 taps + the confirmation.
"""

from __future__ import annotations

import tempfile

from .page_weight import PHONE, _serve

SCREEN = """() => (document.querySelector('[role=tab][aria-selected=true]')?.id || '')
  + (document.querySelector('dialog[open], [role=dialog]') ? ' + dialog' : '')"""
ON_SCREEN = """el => { const r = el.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; }"""


class Counter:
    def __init__(self, page):
        self.page = page
        self.rows: list[tuple[str, int, int, int, int]] = []

    def screen(self) -> str:
        """What the phone shows as a whole: the tab selected, and a dialog over it if one is open."""
        return self.page.evaluate(SCREEN)

    def action(self, name: str, *steps) -> None:
        """Each step is ("tap", locator), ("type", locator, text) or ("select", locator, label)."""
        taps = scrolls = typed = 0
        screens: list[str] = []
        for kind, locator, *value in steps:
            locator.wait_for()
            shown = self.screen()
            if not screens or shown != screens[-1]:
                screens.append(shown)
            if not locator.evaluate(ON_SCREEN):
                scrolls += 1
            taps += 1
            if kind == "type":
                locator.fill(value[0])
                typed += 1
            elif kind == "select":
                locator.select_option(label=value[0])
            elif kind == "check":
                locator.check()
            else:
                locator.click()
        self.rows.append((name, taps, typed, scrolls, len(screens)))


def play(page, api, counter: Counter) -> None:
    role = page.get_by_role
    die = lambda n, v: role("radio", name=f"Die {n}: {v}")  # noqa: E731

    def roll(name, a, b):
        counter.action(
            name, ("check", die(1, a)), ("check", die(2, b)), ("tap", role("button", name=f"Roll {a} + {b}"))
        )

    roll("enter a roll", 2, 3)  # Anna to Reading Railroad
    counter.action("buy", ("tap", role("button", name="Buy Reading Railroad for M200")))
    counter.action("end turn", ("tap", role("button", name="End Anna's turn")))
    roll("enter a roll", 1, 2)  # Boris to Anna's Baltic Avenue
    counter.action("claim rent", ("tap", role("button", name="Claim M8 from Boris")))
    counter.action("end turn", ("tap", role("button", name="End Boris's turn")))
    roll("enter a roll", 4, 6)  # Anna to Pennsylvania Railroad
    role("button", name="Don't buy: auction it").click()
    counter.action("nobody bids", ("tap", role("button", name="Nobody bids")))
    counter.action("end turn", ("tap", role("button", name="End Anna's turn")))
    roll("enter a roll", 3, 5)  # Boris to St. Charles Place
    role("button", name="Don't buy: auction it").click()
    counter.action(
        "an auction won aloud",
        ("select", page.get_by_label("Won by"), "Anna"),
        ("type", page.get_by_label("for", exact=True), "150"),
        ("tap", role("button", name="Record the winner")),
    )
    role("button", name="Nobody bids").wait_for(state="detached")
    counter.action(
        "one house on each street of a group",
        ("tap", page.locator("details.property-drawer > summary")),
        ("tap", page.locator(".build-round", has_text="Anna:")),  # Boris's turn: every seat's rounds are listed
        ("tap", role("dialog").get_by_role("button", name="Build for M100")),  # money spent in one tap: asked first
    )
    role("button", name="Undo: Anna: Build").wait_for()  # accepted (the drawer stays open for the next level)
    counter.action("undo", ("tap", page.locator(".quick-undo")), ("tap", role("dialog").get_by_role("button").last))


def measure() -> list[tuple[str, int, int, int, int]]:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        app, httpd = _serve(folder)
        client = app.test_client()
        body = client.post(
            "/games", json={"edition": "classic", "variant": "short", "players": [{"name": "Anna"}, {"name": "Boris"}]}
        ).json
        auth = {"Authorization": f"Bearer {body['token']}"}
        dealt = client.post(
            f"/games/{body['id']}/actions",
            json={"type": "deal_deeds", "seat": 0, "deeds": [[1, 3], [6, 8]]},
            headers=auth,
        )
        assert dealt.status_code == 201, dealt.json
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"])
        page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        page.set_default_timeout(10_000)
        page.goto(f"http://127.0.0.1:{httpd.server_port}/play/{body['id']}#token={body['token']}")
        counter = Counter(page)
        play(page, client, counter)
        browser.close()
        httpd.shutdown()
    return counter.rows


def main() -> None:
    print("| action | taps | typed | scrolls | screens |")
    print("|---|---|---|---|---|")
    for name, taps, typed, scrolls, screens in measure():
        print(f"| {name} | {taps} | {typed} | {scrolls} | {screens} |")


if __name__ == "__main__":
    main()
