"""Opening a game: the creation request checked and set up (virtual decks
shuffled, deeds dealt), the game stored under a new id with new tokens."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from referee import explain
from referee.facts import Links
from referee.idempotency import Retry
from referee.rules import Edition, GameState, Options, RuleViolation, Setup, start
from referee.rules.serialize import ruling_to_dict, state_to_dict
from referee.service import chance
from referee.service.access import Tokens, new_game_id
from referee.service.context import Context
from referee.service.editions import edition as edition_of
from referee.service.errors import InvalidInput, NotFound
from referee.service.records import guarded, keep_document
from referee.service.views import view
from referee.service.writes import once
from referee.store import Writer

Journal = Sequence[tuple[dict[str, Any], list[dict[str, Any]]]]
"""A game's events, each with its ledger entries."""

# Which field of the creation request a refusal of the engine's ``start`` is about.
_SETUP_FIELDS = {"player_count": "players", "unknown_variant": "variant", "too_few_deeds": "players"}


def _creation(edition: Edition, setup: Setup, state: GameState) -> dict[str, Any]:
    """The creation event's action: everything a replay needs to start the game again."""
    return {
        "type": "create",
        "edition": edition.id,
        "players": list(setup.players),
        "options": state_to_dict(state)["options"],
        "decks": {deck: list(order) for deck, order in setup.decks.items()},
        **({"deeds": [list(dealt) for dealt in setup.deeds]} if setup.deeds else {}),
    }


def create_game(ctx: Context, body: Mapping[str, Any], retry: Retry | None = None, lang: str = "en") -> dict[str, Any]:
    """A new game; ``body["spectator"]`` asks for a read-only spectator token too.
    A setup the rules refuse is said in ``lang``."""
    try:
        edition = edition_of(ctx, body["edition"])
    except NotFound as missing:
        raise InvalidInput({"edition": [str(missing)]}) from None
    setup = _setup(ctx, body, edition)
    try:
        outcome = start(edition, setup)
    except RuleViolation as refused:
        said = explain.ruling_view(ruling_to_dict(refused.ruling), edition, lang)["text"]
        raise InvalidInput({_SETUP_FIELDS.get(refused.code, "options"): [said]}) from None
    creation = _creation(edition, setup, outcome.state)
    event, ledger, _ = guarded("new", 1, None, outcome, Links(None), edition, None, creation, 0)
    return open_game(ctx, edition, outcome.state, [(event, ledger)], body.get("spectator", False), retry)


def open_game(
    ctx: Context,
    edition: Edition,
    state: GameState,
    journal: Journal,
    spectator: bool,
    retry: Retry | None,
    documents: Mapping[str, Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    """Store a new game (its journal with the ledger of each event) under a
    new id with new tokens; the answer to ``POST /games``. ``documents``: the
    edition documents an imported journal was judged under, by digest."""
    game_id = new_game_id()
    tokens = Tokens.issue(len(state.players), spectator)
    snapshot = state_to_dict(state)
    answer = {
        "id": game_id,
        "token": tokens.table,
        "players": [{"seat": p.seat, "name": p.name, "token": tokens.seats[p.seat]} for p in state.players],
        "state": view(ctx, game_id, state, edition, snapshot, fresh=[event for event, _ in journal]),
    }
    if tokens.spectator:
        answer["spectator_token"] = tokens.spectator

    def write(writer: Writer) -> dict[str, Any]:
        writer.insert_game(game_id, edition.id, snapshot, ledger_seq=sum(len(ledger) for _, ledger in journal))
        writer.insert_tokens(game_id, tokens.stored())
        keep_document(writer, edition)
        for digest, document in (documents or {}).items():
            writer.keep_document(digest, lambda document=document: dict(document))
        for event, ledger in journal:
            writer.append_event(game_id, event, ledger)
        return answer

    return once(ctx, retry, write)


def _setup(ctx: Context, body: Mapping[str, Any], edition: Edition) -> Setup:
    chosen = body.get("options", {})
    claim = "claim" if edition.rules.rent.claim_window else "automatic"
    options = Options(
        variant=body.get("variant", "standard"),
        rent_collection=chosen.get("rent_collection", claim),
        dice=chosen.get("dice", "table"),
        decks=chosen.get("decks", "table"),
        house_rules=tuple(dict.fromkeys(chosen.get("house_rules", ()))),
        ends_at=chosen.get("ends_at"),
        clock=chosen.get("clock", False),
        jackpot_start=chosen.get("jackpot_start", 0),
        ends_after_rounds=chosen.get("ends_after_rounds"),
    )
    _check_end_time(ctx, options, edition)
    names = tuple(p["name"] for p in body["players"])
    decks, deeds = {}, ()
    if options.decks == "virtual":
        decks = chance.shuffled_decks(edition)
        count = edition.rules.variant(options.variant).deal_deeds
        if count and len(names) * count <= len(edition.property_positions):  # else the engine refuses
            deeds = chance.deal(edition, len(names), count)
    return Setup(names, options, decks, deeds)


def _check_end_time(ctx: Context, options: Options, edition: Edition) -> None:
    """A timed game needs an end time still to come; other games take none."""
    if options.variant not in ("standard", *edition.rules.variants):
        return  # the engine refuses the variant itself
    timed = edition.rules.variant(options.variant).end_time
    if timed and options.ends_at is None:
        raise InvalidInput({"options": {"ends_at": [f"a {options.variant} game needs its end time"]}})
    if not timed and options.ends_at is not None:
        raise InvalidInput(
            {"options": {"ends_at": [f"only a timed game has an end time, not a {options.variant} one"]}}
        )
    if timed and datetime.fromisoformat(options.ends_at) <= ctx.clock():
        raise InvalidInput({"options": {"ends_at": ["the end time has passed already"]}})
