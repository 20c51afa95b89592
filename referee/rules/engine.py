"""The engine's entry points: set a game up, apply one action, list what is
allowed, and replay a journal.

    outcome = start(edition, setup)            # the creation event
    outcome = step(outcome.state, action, edition)
    allowed(outcome.state, edition)            # [{"type": "roll", "seat": 0, "options": {...}}, ...]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from operator import attrgetter
from typing import Any

from . import deal
from .clock import ran_out, restart
from .debt import settle_debts
from .edition import Edition
from .errors import UnknownAction
from .jackpot import seed_pot
from .rounds import check_limit
from .rulings import Rule
from .state import BANK, GameState, Holding, Options, Player, Supply, Turn
from .step import ACTIONS, ActionSpec, Outcome, Step
from .turns import GAME_OVER, require_seat

START_CASH = Rule("setup.start_cash", "{name} receives the starting cash of {amount:m} from the bank.")
PLAYER_COUNT = Rule("setup.players", "This edition is for {min} to {max} players, not {count}.")
BANKRUPT_SEAT = Rule("bankruptcy.out", "{name} is bankrupt and out of the game.")
LEFT_SEAT = Rule("table.leave.out", "{name} has left the game and plays no more.")
UNKNOWN_HOUSE_RULE = Rule("setup.house_rule", "Unknown house rule {house_rule}; known: {known}.")
NO_CLOCK = Rule("setup.clock", "This edition's booklet has no table clock.")
UNKNOWN_VARIANT = Rule("setup.variant", "This edition offers no {variant} game; it offers: {offered}.")

HOUSE_RULES = ("free_parking_jackpot", "go_landing_double", "no_auction")


@dataclass(frozen=True)
class Setup:
    """What the table decides before the first roll.

    players: names in turn order (seat 0 starts).
    decks: for virtual decks, each deck's shuffled order (top first).
    deeds: for virtual decks in a variant that deals title deeds, the deeds
        dealt to each seat (else the table reports its deal in play).
    """

    players: tuple[str, ...]
    options: Options = field(default_factory=Options)
    decks: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    deeds: tuple[tuple[int, ...], ...] = ()


def start(edition: Edition, setup: Setup) -> Outcome:
    """The creation event: seats, options and the starting cash."""
    rules = edition.rules
    count = len(setup.players)
    base = GameState(
        edition=edition.id,
        options=setup.options,
        players=tuple(Player(seat, name, 0) for seat, name in enumerate(setup.players)),
        holdings={p: Holding(p) for p in edition.property_positions},
        supply=Supply(rules.buildings.houses, rules.buildings.hotels),
        turn=Turn(seat=0),
        decks={deck: tuple(order) for deck, order in setup.decks.items()},
    )
    s = Step(base, edition)
    if not rules.min_players <= count <= rules.max_players:
        raise s.refuse("player_count", PLAYER_COUNT, min=rules.min_players, max=rules.max_players, count=count)
    for rule_id in setup.options.house_rules:
        if rule_id not in HOUSE_RULES:
            raise s.refuse("house_rule", UNKNOWN_HOUSE_RULE, house_rule=rule_id, known=", ".join(HOUSE_RULES))
    if setup.options.clock and not rules.clock.available:
        raise s.refuse("no_clock", NO_CLOCK)
    variant = setup.options.variant
    if variant != "standard" and variant not in rules.variants:
        offered = ", ".join(["standard", *rules.variants])
        raise s.refuse("unknown_variant", UNKNOWN_VARIANT, variant=variant, offered=offered)
    for player in base.players:
        ruling = s.ruling(START_CASH, name=player.name, amount=rules.start_cash)
        s.transfer(BANK, player.seat, rules.start_cash, "start_cash", ruling)
    check_limit(s)
    seed_pot(s)
    deal.begin(s, setup.deeds)
    s.set(version=1)  # the table clock starts with the first action (clock.restart), not here
    return s.outcome()


def step(state: GameState, act: Any, edition: Edition) -> Outcome:
    """Apply one action; raises RuleViolation (state untouched) when illegal."""
    spec = ACTIONS.get(getattr(act, "type", None))
    if spec is None:
        raise UnknownAction(getattr(act, "type", act))
    s = Step(state, edition)
    if state.finished and spec.play:
        raise s.refuse("game_over", GAME_OVER)
    seat = act.seat
    require_seat(s, seat)
    player = state.players[seat]
    if player.out and spec.play:
        if player.left:
            raise s.refuse("left", LEFT_SEAT, name=player.name)
        raise s.refuse("bankrupt", BANKRUPT_SEAT, name=player.name)
    spec.perform(s, act)
    settle_debts(s)
    s.set(version=state.version + 1)
    restart(s, state)
    return s.outcome()


@dataclass(frozen=True)
class Now:
    """What the service's clock says of a state (the engine keeps no time).

    waited: seconds the table clock's current wait has run (None: no clock,
        or nobody is waited for).
    time_up: a timed game's end time has come, and the end is not recorded yet.
    """

    waited: float | None = None
    time_up: bool = False


def allowed(state: GameState, edition: Edition, now: Now = Now()) -> list[dict[str, Any]]:
    """Every action that is legal now, for each seat that may take it, with
    the values it may choose (``options``; ``table``: only the table's token
    may send it; ``for_table``: it is done for the table, whichever seat
    sends it). Once a timed game's end time has come, ending it is all that is
    left to do; once a wait of the table clock has run out, so is reporting
    it (the service records it before whatever comes next: a late move is
    silence, seed 002 l.155-156)."""
    if now.time_up and not state.finished:
        plan: Plan = (_asked(ACTIONS["end_game"]),)
    elif now.waited is not None and ran_out(state, edition, now.waited):
        plan = (_asked(ACTIONS["timeout"]),)
    else:
        pending = state.pending
        plan = _PLANS.get((state.finished, frozenset(map(type, pending)) if pending else _NOTHING, len(ACTIONS)))
        if plan is None:
            plan = _plan(state)
    players = state.players
    out = any(map(_OUT, players))  # else no seat needs looking at
    found: list[dict[str, Any]] = []
    for kind, options, timed, marks in plan:
        choices = options(state, edition, now) if timed else options(state, edition)
        if choices:
            for seat, chosen in choices.items():
                if not (out and players[seat].out):
                    if marks:
                        found.append({"type": kind, "seat": seat, **marks, "options": chosen})
                    else:
                        found.append({"type": kind, "seat": seat, "options": chosen})
    return found


_OUT = attrgetter("out")


def refused(state: GameState, edition: Edition) -> list[dict[str, Any]]:
    """What seats would look for now and may not do, and why: for each action
    type that tells it (``ActionSpec.refused``), each seat with the positions
    held back, each with ``why``, the code of the refusal the action would
    meet (a purchase the cash does not cover, a street that may take no
    building now). Nothing once the game is over."""
    if state.finished:
        return []
    players = state.players
    found: list[dict[str, Any]] = []
    for spec in ACTIONS.values():
        if spec.refused is not None:
            for seat, held in spec.refused(state, edition).items():
                if not players[seat].bankrupt:
                    found.append({"type": spec.type, "seat": seat, **held})
    return found


Plan = tuple[tuple[str, Any, bool, dict[str, bool]], ...]
"""The action types ``allowed`` asks, in order: each one's name, options
function, whether that takes the clock (``Now``) and its entries' marks
(``table``, ``for_table``: none for most)."""
_PLANS: dict[tuple[bool, frozenset[type], int], Plan] = {}
"""The plan for each case met of what rules types out at a glance: whether
the game is over (no type that plays on) and the classes of the pending
items (no type that answers none of them). The cases are few (the pending
items are of a handful of classes); the number of types registered is part
of the key, so a type registered later is never left out."""
_NOTHING: frozenset[type] = frozenset()


def _asked(spec: ActionSpec) -> tuple[str, Any, bool, dict[str, bool]]:
    marks = {"table": True} if spec.table else {}
    if spec.for_table:
        marks["for_table"] = True
    return spec.type, spec.options, spec.timed, marks


def _plan(state: GameState) -> Plan:
    kinds = frozenset(map(type, state.pending)) if state.pending else _NOTHING
    waiting = {kind for item in kinds for kind in item.__mro__}
    plan = tuple(
        _asked(spec)
        for spec in ACTIONS.values()
        if not (spec.answers and waiting.isdisjoint(spec.answers)) and not (state.finished and spec.play)
    )
    _PLANS[(state.finished, kinds, len(ACTIONS))] = plan
    return plan


def _tupled(value: list) -> tuple:
    """A list as a tuple, and so each list in it (an action record holds no list)."""
    items = tuple(value)
    for item in items:
        if isinstance(item, list):
            return tuple(_tupled(v) if isinstance(v, list) else v for v in items)
    return items  # most lists are flat (dice, positions): no call per item


@cache
def _field_names(cls: type) -> frozenset[str]:
    """The keys an action of this record class may have: its fields and ``type``."""
    return frozenset(f.name for f in dataclasses.fields(cls)) | {"type"}


def parse_action(data: Mapping[str, Any]) -> Any:
    """Build an action record from its plain form ({"type": ..., "seat": ...})."""
    spec = ACTIONS.get(data.get("type"))
    if spec is None:
        raise UnknownAction(data.get("type"))
    names = _field_names(spec.cls)
    if not names.issuperset(data):
        raise UnknownAction(f"{spec.type}: unknown fields {sorted(data.keys() - names)}")
    values = {}
    for key, value in data.items():
        if key != "type":
            values[key] = _tupled(value) if isinstance(value, list) else value
    return spec.cls(**values)


def replay(edition: Edition, setup: Setup, actions: Iterable[Any]) -> GameState:
    """Fold a journal back into the state it produced."""
    state = start(edition, setup).state
    for act in actions:
        state = step(state, act, edition).state
    return state
