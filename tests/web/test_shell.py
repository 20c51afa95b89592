"""The page's files under content-hashed addresses, cached for good; the page
itself revalidated; the list of the shell a cache keeps offline."""

from __future__ import annotations

import json
import os
import re
import shutil
from urllib.parse import urljoin

from referee.editions import shipped
from referee.web import STATIC
from referee.web.shell import IMMUTABLE, build, page_copy

REFERENCE = re.compile(r'(?:href|src)="(/web/[^"]+)"')
# Every address a module names: its static imports and the other literals it loads by.
NAMED = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}/[^"']+)["']""")
LANGUAGES = re.compile(r"export const LANGUAGES = \[([^\]]*)\]")


def hashed(shell, address: str) -> bool:
    return address.startswith(f"/web/{shell.digest}/")


def served_for_good(client, address: str) -> bytes:
    response = client.get(address)
    assert response.status_code == 200, address
    assert response.headers["Cache-Control"] == IMMUTABLE, address
    return response.data


def test_every_file_the_page_loads_is_hashed_and_cached_for_good(client, app):
    shell = app.extensions["referee.shell"]
    page = client.get("/play/some-game").get_data(as_text=True)
    waiting, seen = REFERENCE.findall(page), set()
    assert len(waiting) == 3  # the manifest, the styles and the first module
    while waiting:
        address = waiting.pop()
        if address in seen:
            continue
        seen.add(address)
        assert hashed(shell, address), f"{address} is not under the shell's hash"
        body = served_for_good(client, address).decode()
        waiting += [urljoin(address, target) for target in NAMED.findall(body)]
    # what the modules load by a name made at run time: the chosen language, the edition
    i18n = (STATIC / "js" / "i18n.js").read_text(encoding="utf-8")
    languages = re.findall(r'"(\w+)"', LANGUAGES.search(i18n).group(1))
    assert sorted(languages) == sorted(path.stem for path in (STATIC / "js" / "lang").glob("*.js"))
    later = [f"js/lang/{lang}.js" for lang in languages] + [
        f"editions/{e}.{lang}.json" for e in shipped() for lang in languages
    ]
    for path in later:
        served_for_good(client, shell.url(path))
    modules = {path.relative_to(STATIC).as_posix() for path in STATIC.rglob("*.js")} - {
        f"js/lang/{lang}.js" for lang in languages
    }
    assert {address.removeprefix(shell.url("")) for address in seen} >= modules  # no module left unreached


def test_a_shipped_edition_under_the_hash_is_the_api_s_document_as_a_page_in_each_language_reads_it(client, app):
    shell = app.extensions["referee.shell"]
    for edition_id in shipped():
        document = client.get(f"/editions/{edition_id}").json
        for lang in ("en", "ru", "uk", "it"):
            copy = client.get(shell.url(f"editions/{edition_id}.{lang}.json")).json
            assert copy == page_copy(document, lang)
            # what the page reads is there, in its language; what it never reads is not
            assert copy["spaces"][1]["name"] == {lang: document["spaces"][1]["name"][lang]}
            assert copy["decks"][0]["cards"][0]["text"] == {lang: document["decks"][0]["cards"][0]["text"][lang]}
            assert {"rules", "sources", "notes"}.isdisjoint(copy) and copy["plural_forms"] == document["plural_forms"]


def test_a_text_the_page_s_language_lacks_is_copied_in_the_language_the_page_would_fall_back_to():
    document = {
        "language": "ru",
        "name": {"ru": "Клуб", "en": "Club"},
        "spaces": [{"position": 0, "name": {"ru": "Старт"}, "price": 0}],
        "currency": {"unit": {"en": "", "ru": ""}},
        "rules": {"auction": {"start": 10}},
    }
    assert page_copy(document, "it") == {
        "language": "ru",
        "name": {"en": "Club"},  # English before the board's own language, as js/edition.js reads
        "spaces": [{"position": 0, "name": {"ru": "Старт"}, "price": 0}],
        "currency": {"unit": {}},
    }


def test_an_edition_without_mortgages_gives_the_page_no_mortgage_value_for_a_deed(client, app):
    # seed 002 l.87: «Застави в цій грі немає»: the deed card shows no mortgage (js/board.js shows one where
    # the space has it); an edition with mortgages keeps them
    shell = app.extensions["referee.shell"]
    ua = client.get(shell.url("editions/ua-industries.uk.json")).json
    assert all("mortgage" not in space and "mortgage" not in space.get("unconfirmed", ()) for space in ua["spaces"])
    classic = client.get(shell.url("editions/classic.en.json")).json
    assert classic["spaces"][1]["mortgage"] == 30


def test_the_page_itself_is_revalidated_and_a_reload_gets_a_304(client):
    for encoding in ("", "br"):
        first = client.get("/", headers={"Accept-Encoding": encoding})
        assert first.headers["Cache-Control"] == "no-cache"
        again = client.get("/play/g", headers={"Accept-Encoding": encoding, "If-None-Match": first.headers["ETag"]})
        assert again.status_code == 304 and again.data == b""


def test_another_release_s_address_or_a_file_the_shell_lacks_is_a_clear_404(client, app):
    shell = app.extensions["referee.shell"]
    for address in ("/web/0123456789abcdef/js/main.js", "/web/js/main.js", shell.url("editions/custom.json")):
        response = client.get(address)
        assert response.status_code == 404, address
        assert response.content_type == "application/problem+json"
    # as lasting as the files: under this hash the shell never gains one
    assert client.get(shell.url("editions/custom.json")).headers["Cache-Control"] == IMMUTABLE
    assert client.get(shell.url("../__init__.py")).status_code == 404


def test_a_change_to_a_file_moves_every_address_and_a_new_time_alone_does_not(tmp_path):
    static = tmp_path / "static"
    shutil.copytree(STATIC, static)
    edition = {"id": "x", "name": {"en": "X"}}
    before = build(static, {"x": edition})
    os.utime(static / "js" / "play.js", (1, 1))  # a checkout or a copy changes times, not content
    assert build(static, {"x": edition}) == before
    (static / "js" / "play.js").write_text((STATIC / "js" / "play.js").read_text(encoding="utf-8") + "\n// changed\n")
    changed = build(static, {"x": edition})
    assert changed.digest != before.digest
    assert before.url("js/main.js").encode() in before.page and changed.url("js/main.js").encode() in changed.page
    assert build(static, {"x": {**edition, "name": {"en": "Y"}}}).digest != before.digest


def test_the_shell_s_list_names_every_hashed_file_for_a_cache_to_keep(client, app):
    shell = app.extensions["referee.shell"]
    response = client.get("/web/shell.json")
    assert response.headers["Cache-Control"] == "no-cache"
    listed = response.json
    assert listed["version"] == shell.digest and listed["page"] == "/"
    assert set(listed["files"]) == {shell.url(path) for path in shell.files}
    assert {f"js/lang/{path.stem}.js" for path in (STATIC / "js" / "lang").glob("*.js")} <= set(shell.files)
    for address in listed["files"]:
        assert served_for_good(client, address)
    again = client.get("/web/shell.json", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304
    assert json.loads(shell.files["editions/classic.en.json"])["id"] == "classic"


def test_a_hashed_file_goes_at_brotli_s_smallest_to_a_phone_that_takes_brotli(client, app):
    import brotli

    shell = app.extensions["referee.shell"]
    address = shell.url("js/lang/en.js")
    plain = client.get(address, headers={"Accept-Encoding": "identity"})
    packed = client.get(address, headers={"Accept-Encoding": "gzip, br"})
    assert "Content-Encoding" not in plain.headers and plain.data == shell.files["js/lang/en.js"]
    assert (packed.headers["Content-Encoding"], packed.headers["Cache-Control"]) == ("br", IMMUTABLE)
    assert brotli.decompress(packed.data) == plain.data
    # smaller than the quick level compressing each answer anew would give
    assert len(packed.data) < len(brotli.compress(plain.data, quality=4))
    gzipped = client.get(address, headers={"Accept-Encoding": "gzip"})
    assert gzipped.headers["Content-Encoding"] == "gzip"
