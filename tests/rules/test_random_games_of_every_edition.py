"""Long random games on every shipped edition keep the books straight: the
ua-industries auction order and exact raises, the Disney choice card and the
random-move card included."""

from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.editions import build, shipped, thawed
from referee.rules import Options, Setup
from referee.rules.invariants import ledger_problems, violations
from referee.simulate import RandomChooser, play

from .test_random_games import DrawnChooser


@pytest.mark.parametrize("edition_id", ["classic-rub", "disney", "ua-industries"])
@settings(max_examples=15)
@given(
    data=st.data(),
    players=st.integers(2, 6),
    house_rules=st.sets(st.sampled_from(("free_parking_jackpot", "go_landing_double", "no_auction"))),
)
def test_random_games_conserve_money_on_every_edition(edition_id, data, players, house_rules):
    edition = shipped()[edition_id]
    options = Options(rent_collection="automatic", house_rules=tuple(sorted(house_rules)))
    setup = Setup(tuple(f"P{i}" for i in range(players)), options)
    transfers = []
    for played in play(edition, setup, DrawnChooser(data), max_actions=300):
        transfers += played.outcome.transfers
        state = played.outcome.state
        assert violations(state, edition) == [], played.action
        assert ledger_problems(state, transfers) == [], played.action


def lean_ua():
    """The ua-industries game on a lean table (300 to start, no salary), so that random games reach their end."""
    document = thawed(shipped()["ua-industries"].document)
    document["rules"].update(start_cash=300, salary=0)
    return build({**document, "id": "ua-industries-lean"})


LEAN_UA = lean_ua()


@settings(max_examples=10, deadline=None)
@given(data=st.data(), players=st.integers(2, 3))
def test_random_ua_games_play_to_the_last_player_standing_with_money_conserved(data, players):
    # seed 002: "Коли за столом лишається менше двох, гра закінчується." "Банкрут вибуває: його клітинки
    # повертаються банку вільними, філії — в запас, а гроші отримує той, кому він винен."
    edition = LEAN_UA
    setup = Setup(tuple(f"P{i}" for i in range(players)), Options(rent_collection="automatic"))
    balances: Counter = Counter()
    state, kinds = None, Counter()
    for played in play(edition, setup, DrawnChooser(data), max_actions=5000):
        before, state = state, played.outcome.state
        kinds[played.action["type"]] += 1
        for t in played.outcome.transfers:
            balances[t.source] -= t.amount
            balances[t.target] += t.amount
        assert violations(state, edition) == [], played.action
        assert [p.cash for p in state.players] == [balances[p.seat] for p in state.players], played.action
        if played.action["type"] == "declare_bankruptcy":
            seat = played.action["seat"]
            assert all(state.holdings[p].owner is None for p, h in before.holdings.items() if h.owner == seat)
    assert sum(balances.values()) == 0
    assume(state.finished)  # a drawn game may wander past the cap; the seeded games below must end
    # a player leaving the table (the table's decision, now and then) is out as a bankrupt is
    out = kinds["declare_bankruptcy"] + kinds["leave"]
    assert out == players - 1 and state.winner == tuple(state.active_seats()), kinds
    assert sum(balances.values()) == 0


@pytest.mark.parametrize("seed", range(4))
def test_seeded_random_ua_games_reach_their_end(seed):
    # seed 002: "Коли за столом лишається менше двох, гра закінчується."
    setup = Setup(("P0", "P1", "P2"), Options(rent_collection="automatic"))
    state = list(play(LEAN_UA, setup, RandomChooser(seed), max_actions=5000))[-1].outcome.state
    assert state.finished and len(state.winner) == 1, f"seed {seed}: no end after {state.version} actions"
