"""An auction bid aloud, reported by the table phone in one request: the
result is judged as the bids would be, and a refused one changes nothing."""

from .table import Table


def declined(client, **body) -> Table:
    table = Table(client, "Anna", "Boris", "Vera", **body)
    table.roll(0, *((2, 3) if body.get("edition", "classic") == "classic" else (1, 2)))  # a station / an enterprise
    table.act("decline", 0)
    return table


def entries(result: dict) -> list[tuple]:
    return [(e["from"], e["to"], e["amount"], e["rule"]) for e in result["ledger"]]


def test_the_table_reports_who_won_aloud_and_the_winner_pays_the_bank(client):
    # seed 001: "Победитель платит предложенную сумму Банку."
    table = declined(client)
    [entry] = [a for a in table.state()["allowed"] if a["type"] == "auction_result"]
    assert entry["table"] is True and entry["options"]["winner"] == [0, 1, 2]
    result = table.act("auction_result", 0, winner=2, amount=130)
    assert entries(result) == [(2, "bank", 130, "auction.sold")]
    assert result["state"]["pending"] == []
    assert [p["owner"] for p in result["state"]["properties"] if p["position"] == 5] == [2]


def test_nobody_bids_is_one_request_and_the_property_stays_free(client):
    # seed 001: "Если никто не хочет объект, он остаётся свободным."
    table = declined(client)
    result = table.act("auction_result", 0)
    assert result["ledger"] == [] and result["state"]["pending"] == []
    assert "auction.unsold" in [r["rule"] for r in result["rulings"]]


def test_a_bid_corrected_to_nobody_bidding_says_the_price_is_gone(client):
    table = declined(client)
    table.act("bid", 1, amount=10)
    fixed = table.post("/corrections", {"action": {"type": "auction_result", "seat": 0}})
    assert fixed.status_code == 201, fixed.json
    [note] = [r for r in fixed.json["rulings"] if r["rule"] == "journal.replacement"]
    assert note["text"].endswith("changed: M10 → —")
    assert fixed.json["state"]["pending"] == []


def test_a_seat_s_phone_may_not_report_the_result_for_the_whole_table(client):
    # seed 001: "Банкир сразу проводит аукцион" -- the table (its banker) reports it, a player bids.
    table = declined(client)
    before = table.snapshot()
    table.act("auction_result", 1, expect=403, token=table.seat_tokens[1], winner=1, amount=50)
    assert table.snapshot() == before


def test_a_price_off_the_exact_raises_is_refused_naming_the_rule_and_changes_nothing(client):
    # seed 002: "Перша ставка становить 75% вартості бізнесу з округленням угору до цілого, кожна наступна
    # піднімає ціну рівно на 10."
    table = declined(client, edition="ua-industries", options={"rent_collection": "automatic"})
    before = table.snapshot()
    refusal = table.act("auction_result", 0, expect=409, winner=1, amount=50)
    assert refusal["rule"] == "auction.aloud_step" and refusal["code"] == "exact_raise"
    assert table.snapshot() == before
    assert entries(table.act("auction_result", 0, winner=1, amount=55)) == [(1, "bank", 55, "auction.sold")]


def test_a_winner_without_a_price_is_refused_and_a_field_of_another_type_is_malformed(client):
    # seed 001: "Победитель платит предложенную сумму Банку" -- a result names the winner and the price.
    table = declined(client)
    assert table.act("auction_result", 0, expect=409, winner=1)["code"] == "no_price"
    assert table.act("auction_result", 0, expect=422, winner=1, amount=50, dice=[1, 2])["status"] == 422
