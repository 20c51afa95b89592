"""Bearer tokens: which game a request may touch, and for which seat."""

from __future__ import annotations

from flask import current_app, request
from flask_smorest import abort

from referee.service import Principal, Referee

CHALLENGE = {"WWW-Authenticate": 'Bearer realm="referee"'}


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
    if principal.game_id != game_id:
        abort(404, message=f"No game {game_id!r}.")
    return principal


def authorise_seat(principal: Principal, seat: int) -> None:
    if not principal.may_act_for(seat):
        abort(403, message=f"This token may not act for seat {seat}.")
