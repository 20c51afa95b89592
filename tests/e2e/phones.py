"""What a person does on the page, as helpers the scenarios share."""

from __future__ import annotations

from urllib.parse import parse_qs

from playwright.sync_api import Page, expect


def module_address(server, name: str) -> str:
    """Where the page loads one of its modules from: under the shell's hash, so that a
    script importing it shares the page's own copy (the language loaded, the registries)."""
    return server.app.extensions["referee.shell"].url(f"js/{name}")


def start_table(
    page: Page,
    url: str,
    *names: str,
    edition: str | None = None,
    variant: str | None = None,
    clock: bool = False,
    spectator: bool = False,
    options: dict[str, str] | None = None,
) -> list[str]:
    """Fill the start page and create the table; the links shown: each seat's, the
    table's, then the spectator's when asked for. ``variant`` is the label of a
    game variant, ``options`` maps an option's label to the choice to select."""
    page.goto(url + "/")
    expect(page.locator('input[name="player"]').first).to_be_visible()
    if edition is not None:
        page.locator("#edition").select_option(edition)
    if variant is not None:
        page.get_by_label(variant).check()
    if clock:
        page.get_by_label("Play with the table clock").check()
    if spectator:
        page.get_by_label("Also make a watch-only link").check()
    if options:
        page.get_by_text("Options and house rules").click()
        for name, choice in options.items():
            page.get_by_label(name).select_option(label=choice)
    for index, name in enumerate(names):
        rows = page.locator('input[name="player"]')
        if rows.count() <= index:
            page.get_by_role("button", name="Add a player").click()
        rows.nth(index).fill(name)
    page.get_by_role("button", name="Create the table").click()
    expect(page.get_by_role("heading", name="Links for the phones")).to_be_visible()
    expect(page.locator("img.qr[src^='blob:']")).to_have_count(len(names) + 1 + spectator)
    return page.locator(".link-card input").evaluate_all("inputs => inputs.map(i => i.value)")


def start_on_this_phone(page: Page, url: str, *names: str) -> None:
    """Fill the start page's players and choose to play on this phone only: the table opens at once."""
    page.goto(url + "/")
    rows = page.locator('input[name="player"]')
    expect(rows.first).to_be_visible()
    for index, name in enumerate(names):
        rows.nth(index).fill(name)
    page.get_by_role("button", name="Play on this phone only").click()
    expect(page.get_by_role("radio", name="Die 2: 6")).to_be_attached()


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


class Api:
    """The service as a phone's link reaches it (the link's game and token): to
    check what the page did, or to play ahead where a whole game on the page
    would take too long."""

    def __init__(self, server, link: str):
        path, fragment = link.split("#", 1)
        self.game = path.rsplit("/", 1)[1]
        self.token = parse_qs(fragment)["token"][0]
        self.client = server.app.test_client()

    def headers(self) -> dict:
        return {"Authorization": f"Bearer {self.token}"}

    def state(self) -> dict:
        response = self.client.get(f"/games/{self.game}", headers=self.headers())
        assert response.status_code == 200, response.json
        return response.json

    def act(self, action: dict) -> dict:
        response = self.client.post(f"/games/{self.game}/actions", json=action, headers=self.headers())
        assert response.status_code == 201, response.json
        return response.json

    def events(self) -> list[dict]:
        return self.client.get(f"/games/{self.game}/events", headers=self.headers()).json


def baltic_at_auction(players: int, keeps: int) -> list[dict]:
    """Actions for the table: Anna declines Baltic Avenue and wins it at the bank's auction, keeping ``keeps``
    of her M1500, then every other player rolls 4+6 (Just Visiting) and ends the turn: Anna rolls next."""
    others = range(1, players)
    return [
        {"type": "roll", "seat": 0, "dice": [1, 2]},  # Baltic Avenue
        {"type": "decline", "seat": 0},
        {"type": "bid", "seat": 0, "amount": 1500 - keeps},
        *({"type": "pass", "seat": seat} for seat in others),
        {"type": "end_turn", "seat": 0},
        *(
            action
            for seat in others
            for action in ({"type": "roll", "seat": seat, "dice": [4, 6]}, {"type": "end_turn", "seat": seat})
        ),
    ]


def short_table(server, *names: str, edition: str = "classic") -> tuple[str, Api]:
    """A short game made through the API, no start page: the table phone's link, and the table's Api."""
    players = [{"name": name} for name in names]
    created = server.app.test_client().post("/games", json={"edition": edition, "variant": "short", "players": players})
    assert created.status_code == 201, created.json
    link = f"{server.url}/play/{created.json['id']}#token={created.json['token']}"
    return link, Api(server, link)
