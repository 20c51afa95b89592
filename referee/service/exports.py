"""A game's whole journal exported, to move it to another server: every
event with its facts and ledger entries, and the edition documents they
were judged under."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from referee.service.access import Principal
from referee.service.context import Context
from referee.service.errors import Forbidden, NotFound

EXPORT_FORMAT = "referee-journal/2"
FORMATS = ("referee-journal/1", EXPORT_FORMAT)
"""The formats an import takes: the first has no facts, and is judged again here."""


def export(ctx: Context, game_id: str, principal: Principal) -> dict[str, Any]:
    """The whole journal, in the form ``import_game`` takes. With virtual decks
    the journal holds the shuffled order, which a player could read ahead in:
    only the table's token exports such a game."""
    row = ctx.store.game(game_id)
    if row is None:
        raise NotFound(f"no game {game_id!r}")
    events = ctx.store.events(game_id)
    if events[0]["action"]["options"]["decks"] == "virtual" and not principal.is_table:
        raise Forbidden("The journal of a game with virtual decks holds their order: only the table exports it.")
    moved = defaultdict(list)
    for entry in ctx.store.ledger(game_id)[0]:
        moved[entry["event"]].append(entry)
    judged = {e["facts"]["judged_by"]["edition"] for e in events if e["facts"]}
    with ctx.store.reading() as reader:
        documents = reader.documents(judged)
    return {
        "format": EXPORT_FORMAT,
        "game": game_id,
        "edition": row["edition"],
        "version": row["version"],
        "events": [{**event, "ledger": moved[event["seq"]]} for event in events],
        "editions": documents,
    }
