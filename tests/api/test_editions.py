"""Editions through HTTP: the shipped ones listed, custom ones submitted,
refused with field errors, and played."""

from .table import Table

UA_REAL_PRICES = {
    "base": "ua-industries",
    "id": "ua-our-table",
    "name": {"uk": "Наш стіл", "en": "Our table"},
    "overrides": {"spaces": [{"position": 3, "price": 90, "rent": [7, 35, 100, 300, 450, 600]}]},
}


def test_the_list_has_the_four_shipped_editions_and_says_which_values_are_unconfirmed(client):
    listed = {e["id"]: e for e in client.get("/editions").json}
    assert set(listed) == {"classic", "classic-rub", "disney", "ua-industries"}
    ua = listed["ua-industries"]
    assert ua["confirmed"] is False and 3 in ua["unconfirmed"] and "confirmed" in ua["notes"]["en"]
    assert listed["classic"]["confirmed"] is True and listed["classic"]["unconfirmed"] == []
    assert listed["classic-rub"]["based_on"] == "classic"
    assert listed["classic-rub"]["currency"]["scale"] == 1000
    assert listed["classic-rub"]["currency"]["base_unit"]["en"] == "thousand rubles"
    for edition_id in listed:
        document = client.get(f"/editions/{edition_id}").json
        assert document["id"] == edition_id and len(document["spaces"]) == 40


def test_the_list_names_every_edition_in_each_language_the_page_speaks(client):
    # a Ukrainian reader choosing an edition reads its name in Ukrainian, not the English one
    listed = {e["id"]: e["name"] for e in client.get("/editions").json}
    assert listed["classic"]["uk"] == "Монополія, класична (Hasbro C1009, російський посібник)"
    assert {edition: sorted(name) for edition, name in listed.items()} == {
        edition: ["en", "it", "ru", "uk"] for edition in listed
    }


def test_the_ukrainian_industries_edition_gives_its_own_verb_for_selling_buildings(client):
    # seed 002 l.86: «У свій хід філію чи холдинг можна згорнути»: the page's sell form says згорнути, not продати
    terms = client.get("/editions/ua-industries").json["terms"]
    assert terms["sell_buildings"]["uk"] == "згорнути забудову"
    assert "sell_buildings" not in client.get("/editions/classic").json["terms"]


def test_a_derived_edition_is_stored_readable_by_id_and_not_listed(client):
    created = client.post("/editions", json=UA_REAL_PRICES)
    assert created.status_code == 201, created.json
    assert created.json["based_on"] == "ua-industries" and created.json["spaces"][3]["price"] == 90
    assert client.get("/editions/ua-our-table").json == created.json
    assert "ua-our-table" not in {e["id"] for e in client.get("/editions").json}


def test_a_full_document_is_accepted_too(client):
    document = client.get("/editions/classic").json
    document["id"] = "classic-old-tax"
    document["spaces"][38]["amount"] = 75  # classic-board.md: "Older boards: … Luxury Tax 75."
    created = client.post("/editions", json=document)
    assert created.status_code == 201, created.json
    table = Table(client, edition="classic-old-tax")
    table.act("end_turn", 0, expect=409)
    assert client.get("/editions/classic-old-tax").json["spaces"][38]["amount"] == 75


def test_a_custom_edition_plays_a_turn_with_its_own_amounts(client):
    client.post("/editions", json=UA_REAL_PRICES)
    table = Table(client, "Anna", "Boris", edition="ua-our-table")
    table.roll(0, 1, 2)  # to 3
    bought = table.act("buy", 0)
    assert [(e["from"], e["to"], e["amount"]) for e in bought["ledger"]] == [(0, "bank", 90)]
    table.act("end_turn", 0)
    paid = table.roll(1, 1, 2)  # Boris to 3: rent 7, collected at once in this edition
    assert [(e["from"], e["to"], e["amount"], e["rule"]) for e in paid["ledger"]] == [(1, 0, 7, "rent.street")]
    assert table.cash() == [1500 - 90 + 7, 1500 - 7]


def test_the_auction_opening_follows_the_custom_price(client):
    client.post("/editions", json=UA_REAL_PRICES)
    table = Table(client, "Anna", "Boris", edition="ua-our-table")
    table.roll(0, 1, 2)
    declined = table.act("decline", 0)
    (auction,) = [p for p in declined["state"]["pending"] if p["type"] == "auction"]
    assert auction["opening"] == 68  # seed 002: 75% of 90 = 67.5, rounded up


