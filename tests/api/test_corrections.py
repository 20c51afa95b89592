"""Undo and corrections through HTTP: the journal keeps the mistake and its
correction, the ledger reverses the mistaken transfers, and the game is as if
the mistake had not happened (SPEC §4 "Undo / correction")."""

from referee.audit import audit

from .table import Table


def without_version(state: dict) -> dict:
    return {k: v for k, v in state.items() if k != "version"}


def test_undoing_a_purchase_gives_the_money_and_the_street_back_and_keeps_both_in_the_books(client, app):
    table = Table(client)
    before = table.roll(0, 1, 2)["state"]  # Baltic Avenue
    table.act("buy", 0)
    undone = table.post("/undo", {"event": 3})
    assert undone.status_code == 201
    assert without_version(undone.json["state"]) == without_version(before)
    assert table.cash() == [1500, 1500]
    assert [e["type"] for e in table.events()] == ["create", "roll", "buy", "undo"]
    assert [(e["from"], e["to"], e["amount"], e["reason"]) for e in table.ledger()[-2:]] == [
        (0, "bank", 60, "purchase"),
        ("bank", 0, 60, "reversal"),
    ]
    assert undone.json["rulings"][0]["rule"] == "journal.undo"
    assert audit(app.extensions["referee"], table.id) == []


def test_a_mistyped_roll_is_corrected_as_if_the_right_dice_had_been_reported(client, app):
    table, straight = Table(client), Table(client)
    table.roll(0, 1, 3)  # reported 1+3: Income Tax, 200 paid
    assert table.cash() == [1300, 1500]
    fixed = table.post("/corrections", {"event": 2, "action": {"type": "roll", "seat": 0, "dice": [2, 3]}})
    assert fixed.status_code == 201, fixed.json
    expected = straight.roll(0, 2, 3)["state"]  # what 2+3 gives: Reading Railroad on offer
    assert without_version(fixed.json["state"]) == {**without_version(expected), "id": table.id}
    assert table.cash() == [1500, 1500]
    assert fixed.json["event"]["action"] == {
        "type": "correction",
        "event": 2,
        "action": {"type": "roll", "seat": 0, "dice": [2, 3]},
    }
    assert [(e["from"], e["to"], e["amount"], e["reason"]) for e in table.ledger()[-2:]] == [
        (0, "bank", 200, "tax"),
        ("bank", 0, 200, "reversal"),
    ]
    assert audit(app.extensions["referee"], table.id) == []


def test_an_undo_sent_with_no_body_at_all_takes_back_the_last_action_as_the_document_allows(client):
    table = Table(client)
    table.roll(0, 1, 2)
    table.act("buy", 0)
    undone = client.post(f"/games/{table.id}/undo", headers=table.headers())
    assert undone.status_code == 201 and table.cash() == [1500, 1500]


def test_repeated_undos_walk_back_one_action_at_a_time_to_the_creation(client):
    table = Table(client)
    created = table.state()
    table.roll(0, 1, 2)
    table.act("buy", 0)
    assert table.post("/undo").json["event"]["action"] == {"type": "undo", "event": 3}
    assert table.post("/undo").json["event"]["action"] == {"type": "undo", "event": 2}
    assert without_version(table.state()) == without_version(created)
    nothing = table.post("/undo")
    assert nothing.status_code == 409 and nothing.json["rule"] == "journal.nothing_to_undo"


def test_an_undo_naming_another_event_is_refused_so_a_repeated_undo_cannot_take_back_two(client):
    table = Table(client)
    table.roll(0, 1, 2)
    table.act("buy", 0)
    assert table.post("/undo", {"event": 3}).status_code == 201
    books = table.books()
    again = table.post("/undo", {"event": 3})
    assert again.status_code == 409 and again.json["rule"] == "journal.last_only"
    assert "event 2, not event 3" in again.json["detail"]
    assert table.books() == books


def test_an_undo_is_not_itself_undone_report_the_action_again_instead(client):
    table = Table(client)
    table.roll(0, 1, 2)
    table.act("buy", 0)
    table.post("/undo")
    assert table.post("/undo", {"event": 4}).json["rule"] == "journal.last_only"
    table.act("buy", 0)  # taking the undo back = reporting the purchase again
    assert table.state()["properties"][1]["owner"] == 0


def test_a_correction_can_itself_be_undone_back_to_before_the_mistake(client, app):
    table = Table(client)
    created = table.state()
    table.roll(0, 1, 3)
    table.post("/corrections", {"action": {"type": "roll", "seat": 0, "dice": [2, 3]}})
    table.act("buy", 0)  # Reading Railroad
    table.post("/undo")
    undone = table.post("/undo")
    assert undone.json["event"]["action"] == {"type": "undo", "event": 3}  # the correction's event
    assert without_version(table.state()) == without_version(created)
    assert audit(app.extensions["referee"], table.id) == []


def test_an_illegal_replacement_is_refused_and_changes_nothing(client):
    table = Table(client)
    table.roll(0, 1, 2)
    books = table.books()
    refused = table.post("/corrections", {"action": {"type": "roll", "seat": 1, "dice": [2, 3]}})
    assert refused.status_code == 409 and refused.json["rule"] == "turn.order"
    assert table.books() == books


def test_a_roll_of_the_services_own_dice_stands(client):
    # Undoing a virtual roll would be a re-roll: refused, and so is everything before it.
    table = Table(client, options={"dice": "virtual"})
    rolled = table.post("/actions", {"type": "roll", "seat": 0}).json
    assert rolled["rulings"][0]["rule"] == "dice.virtual"
    books = table.books()
    for refused in (
        table.post("/undo"),
        table.post("/corrections", {"action": {"type": "roll", "seat": 0, "dice": [1, 1]}}),
    ):
        assert refused.status_code == 409 and refused.json["rule"] == "journal.drawn_dice"
    assert table.books() == books


def test_after_undoing_a_draw_from_a_virtual_deck_the_same_card_comes_up(client):
    # The deck order is part of the state, so an undo cannot be used to draw again.
    table = Table(client, options={"decks": "virtual"})
    table.roll(0, 3, 4)  # Chance
    first = table.act("draw_card", 0)["event"]["rulings"]
    table.post("/undo")
    again = table.act("draw_card", 0)["event"]["rulings"]
    assert again == first
