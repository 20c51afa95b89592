"""Long random games through the engine keep the books straight.

Choices are drawn by hypothesis, so a failing game shrinks to a short one.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.editions import shipped
from referee.rules import Options, Setup
from referee.rules.invariants import ledger_problems, violations
from referee.simulate import play


class DrawnChooser:
    def __init__(self, data):
        self.data = data

    def pick(self, options):
        return self.data.draw(st.sampled_from(list(options)))

    def integer(self, low, high):
        return self.data.draw(st.integers(low, high))


@settings(max_examples=40)
@given(data=st.data(), players=st.integers(2, 6), automatic=st.booleans())
def test_random_games_conserve_money_and_never_go_negative(data, players, automatic):
    edition = shipped()["classic"]
    options = Options(rent_collection="automatic" if automatic else "claim")
    setup = Setup(tuple(f"P{i}" for i in range(players)), options)
    transfers = []
    for played in play(edition, setup, DrawnChooser(data), max_actions=300):
        transfers += played.outcome.transfers
        state = played.outcome.state
        assert violations(state, edition) == [], played.action
        assert ledger_problems(state, transfers) == [], played.action
