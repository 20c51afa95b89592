"""Virtual dice and decks (SPEC §1 options): the service rolls, shuffles and
draws random destinations, records every outcome in the journal, and the
journal replays to exactly the stored state -- for every shipped edition."""

import random

import pytest

from referee.rules import RuleViolation
from referee.rules.serialize import state_to_dict
from referee.service import chance

from ..rules.game import DEALINGS, Game
from .table import Table

EDITIONS = ("classic", "classic-rub", "disney", "ua-industries")


def parameters(action: dict) -> dict:
    """Parameters from the entry's options, leaving dice, cards and destinations to the service."""
    options = action["options"]
    if action["type"] == "bid":
        return {"amount": options["amount"]["min"]}
    if action["type"] == "choose":
        return {"option": options["option"][0]}
    return {}


@pytest.mark.parametrize("edition_id", EDITIONS)
def test_a_virtual_game_replays_from_its_journal_to_the_stored_state(client, app, edition_id):
    table = Table(client, "Anna", "Boris", "Vera", edition=edition_id, options={"dice": "virtual", "decks": "virtual"})
    chooser = random.Random(edition_id)
    state = table.created["state"]
    for _ in range(150):
        moves = [a for a in state["allowed"] if a["type"] not in DEALINGS]
        if not moves:
            break
        action = chooser.choice(moves)
        response = client.post(
            f"/games/{table.id}/actions",
            json={"type": action["type"], "seat": action["seat"], **parameters(action)},
            headers=table.headers(),
        )
        if response.status_code == 409:  # e.g. a bid over the bidder's cash: refused, nothing changes
            continue
        assert response.status_code == 201, response.json
        state = response.json["state"]
    referee = app.extensions["referee"]
    events = referee.events(table.id)
    rolls = [e["action"] for e in events if e["type"] == "roll"]
    assert rolls and all(len(r["dice"]) == 2 for r in rolls)  # every virtual roll is in the journal
    draws = [e["action"] for e in events if e["type"] == "draw_card"]
    assert all(d["card"] for d in draws)
    assert events[0]["action"]["decks"].keys() == set(referee.edition(edition_id).decks)
    assert state_to_dict(referee.replay(table.id)) == referee.store.game(table.id)["state"]


class TrickDeck:
    """Stands in for the service's randomness: the random-move card on top, the first destination offered."""

    def shuffle(self, cards):
        cards.sort(key=lambda card: card != "rynok.trip")

    def choice(self, options):
        return options[0]

    def randint(self, low, high):
        return low


def test_the_service_draws_the_random_destination_and_records_it(client, app, monkeypatch):
    # seed 002: the random move goes anywhere but the current space and the last random destination.
    monkeypatch.setattr(chance, "_random", TrickDeck())
    table = Table(client, "Anna", "Boris", edition="ua-industries", options={"decks": "virtual"})
    table.roll(0, 3, 4)  # to 7, the market
    drawn = table.act("draw_card", 0)
    assert drawn["event"]["action"]["card"] == "rynok.trip"
    (request,) = [p for p in drawn["state"]["pending"] if p["type"] == "random_destination"]
    assert request["excluded"] == [7]
    moved = table.act("random_move", 0)
    assert moved["event"]["action"]["position"] == 0  # the first space not excluded, drawn by the service
    assert moved["state"]["players"][0]["position"] == 0
    assert [(e["reason"], e["amount"]) for e in moved["ledger"]] == [("salary", 200)]  # landing on start pays
    assert moved["state"]["random_move"] == {"destination": 0, "roll": 1}
    referee = app.extensions["referee"]
    assert state_to_dict(referee.replay(table.id)) == referee.store.game(table.id)["state"]


class FirstDestination:
    """Stands in for the service's randomness: the first destination offered."""

    def choice(self, options):
        return options[0]


def test_with_the_table_s_own_decks_the_service_draws_the_destination_and_it_stands(client, monkeypatch):
    # seed 002 l.109: «Несподівана поїздка: перемістіться на випадкову клітинку, крім поточної та останнього
    # випадкового місця призначення»: a random space, which nobody at the table picks
    monkeypatch.setattr(chance, "_random", FirstDestination())
    table = Table(client, "Anna", "Boris", edition="ua-industries")  # the table's decks: the default
    table.roll(0, 3, 4)  # to 7, the market
    drawn = table.act("draw_card", 0, card="rynok.trip")
    (entry,) = [a for a in drawn["state"]["allowed"] if a["type"] == "random_move"]
    assert entry["options"] == {"by": "service", "excluded": [7]}  # no destination to choose from
    refused = table.act("random_move", 0, expect=422, position=20)
    assert refused["errors"]["json"] == {
        "position": ["the service draws the random destination in every game; omit position"]
    }
    moved = table.act("random_move", 0)
    assert moved["event"]["action"]["position"] == 0  # the first space not excluded, drawn by the service
    assert moved["state"]["players"][0]["position"] == 0
    assert [r["rule"] for r in moved["rulings"]][:2] == ["card.random_move.drawn", "card.random_move.destination"]
    undo = table.post("/undo", {"event": moved["event"]["seq"]})
    assert undo.status_code == 409 and undo.json["code"] == "drawn_dice"  # undone, it would be drawn again
    assert table.state()["players"][0]["position"] == 0


@pytest.mark.parametrize("edition_id", EDITIONS)
def test_a_client_cannot_supply_the_outcome_of_a_virtual_roll_or_draw(client, app, edition_id):
    table = Table(client, edition=edition_id, options={"dice": "virtual", "decks": "virtual"})
    refused = table.act("roll", 0, expect=422, dice=[6, 6])
    assert "dice" in refused["errors"]["json"]
    assert table.state()["version"] == 1
    table = Table(client, edition=edition_id, options={"decks": "virtual"})
    table.roll(0, 3, 4)  # to 7: a card space on every shipped board
    stored = app.extensions["referee"].store.game(table.id)["state"]  # the order is in the stored snapshot only
    top = stored["decks"][table.state()["pending"][0]["deck"]][0]
    refused = table.act("draw_card", 0, expect=422, card=top)
    assert "card" in refused["errors"]["json"]
    assert table.act("draw_card", 0)["event"]["action"]["card"] == top


def test_the_engine_takes_only_the_top_card_of_a_virtual_deck(classic):
    game = Game(
        classic, decks="virtual", decks_order={"chance": ("chance.loan", "chance.dividend"), "community_chest": ()}
    )
    game.roll(0, 3, 4)
    with pytest.raises(RuleViolation) as refused:
        game.act("draw_card", 0, card="chance.dividend")
    assert refused.value.code == "not_top_card"
    game.act("draw_card", 0, card="chance.loan")
    assert game.cash(0) == 1650
