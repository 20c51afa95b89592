"""Who did each entry of the history, on the page: what the server says in the
event's ``by`` (``referee.actor``, from the action type's ``for_table``), so the
page, the events and the undo rulings name the same one: a deal of title deeds
sent from a player's seat is the table's."""

from __future__ import annotations

from playwright.sync_api import expect

from .phones import Api, module_address, start_table


def test_a_deal_sent_with_a_player_s_seat_is_the_table_s_in_the_history_as_in_its_event(server, phone):
    # seed 000 l.277: «Затем Банкир раздает по две карточки каждому игроку» -- the banker deals for the table
    links = start_table(phone(), server.url, "Anna", "Boris", variant="Short game")
    api = Api(server, links[2])
    api.act({"type": "deal_deeds", "seat": 1, "deeds": [[1, 3], [6, 8]]})
    assert api.events()[-1]["by"] == "table"
    table = phone()
    table.goto(links[2])
    expect(table.locator(".mistakes .last-entry")).to_have_text("Last entry: Table: Dealt title deeds")
    expect(table.locator('.events li[data-seq="2"] > details > summary')).to_have_text("Table: Dealt title deeds")


def test_the_page_names_whoever_the_event_s_by_names_not_who_its_own_controls_would(server, phone):
    # The page's controls show a deal once for the whole table; the history still names the event's `by`:
    # were the page to name the table by its own controls again, the first line would read "Table: ...".
    links = start_table(phone(), server.url, "Anna", "Boris")
    page = phone()
    page.goto(links[2])
    expect(page.locator(".mistakes")).to_have_count(0)  # booted: every module and the language loaded
    lines = page.evaluate(
        """async (module) => {
          const { entryText } = await import(module);
          const c = { name: (seat) => ["Anna", "Boris"][seat] };
          return [
            { seat: 1, by: "player", action: { type: "deal_deeds" } },
            { seat: 0, by: "table", action: { type: "buy" } },
            { seat: 0, by: "end_time", action: { type: "end_game" } },
            { seat: 1, action: { type: "timeout" } },
          ].map((entry) => entryText(c, entry));
        }""",
        module_address(server, "corrections.js"),
    )
    assert lines == ["Boris: Dealt title deeds", "Table: Buy", "End time: Ended the game", "Boris: Time ran out"]


def test_an_action_waiting_in_the_outbox_is_named_as_its_allowed_entry_says_it_will_be_recorded(server, phone):
    # not recorded yet, so no `by`: the entry of `allowed` the tap answered says whether it is done for the table
    links = start_table(phone(), server.url, "Anna", "Boris")
    page = phone()
    page.goto(links[2])
    expect(page.get_by_role("tab", name="Play")).to_be_visible()  # the page's words are loaded: the lines are worded
    lines = page.evaluate(
        """async (module) => {
          const { Outbox, outboxView } = await import(module);
          const table = { client: { gameId: "outbox-names" }, seat: null, watch: false, state: null,
                          watcher: { status: "online", poke() {} }, name: (seat) => ["Anna", "Boris"][seat] };
          table.outbox = new Outbox(table);  // state null: nothing is sent, the entries only wait
          const seen = { version: 3, pending: [], allowed: [
            { type: "deal_deeds", seat: 1, for_table: true, options: {} }, { type: "buy", seat: 1, options: {} }] };
          table.outbox.queue({ type: "deal_deeds", seat: 1, deeds: [[1, 3], [6, 8]] }, "k1", seen);
          table.outbox.queue({ type: "buy", seat: 1 }, "k2", seen);
          const shown = [...outboxView(table).querySelectorAll("p")].map((p) => p.textContent);
          localStorage.removeItem(table.outbox.storage);
          return shown;
        }""",
        module_address(server, "offline.js"),
    )
    assert lines == ["Waiting to send: Table: Dealt title deeds", "Waiting to send: Boris: Buy"]
