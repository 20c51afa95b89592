"""Virtual decks keep their order secret: a player who could read it would
know their next card. Clients see how many cards each deck holds; the stored
snapshot and the table's export keep the order, which replay needs."""

from referee.rules.serialize import state_to_dict

from .table import Table


def every_token(table: Table) -> list[str]:
    return [table.token, *table.seat_tokens, table.created["spectator_token"]]


def stored_decks(app, table: Table) -> dict:
    return app.extensions["referee"].store.game(table.id)["state"]["decks"]


def test_no_token_reads_the_order_of_a_virtual_deck_only_how_many_cards_it_holds(client, app):
    table = Table(client, spectator=True, options={"decks": "virtual"})
    order = stored_decks(app, table)
    assert len(order["chance"]) == 16
    for token in every_token(table):
        state = client.get(f"/games/{table.id}", headers=table.headers(token)).json
        assert state["decks"] == {"chance": 16, "community_chest": 16}
    assert table.created["state"]["decks"] == {"chance": 16, "community_chest": 16}


def test_a_kept_card_leaves_the_count_and_the_action_answer_shows_no_order(client, app):
    table = Table(client, options={"decks": "virtual"})
    table.roll(0, 1, 1)  # Community Chest
    result = table.act("draw_card", 0)
    kept = len(result["state"]["players"][0]["jail_cards"])
    assert result["state"]["decks"] == {"chance": 16, "community_chest": 16 - kept}
    assert len(stored_decks(app, table)["community_chest"]) == 16 - kept  # the order is still stored


def test_the_journal_read_by_any_token_shows_no_shuffled_order(client, app):
    table = Table(client, spectator=True, options={"decks": "virtual"})
    for token in every_token(table):
        events = client.get(f"/games/{table.id}/events", headers=table.headers(token)).json
        assert events[0]["action"]["decks"] == {"chance": 16, "community_chest": 16}
        creation = client.get(f"/games/{table.id}/events/1", headers=table.headers(token)).json
        assert creation["action"]["decks"] == {"chance": 16, "community_chest": 16}


def test_only_the_table_token_exports_the_journal_with_the_order_and_it_replays(client, app):
    table = Table(client, spectator=True, options={"decks": "virtual"})
    for token in every_token(table)[1:]:
        refused = client.get(f"/games/{table.id}/export", headers=table.headers(token))
        assert refused.status_code == 403 and refused.mimetype == "application/problem+json"
    exported = client.get(f"/games/{table.id}/export", headers=table.headers()).json
    assert exported["events"][0]["action"]["decks"] == stored_decks(app, table)
    moved = client.post("/games/import", json=exported)
    assert moved.status_code == 201, moved.json
    referee = app.extensions["referee"]
    assert state_to_dict(referee.replay(moved.json["id"]))["decks"] == stored_decks(app, table)


def test_with_table_decks_the_journal_holds_no_secret_and_every_token_exports_it(client):
    table = Table(client, spectator=True)
    for token in every_token(table):
        assert client.get(f"/games/{table.id}/export", headers=table.headers(token)).status_code == 200
