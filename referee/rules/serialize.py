"""Plain-data forms of states, pending items, rulings and actions.

The stored snapshot of a game and the API's state share this shape, so a
snapshot read back is the same ``GameState`` (a test checks the round trip).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from .ledger import Transfer
from .pending import PENDING_TYPES, Pending
from .rulings import Ruling
from .state import GameState, Holding, Options, Player, RandomMove, Supply, Turn


def ruling_to_dict(ruling: Ruling) -> dict[str, Any]:
    return {
        "rule": ruling.rule,
        "text": ruling.text,
        "values": dict(ruling.values),
        "house_rule": ruling.house_rule,
    }


def ruling_from_dict(data: Mapping[str, Any]) -> Ruling:
    return Ruling(data["rule"], data["text"], dict(data.get("values", {})), data.get("house_rule", False))


def transfer_to_dict(transfer: Transfer) -> dict[str, Any]:
    return {
        "from": transfer.source,
        "to": transfer.target,
        "amount": transfer.amount,
        "reason": transfer.reason,
        "rule": transfer.ruling.rule,
        "ruling": ruling_to_dict(transfer.ruling),
    }


def _plain(value: Any) -> Any:
    if isinstance(value, Ruling):
        return ruling_to_dict(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def pending_to_dict(item: Pending) -> dict[str, Any]:
    data = {"type": item.type, "blocking": item.blocking}
    for f in dataclasses.fields(item):
        data[f.name] = _plain(getattr(item, f.name))
    return data


def pending_from_dict(data: Mapping[str, Any]) -> Pending:
    cls = PENDING_TYPES[data["type"]]
    values = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            continue
        value = data[f.name]
        if isinstance(value, list):
            value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        elif isinstance(value, dict) and "rule" in value and "text" in value:
            value = ruling_from_dict(value)
        values[f.name] = value
    return cls(**values)


def state_to_dict(state: GameState) -> dict[str, Any]:
    return {
        "version": state.version,
        "edition": state.edition,
        "options": {
            "variant": state.options.variant,
            "rent_collection": state.options.rent_collection,
            "dice": state.options.dice,
            "decks": state.options.decks,
            "house_rules": list(state.options.house_rules),
            "ends_at": state.options.ends_at,
            "clock": state.options.clock,
            **_table_options(state.options),
        },
        "players": [
            {
                "seat": p.seat,
                "name": p.name,
                "cash": p.cash,
                "position": p.position,
                "in_jail": p.in_jail,
                "jail_turns": p.jail_turns,
                "jail_cards": list(p.jail_cards),
                "bankrupt": p.bankrupt,
                "visits": p.visits,
                "built_visit": p.built_visit,
                **({"left": True} if p.left else {}),  # stored only once true: older games' snapshots stay as they were
            }
            for p in state.players
        ],
        "properties": [
            {
                "position": h.position,
                "owner": h.owner,
                "houses": h.houses,
                "hotel": h.hotel,
                "mortgaged": h.mortgaged,
            }
            for h in state.holdings.values()
        ],
        "bank": {"houses": state.supply.houses, "hotels": state.supply.hotels},
        "turn": {
            "seat": state.turn.seat,
            "doubles": state.turn.doubles,
            "can_roll": state.turn.can_roll,
            "rolled": state.turn.rolled,
            "dice": list(state.turn.dice) if state.turn.dice else None,
            "traded_at": state.turn.traded_at,
        },
        "pending": [pending_to_dict(p) for p in state.pending],
        "decks": {deck: list(order) for deck, order in state.decks.items()},
        "pot": state.pot,
        "winner": list(state.winner),
        "finished": state.finished,
        "rolls": state.rolls,
        "random_move": dataclasses.asdict(state.random_move) if state.random_move else None,
        "clock_since": state.clock_since,
        **({"rounds": state.rounds} if state.options.ends_after_rounds is not None else {}),
    }


def _table_options(options: Options) -> dict[str, Any]:
    """The table's options that are set: a game without them is stored as it was before they existed,
    so that the snapshots and facts of older games still compare equal."""
    found: dict[str, Any] = {}
    if options.jackpot_start:
        found["jackpot_start"] = options.jackpot_start
    if options.ends_after_rounds is not None:
        found["ends_after_rounds"] = options.ends_after_rounds
    return found


def state_from_dict(data: Mapping[str, Any]) -> GameState:
    options = data["options"]
    turn = data["turn"]
    return GameState(
        edition=data["edition"],
        options=Options(
            variant=options["variant"],
            rent_collection=options["rent_collection"],
            dice=options["dice"],
            decks=options["decks"],
            house_rules=tuple(options["house_rules"]),
            ends_at=options.get("ends_at"),
            clock=options.get("clock", False),
            jackpot_start=options.get("jackpot_start", 0),
            ends_after_rounds=options.get("ends_after_rounds"),
        ),
        players=tuple(
            Player(
                seat=p["seat"],
                name=p["name"],
                cash=p["cash"],
                position=p["position"],
                in_jail=p["in_jail"],
                jail_turns=p["jail_turns"],
                jail_cards=tuple(p["jail_cards"]),
                out=p["bankrupt"] or p.get("left", False),
                visits=p.get("visits", 0),
                built_visit=p.get("built_visit"),
                left=p.get("left", False),
            )
            for p in data["players"]
        ),
        holdings={
            h["position"]: Holding(h["position"], h["owner"], h["houses"], h["hotel"], h["mortgaged"])
            for h in data["properties"]
        },
        supply=Supply(data["bank"]["houses"], data["bank"]["hotels"]),
        turn=Turn(
            seat=turn["seat"],
            doubles=turn["doubles"],
            can_roll=turn["can_roll"],
            rolled=turn["rolled"],
            dice=tuple(turn["dice"]) if turn.get("dice") else None,
            traded_at=turn.get("traded_at"),
        ),
        pending=tuple(pending_from_dict(p) for p in data["pending"]),
        decks={deck: tuple(order) for deck, order in data["decks"].items()},
        pot=data.get("pot", 0),
        winner=tuple(data.get("winner", ())),
        finished=data.get("finished", False),
        version=data["version"],
        rolls=data.get("rolls", 0),
        random_move=RandomMove(**data["random_move"]) if data.get("random_move") else None,
        clock_since=data.get("clock_since", 0),
        rounds=data.get("rounds", 0),
    )


def action_to_dict(act: Any) -> dict[str, Any]:
    data = {"type": act.type}
    for f in dataclasses.fields(act):
        data[f.name] = _plain(getattr(act, f.name))
    return data
