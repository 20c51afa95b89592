"""The page's shell under an address that names its content: every file of
``static/`` and every shipped edition's document, hashed once at start-up.

One digest of all the files makes a directory, ``/web/<digest>/``, rather than
one hash per file name, so that the modules' relative imports (``./api.js``,
the language pack chosen at run time, ``../editions/classic.en.json``) resolve to
hashed addresses as written, in every browser that runs modules, with no
import map (an inline script the page's CSP would have to allow, and which
older phones lack). The cost: any change moves every file, so a new release is
one full download per phone; a reload between releases asks for nothing.
"""

from __future__ import annotations

import functools
import hashlib
import json
import mimetypes
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:  # what flask-compress itself uses
    import brotli
except ImportError:  # pragma: no cover - the CFFI build on platforms without the C one
    import brotlicffi as brotli

PAGE = "index.html"
EDITIONS = "editions"
# A year, the longest lifetime caches honour; immutable: not even a reload revalidates.
IMMUTABLE = "public, max-age=31536000, immutable"
REFERENCE = re.compile(r'(?<=")/web/([^"]+)(?=")')


@dataclass(frozen=True)
class Shell:
    """The page and the files it loads, as served for the life of the process.

    Attributes:
        digest: hash of every file's path and content; the directory of their addresses.
        files: content by path under ``/web/<digest>/`` (``js/main.js``, ``editions/classic.en.json``).
        page: ``index.html`` with its references to ``/web/...`` rewritten to the hashed addresses.
        page_tag: the page's own hash, its ETag (the page is revalidated, never cached blind).
    """

    digest: str
    files: Mapping[str, bytes]
    page: bytes
    page_tag: str

    def brotli(self, path: str) -> bytes:
        """A file at brotli's smallest (quality 11), made on its first request and kept:
        the files never change in a process, so the slow best effort is paid once, not
        per request as flask-compress's quicker level would be (a fifth more bytes)."""
        return smallest(self.files[path])

    def url(self, path: str) -> str:
        return f"/web/{self.digest}/{path}"

    def urls(self) -> list[str]:
        """Every hashed address, in a stable order: what a cache of the app shell holds."""
        return [self.url(path) for path in self.files]

    def mimetype(self, path: str) -> str:
        return mimetypes.guess_type(path)[0] or "application/octet-stream"


@functools.lru_cache(maxsize=256)
def smallest(content: bytes) -> bytes:
    """Kept by content, not by shell: every app of a process (a test suite starts hundreds)
    builds the same shell, and each would otherwise spend half a second compressing it again."""
    return brotli.compress(content, quality=11)


def digest_of(files: Mapping[str, bytes]) -> str:
    """A short hash of the paths and contents (not times: two workers must agree)."""
    total = hashlib.sha256()
    for path in sorted(files):
        total.update(path.encode() + b"\0" + hashlib.sha256(files[path]).digest())
    return total.hexdigest()[:16]


UNREAD_BY_THE_PAGE = ("sources", "notes", "rules")
"""What the page's copy of an edition leaves out: the start page reads the sources and notes from
``GET /editions``, and the page derives no rule, so it has no use for the rule parameters."""


def page_copy(document: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """An edition's document as the page in ``lang`` reads it, a third of its size: without what
    the page never reads, and each text in the one language the page shows it in -- ``lang``,
    else English, else the edition's own, else any (``Edition.text`` in ``js/edition.js``)."""
    order = (lang, "en", document.get("language", ""))
    languages = {lang, "en", document.get("language", "")}

    def read(value: Any) -> Any:
        if isinstance(value, Mapping):
            if value and all(isinstance(text, str) for text in value.values()) and languages & value.keys():
                shown = next((key for key in (*order, *value) if value.get(key)), None)
                return {} if shown is None else {shown: value[shown]}
            return {key: read(item) for key, item in value.items()}
        return [read(item) for item in value] if isinstance(value, list) else value

    copy = {key: read(value) for key, value in document.items() if key not in UNREAD_BY_THE_PAGE}
    return copy if _mortgages(document) else {**copy, "spaces": [_no_mortgage(space) for space in copy["spaces"]]}


def _mortgages(document: Mapping[str, Any]) -> bool:
    """Whether the edition has mortgages (seed 002: «Застави в цій грі немає»): without them a space's
    ``mortgage`` is no mortgage, and a deed on the page shows none."""
    return document.get("rules", {}).get("mortgage", {}).get("enabled", True)


def _no_mortgage(space: Mapping[str, Any]) -> dict[str, Any]:
    unconfirmed = [field for field in space.get("unconfirmed", ()) if field != "mortgage"]
    kept = {key: value for key, value in space.items() if key not in ("mortgage", "unconfirmed")}
    return {**kept, "unconfirmed": unconfirmed} if "unconfirmed" in space else kept


def build(static: Path, documents: Mapping[str, Any]) -> Shell:
    """The shell of ``static/`` plus the editions' documents (JSON, by edition id)."""
    files = {
        path.relative_to(static).as_posix(): path.read_bytes()
        for path in sorted(static.rglob("*"))
        if path.is_file() and path.name != PAGE
    }
    languages = sorted(path.stem for path in (static / "js" / "lang").glob("*.js"))
    for edition_id, document in documents.items():
        for lang in languages:
            text = json.dumps(page_copy(document, lang), ensure_ascii=False, separators=(",", ":"))
            files[f"{EDITIONS}/{edition_id}.{lang}.json"] = text.encode()
    digest = digest_of(files)
    source = (static / PAGE).read_text(encoding="utf-8")

    def hashed(found: re.Match[str]) -> str:
        path = found.group(1)
        return f"/web/{digest}/{path}" if path in files else found.group(0)

    page = REFERENCE.sub(hashed, source).encode()
    return Shell(digest, files, page, hashlib.sha256(page).hexdigest()[:16])
