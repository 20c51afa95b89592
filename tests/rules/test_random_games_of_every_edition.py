"""Long random games on every shipped edition keep the books straight: the
ua-industries auction order and exact raises, the Disney choice card and the
random-move card included."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.editions import shipped
from referee.rules import Options, Setup
from referee.rules.invariants import ledger_problems, violations
from referee.simulate import play

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
