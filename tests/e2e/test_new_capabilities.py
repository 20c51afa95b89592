"""The page is driven by the state: a pending item or an action type it has never
heard of still reaches the phone, readable and usable. Run in the browser on the
page's own modules, with a table stub standing in for the live state."""

from __future__ import annotations

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


def test_a_pending_item_of_an_unknown_type_is_shown_field_by_field(server, phone):
    page = phone()
    page.goto(server.url + "/")
    text = page.evaluate(
        "async () => {"
        + STUB
        + """
        const { pendingItem } = await import("/web/js/pending.js");
        const item = { type: "creditor_claim", blocking: true, seller: 0, buyer: 1, position: 3 };
        Object.assign(item, { amount: 120, note: "GOOJF", positions: [1, 3] });
        return pendingItem(item, table).innerText;
      }"""
    )
    assert "Creditor claim" in text
    for shown in ("Seller", "Anna", "Buyer", "Boris", "Space 3", "M120", "GOOJF", "Space 1, Space 3"):
        assert shown in text


def test_an_action_type_the_page_does_not_know_gets_a_button_that_sends_it(server, phone):
    page = phone()
    page.goto(server.url + "/")
    sent = page.evaluate(
        "async () => {"
        + STUB
        + """
        const { seatControls } = await import("/web/js/actions.js");
        table.state.allowed = [{ type: "offer_truce", seat: 1 }, { type: "end_turn", seat: 0 }];
        const controls = seatControls(table, 1);
        if (controls.length !== 1) return `expected one control, got ${controls.length}`;
        const button = controls[0].querySelector("button");
        if (button.textContent !== "Offer truce") return `label ${button.textContent}`;
        button.click();
        return sent;
      }"""
    )
    assert sent == [{"type": "offer_truce", "seat": 1}]
