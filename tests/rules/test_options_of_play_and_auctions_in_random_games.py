"""In random games of every shipped edition and variant, the options ``allowed`` lists for the moves of play
and the auctions tell the truth: every body ``examples`` makes from them is accepted by ``step``, and bodies
just outside them -- a bid a step below the minimum, an opening bid off the step, a card not offered, a seat
not listed -- are refused with a rule."""

from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.editions import shipped
from referee.rules import Edition, GameState, Options, RuleViolation, Setup, allowed, parse_action, step
from referee.rules.step import ACTIONS
from referee.simulate import RandomChooser, play

from .test_random_games import DrawnChooser, dealt_game

TYPES = (
    "roll",
    "buy",
    "decline",
    "bid",
    "pass",
    "auction_property",
    "auction_buildings",
    "draw_card",
    "choose",
    "random_move",
    "pay_jail_fine",
    "use_jail_card",
)
NO_FIELDS = {"buy": {}, "decline": {}, "pass": {}, "pay_jail_fine": {}, "roll": {"dice": [2, 5]}}
"""The types whose one body, or any, is a seat's whole action: a seat not listed is refused it."""
EDITIONS = [(key, variant) for key, edition in shipped().items() for variant in ("standard", *edition.rules.variants)]


def setup_of(edition: Edition, players: int, variant: str, virtual: bool, automatic: bool) -> Setup:
    options = Options(
        variant=variant,
        rent_collection="automatic" if automatic else "claim",
        dice="virtual" if virtual else "table",
        decks="virtual" if virtual else "table",
    )
    decks = {deck: tuple(c.id for c in edition.decks[deck].cards) for deck in edition.decks} if virtual else {}
    return Setup(tuple(f"P{i}" for i in range(players)), options, decks)


def refusal(state: GameState, edition: Edition, type_: str, seat: int, body: Mapping[str, Any]) -> RuleViolation:
    try:
        step(state, parse_action({"type": type_, "seat": seat, **body}), edition)
    except RuleViolation as refused:
        assert refused.code and refused.ruling.rule, (type_, seat, body)
        return refused
    raise AssertionError(f"{type_} {body} by seat {seat} was accepted, outside its options")


def outside(type_: str, options: Mapping[str, Any], state: GameState, edition: Edition) -> Iterator[dict[str, Any]]:
    """Bodies just outside a seat's options, each of which the rules must refuse."""
    if type_ == "bid":
        yield {"amount": options["amount"]["min"] - 1}
        yield {"amount": options["limit"] + 1}
    elif type_ == "auction_property":
        first = options["positions"][0]
        start = first["start"]
        yield {"position": first["position"], "start": start["min"] - start["step"]}
        yield {"position": first["position"], "start": start["max"] + start["step"]}
        if start["step"] > 1:
            yield {"position": first["position"], "start": start["min"] + 1}
        offered = {o["position"] for o in options["positions"]}
        other = next((p for p in edition.property_positions if p not in offered), None)
        if other is not None:
            yield {"position": other, "start": start["min"]}
    elif type_ == "auction_buildings":
        reported = {s["building"] for s in options["buildings"]}
        bidders = options["buildings"][0]["bidders"]
        for kind in {"house", "hotel"} - reported:
            yield {"building": kind, "bidders": bidders}
        yield {"building": options["buildings"][0]["building"], "bidders": bidders[:1]}
    elif type_ == "draw_card":
        other = next(deck for key, deck in edition.decks.items() if key != options["deck"])
        yield {"card": other.cards[0].id}  # a card of another deck
    elif type_ == "choose":
        yield {"option": "no-such-option"}
    elif type_ == "random_move":
        yield {"position": options["excluded"][0]}
        yield {"position": edition.size}
    elif type_ == "use_jail_card":
        yield {"card": "no-such-card"}


def check_state(state: GameState, edition: Edition, seen: Counter) -> None:
    legal = [a for a in allowed(state, edition) if a["type"] in TYPES]
    for entry in legal:
        type_, seat, options = entry["type"], entry["seat"], entry["options"]
        seen[type_] += 1
        for body in ACTIONS[type_].examples(options):
            step(state, parse_action({"type": type_, "seat": seat, **body}), edition)  # accepted
        for body in outside(type_, options, state, edition):
            refusal(state, edition, type_, seat, body)
    listed = {(a["type"], a["seat"]) for a in legal}
    for type_ in TYPES:
        entries = [a for a in legal if a["type"] == type_]
        body = ACTIONS[type_].examples(entries[0]["options"])[0] if entries else NO_FIELDS.get(type_)
        if body is None:
            continue  # no body to try: nobody may take it, and a made-up one would prove nothing
        for seat in state.active_seats():
            if (type_, seat) not in listed:
                refusal(state, edition, type_, seat, body)


@pytest.mark.parametrize(("edition_id", "variant"), EDITIONS)
@settings(max_examples=4, deadline=None)
@given(data=st.data(), players=st.integers(2, 4), virtual=st.booleans(), automatic=st.booleans())
def test_every_example_of_the_options_is_accepted_and_bodies_outside_them_are_refused(
    edition_id, variant, data, players, virtual, automatic
):
    edition = shipped()[edition_id]
    setup = setup_of(edition, players, variant, virtual, automatic)
    seen: Counter = Counter()
    for played in play(edition, setup, DrawnChooser(data), max_actions=150):
        check_state(played.outcome.state, edition, seen)


@settings(max_examples=10, deadline=None)
@given(data=st.data(), owners=st.lists(st.integers(0, 3), min_size=28, max_size=28))
def test_the_options_tell_the_truth_in_games_with_every_deed_dealt_where_houses_run_short(data, owners):
    # seed 000: "Если в Банке осталось ограниченное число Домов или Отелей, и два или более игроков хотят
    # купить их больше, чем осталось в Банке, то Банкир проводит аукцион"
    classic = shipped()["classic"]
    seen: Counter = Counter()
    for _, state, _ in dealt_game(classic, 3, owners, DrawnChooser(data), max_actions=200):
        check_state(state, classic, seen)


def test_seeded_random_games_put_every_one_of_these_options_to_the_test():
    # The property tests above pass vacuously for a type no random game reaches: these games reach them all.
    seen: Counter = Counter()
    classic = shipped()["classic"]
    for seed in (3, 4):  # seeds whose deal leaves two players short of houses
        choose = RandomChooser(seed)
        owners = [choose.integer(0, 3) for _ in classic.property_positions]
        for _, state, _ in dealt_game(classic, 3, owners, choose, max_actions=250):
            check_state(state, classic, seen)
    for edition_id, variant, virtual in [("classic", "standard", False), ("disney", "short", False)] + [
        ("ua-industries", "standard", virtual) for virtual in (False, True)
    ]:
        edition = shipped()[edition_id]
        for seed in range(3):
            setup = setup_of(edition, 4, variant, virtual, automatic=True)
            for played in play(edition, setup, RandomChooser(seed), max_actions=500):
                check_state(played.outcome.state, edition, seen)
    assert set(TYPES) <= set(seen), seen
