"""What a new user meets on a 360×740 phone, driven in headless Chromium: the
links after creating a table start at their heading, the board tells its spaces
apart in every language, and the token to move is said again after an undo or a
reload, as the state it belongs to says it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .phones import cash, roll, start_table


def test_after_creating_a_table_the_links_start_at_their_heading_and_its_warning(server, phone, shot):
    host = phone()
    start_table(host, server.url, "Anna", "Boris")
    heading = host.get_by_role("heading", name="Links for the phones")
    expect(heading).to_be_focused()  # a screen reader starts reading here, the keyboard goes on from here
    expect(heading).to_be_in_viewport(ratio=1)
    # the page is served on 127.0.0.1: the warning that other phones cannot reach these links is seen first
    expect(host.get_by_text("other phones cannot reach")).to_be_in_viewport(ratio=1)
    shot(host, "links-heading")


# Each cell's label and whether all of it shows inside the cell.
LABELS = """() => [...document.querySelectorAll('.board .space')].map((cell) => {
  const label = cell.querySelector('.short'), box = cell.getBoundingClientRect(), text = label.getBoundingClientRect();
  return { position: Number(cell.dataset.position), text: label.textContent,
           fits: text.bottom <= box.bottom + 0.5 && label.scrollWidth <= label.clientWidth };
})"""


@pytest.mark.parametrize(
    ("locale", "edition"),
    [
        ("ru-RU", "classic"),
        ("uk-UA", "classic"),
        ("en-US", "classic"),
        ("it-IT", "classic"),
        ("uk-UA", "ua-industries"),
    ],
)
def test_the_board_at_360_pixels_tells_every_space_apart_in_every_language(server, phone, shot, locale, edition):
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris", edition=edition)
    table = phone(locale)
    table.goto(links[2])
    table.locator("#tab-board").click()
    expect(table.locator(".board .space")).to_have_count(40)
    shot(table, f"board-{locale}-{edition}")
    names = {s["position"]: s["name"] for s in server.app.test_client().get(f"/editions/{edition}").json["spaces"]}
    labels = table.evaluate(LABELS)
    assert [label["position"] for label in labels if not label["fits"]] == [], "labels cut off by their cell"
    seen: dict[str, dict] = {}
    for label in labels:
        # spaces of one name (the three Chance spaces) may share a label; no two others may
        # ("Park." and "Park" would look alike: dots and capitals do not tell them apart)
        other = seen.setdefault(label["text"].replace(".", "").lower(), names[label["position"]])
        assert other == names[label["position"]], f"«{label['text']}» stands for {other} and {names[label['position']]}"


def test_after_an_undo_or_a_reload_the_page_says_again_which_token_to_move(server, phone):
    host = phone()
    links = start_table(host, server.url, "Anna", "Boris")
    table, boris = phone(), phone()
    table.goto(links[2])
    boris.goto(links[1])
    roll(table, 1, 2)
    table.get_by_role("button", name="Buy Baltic Avenue for M60").click()
    table.get_by_role("button", name="End Anna's turn").click()
    roll(table, 1, 2)  # Boris lands on Anna's Baltic Avenue
    move = "Move Boris's token to Baltic Avenue"
    expect(table.locator(".moves")).to_have_text(move)
    table.get_by_role("button", name="Claim M4 from Boris (Baltic Avenue)").click()
    expect(cash(boris, 1)).to_have_attribute("data-cash", "1496")

    table.get_by_role("button", name="Undo the last entry").click()
    table.get_by_role("dialog").get_by_role("button", name="Take it back").click()
    expect(cash(boris, 1)).to_have_attribute("data-cash", "1500")
    for page in (table, boris):
        expect(page.locator(".moves")).to_have_text(move)
        page.reload()
        expect(cash(page, 1)).to_have_attribute("data-cash", "1500")
        expect(page.locator(".moves")).to_have_text(move)  # the same state, the same guidance

    table.get_by_role("button", name="Claim M4 from Boris (Baltic Avenue)").click()
    table.get_by_role("button", name="End Boris's turn").click()
    expect(boris.get_by_text("Anna's turn")).to_be_visible()
    expect(boris.locator(".moves")).to_have_count(0)  # Anna has not rolled: no token waits to be moved