def test_a_malformed_edition_is_refused_with_field_errors_and_nothing_is_stored(client, app):
    document = client.get("/editions/disney").json
    document["id"] = "disney-broken"
    document["spaces"][5]["price"] = -1
    del document["spaces"][4]["amount"]
    document["decks"][0]["cards"][0]["effect"] = {"kind": "teleport"}
    refused = client.post("/editions", json=document)
    assert refused.status_code == 422 and refused.mimetype == "application/problem+json"
    errors = refused.json["errors"]["json"]
    assert "price" in errors["spaces"]["5"] and "amount" in errors["spaces"]["4"]
    assert "effect" in errors["decks"]["0"]["cards"]["0"]
    assert client.get("/editions/disney-broken").status_code == 404
    assert app.extensions["referee"].store.db["editions"].count == 0


def test_bad_overrides_are_refused_with_field_errors(client, app):
    refused = client.post(
        "/editions",
        json={"base": "ua-industries", "id": "ua-bad", "overrides": {"spaces": [{"position": 3, "rent": [1]}]}},
    )
    assert refused.status_code == 422 and "rent" in refused.json["errors"]["json"]["spaces"]["3"]
    refused = client.post("/editions", json={"base": "monopoly-mars", "id": "ua-bad"})
    assert refused.status_code == 422 and "base" in refused.json["errors"]["json"]
    refused = client.post("/editions", json={"base": "classic", "id": "Bad Id"})
    assert refused.status_code == 422 and "id" in refused.json["errors"]["json"]
    assert app.extensions["referee"].store.db["editions"].count == 0


def test_an_edition_id_is_never_taken_twice(client, app):
    assert client.post("/editions", json=UA_REAL_PRICES).status_code == 201
    again = client.post("/editions", json={**UA_REAL_PRICES, "overrides": {}})
    assert again.status_code == 409 and again.json["code"] == "edition_exists"
    shadow = client.post("/editions", json={"base": "classic", "id": "disney"})
    assert shadow.status_code == 409
    assert client.get("/editions/ua-our-table").json["spaces"][3]["price"] == 90
    assert app.extensions["referee"].store.db["editions"].count == 1


def test_a_game_on_an_unknown_edition_is_refused(client):
    response = client.post("/games", json={"edition": "nowhere", "players": [{"name": "A"}, {"name": "B"}]})
    assert response.status_code == 422 and "edition" in response.json["errors"]["json"]


REPORTED = {
    "base": "classic",
    "id": "rv-9",
    "name": {"en": "x"},
    "overrides": {
        "decks": [{"id": "chance", "cards": [{"id": "chance.go", "effect": {"kind": "pay", "amount": -100}}]}]
    },
}


def test_a_card_paying_a_negative_amount_is_refused_and_so_is_a_new_effect_under_the_old_text(client, app):
    refused = client.post("/editions", json=REPORTED)
    assert refused.status_code == 422 and "overrides.decks[0].cards[0].text" in refused.json["errors"]["json"]
    (card,) = REPORTED["overrides"]["decks"][0]["cards"]
    with_text = {**REPORTED, "overrides": {"decks": [{"id": "chance", "cards": [{**card, "text": {"en": "Pay."}}]}]}}
    refused = client.post("/editions", json=with_text)
    assert refused.status_code == 422
    chance = client.get("/editions/classic").json["decks"][0]
    at = str([c["id"] for c in chance["cards"]].index("chance.go"))
    assert "amount" in refused.json["errors"]["json"]["decks"]["0"]["cards"][at]["effect"]
    assert app.extensions["referee"].store.db["editions"].count == 0


def test_an_overridden_card_carries_out_its_new_effect_alone_and_its_ruling_says_so(client):
    card = {"id": "chance.go", "text": {"en": "Pay a fine of 100."}, "effect": {"kind": "pay", "amount": 100}}
    created = client.post("/editions", json={**REPORTED, "overrides": {"decks": [{"id": "chance", "cards": [card]}]}})
    assert created.status_code == 201, created.json
    stored = client.get("/editions/rv-9").json["decks"][0]["cards"]
    assert [c["effect"] for c in stored if c["id"] == "chance.go"] == [card["effect"]]  # no stale position
    table = Table(client, edition="rv-9")
    table.roll(0, 3, 4)  # 7: Chance
    result = table.act("draw_card", 0, card="chance.go")
    assert result["state"]["players"][0]["position"] == 7  # no position left over from "Advance to GO"
    assert result["state"]["players"][0]["cash"] == 1500 - 100
    drawn = [r for r in result["rulings"] if r["rule"] == "card.drawn"][0]
    assert "Pay a fine of 100." in drawn["text"]


def test_odd_table_rules_stay_accepted_no_starting_cash_and_no_houses_in_the_bank(client):
    overrides = {"rules": {"start_cash": 0, "buildings": {"houses": 0}}}
    created = client.post("/editions", json={"base": "classic", "id": "classic-lean", "overrides": overrides})
    assert created.status_code == 201, created.json
    table = Table(client, edition="classic-lean")
    assert [p["cash"] for p in table.state()["players"]] == [0, 0]
    assert table.state()["bank"]["houses"] == 0
