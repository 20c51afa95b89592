"""The game state as clients see it: the stored snapshot plus what is legal now."""

from __future__ import annotations

from typing import Any

from referee.rules import Edition, GameState, allowed
from referee.rules.bankruptcy import raisable
from referee.rules.holdings import owed
from referee.rules.serialize import state_to_dict


def jail_decision(state: GameState, edition: Edition, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The jailed player's choice before rolling (SPEC §2.6), shown as pending."""
    seat = state.turn.seat
    player = state.players[seat]
    if not player.in_jail or not state.turn.can_roll or state.turn.rolled or state.blocked:
        return None
    choices = [
        a["type"] for a in legal if a["seat"] == seat and a["type"] in ("pay_jail_fine", "use_jail_card", "roll")
    ]
    return {
        "type": "jail_decision",
        "blocking": True,
        "seat": seat,
        "options": choices,
        "attempt": player.jail_turns + 1,
        "fine": edition.rules.jail.fine,
    }


def with_means(item: dict[str, Any], state: GameState, edition: Edition) -> dict[str, Any]:
    """A debt, with what its debtor could still raise from the bank (buildings
    sold back, properties mortgaged) and whether that would cover all they owe."""
    if item["type"] != "debt":
        return item
    seat = item["debtor"]
    could = raisable(state, edition, seat)
    cash = state.players[seat].cash
    means = {"cash": cash, "buildings": could.buildings, "mortgages": could.mortgages, "total": could.total}
    return {
        **item,
        "can_raise": {**means, "owed": owed(state, seat), "enough": cash + could.total >= owed(state, seat)},
    }


def state_view(state: GameState, edition: Edition, snapshot: dict[str, Any] | None = None) -> dict[str, Any]:
    """The API's state: snapshot fields, ``allowed`` actions and derived pendings."""
    view = dict(snapshot if snapshot is not None else state_to_dict(state))
    view["pending"] = [with_means(item, state, edition) for item in view["pending"]]
    legal = allowed(state, edition)
    view["allowed"] = legal
    decision = jail_decision(state, edition, legal)
    if decision:
        view["pending"] = view["pending"] + [decision]
    view["winner"] = state.winner[0] if len(state.winner) == 1 else None
    view["winners"] = list(state.winner)
    return view
