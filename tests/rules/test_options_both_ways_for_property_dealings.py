"""Both ways, over random games of every shipped edition and variant: every body made from what ``allowed``
offers for building, mortgages, bank sales, rent claims, the deal, the end of a turn or game and the timeout
is accepted, and bodies just outside the offer (a street or property not offered, a seat not offered, a timeout
before the limit) are refused with a ruling."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.editions import build, shipped, thawed
from referee.rules import Edition, GameState, Options, RuleViolation, Setup, allowed, parse_action, step
from referee.rules.engine import Now
from referee.rules.step import ACTIONS
from referee.simulate import play

from .test_random_games import DrawnChooser
from .test_random_games_of_every_edition import LEAN_UA

TYPES = (
    "build",
    "sell_building",
    "mortgage",
    "unmortgage",
    "keep_mortgage",
    "sell_to_bank",
    "claim_rent",
    "deal_deeds",
    "end_turn",
    "end_game",
    "timeout",
)


def rich_classic() -> Edition:
    """The classic game with cash to buy everything, so that random games complete groups and build."""
    document = thawed(shipped()["classic"].document)
    document["rules"].update(start_cash=20_000)
    return build({**document, "id": "classic-rich"})


GAMES = [(e, variant) for e in shipped().values() for variant in ("standard", *e.rules.variants)]
GAMES += [(rich_classic(), "standard"), (rich_classic(), "short"), (LEAN_UA, "standard")]  # builds, debts
EXPIRED = Now(waited=10_000.0)


def accepted(state: GameState, edition: Edition, body: dict) -> None:
    step(state, parse_action(body), edition)  # raises RuleViolation if the offer was wrong


def refused(state: GameState, edition: Edition, body: dict) -> None:
    with pytest.raises(RuleViolation) as refusal:
        step(state, parse_action(body), edition)
    assert refusal.value.code and refusal.value.ruling.rule, body


def _outside(state: GameState, edition: Edition, entry: dict) -> list[dict]:
    """Bodies of the entry's type the options leave out, which the engine must refuse."""
    type_, seat, offered = entry["type"], entry["seat"], entry["options"]
    if type_ in ("build", "sell_building", "mortgage", "unmortgage", "keep_mortgage", "sell_to_bank"):
        named = {e["position"] for e in offered["positions"]}
        if type_ == "sell_building":
            named |= {p for group in offered["groups"] for p in group["positions"]}
        kind = "street" if type_ in ("build", "sell_building") else None
        left_out = [
            p
            for p, h in state.holdings.items()
            if p not in named and (kind is None or edition.space(p).kind == kind) and (h.owner == seat or kind)
        ]
        field = "position" if type_ == "sell_to_bank" else "positions"
        return [{"type": type_, "seat": seat, field: p if field == "position" else [p]} for p in left_out[:3]]
    if type_ == "timeout":
        return [{"type": type_, "seat": seat, "elapsed": offered["limit"] - 0.5}]
    return []


def _check(state: GameState, edition: Edition, now: Now) -> None:
    entries = [a for a in allowed(state, edition, now) if a["type"] in TYPES]
    for entry in entries:
        bodies = ACTIONS[entry["type"]].examples(entry["options"])
        assert bodies, entry
        for body in bodies:
            accepted(state, edition, {"type": entry["type"], "seat": entry["seat"], **body})
        for body in _outside(state, edition, entry):
            refused(state, edition, body)
    offered = {(a["type"], a["seat"]) for a in entries}
    for entry in entries:
        for seat in state.active_seats():
            if (entry["type"], seat) not in offered and entry["type"] != "end_turn":
                for body in ACTIONS[entry["type"]].examples(entry["options"])[:1]:
                    refused(state, edition, {"type": entry["type"], "seat": seat, **body})


@pytest.mark.parametrize("edition, variant", GAMES, ids=[f"{e.id}-{v}" for e, v in GAMES])
@settings(max_examples=6, deadline=None)
@given(data=st.data(), players=st.integers(2, 5), automatic=st.booleans())
def test_what_allowed_offers_is_accepted_and_what_it_leaves_out_is_refused(edition, variant, data, players, automatic):
    clock = edition.rules.clock.available and data.draw(st.booleans())
    ends_at = "2026-01-01T20:00:00+00:00" if variant == "timed" else None
    rent = "automatic" if automatic else "claim"
    options = Options(variant=variant, rent_collection=rent, clock=clock, ends_at=ends_at)
    setup = Setup(tuple(f"P{i}" for i in range(players)), options)
    for played in play(edition, setup, DrawnChooser(data), max_actions=250):
        state = played.outcome.state
        if state.finished:
            break
        _check(state, edition, EXPIRED if clock else Now())
        if variant == "timed" and state.version % 25 == 0:
            _check(state, edition, Now(time_up=True))
