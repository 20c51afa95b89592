"""Invariants: functions over a state that return what is wrong, if anything.

The property tests run them after every step of long random games; they are
cheap enough to run anywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .edition import Edition
from .ledger import Transfer
from .mortgage_terms import MortgageChoice
from .pending import Debt
from .state import POT, GameState
from .street_levels import hotel_level, level_under

Check = Callable[[GameState, Edition], Iterable[str]]
CHECKS: list[Check] = []


def invariant(check: Check) -> Check:
    CHECKS.append(check)
    return check


@invariant
def cash_never_negative(state: GameState, edition: Edition):
    for p in state.players:
        if p.cash < 0:
            yield f"{p.name} has negative cash {p.cash}"
    if state.pot < 0:
        yield f"the pot is negative: {state.pot}"


@invariant
def debts_only_when_short(state: GameState, edition: Edition):
    for debt in state.pending_of(Debt):
        if state.players[debt.debtor].cash >= debt.amount and not state.players[debt.debtor].out:
            yield f"{state.players[debt.debtor].name} could pay the debt of {debt.amount}"


@invariant
def owners_are_players(state: GameState, edition: Edition):
    for h in state.holdings.values():
        if h.owner is not None and (h.owner >= len(state.players) or state.players[h.owner].out):
            yield f"property {h.position} belongs to seat {h.owner}, not a player in the game"
        if h.owner is None and (h.houses or h.hotel or h.mortgaged):
            yield f"bank-held property {h.position} has buildings or a mortgage"


@invariant
def buildings_within_supply(state: GameState, edition: Edition):
    rules = edition.rules.buildings
    houses = sum(h.houses for h in state.holdings.values()) + state.supply.houses
    hotels = sum(1 for h in state.holdings.values() if h.hotel) + state.supply.hotels
    if houses != rules.houses:
        yield f"houses on board + bank = {houses}, not {rules.houses}"
    if hotels != rules.hotels:
        yield f"hotels on board + bank = {hotels}, not {rules.hotels}"


@invariant
def building_is_even_and_legal(state: GameState, edition: Edition):
    top = hotel_level(state, edition)  # worked out once: every street of the game shares it
    holdings = state.holdings
    for group in edition.street_groups():
        streets = [holdings[p] for p in edition.group_positions(group)]
        levels = [level_under(h, top) for h in streets]
        if max(levels) == 0:
            continue
        builders = {h.owner for h, value in zip(streets, levels, strict=True) if value}
        if len(builders) != 1:
            yield f"group {group} has buildings of several owners"
        if len({h.owner for h in streets}) != 1 and not edition.rules.debt.bank_sale:
            # only a bank that buys built streets back (seed 002) leaves a group split with buildings on it
            yield f"group {group} has buildings but several owners"
        streets = [h for h in streets if h.owner in builders]
        levels = [level_under(h, top) for h in streets]
        if any(h.mortgaged for h in streets):
            yield f"group {group} has buildings and a mortgaged street"
        if max(levels) - min(levels) > 1:
            yield f"group {group} is built unevenly: {levels}"
    for h in holdings.values():
        if h.houses or h.hotel:  # the checks below are about buildings only
            space = edition.space(h.position)
            if space.kind != "street":
                yield f"{space.label()} is not a street but has buildings"
            if h.hotel and h.houses:
                yield f"{space.label()} has a hotel and houses"
            if h.houses > top - 1:  # the house limit
                yield f"{space.label()} has {h.houses} houses"


@invariant
def jail_cards_held_once(state: GameState, edition: Edition):
    held = [card for p in state.players for card in p.jail_cards]
    for card in set(held):
        if held.count(card) > 1:
            yield f"card {card} is held {held.count(card)} times"
        if edition.card(card) is None:
            yield f"card {card} is not in this edition"


@invariant
def mortgage_choices_are_about_mortgaged_property(state: GameState, edition: Edition):
    for choice in state.pending_of(MortgageChoice):
        holding = state.holdings[choice.position]
        if holding.owner != choice.seat or not holding.mortgaged:
            yield f"seat {choice.seat} is asked about {choice.position}, which is not its mortgaged property"


@invariant
def bankrupt_players_hold_nothing(state: GameState, edition: Edition):
    for p in state.players:
        if p.out and (p.cash or p.jail_cards):
            yield f"{p.name} is bankrupt but holds cash {p.cash} and cards {p.jail_cards}"
    for item in state.pending_of(Debt):
        if state.players[item.debtor].out or item.creditor in {p.seat for p in state.players if p.out}:
            yield f"a debt of {item.amount} is pending between {item.debtor} and {item.creditor}, one of them bankrupt"


@invariant
def a_finished_game_has_winners_in_the_game_and_nothing_pending(state: GameState, edition: Edition):
    if not state.finished:
        if state.winner:
            yield f"the game is not over but has winners {state.winner}"
        return
    unresolved = [p.type for p in state.pending if not isinstance(p, Debt)]
    if unresolved:
        yield f"the game is over but {unresolved} are pending"
    if not state.winner or any(state.players[s].out for s in state.winner):
        yield f"the game is over with winners {state.winner}"


def violations(state: GameState, edition: Edition) -> list[str]:
    return [problem for check in CHECKS for problem in check(state, edition)]


def balances(transfers: Iterable[Transfer]) -> dict:
    """Net balance of every account over a ledger (the bank's is negative:
    what it has issued)."""
    totals: dict = {}
    for t in transfers:
        totals[t.source] = totals.get(t.source, 0) - t.amount
        totals[t.target] = totals.get(t.target, 0) + t.amount
    return totals


def ledger_problems(state: GameState, transfers: Iterable[Transfer]) -> list[str]:
    """Each player's cash (and the pot) equals its ledger balance, and all
    balances sum to zero."""
    totals = balances(transfers)
    problems = [
        f"{p.name}: cash {p.cash} but ledger says {totals.get(p.seat, 0)}"
        for p in state.players
        if p.cash != totals.get(p.seat, 0)
    ]
    if state.pot != totals.get(POT, 0):
        problems.append(f"pot {state.pot} but ledger says {totals.get(POT, 0)}")
    if sum(totals.values()) != 0:
        problems.append(f"ledger does not balance: {sum(totals.values())}")
    return problems
