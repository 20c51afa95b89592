"""Long random games through the engine keep the books straight, store and replay exactly, and
``allowed`` tells the truth.

Choices are drawn by hypothesis, so a failing game shrinks to a short one.
"""

import json
from collections import Counter

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.editions import build, shipped, thawed
from referee.rules import Options, RuleViolation, Setup, allowed, parse_action, replay, start, step
from referee.rules.invariants import ledger_problems, violations
from referee.rules.serialize import state_from_dict, state_to_dict
from referee.rules.worth import standings
from referee.simulate import RandomChooser, play, random_action

# Actions that take nothing but a seat: for these ``allowed`` can be checked exactly.
PARAMETERLESS = (
    "buy",
    "decline",
    "pass",
    "end_turn",
    "pay_jail_fine",
    "use_jail_card",
    "claim_rent",
    "declare_bankruptcy",
    "end_game",
)


class DrawnChooser:
    """Choices drawn by hypothesis through a ``random.Random`` it drives (``st.randoms``): each choice is
    one integer of the test's choice sequence, as a ``sampled_from`` or ``integers`` draw is, so a failing
    game shrinks the same way, without a strategy built and checked for every one of thousands of choices."""

    def __init__(self, data):
        self.rng = data.draw(st.randoms(note_method_calls=True), label="choices")

    def pick(self, options):
        return self.rng.choice(list(options))

    def integer(self, low, high):
        return self.rng.randint(low, high)


def random_setup(players: int, automatic: bool, virtual_decks: bool, variant: str = "standard") -> Setup:
    options = Options(
        variant=variant,
        rent_collection="automatic" if automatic else "claim",
        decks="virtual" if virtual_decks else "table",
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


def lean_classic():
    """The classic edition on a lean table: 500 to start and 50 of salary, so that random games reach
    their end in hundreds of actions rather than tens of thousands."""
    document = thawed(shipped()["classic"].document)
    document["rules"].update(start_cash=500, salary=50)
    return build({**document, "id": "classic-lean"})


LEAN = lean_classic()


@settings(max_examples=15)
@given(
    data=st.data(),
    players=st.integers(2, 4),
    automatic=st.booleans(),
    variant=st.sampled_from(("standard", "short", "timed")),
    lean=st.booleans(),
)
def test_allowed_lists_exactly_the_actions_that_succeed(data, players, automatic, variant, lean):
    edition = LEAN if lean else shipped()["classic"]
    setup = random_setup(players, automatic, virtual_decks=False, variant=variant)
    for played in play(edition, setup, DrawnChooser(data), max_actions=200):
        state = played.outcome.state
        legal = {(a["type"], a["seat"]) for a in allowed(state, edition)}
        for seat in range(players):
            for kind in PARAMETERLESS:
                succeeds = not refused(state, {"type": kind, "seat": seat}, edition)
                assert succeeds == ((kind, seat) in legal), (kind, seat, state.pending)
            rolls = not refused(state, {"type": "roll", "seat": seat, "dice": [2, 5]}, edition)
            assert rolls == (("roll", seat) in legal), (seat, state.pending)


def money(state) -> int:
    return sum(p.cash for p in state.players) + state.pot


def check_bankruptcy(before, after, outcome, seat: int) -> None:
    """Money is conserved through a bankruptcy: the players' cash changes only by what the bank paid
    out or took in. The bankrupt is left with nothing; every deed they held went to the creditor of
    their first debt, a player, or back to the bank (to be auctioned)."""
    bank = sum(t.amount for t in outcome.transfers if t.source == "bank") - sum(
        t.amount for t in outcome.transfers if t.target == "bank"
    )
    assert money(after) - money(before) == bank
    out = after.players[seat]
    assert out.bankrupt and out.cash == 0 and out.jail_cards == ()
    creditor = next(d.creditor for d in before.pending if d.type == "debt" and d.debtor == seat)
    heir = creditor if isinstance(creditor, int) else None
    assert all(after.holdings[p].owner == heir for p, h in before.holdings.items() if h.owner == seat)


def check_winners(state, edition) -> None:
    """Exactly one winner when one player is left; otherwise the richest by worth, ties all winning."""
    active = state.active_seats()
    if len(active) == 1:
        assert state.winner == tuple(active)
        return
    variant = edition.rules.variant(state.options.variant)
    assert variant.end_time or len(state.players) - len(active) == variant.end_after_bankruptcies
    table = standings(state, edition)
    best = max(s.worth.total for s in table if s.rank is not None)
    assert state.winner == tuple(s.worth.seat for s in table if s.rank is not None and s.worth.total == best)


@settings(max_examples=30, deadline=None)
@given(
    data=st.data(),
    players=st.integers(2, 4),
    variant=st.sampled_from(("standard", "short", "timed")),
    automatic=st.booleans(),
    virtual_decks=st.booleans(),
)
def test_random_games_played_to_the_end_conserve_money_through_every_bankruptcy_and_name_their_winners(
    data, players, variant, automatic, virtual_decks
):
    # seed 001: "Остальные продолжают, пока не останется один участник. Он победитель"; seed 000, the
    # short and timed games: "Побеждает самый богатый игрок!"
    edition = LEAN
    setup = random_setup(players, automatic, virtual_decks, variant)
    actions, bankruptcies, leavers = [], 0, 0
    balances: Counter = Counter()  # each account's ledger balance, kept as the game goes
    state = None
    for played in play(edition, setup, DrawnChooser(data), max_actions=5000):
        before, state = state, played.outcome.state
        for t in played.outcome.transfers:
            balances[t.source] -= t.amount
            balances[t.target] += t.amount
        assert violations(state, edition) == [], played.action
        assert [p.cash for p in state.players] == [balances[p.seat] for p in state.players], played.action
        assert state.pot == balances["pot"] and sum(balances.values()) == 0
        if played.action["type"] == "declare_bankruptcy":
            bankruptcies += 1
            check_bankruptcy(before, state, played.outcome, played.action["seat"])
        if played.action["type"] == "leave":  # the table's decision: out, as a bankrupt is, but not bankrupt
            leavers += 1
        if played.action["type"] != "create":
            actions.append(parse_action(played.action))
    assert (bankruptcies, leavers) == (sum(p.bankrupt for p in state.players), sum(p.left for p in state.players))
    assert replay(edition, setup, actions) == state
    # A drawn game may wander past the cap (the shrinker finds one: every roll a double of ones, round
    # and round through jail); that says nothing about the ending, so such a draw is set aside. The
    # seeded games of test_the_random_table_reaches_every_ending_… must end, so these checks bite.
    assume(state.finished)
    assert {p.type for p in state.pending} <= {"debt"}  # debts unpaid stay on record, counted in the worths
    check_winners(state, edition)
    assert allowed(state, edition) == []


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


def test_the_random_table_reaches_every_ending_through_bankruptcies_to_players_and_to_the_bank():
    # The property test above would pass vacuously if random games never went bankrupt: these games do.
    seen = Counter()
    for variant in ("standard", "short", "timed"):
        for seed in range(4):
            setup = Setup(("P0", "P1", "P2", "P3"), Options(variant=variant))
            for played in play(LEAN, setup, RandomChooser(seed), max_actions=5000):
                seen.update(r.rule for r in played.outcome.rulings)
            assert played.outcome.state.finished, (variant, seed)
    endings = {"game.won", "game.end.bankruptcies", "game.end.table", "game.richest"}
    estates = {"bankruptcy.deed", "bankruptcy.mortgage_interest", "bankruptcy.bank_deeds", "bankruptcy.auction"}
    assert endings | estates | {"deal.deed"} <= set(seen), seen
