"""Who a request speaks for: a game's id and bearer tokens, issued when the
game is opened (or a seat moves, or the table replaces a lost phone's token)
and stored only as digests."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, replace

from referee.service.context import Context
from referee.service.errors import TokenRevoked

GAME_ID_BYTES = 12  # 96 random bits: not guessable, short enough for a link
TOKEN_BYTES = 32  # 256 random bits


@dataclass(frozen=True)
class Principal:
    """Who a bearer token speaks for: the whole table, one seat, or a spectator."""

    game_id: str
    role: str
    seat: int | None = None
    revoked: TokenRevoked | None = None  # why and when this token stopped working, if it did
    digest: str = ""  # of the token it was found by

    def revoked_since(self, found: dict | None) -> TokenRevoked | None:
        """Why this principal's token no longer works, as ``found`` (its row, read again) says."""
        if found is None or not found["revoked_at"]:
            return None
        return TokenRevoked(self.role, self.seat, found["revoked_why"], found["revoked_at"])

    def may_act_for(self, seat: int) -> bool:
        return self.role == "table" or (self.role == "seat" and self.seat == seat)

    @property
    def is_table(self) -> bool:
        return self.role == "table"

    def holds(self, game_id: str) -> bool:
        """This principal belongs to ``game_id`` (compared in constant time)."""
        return hmac.compare_digest(self.game_id.encode(), game_id.encode())


def token_digest(token: str) -> str:
    """Tokens are stored and looked up as SHA-256 digests: the database holds
    no usable token, and a lookup's timing can tell at most something about a
    digest, never the token behind it."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_game_id() -> str:
    return secrets.token_urlsafe(GAME_ID_BYTES)


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass(frozen=True)
class Tokens:
    """A new game's tokens: the secrets handed out once, in the answer to ``POST /games``."""

    table: str
    seats: tuple[str, ...]
    spectator: str | None

    @classmethod
    def issue(cls, players: int, spectator: bool) -> Tokens:
        seats = tuple(new_token() for _ in range(players))
        return cls(new_token(), seats, new_token() if spectator else None)

    def stored(self) -> list[tuple[str, str, int | None]]:
        """What the store keeps of them: (digest, role, seat)."""
        rows = [(token_digest(self.table), "table", None)]
        rows += [(token_digest(t), "seat", seat) for seat, t in enumerate(self.seats)]
        if self.spectator:
            rows.append((token_digest(self.spectator), "spectator", None))
        return rows


def principal(ctx: Context, token: str) -> Principal | None:
    """Who a bearer token speaks for, if anyone."""
    digest = token_digest(token)
    found = ctx.store.token(digest)
    if found is None:
        return None
    principal = Principal(found["game_id"], found["role"], found["seat"], digest=digest)
    return replace(principal, revoked=principal.revoked_since(found))
