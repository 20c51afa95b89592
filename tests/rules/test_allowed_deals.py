"""``allowed`` names a seat for a deal (mortgage, lift, build, trade, accept)
exactly when some such deal of that seat would succeed now, on every shipped
edition: the quick ways ``allowed`` finds these seats must agree with the
rules that judge the deal itself."""

import pytest

from referee.editions import shipped
from referee.rules import Options, RuleViolation, Setup, allowed, parse_action, start, step
from referee.rules.board import board
from referee.rules.building_demand import open_groups
from referee.rules.handover import tradeable_positions
from referee.rules.holdings import bank_price, built_groups, group_built, owes
from referee.rules.mortgage_terms import interest, lift_cost, lifts
from referee.rules.trade_terms import could_accept, refusal
from referee.rules.trades import TradeOffer
from referee.simulate import RandomChooser, random_action


def succeeds(state, edition, action) -> bool:
    try:
        step(state, parse_action(action), edition)
    except RuleViolation:
        return False
    return True


def dealt_states(edition, seed: int, players: int = 3, actions: int = 120):
    """Every property dealt out at random, then random play: deals happen from the first action. The
    last seat starts without cash, so debts come up too (a debtor may mortgage but not lift or build)."""
    choose = RandomChooser(seed)
    state = start(edition, Setup(tuple(f"P{i}" for i in range(players)), Options(rent_collection="automatic"))).state
    for position in edition.property_positions:
        state = state.with_holding(position, owner=choose.integer(0, players - 1))
    state = state.with_player(players - 1, cash=0)
    for _ in range(actions):
        yield state
        action = random_action(state, edition, choose)
        if action is None:
            return
        state = step(state, parse_action(action), edition).state


def owned(state, seat):
    return [h.position for h in state.owned_by(seat)]


def trade_candidates(state, edition, seat):
    """One-item offers to every other seat: ask for one of theirs (where a trade takes two forms, for 1 or
    for one's own first property: an exchange offers something), or hand over one's own (at the bank's
    price, for editions with a floor on sales), or a card either way."""
    forms = edition.rules.trades.two_forms
    for partner in state.active_seats():
        if partner == seat:
            continue
        offered = [{"cash": 1}, {"positions": owned(state, seat)[:1]}] if forms else [{}]
        for position in owned(state, partner):
            yield from ({"to": partner, "give": give, "get": {"positions": [position]}} for give in offered)
        for position in owned(state, seat):
            yield {"to": partner, "give": {"positions": [position]}, "get": {"cash": bank_price(edition, position)}}
        for card in state.players[partner].jail_cards:
            yield {"to": partner, "get": {"cards": [card]}}
        for card in state.players[seat].jail_cards:
            yield {"to": partner, "give": {"cards": [card]}}


def some_deal_succeeds(state, edition, kind: str, seat: int) -> bool:
    if kind in ("mortgage", "unmortgage"):
        tries = [{"positions": [p]} for p in owned(state, seat)]
    elif kind == "build":
        tries = [{"positions": [p]} for p in edition.positions_of_kind("street")]
    elif kind == "accept_trade":
        tries = [{"offer": o.id} for o in state.pending_of(TradeOffer) if o.to == seat]
    else:
        tries = trade_candidates(state, edition, seat)
    return any(succeeds(state, edition, {"type": kind, "seat": seat, **fields}) for fields in tries)


DEALS = ("mortgage", "unmortgage", "build", "accept_trade", "trade")


@pytest.mark.parametrize("edition_id", sorted(shipped()))
def test_allowed_names_a_seat_for_a_deal_exactly_when_one_such_deal_succeeds(edition_id):
    edition = shipped()[edition_id]
    listed_at_least_once, debts = set(), 0
    for seed in (0, 6):  # seeds whose random play builds and runs into debt in every edition
        for state in dealt_states(edition, seed):
            legal = {(a["type"], a["seat"]) for a in allowed(state, edition)}
            debts += any(owes(state, seat) for seat in state.active_seats())
            for seat in state.active_seats():
                for kind in DEALS:
                    found = some_deal_succeeds(state, edition, kind, seat)
                    assert found == ((kind, seat) in legal), (kind, seat, state.version)
                    if found:
                        listed_at_least_once.add(kind)
    assert {"build", "trade", "accept_trade"} <= listed_at_least_once and debts  # it had something to check


def test_a_lift_costs_what_the_interest_ruling_says_on_every_edition():
    for edition in shipped().values():
        for position in edition.property_positions:
            assert lift_cost(edition, position) == interest(edition, position).lift


def test_the_groups_with_buildings_are_those_group_built_finds():
    edition = shipped()["classic"]
    for state in dealt_states(edition, seed=5, actions=200):
        groups = {space.group for space in edition.spaces if space.kind == "street"}
        assert built_groups(state, edition) == {g for g in groups if group_built(state, edition, g) is not None}


@pytest.mark.parametrize("edition_id", sorted(shipped()))
def test_the_answers_kept_from_state_to_state_are_those_worked_out_afresh(edition_id):
    """An open offer's quick test agrees with its refusal, and each fact of the holdings kept while the next
    states share the same holdings object is what the fact itself works out of the state."""
    edition = shipped()[edition_id]
    offers = 0
    for state in dealt_states(edition, seed=6, actions=200):
        for offer in state.pending_of(TradeOffer):
            offers += 1
            assert could_accept(state, edition, offer) == (refusal(state, edition, offer) is None), offer
        for fact in (board, open_groups, tradeable_positions, lifts):
            assert fact(state, edition) == fact.__wrapped__(state, edition), (fact.__name__, state.version)
    assert offers  # it had offers to judge
