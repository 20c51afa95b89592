"""Idempotency keys: a retried request gets its first answer, and nothing
happens twice.

A phone that did not hear back (a dropped connection, a screen gone to sleep)
sends the same request again with the same ``Idempotency-Key`` header. The
first successful answer is kept with the key *in the same transaction* as
what the request did, so either both are stored or neither. A retry gets that
answer again -- same status, same body, same event -- and nothing new is
recorded. The same key with a different request is refused (422): a key names
one request.

- Scope: keys sent with a game's requests (actions, undo, corrections) belong
  to that game. Keys sent to ``POST /games`` and ``POST /games/import``
  belong to the whole server, since there is no game yet: use a random key
  (a UUID), because their first answer holds the new game's tokens.
- Keys are kept for ``KEEP_FOR`` (24 hours; ``REFEREE_IDEMPOTENCY_SECONDS``),
  then forgotten: a retry after that is a new request.
- Only successful answers are kept. A refused request changed nothing, so it
  may be sent again with the same key and is judged afresh.
- Kept sealed: the first answer of ``POST /games`` holds every token of the
  new game, so a copy of the database must not hand out control of the
  games it holds. Only a digest of the key is stored; the answer is
  encrypted (AES-GCM) with another key derived from the Idempotency-Key
  (HKDF), which only the client has, and bound to its scope and digest.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from referee.store import Remembered, Writer

KEEP_FOR = timedelta(hours=24)
SERVER = ""  # the scope of keys sent before a game exists


NONCE_BYTES = 12  # AES-GCM's own nonce size; a random one per answer
SEALED = "sealed-2:"  # what a kept answer starts with: this scheme, then base64 of nonce and ciphertext
SEALED_BEFORE = "sealed-1:"  # the answer alone, without the language it was explained in (kept 24 hours at most)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _sealing_key(key: str) -> bytes:
    """A key for the answer, derived from the Idempotency-Key (never stored)
    and unrelated to the digest that is stored."""
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"referee idempotent answer").derive(key.encode())


@dataclass(frozen=True)
class Retry:
    """A request sent with an Idempotency-Key.

    scope: the game the key belongs to (``SERVER`` before a game exists).
    key: digest of the key (keys are stored hashed, like tokens).
    fingerprint: digest of the endpoint and the validated body.
    status: the status of a successful answer, kept with it.
    sealing: the key the answer is kept under, derived from the Idempotency-Key.
    language: the language the answer is explained in ("" for none), kept
        with it: a retry in another language gets the first answer, and is
        told which language that is. Not part of the fingerprint: the same
        request asked in another language is still the same request.
    """

    scope: str
    key: str
    fingerprint: str
    status: int = 201
    sealing: bytes = field(default=b"", repr=False)
    language: str = ""

    @classmethod
    def of(cls, key: str, scope: str, endpoint: str, body: Any, status: int = 201, language: str = "") -> Retry:
        canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
        return cls(scope, _digest(key), _digest(f"{endpoint}\n{canonical}"), status, _sealing_key(key), language)

    def _bound(self) -> bytes:
        return f"{self.scope}\n{self.key}\n{self.fingerprint}".encode()

    def seal(self, answer: Mapping[str, Any]) -> str:
        nonce = os.urandom(NONCE_BYTES)
        kept = {"answer": answer, "language": self.language}
        plain = json.dumps(kept, ensure_ascii=False, separators=(",", ":")).encode()
        sealed = AESGCM(self.sealing).encrypt(nonce, plain, self._bound())
        return SEALED + base64.b64encode(nonce + sealed).decode()

    def open(self, kept: str) -> tuple[dict[str, Any], str] | None:
        """The answer kept sealed and the language it is explained in ("" when
        not known); None if it was not sealed with this key."""
        scheme = next((s for s in (SEALED, SEALED_BEFORE) if kept.startswith(s)), None)
        if scheme is None:
            return None
        raw = base64.b64decode(kept[len(scheme) :])
        try:
            plain = AESGCM(self.sealing).decrypt(raw[:NONCE_BYTES], raw[NONCE_BYTES:], self._bound())
        except InvalidTag:
            return None
        if scheme == SEALED_BEFORE:
            return json.loads(plain), ""
        opened = json.loads(plain)
        return opened["answer"], opened["language"]


class KeyReused(Exception):
    """The Idempotency-Key was first sent with a different request."""


class Replayed(dict):
    """A first answer given again to a retry; ``status`` and ``language`` (""
    when not known) as first given."""

    def __init__(self, answer: Mapping[str, Any], status: int, language: str = ""):
        super().__init__(answer)
        self.status = status
        self.language = language


@dataclass(frozen=True)
class Keys:
    """Recall and remember first answers, inside a write transaction."""

    keep_for: timedelta = KEEP_FOR

    @staticmethod
    def _now() -> datetime:
        return datetime.now(UTC)

    @staticmethod
    def _stamp(at: datetime) -> str:
        return at.isoformat(timespec="milliseconds")

    def recall(self, writer: Writer, retry: Retry | None) -> Replayed | None:
        """The first answer to this request, if it was given and is still kept."""
        if retry is None:
            return None
        first = writer.recall(retry.scope, retry.key, self._stamp(self._now()))
        if first is None:
            return None
        if first.fingerprint != retry.fingerprint:
            raise KeyReused("This Idempotency-Key was first sent with a different request; use a new key.")
        opened = retry.open(first.response)
        if opened is None:  # the same digest, another key: as good as a different request
            raise KeyReused("This Idempotency-Key was first sent with a different request; use a new key.")
        answer, language = opened
        return Replayed(answer, first.status, language)

    def remember(self, writer: Writer, retry: Retry | None, answer: Mapping[str, Any]) -> None:
        if retry is None:
            return
        at = self._now()
        kept = Remembered(retry.fingerprint, retry.status, retry.seal(answer))
        writer.remember(retry.scope, retry.key, kept, self._stamp(at), self._stamp(at + self.keep_for))
