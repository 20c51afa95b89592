"""The page is driven by the state: a pending item or an action type it has never
heard of still reaches the phone, readable and usable. Run in the browser on the
page's own modules, with a table stub standing in for the live state."""

from __future__ import annotations

from .phones import module_address

STUB = """
const names = ["Anna", "Boris"];
const sent = [];
const table = {
  state: { players: [{ seat: 0, cash: 1500 }, { seat: 1, cash: 1500 }], pending: [], options: {}, allowed: [] },
  edition: {},
  name: (s) => names[s],
  account: (v) => (Number.isInteger(v) ? names[v] : v),
  place: (p) => `Space ${p}`,
  money: (a) => `M${a}`,
  pending: () => [],
  act: (body) => sent.push(body),
};
"""


def _on_a_page(server, phone, table: str, script: str):
    """Runs a script on a fresh page of the service after the table's set-up script; its
    result. The scripts import the page's modules as web("pending.js")."""
    page = phone()
    page.goto(server.url + "/")
    page.locator('input[name="player"]').first.wait_for()  # booted: the language's words are loaded
    prelude = "const web = (name) => js + name;"
    return page.evaluate("async (js) => {" + prelude + table + script + "}", module_address(server, ""))


def test_a_pending_item_of_an_unknown_type_is_shown_field_by_field(server, phone):
    text = _on_a_page(
        server,
        phone,
        STUB,
        """
        const { pendingItem } = await import(web("pending.js"));
        const item = { type: "creditor_claim", blocking: true, seller: 0, buyer: 1, position: 3 };
        Object.assign(item, { amount: 120, note: "GOOJF", positions: [1, 3] });
        return pendingItem(item, table).innerText;
        """,
    )
    assert "Creditor claim" in text
    for shown in ("Seller", "Anna", "Buyer", "Boris", "Space 3", "M120", "GOOJF", "Space 1, Space 3"):
        assert shown in text


def test_an_action_type_the_page_does_not_know_gets_a_button_that_sends_it(server, phone):
    sent = _on_a_page(
        server,
        phone,
        STUB,
        """
        const { seatControls } = await import(web("actions.js"));
        table.state.allowed = [{ type: "offer_truce", seat: 1 }, { type: "end_turn", seat: 0 }];
        const controls = seatControls(table, 1);
        if (controls.length !== 1) return `expected one control, got ${controls.length}`;
        const button = controls[0].querySelector("button");
        if (button.textContent !== "Offer truce") return `label ${button.textContent}`;
        button.click();
        return sent;
        """,
    )
    assert sent == [{"type": "offer_truce", "seat": 1}]


# A table on the classic board: Anna owns the light-blue group with two houses on
# each street, Boris the orange group; the page's real modules render the controls.
CLASSIC_TABLE = """
const { Edition } = await import(web("edition.js"));
const { seatControls } = await import(web("actions.js"));
await import(web("property.js"));
const edition = new Edition(await (await fetch("/editions/classic")).json(), "en");
const names = ["Anna", "Boris"];
const sent = [];
const street = (position, owner, houses) => ({ position, owner, houses, hotel: false, mortgaged: false });
const table = {
  seat: null,
  edition,
  view: { open: {} },
  state: {
    players: [
      { seat: 0, name: "Anna", cash: 900, jail_cards: [] },
      { seat: 1, name: "Boris", cash: 800, jail_cards: [] },
    ],
    properties: [
      street(6, 0, 2), street(8, 0, 2), street(9, 0, 2),
      street(16, 1, 3), street(18, 1, 3), street(19, 1, 3),
    ],
    bank: { houses: 2, hotels: 12 },
    pending: [],
    allowed: [],
    options: {},
  },
  name: (s) => names[s],
  place: (p) => edition.spaceName(p),
  money: (a) => edition.money(a),
  term: (id) => edition.term(id) ?? id,
  counted: (count, id) => edition.counted(count, id) ?? `${count} ${id}${count === 1 ? "" : "s"}`,
  colour: () => "#000",
  pending: (type) => table.state.pending.filter((p) => p.type === type),
  options: (type, seat) => table.state.allowed.find((a) => a.type === type && a.seat === seat)?.options ?? null,
  auction: () => table.state.pending.find((p) => p.type === "auction" || p.type === "building_auction"),
  act: (body) => sent.push(body),
};
"""


