"""The table clock in the engine (seed 002, "Гра онлайн"): who is waited for
and on what, the event each wait began at, and what running out means. The
engine keeps no time: a timeout carries the seconds the service measured."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.editions import shipped
from referee.rules import Now, Options, RuleViolation, Setup, allowed, parse_action, replay
from referee.rules import clock as table_clock
from referee.rules.clock import Wait, waiting
from referee.rules.invariants import ledger_problems, violations
from referee.rules.pending import Auction
from referee.rules.seller_auction import SellerAuction
from referee.rules.serialize import state_from_dict, state_to_dict
from referee.rules.state import Turn
from referee.rules.trades import TradeOffer
from referee.simulate import play

from .game import Game
from .test_random_games import DrawnChooser


@pytest.fixture
def ua():
    return shipped()["ua-industries"]


def clocked(edition, started: bool = True, **options) -> Game:
    """A game with the table clock; ``started``: as if the game had started at the table at its creation
    (it starts with the first action after it: see the test of that below)."""
    game = Game(edition, "Anna", "Boris", "Vera", rent_collection="automatic", clock=True, **options)
    if started:
        game.arrange(clock_since=game.state.version)
    return game


def wait(game: Game) -> tuple[str, tuple[int, ...]]:
    found = waiting(game.state, game.edition)
    return found.kind, found.seats


def declined(ua) -> Game:
    game = clocked(ua)
    game.roll(0, 1, 2)  # onto 3, free
    game.act("decline", 0)
    return game


def test_the_clock_is_an_option_of_editions_that_have_one(ua, classic):
    # seed 002 describes the clock of its online table: "На своє рішення ... у вас 5 хвилин."
    assert (ua.rules.clock.decision_seconds, ua.rules.clock.bid_seconds) == (300, 60)
    assert (ua.rules.clock.first_bid_seconds, ua.rules.clock.answer_seconds) == (60, 60)
    assert waiting(Game(ua).state, ua) is None  # off unless the table chooses it
    with pytest.raises(RuleViolation) as refused:
        clocked(classic)
    assert refused.value.ruling.rule == "setup.clock"


def test_only_the_one_who_must_act_is_on_the_clock(ua):
    # seed 002: "Час іде лише в того, хто має діяти зараз"
    game = clocked(ua)
    assert wait(game) == ("decision", (0,))  # the roll
    game.roll(0, 1, 2)
    assert wait(game) == ("decision", (0,))  # buy or decline
    game.act("decline", 0)
    assert wait(game) == ("first_bid", (0,))  # the decliner bids first
    game.act("bid", 0, amount=45)
    assert wait(game) == ("bid", (1,))
    game.act("pass", 1)
    game.act("pass", 2)
    assert wait(game) == ("decision", (0,))  # end the turn


def test_the_time_starts_again_after_each_action_but_passes_do_not_restart_a_lot_without_a_bid(ua):
    # seed 002: "починається заново після кожної вашої дії"; "Пас чи перезавантаження не запускають цей час заново."
    game = clocked(ua, started=False)
    assert game.state.clock_since == 0  # the game's creation starts no time
    game.roll(0, 1, 2)
    assert game.state.clock_since == game.state.version == 2
    game.act("decline", 0)
    opened = game.state.version
    game.act("pass", 0)
    game.act("pass", 1)
    assert game.state.clock_since == opened and wait(game) == ("first_bid", (2,))
    game.act("bid", 2, amount=45)
    assert game.state.clock_since == game.state.version


def test_the_clock_starts_with_the_first_action_after_the_table_is_created(ua):
    # seed 002 l.153: «Гру запускає той, хто її створив, щойно зібралося двоє.» -- the game starts at the table,
    # not when the table and its links are made; at a real table its first action is that start
    game = clocked(ua, started=False)
    assert wait(game) == ("decision", (0,))  # who will be on the clock, once it runs
    assert not table_clock.started(game.state) and game.state.clock_since == 0
    refusal = game.refused("timeout", 1, elapsed=3600)
    assert (refusal.code, refusal.ruling.rule) == ("clock_not_started", "clock.not_started")
    game.act("rename", 2, name="Vira")  # any first action starts it, the table's own decisions too
    assert table_clock.started(game.state) and game.state.clock_since == game.state.version == 2
    assert game.refused("timeout", 1, elapsed=299).code == "clock_running"  # timed from here on, as before
    game.act("timeout", 1, elapsed=300)
    assert game.rules()[0] == "clock.out" and game.state.players[0].bankrupt


def test_a_timeout_needs_the_measured_time_and_waits_for_the_limit(ua, classic):
    game = clocked(ua)
    assert game.refused("timeout", 1).code == "elapsed_required"
    refusal = game.refused("timeout", 1, elapsed=299.5)
    assert (refusal.code, refusal.ruling.values["remaining"]) == ("clock_running", "1")
    refusal = game.refused("timeout", 1, elapsed=12)
    assert refusal.ruling.rule == "clock.running" and refusal.ruling.values["limit"] == 300
    assert Game(ua).refused("timeout", 0, elapsed=1000).code == "no_clock"
    assert ("timeout", 1) not in game.allowed()  # the engine keeps no time: the service lists it


def test_a_bid_not_made_in_60_seconds_is_a_pass(ua):
    # seed 002: "Зробити ставку на торгах ... треба за 60 секунд. Мовчання означає пас"
    game = declined(ua)
    game.act("bid", 0, amount=45)
    assert game.refused("timeout", 2, elapsed=59).code == "clock_running"
    game.act("timeout", 2, elapsed=60.2)
    auction = game.pending(Auction)[0]
    assert auction.bidders == (0, 2) and auction.turn == 2
    assert game.rules()[0] == "clock.bid"
    game.act("timeout", 0, elapsed=61)
    assert game.state.holdings[3].owner == 0 and game.cash(0) == 1500 - 45  # the last bidder wins


def test_a_lot_without_a_first_bid_is_cancelled_after_60_seconds(ua):
    # seed 002: "Будь-які торги без першої ставки скасовуються через 60 секунд. ... Майно лишається в попереднього
    # власника або банку."
    game = declined(ua)
    game.act("pass", 0)
    game.act("timeout", 1, elapsed=60)
    assert game.pending(Auction) == [] and game.state.holdings[3].owner is None
    assert game.rules() == ["clock.cancelled"] and game.last.rulings[0].values["holder"] == "bank"
    game = clocked(ua)
    game.own(0, 5)
    game.roll(0, 3, 4)
    game.arrange(pending=())
    game.act("auction_property", 0, position=5, start=100)
    game.act("timeout", 2, elapsed=75)
    assert game.pending(SellerAuction) == [] and game.state.holdings[5].owner == 0
    assert game.last.rulings[0].values["holder"] == {"seat": 0, "name": "Anna"}


def test_an_offer_not_answered_in_60_seconds_is_refused_and_the_turn_s_trade_stays_spent(ua):
    # seed 002: "відповісти на пропозицію обміну треба за 60 секунд. Мовчання означає пас або відмову"
    game = clocked(ua)
    game.own(1, 15)
    game.roll(0, 3, 4)
    game.arrange(pending=())
    game.act("trade", 0, to=1, give={"cash": 100}, get={"positions": [15]})
    assert wait(game) == ("answer", (1,))
    game.act("timeout", 0, elapsed=60)
    assert game.pending(TradeOffer) == [] and game.rules() == ["clock.answer", "trade.rejected"]
    assert game.state.holdings[15].owner == 1
    assert game.refused("trade", 0, to=1, give={"cash": 200}, get={"positions": [15]}).code == "trade_used"


def test_a_decision_not_made_in_5_minutes_puts_the_player_out_bankrupt_to_the_bank(ua):
    # seed 002: "Не встигли — ви вибуваєте з гри." "Хто вибув, вважається банкрутом перед банком."
    game = clocked(ua)
    game.own(1, 5)
    game.arrange(turn=Turn(seat=1))
    assert table_clock.enforceable(Wait("decision", (1,), ()))
    game.act("timeout", 0, elapsed=300)
    assert game.rules()[0] == "clock.out" and "bankruptcy.estate_free" in game.rules()
    assert [(t.source, t.target, t.amount) for t in game.last.transfers] == [(1, "bank", 1500)]
    assert game.state.players[1].bankrupt and game.state.holdings[5].owner is None
    assert game.state.turn.seat == 2 and wait(game) == ("decision", (2,))


def test_the_timeout_report_says_whether_putting_the_player_out_ends_the_game(ua):
    # seed 002 l.158: «Хто вибув, вважається банкрутом перед банком. Коли за столом лишається менше двох, гра
    # закінчується.»
    def reported(game: Game) -> dict:  # what every seat's report says (any seat may send it)
        return next(a["options"] for a in allowed(game.state, ua, Now(waited=300)) if a["type"] == "timeout")

    three = clocked(ua)
    assert reported(three) == {"kind": "decision", "seats": [0], "limit": 300, "consequence": "out", "ends_game": False}
    two = Game(ua, "Olya", "Petro", rent_collection="automatic", clock=True)
    two.arrange(clock_since=two.state.version)  # the game has started at the table
    assert reported(two)["ends_game"] is True
    two.act("timeout", 1, elapsed=300)
    assert two.state.finished and two.state.winner == (1,)
    bid = declined(ua)  # a bid's silence is a pass: nobody goes out
    assert {a["options"]["ends_game"] for a in allowed(bid.state, ua, Now(waited=60)) if a["type"] == "timeout"} == {
        False
    }


def test_without_a_consequence_registered_a_decision_s_timeout_is_left_to_the_table(ua, monkeypatch):
    game = clocked(ua)
    monkeypatch.setattr(table_clock, "OUT_OF_TIME", [])
    assert not table_clock.enforceable(Wait("decision", (0,), ()))
    refusal = game.refused("timeout", 1, elapsed=300)
    assert (refusal.code, refusal.ruling.rule) == ("out_unavailable", "clock.out_unavailable")
    went_out = []
    monkeypatch.setattr(table_clock, "OUT_OF_TIME", [lambda step, seat: went_out.append(seat)])
    game.act("timeout", 1, elapsed=300)
    assert went_out == [0] and game.rules() == ["clock.out"]


def test_a_game_with_the_clock_replays_its_timeouts_exactly(ua):
    game = declined(ua)
    game.act("bid", 0, amount=45)
    game.act("timeout", 1, elapsed=61)
    actions = [
        {"type": "roll", "seat": 0, "dice": [1, 2]},
        {"type": "decline", "seat": 0},
        {"type": "bid", "seat": 0, "amount": 45},
        {"type": "timeout", "seat": 1, "elapsed": 61},
    ]
    setup = Setup(("Anna", "Boris", "Vera"), Options(rent_collection="automatic", clock=True))
    assert replay(ua, setup, [parse_action(a) for a in actions]) == game.state


@settings(max_examples=10)
@given(data=st.data(), players=st.integers(2, 5))
def test_random_games_with_the_clock_keep_the_books_store_and_replay(data, players):
    ua = shipped()["ua-industries"]
    # Seller's auctions, trades that wait for their answer and the clock's bookkeeping, played at random.
    setup = Setup(tuple(f"P{i}" for i in range(players)), Options(rent_collection="automatic", clock=True))
    transfers, actions = [], []
    for played in play(ua, setup, DrawnChooser(data), max_actions=250):
        transfers += played.outcome.transfers
        state = played.outcome.state
        assert violations(state, ua) == [] and ledger_problems(state, transfers) == [], played.action
        assert state_from_dict(json.loads(json.dumps(state_to_dict(state)))) == state, played.action
        assert state.clock_since <= state.version and (state.finished or waiting(state, ua) is not None)
        if played.action["type"] != "create":
            actions.append(parse_action(played.action))
    assert replay(ua, setup, actions) == state


def test_once_a_wait_has_run_out_reporting_it_is_all_that_is_allowed(ua):
    # seed 002 l.155-156: «Не встигли — ви вибуваєте з гри.» «Мовчання означає пас або відмову» -- whatever
    # comes after the limit comes after the timeout, which the service records first
    game = clocked(ua)
    before = {a["type"] for a in allowed(game.state, ua, Now(waited=299.5))}
    assert "roll" in before and "timeout" not in before
    after = allowed(game.state, ua, Now(waited=300))
    assert {a["type"] for a in after} == {"timeout"} and {a["seat"] for a in after} == {0, 1, 2}
    bid = declined(ua)  # a bid's wait too: the silence is a pass once reported
    assert {a["type"] for a in allowed(bid.state, ua, Now(waited=60))} == {"timeout"}
    assert allowed(Game(ua, "Anna", "Boris").state, ua, Now(waited=10_000)) != []  # no clock: time means nothing
