"""The game state as clients see it: the stored snapshot plus what is legal now."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from referee import actor
from referee.rules import Edition, GameState, Now, allowed, refused
from referee.rules.bankruptcy import raisable, raising_parts
from referee.rules.clock import CONSEQUENCE, enforceable, limit, started, waited_for, waiting
from referee.rules.holdings import owed
from referee.rules.jail import jail_decision
from referee.rules.serialize import state_to_dict


def with_means(item: dict[str, Any], state: GameState, edition: Edition) -> dict[str, Any]:
    """A debt, with what its debtor could still raise from the bank (buildings
    sold back, properties mortgaged or sold to the bank) and whether that
    would cover all they owe. ``total`` is always buildings + mortgages +
    bank_sales (what the bank would pay); ``in_all`` adds the cash, the sum
    the bankruptcy rulings show; ``parts``: the parts this edition has (no
    mortgages without them), in the order they add up to ``in_all``."""
    if item["type"] != "debt":
        return item
    seat = item["debtor"]
    could = raisable(state, edition, seat)
    cash = state.players[seat].cash
    means = {
        "cash": cash,
        "buildings": could.buildings,
        "mortgages": could.mortgages,
        "bank_sales": could.sales,
        "total": could.total,
        "in_all": cash + could.total,
        "parts": list(raising_parts(edition)),
    }
    return {
        **item,
        "can_raise": {**means, "owed": owed(state, seat), "enough": cash + could.total >= owed(state, seat)},
    }


def cards_left(decks: dict[str, list[str]]) -> dict[str, int]:
    """Virtual decks as clients see them: how many cards each holds, never
    their order (a player who saw it would know their next card). The stored
    snapshot and the export keep the order: replay needs it."""
    return {deck: len(order) for deck, order in decks.items()}


def event_view(event: dict[str, Any]) -> dict[str, Any]:
    """A journal event as clients read it: which rules judged it, not its
    state change (which would show a virtual deck's order), and the creation
    event's shuffled deck orders shown as counts, since with the draws since
    they give the order now; ``by``: who did it (the table, the end time or
    the player of its seat), read from the recorded action."""
    shown = {key: value for key, value in event.items() if key != "facts"}
    shown["judged_by"] = (event.get("facts") or {}).get("judged_by")
    shown["by"] = actor.kind_of({"type": event["type"], **(event.get("action") or {})})
    action = event.get("action") or {}
    if event.get("type") == "create" and action.get("decks"):
        shown["action"] = {**action, "decks": cards_left(action["decks"])}
    return shown


def state_view(
    state: GameState, edition: Edition, snapshot: dict[str, Any] | None = None, now: Now | None = None
) -> dict[str, Any]:
    """The API's state: snapshot fields, ``allowed`` actions with their options
    (``now``: what the service's clock says of the state), what is ``refused``
    and why, who play is ``waiting`` for, and derived pendings."""
    view = dict(snapshot if snapshot is not None else state_to_dict(state))
    view["decks"] = cards_left(view["decks"])
    view["players"] = [player if "left" in player else {**player, "left": False} for player in view["players"]]
    view["pending"] = [with_means(item, state, edition) for item in view["pending"]]
    legal = allowed(state, edition, now or Now())
    view["allowed"] = legal
    view["refused"] = refused(state, edition)
    view["waiting"] = waiting_view(state, edition)
    decision = jail_decision(state, edition)
    if decision:
        view["pending"] = view["pending"] + [decision]
    view["winner"] = state.winner[0] if len(state.winner) == 1 else None
    view["winners"] = list(state.winner)
    return view


def waiting_view(state: GameState, edition: Edition) -> dict[str, Any] | None:
    """Who play waits for now and on what (the table clock's kinds, clock or not); None once the game is over."""
    wait = waited_for(state, edition)
    return None if wait is None else {"kind": wait.kind, "seats": list(wait.seats)}


def clock_view(state: GameState, edition: Edition, since: datetime | None, now: datetime) -> dict[str, Any] | None:
    """Who the table clock runs for and how long is left (None when the game
    has no clock). ``since`` is when the current wait began; before the game
    has started at the table, no time runs: ``started`` is false, with no
    deadline."""
    wait = waiting(state, edition)
    if wait is None or (since is None and started(state)):
        return None
    seconds = limit(edition, wait.kind)
    timed = {"since": None, "deadline": None, "remaining": None, "expired": False}
    if since is not None:
        deadline = since + timedelta(seconds=seconds)
        remaining = max(0.0, (deadline - now).total_seconds())
        timed = {
            "since": since.isoformat(timespec="milliseconds"),
            "deadline": deadline.isoformat(timespec="milliseconds"),
            "remaining": round(remaining, 3),
            "expired": remaining == 0,
        }
    return {
        "kind": wait.kind,
        "seats": list(wait.seats),
        "seconds": seconds,
        "started": since is not None,
        **timed,
        "consequence": CONSEQUENCE[wait.kind],
        "enforced": enforceable(wait),
    }


def with_clock(view: dict[str, Any], clock: dict[str, Any] | None, state: GameState) -> dict[str, Any]:
    """The clock in the state view (the engine's ``allowed`` offers the
    timeout once a wait has run out, from the ``Now`` the service gives)."""
    view["clock"] = clock
    return view