def test_a_shortage_of_houses_is_reported_with_the_players_who_want_them(server, phone):
    # seed 000: "два или более игроков хотят купить их больше, чем осталось в Банке, то Банкир проводит аукцион"
    sent = _on_a_page(
        server,
        phone,
        CLASSIC_TABLE,
        """
        const short = { buildings: [{ building: "house", bidders: [0, 1], left: 2, wanted: 6 }] };
        table.state.allowed = [0, 1].map((seat) => ({ type: "auction_buildings", seat, options: short }));
        const [control] = seatControls(table, 0);
        document.body.append(control);
        control.querySelector("summary").click();
        const hint = control.querySelector("form p").textContent;
        if (!hint.includes("The bank has 2 houses and 12 hotels")) return hint;
        control.querySelector("button[type=submit]").click();
        return sent;
        """,
    )
    assert sent == [{"type": "auction_buildings", "seat": 0, "building": "house", "bidders": [0, 1]}]


def test_a_house_won_at_auction_is_placed_on_a_street_of_the_winner(server, phone):
    result = _on_a_page(
        server,
        phone,
        CLASSIC_TABLE,
        """
        table.state.pending = [{ type: "building_auction", blocking: true, position: 6, bidders: [0, 1],
                                 opening: 50, high_bid: 60, high_bidder: 1, turn: null, building: "house",
                                 wanted_by: [0, 1] }];
        const amount = { min: 61, max: 1500, step: 1, exact: false };
        table.state.allowed = [{ type: "bid", seat: 0, options: { amount, limit: 1500, position: 6, high_bid: 60 } },
                               { type: "pass", seat: 0, options: { position: 6, high_bid: 60 } }];
        const bid = seatControls(table, 0)[0].querySelector("label").textContent;
        table.state.pending = [{ type: "place_building", blocking: true, seat: 0, building: "house", price: 60,
                                 wanted_by: [0, 1] }];
        const placed = (position) => ({ position, building: "house", price: 0, headroom: 3 });
        table.state.allowed = [{ type: "build", seat: 0, options: { positions: [6, 8, 9].map(placed), paid: 60 } }];
        const [control] = seatControls(table, 0);
        document.body.append(control);
        const streets = [...control.querySelectorAll("input[type=radio]")].map((i) => i.closest("label").textContent);
        control.querySelector('input[value="8"]').click();
        control.querySelector("button[type=submit]").click();
        return { bid, streets, sent };
        """,
    )
    assert result["bid"] == "Anna's bid for house (at least M61)"
    assert result["streets"] == [
        "Oriental Avenue (2 houses)",
        "Vermont Avenue (2 houses)",
        "Connecticut Avenue (2 houses)",
    ]
    assert result["sent"] == [{"type": "build", "seat": 0, "positions": [8]}]


def test_selling_asks_for_a_number_per_street_and_sends_one_entry_per_building(server, phone):
    sent = _on_a_page(
        server,
        phone,
        CLASSIC_TABLE,
        """
        const sold = (position) => ({ position, building: "house", refund: 50, levels: 3 });
        const options = { positions: [16, 18, 19].map(sold), groups: [] };
        table.state.allowed = [{ type: "sell_building", seat: 1, options }];
        const [control] = seatControls(table, 1);
        document.body.append(control);
        control.querySelector("summary").click();
        const more = (position) => control.querySelector(`#sell-1-${position}`).nextElementSibling;
        more(16).click(); more(16).click(); more(19).click();
        control.querySelector("button[type=submit]").click();
        return sent;
        """,
    )
    assert sent == [{"type": "sell_building", "seat": 1, "positions": [16, 19, 16]}]
