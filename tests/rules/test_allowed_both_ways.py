"""Legality both ways, for every action type of every shipped edition and
variant: over random tables (``tables.py``: lean and rich ones, table and
virtual dice and decks, the table clock run out, every deed dealt), every
body an allowed entry's options give is accepted by the engine, bodies just
outside the options (a bid below the minimum, an opening bid off its stride,
a street, card or offer not offered, a timeout before its limit) are refused
with a rule, and every action not allowed for a seat is refused with a rule
-- so ``allowed`` and its options say exactly what ``step`` takes."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules import ACTIONS, Edition, GameState, Now, RuleViolation, allowed, parse_action, step
from referee.rules.clock import ran_out
from referee.rules.trades import TradeTerms
from referee.simulate import RandomChooser

from .tables import GAMES, Table, seeded_tables
from .test_random_games import DrawnChooser

# A well-formed value for each field an action type may take: what a careless
# client might send for an action it may not take.
FILLERS = {
    "dice": (1, 2),
    "amount": 1,
    "option": "x",
    "card": "x",
    "position": 1,
    "positions": (1,),
    "start": 1,
    "to": 0,
    "give": TradeTerms(),
    "get": TradeTerms((), 1, ()),
    "building": "house",
    "bidders": (0, 1),
    "offer": 1,
    "value": 1,
    "deeds": ((1,),),
    "elapsed": None,
    "source": "bank",
    "target": "seat",
    "reason": "x",
    "name": "x",
}


def filled(kind: str, seat: int) -> dict:
    """A well-formed body of ``kind`` for ``seat``, whatever it means now."""
    names = {f.name for f in dataclasses.fields(ACTIONS[kind].cls)} - {"seat"}
    return {"type": kind, "seat": seat, **{name: FILLERS[name] for name in names if name in FILLERS}}


def accepted(state: GameState, edition: Edition, body: dict) -> None:
    try:
        step(state, parse_action(body), edition)
    except RuleViolation as refusal:
        raise AssertionError(f"{body} is refused: {refusal.ruling.text}") from None


def refused(state: GameState, edition: Edition, body: dict) -> None:
    try:
        step(state, parse_action(body), edition)
    except RuleViolation as refusal:
        assert refusal.code and refusal.ruling.rule, body
        return
    raise AssertionError(f"{body} is accepted, yet outside what allowed offers")


# -- bodies just outside an entry's options, by type -------------------------------------------------------

Outside = Callable[[GameState, Edition, dict], Iterator[dict]]
OUTSIDE: dict[str, Outside] = {}


def outside(*types: str) -> Callable[[Outside], Outside]:
    def register(func: Outside) -> Outside:
        OUTSIDE.update(dict.fromkeys(types, func))
        return func

    return register


@outside("build", "sell_building", "mortgage", "unmortgage", "keep_mortgage", "sell_to_bank")
def _positions_left_out(state: GameState, edition: Edition, entry: dict) -> Iterator[dict]:
    kind, seat, offered = entry["type"], entry["seat"], entry["options"]
    named = {e["position"] for e in offered["positions"]}
    named |= {p for group in offered.get("groups", ()) for p in group["positions"]}
    streets = kind in ("build", "sell_building")
    left_out = [
        p
        for p, h in state.holdings.items()
        if p not in named and (edition.space(p).kind == "street" if streets else h.owner == seat)
    ]
    for position in left_out[:3]:
        yield {"position": position} if kind == "sell_to_bank" else {"positions": [position]}


@outside("timeout")
def _too_early(state: GameState, edition: Edition, entry: dict) -> Iterator[dict]:
    yield {"elapsed": entry["options"]["limit"] - 0.5}


@outside("bid")
def _bids_out_of_range(state: GameState, edition: Edition, entry: dict) -> Iterator[dict]:
    yield {"amount": entry["options"]["amount"]["min"] - 1}
    yield {"amount": entry["options"]["limit"] + 1}


@outside("auction_property")
def _openings_off_the_range(state: GameState, edition: Edition, entry: dict) -> Iterator[dict]:
    first = entry["options"]["positions"][0]
    position, start = first["position"], first["start"]
    yield {"position": position, "start": start["min"] - start["step"]}
    yield {"position": position, "start": start["max"] + start["step"]}
    if start["step"] > 1:
        yield {"position": position, "start": start["min"] + 1}
    offered = {o["position"] for o in entry["options"]["positions"]}
    other = next((p for p in edition.property_positions if p not in offered), None)
    if other is not None:
        yield {"position": other, "start": start["min"]}


@outside("auction_buildings")
def _shortages_not_there(state: GameState, edition: Edition, entry: dict) -> Iterator[dict]:
    buildings = entry["options"]["buildings"]
    for kind in {"house", "hotel"} - {s["building"] for s in buildings}:
        yield {"building": kind, "bidders": buildings[0]["bidders"]}
    yield {"building": buildings[0]["building"], "bidders": buildings[0]["bidders"][:1]}


@outside("draw_card", "choose", "random_move", "use_jail_card")
def _choices_not_offered(state: GameState, edition: Edition, entry: dict) -> Iterator[dict]:
    kind, offered = entry["type"], entry["options"]
    if kind == "draw_card":
        other = next(deck for key, deck in edition.decks.items() if key != offered["deck"])
        yield {"card": other.cards[0].id}  # a card of another deck
    elif kind == "choose":
        yield {"option": "no-such-option"}
    elif kind == "random_move":
        yield from ({"position": offered["excluded"][0]}, {"position": edition.size})
    else:
        yield {"card": "no-such-card"}


@outside("accept_trade", "reject_trade", "accept_property", "reject_property")
def _offers_not_open(state: GameState, edition: Edition, entry: dict) -> Iterator[dict]:
    yield {"offer": max(entry["options"]["offer"]) + 1000}


@outside("offer_property")
def _more_than_owed(state: GameState, edition: Edition, entry: dict) -> Iterator[dict]:
    creditor, positions = entry["options"]["creditors"][0], entry["options"]["positions"]
    yield {"to": creditor["seat"], "positions": [positions[0]["position"]], "value": creditor["value"]["max"] + 1}


@outside("trade")
def _trades_not_offered(state: GameState, edition: Edition, entry: dict) -> Iterator[dict]:
    seat, offered = entry["seat"], entry["options"]
    partner = offered["partners"][0]
    taken = {p["position"] for p in partner["positions"]}
    yield {"to": seat, "get": {"positions": [p["position"] for p in partner["positions"][:1]]}}  # with itself
    stranger = next((p for p in edition.property_positions if p not in taken), None)
    if stranger is not None and not offered["sale_only"]:
        yield {"to": partner["seat"], "get": {"positions": [stranger]}}
    if taken:
        too_much = {"cash": offered["give"]["cash"]["max"] + 1}
        yield {"to": partner["seat"], "give": too_much, "get": {"positions": [min(taken)]}}
    if offered["two_forms"]:
        yield from _forms_broken(offered["give"], partner, {"to": partner["seat"]})


@outside("counter_trade")
def _counters_in_no_form(state: GameState, edition: Edition, entry: dict) -> Iterator[dict]:
    if entry["options"]["two_forms"]:
        counter = entry["options"]["counters"][0]
        yield from _forms_broken(counter["give"], counter["get"], {"offer": counter["offer"]})


def _forms_broken(mine: dict, theirs: dict, to: dict) -> Iterator[dict]:
    """Offers in neither of the two forms (seed 002 l.94): a property asked for with money too, or for
    nothing; a sale with money added by the seller."""
    if theirs["positions"]:
        asked = [theirs["positions"][0]["position"]]
        yield {**to, "get": {"positions": asked}}
        if mine["positions"] and theirs["cash"]["max"]:
            yield {
                **to,
                "give": {"positions": [mine["positions"][0]["position"]]},
                "get": {"positions": asked, "cash": 1},
            }
    if mine["positions"] and mine["cash"]["max"] and theirs["cash"]["max"]:
        sold = mine["positions"][0]
        yield {**to, "give": {"positions": [sold["position"]], "cash": 1}, "get": {"cash": theirs["cash"]["max"]}}


# -- one state, both ways ----------------------------------------------------------------------------------


def check_both_ways(state: GameState, edition: Edition, now: Now) -> list[str]:
    """Check one state both ways; the types of the allowed entries sent."""
    legal = allowed(state, edition, now)
    examples: dict[str, dict] = {}
    for entry in legal:
        kind, seat = entry["type"], entry["seat"]
        bodies = ACTIONS[kind].examples(entry["options"])
        assert bodies, entry
        examples.setdefault(kind, bodies[0])
        for body in bodies:
            accepted(state, edition, {**body, "type": kind, "seat": seat})
        for body in OUTSIDE.get(kind, lambda *_: ())(state, edition, entry):
            refused(state, edition, {**body, "type": kind, "seat": seat})
    taken = {(entry["type"], entry["seat"]) for entry in legal}
    # once a timed game's time is up the service, not the engine, allows only its end; once a wait of the
    # table clock has run out, only its report (the service records it before anything else, so the engine,
    # which keeps no time, judges the rest as ever); a timeout is judged by the service's clock
    if now.time_up:
        kinds = ["end_game"]
    elif now.waited is not None and ran_out(state, edition, now.waited):
        assert {entry["type"] for entry in legal} == {"timeout"}, legal
        kinds = []
    else:
        kinds = sorted(set(ACTIONS) - {"timeout"})
    for kind in kinds:
        for seat in range(len(state.players)):
            if (kind, seat) in taken:
                continue
            bodies = [filled(kind, seat)]
            if kind in examples:  # what another seat may send
                bodies.append({**examples[kind], "type": kind, "seat": seat})
            for body in bodies:
                refused(state, edition, body)
    return [entry["type"] for entry in legal]


def played_both_ways(table: Table, choose, max_actions: int, every: int, seldom: int, sent: Counter) -> None:
    """One random game, checked both ways at every ``every``-th state and at each state that allows a type
    sent fewer than ``seldom`` times so far, so rare types are tried wherever they come up (a timed game
    also as if its time were up, now and then); ``sent`` counts the allowed action types sent."""
    edition = table.edition
    # with the clock on, each state is checked as the clock leaves it: a wait still running (everything the
    # state offers) and run out (its report alone)
    clocks = (Now(), table.now) if table.clock else (table.now,)
    for index, state in enumerate(table.states(choose, max_actions)):
        for now in clocks:
            if index % every == 0 or any(sent[entry["type"]] < seldom for entry in allowed(state, edition, now)):
                sent.update(check_both_ways(state, edition, now))
        if table.variant == "timed" and index % 25 == 24:
            check_both_ways(state, edition, Now(time_up=True))


TABLES = st.builds(
    Table,
    edition_id=st.just("classic"),
    players=st.integers(2, 5),
    cash=st.sampled_from(("shipped", "lean", "rich")),
    automatic=st.booleans(),
    virtual=st.booleans(),
    clock=st.booleans(),
    dealt=st.booleans(),
    broke=st.booleans(),
)


@settings(max_examples=len(GAMES) * 2, deadline=None)
@given(game=st.sampled_from(GAMES), table=TABLES, data=st.data())
def test_every_allowed_option_is_accepted_and_everything_else_is_refused(game, table, data):
    table = dataclasses.replace(table, edition_id=game[0], variant=game[1])
    played_both_ways(table, DrawnChooser(data), max_actions=150, every=5, seldom=3, sent=Counter())


def test_the_seeded_tables_of_every_edition_and_variant_send_every_action_type_both_ways():
    sent: Counter = Counter()
    for table, seed in seeded_tables():
        played_both_ways(table, RandomChooser(seed), max_actions=300, every=10, seldom=30, sent=sent)
    assert set(sent) == set(ACTIONS), sorted(set(ACTIONS) - set(sent))
