"""What a game's holdings come to: a stop's cost quoted now, the players'
standings by net worth, and each player's net worth over the game."""

from __future__ import annotations

from typing import Any

from referee import explain
from referee.facts import rewind
from referee.rules.quotes import stop_quote
from referee.rules.serialize import ruling_to_dict, state_from_dict
from referee.rules.worth import standings as ranked
from referee.rules.worth import worth as worth_of
from referee.rules.worth import worth_parts
from referee.service.context import Context
from referee.service.editions import edition as edition_of
from referee.service.errors import InvalidInput, NotFound
from referee.service.views import current


def quote(ctx: Context, game_id: str, position: int, seat: int, dice: int | None, lang: str = "en") -> dict[str, Any]:
    """What a stop on ``position`` would cost ``seat`` now, with the ruling (in ``lang``)."""
    state, edition = current(ctx, game_id)
    errors = {}
    if not 0 <= position < edition.size:
        errors["position"] = [f"the board has positions 0 to {edition.size - 1}"]
    if not 0 <= seat < len(state.players):
        errors["seat"] = [f"the game has seats 0 to {len(state.players) - 1}"]
    if errors:
        raise InvalidInput(errors, location="query")
    found = stop_quote(state, edition, seat, position, dice)
    return {
        "version": state.version,
        "position": position,
        "seat": seat,
        "dice": dice,
        "owner": found.owner,
        "amount": found.amount,
        "multiplier": found.multiplier,
        "rule": found.ruling.rule,
        "ruling": explain.ruling_view(ruling_to_dict(found.ruling), edition, lang),
    }


def standings(ctx: Context, game_id: str) -> dict[str, Any]:
    """Every player's net worth by parts, richest first."""
    state, edition = current(ctx, game_id)
    rows = []
    for standing in ranked(state, edition):
        worth = standing.worth
        player = state.players[worth.seat]
        rows.append(
            {
                "rank": standing.rank,
                "seat": worth.seat,
                "name": player.name,
                "bankrupt": player.bankrupt,
                "left": player.left,
                "cash": worth.cash,
                "properties": worth.properties,
                "mortgaged": worth.mortgaged,
                "buildings": worth.buildings,
                "debts": worth.debts,
                "claims": worth.claims,
                "total": worth.total,
            }
        )
    return {"version": state.version, "parts": list(worth_parts(edition)), "standings": rows}


def worth_history(ctx: Context, game_id: str, after: int = 0) -> dict[str, Any]:
    """Every player's net worth after each event from ``after`` on: what
    trades, mortgages and buildings did to it, valued as the standings value
    it. The states come from the facts, the last state walked back event by
    event, so the cost is that of the points asked for."""
    row = ctx.store.game(game_id)
    if row is None:
        raise NotFound(f"no game {game_id!r}")
    played = edition_of(ctx, row["edition"])
    later = ctx.store.events(game_id, max(after, 1)) if after < row["version"] else []
    states = [(row["version"], row["state"])]
    if all(event["facts"] for event in later):
        states += list(rewind(row["state"], later))
    points = [
        {"event": seq, "totals": [worth_of(state, played, p.seat).total for p in state.players]}
        for seq, state in ((seq, state_from_dict(found)) for seq, found in reversed(states))
        if seq > after
    ]
    return {"version": row["version"], "points": points}
