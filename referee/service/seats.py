"""Seats that move and can be shut out: a seat's phone asks for a one-time
link valid 10 minutes, and the device that opens it takes the seat (a new
token; the old one stops working); the table replaces a lost phone's token,
a seat's or the spectator's, at once.

Seed 002 l.160: «натисніть «Перенести місце» і відкрийте посилання там.
Посилання одноразове й діє 10 хвилин; на старому пристрої ви вийдете з-за
столу». Links and tokens are kept as digests only, and an answer holding a
new token is kept for its Idempotency-Key sealed, like a new game's.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from referee.idempotency import Retry
from referee.service.access import Principal, new_token, token_digest
from referee.service.context import Context
from referee.service.errors import LinkClosed, NotFound, UnknownLink
from referee.service.writes import once
from referee.store import Writer

MOVE_LINK_VALID = timedelta(minutes=10)  # seed 002 l.160: «діє 10 хвилин»
VALID_SECONDS = int(MOVE_LINK_VALID.total_seconds())


def _stamp(at: datetime) -> str:
    return at.isoformat(timespec="milliseconds")


def _seat_of(writer: Writer, game_id: str, seat: int) -> None:
    if seat not in writer.seats(game_id):
        raise NotFound(f"No seat {seat} in game {game_id!r}.")


def move_link(ctx: Context, principal: Principal, seat: int, retry: Retry | None = None) -> dict[str, Any]:
    """A one-time link for ``seat`` (its own phone asks), valid ``MOVE_LINK_VALID``;
    an earlier open link of the seat stops working."""
    link = new_token()
    at = ctx.clock()
    expires = at + MOVE_LINK_VALID

    def work(writer: Writer) -> dict[str, Any]:
        # a token revoked since it was checked (the table shutting this phone out) opens no link
        if (revoked := principal.revoked_since(writer.token(principal.digest))) is not None:
            raise revoked
        _seat_of(writer, principal.game_id, seat)
        writer.open_seat_move(principal.game_id, seat, token_digest(link), _stamp(at), _stamp(expires))
        return {"seat": seat, "move_token": link, "expires_at": _stamp(expires), "valid_seconds": VALID_SECONDS}

    return once(ctx, retry, work)


def take_seat(ctx: Context, game_id: str, link: str, retry: Retry | None = None) -> dict[str, Any]:
    """The device that opens a move link takes the seat: a new seat token for
    it, and every earlier token of the seat revoked (its next request is 401,
    saying the seat moved). A used, replaced or expired link takes nothing."""
    token = new_token()
    now = ctx.clock()
    at = _stamp(now)

    def work(writer: Writer) -> dict[str, Any]:
        found = writer.seat_move(token_digest(link))
        if found is None:
            raise UnknownLink("This move link is not known: open the whole link, or ask for a new one.")
        if found["game_id"] != game_id:
            raise NotFound(f"No game {game_id!r}.")  # as for a token of another game: nothing is learnt
        if found["closed_at"]:
            raise LinkClosed(found["closed_why"], found["closed_at"])
        if now >= datetime.fromisoformat(found["expires_at"]):
            raise LinkClosed("expired", found["expires_at"])
        seat = found["seat"]
        writer.close_seat_moves(game_id, seat, "used", at)
        _replace(writer, game_id, "seat", seat, token, "moved", at)
        return {"seat": seat, "token": token}

    return once(ctx, retry, work)


def reissue(ctx: Context, game_id: str, seat: int | None, retry: Retry | None = None) -> dict[str, Any]:
    """The table shuts a lost phone out: a new token for ``seat`` (the
    spectator's with None), the old one revoked at once; a seat's open move
    link closes with it. A game without a spectator token gets its first."""
    token = new_token()
    at = _stamp(ctx.clock())

    def work(writer: Writer) -> dict[str, Any]:
        if seat is None:
            _replace(writer, game_id, "spectator", None, token, "reissued", at)
            return {"seat": None, "token": token}
        _seat_of(writer, game_id, seat)
        writer.close_seat_moves(game_id, seat, "replaced", at)
        _replace(writer, game_id, "seat", seat, token, "reissued", at)
        return {"seat": seat, "token": token}

    return once(ctx, retry, work)


def _replace(writer: Writer, game_id: str, role: str, seat: int | None, token: str, why: str, at: str) -> None:
    writer.revoke_tokens(game_id, role, seat, why, at)
    writer.insert_tokens(game_id, [(token_digest(token), role, seat)])
