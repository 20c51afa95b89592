"""Long random games through the engine keep the books straight, store and replay exactly, and
``allowed`` tells the truth.

Choices are drawn by hypothesis, so a failing game shrinks to a short one.
"""

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.editions import shipped
from referee.rules import Options, RuleViolation, Setup, allowed, parse_action, replay, start, step
from referee.rules.invariants import ledger_problems, violations
from referee.rules.serialize import state_from_dict, state_to_dict
from referee.simulate import RandomChooser, play, random_action

# Actions that take nothing but a seat: for these ``allowed`` can be checked exactly.
PARAMETERLESS = ("buy", "decline", "pass", "end_turn", "pay_jail_fine", "use_jail_card", "claim_rent")


class DrawnChooser:
    def __init__(self, data):
        self.data = data

    def pick(self, options):
        return self.data.draw(st.sampled_from(list(options)))

    def integer(self, low, high):
        return self.data.draw(st.integers(low, high))


def random_setup(players: int, automatic: bool, virtual_decks: bool) -> Setup:
    options = Options(
        rent_collection="automatic" if automatic else "claim", decks="virtual" if virtual_decks else "table"
    )
    decks = {}
    if virtual_decks:  # the printed order: shuffling is the service's job, any order will do here
        decks = {
            deck: tuple(c.id for c in shipped()["classic"].decks[deck].cards) for deck in ("chance", "community_chest")
        }
    return Setup(tuple(f"P{i}" for i in range(players)), options, decks)


@settings(max_examples=40)
@given(data=st.data(), players=st.integers(2, 6), automatic=st.booleans(), virtual_decks=st.booleans())
def test_random_games_conserve_money_never_go_negative_store_and_replay_exactly(
    data, players, automatic, virtual_decks
):
    edition = shipped()["classic"]
    setup = random_setup(players, automatic, virtual_decks)
    transfers, actions = [], []
    for played in play(edition, setup, DrawnChooser(data), max_actions=300):
        transfers += played.outcome.transfers
        state = played.outcome.state
        assert violations(state, edition) == [], played.action
        assert ledger_problems(state, transfers) == [], played.action
        # the stored snapshot is plain JSON and reads back as the same state
        assert state_from_dict(json.loads(json.dumps(state_to_dict(state)))) == state, played.action
        if played.action["type"] != "create":
            actions.append(parse_action(played.action))
    assert replay(edition, setup, actions) == state


def refused(state, action, edition) -> bool:
    try:
        step(state, parse_action(action), edition)
    except RuleViolation:
        return True
    return False


@settings(max_examples=15)
@given(data=st.data(), players=st.integers(2, 4), automatic=st.booleans())
def test_allowed_lists_exactly_the_actions_that_succeed(data, players, automatic):
    edition = shipped()["classic"]
    setup = random_setup(players, automatic, virtual_decks=False)
    for played in play(edition, setup, DrawnChooser(data), max_actions=200):
        state = played.outcome.state
        legal = {(a["type"], a["seat"]) for a in allowed(state, edition)}
        for seat in range(players):
            for kind in PARAMETERLESS:
                succeeds = not refused(state, {"type": kind, "seat": seat}, edition)
                assert succeeds == ((kind, seat) in legal), (kind, seat, state.pending)
            rolls = not refused(state, {"type": "roll", "seat": seat, "dice": [2, 5]}, edition)
            assert rolls == (("roll", seat) in legal), (seat, state.pending)


def dealt_game(edition, players: int, owners, choose, max_actions: int):
    """Every property dealt out at the start (as the short game deals deeds, but all of them), then random
    play: complete groups appear at once, so building, selling, mortgaging and trading happen early."""
    outcome = start(edition, Setup(tuple(f"P{i}" for i in range(players))))
    state, transfers = outcome.state, list(outcome.transfers)
    for position, owner in zip(edition.property_positions, owners, strict=True):
        state = state.with_holding(position, owner=owner % players)
    for _ in range(max_actions):
        action = random_action(state, edition, choose)
        if action is None:
            return
        outcome = step(state, parse_action(action), edition)
        transfers += outcome.transfers
        state = outcome.state
        yield action, state, transfers


@settings(max_examples=30)
@given(data=st.data(), players=st.integers(2, 4), owners=st.lists(st.integers(0, 3), min_size=28, max_size=28))
def test_random_games_with_every_deed_dealt_keep_buildings_even_within_supply_and_money_conserved(
    data, players, owners
):
    # buildings on board + in bank = 32 / 12, even building, nothing built on a mortgaged group, money conserved
    edition = shipped()["classic"]
    for action, state, transfers in dealt_game(edition, players, owners, DrawnChooser(data), max_actions=200):
        assert violations(state, edition) == [], action
        assert ledger_problems(state, transfers) == [], action


def test_the_random_table_builds_sells_mortgages_lifts_and_trades():
    edition = shipped()["classic"]
    taken = Counter()
    for seed in range(4):
        chooser = RandomChooser(seed)
        owners = [chooser.integer(0, 3) for _ in edition.property_positions]
        taken.update(action["type"] for action, _, _ in dealt_game(edition, 3, owners, chooser, max_actions=300))
    development = {"build", "sell_building", "mortgage", "unmortgage", "keep_mortgage"}
    trading = {"trade", "accept_trade", "reject_trade"}
    assert development | trading <= set(taken), taken
