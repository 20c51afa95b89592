"""Bearer tokens: which game a request may touch, and for which seat.

Three kinds of token, each a 256-bit random secret stored only as its
SHA-256 digest: the table token acts for every seat and alone may undo or
correct; a seat token acts for its own seat; a spectator token only reads.
Every token of a game may read all of it. A seat's token stops working when
the seat moves to another device, and a seat's or the spectator's when the
table replaces it (``referee.api.seats``): 401, saying which.
"""

from __future__ import annotations

from flask import current_app, request
from flask_smorest import abort

from referee.service import Referee
from referee.service.access import Principal

from .problems import CHALLENGE


def referee() -> Referee:
    return current_app.extensions["referee"]


def authenticate(game_id: str) -> Principal:
    """The caller's principal for this game.

    A missing or unknown token is 401. A token of another game gets the same
    404 as a game that does not exist, so a stranger learns nothing.
    """
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        abort(401, message="A bearer token of this game is required.", headers=CHALLENGE)
    principal = referee().principal(token.strip())
    if principal is None:
        abort(401, message="This token is not known.", headers=CHALLENGE)
    if not principal.holds(game_id):
        abort(404, message=f"No game {game_id!r}.")
    if principal.revoked is not None:
        raise principal.revoked
    return principal


def authorise_seat(principal: Principal, seat: int) -> None:
    if not principal.may_act_for(seat):
        abort(403, message=f"This token may not act for seat {seat}.")


def authorise_table(principal: Principal, message: str = "Only the table token may undo or correct.") -> None:
    """Only the table token speaks for the whole table (undo, corrections, a lost phone's token)."""
    if not principal.is_table:
        abort(403, message=message)
