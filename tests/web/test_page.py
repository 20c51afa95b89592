"""The phone page as the service serves it: the pages, their modules, the
setup choices, QR codes, and the cheap poll the page relies on."""

from __future__ import annotations

import re
from pathlib import Path

from referee.rules import HOUSE_RULES
from referee.web import STATIC
from tests.api.table import Table

JS = STATIC / "js"
IMPORT = re.compile(r"""^import\s[^;]*?from\s+"(\.[^"]+)";""", re.M | re.S)
KEY = re.compile(r"""^\s+"?([\w.]+)"?\s*:""", re.M)
USED = re.compile(r"""\bt\(\s*"([\w.]+)\"""")


def modules() -> list[Path]:
    return sorted(JS.rglob("*.js"))


def keys(path: Path) -> set[str]:
    return set(KEY.findall(path.read_text(encoding="utf-8"))) - {"one", "few", "many", "other"}


def test_the_start_page_and_the_play_page_are_the_same_app_with_strict_headers(client, app):
    main = app.extensions["referee.shell"].url("js/main.js")
    for path in ("/", "/play/some-game"):
        response = client.get(path)
        assert response.status_code == 200
        assert f'<script type="module" src="{main}">'.encode() in response.data
        assert response.headers["Referrer-Policy"] == "no-referrer"
        assert "script-src 'self'" in response.headers["Content-Security-Policy"]


def test_every_module_the_page_imports_is_served(client, app):
    shell = app.extensions["referee.shell"]
    for module in modules():
        for target in IMPORT.findall(module.read_text(encoding="utf-8")):
            resolved = (module.parent / target).resolve().relative_to(STATIC)
            response = client.get(shell.url(resolved.as_posix()))
            assert response.status_code == 200, f"{module.name} imports missing {target}"
            assert "javascript" in response.content_type


def test_every_word_the_page_uses_exists_in_english():
    english = keys(JS / "lang" / "en.js")
    for module in modules():
        for key in USED.findall(module.read_text(encoding="utf-8")):
            assert key in english, f"{module.name} uses {key!r}, missing from lang/en.js"


def test_russian_ukrainian_and_italian_say_everything_english_says():
    english = keys(JS / "lang" / "en.js")
    for lang in ("ru", "uk", "it"):
        translated = keys(JS / "lang" / f"{lang}.js")
        assert english - translated == set(), f"{lang} lacks {sorted(english - translated)}"
        assert translated - english == set(), f"{lang} has unknown {sorted(translated - english)}"


def test_setup_choices_come_from_the_create_schema(client):
    choices = client.get("/web/setup.json").json
    assert choices["variants"] == ["standard", "short", "timed"]
    options = {o["name"]: o for o in choices["options"]}
    assert options["house_rules"] == {**options["house_rules"], "kind": "many", "choices": list(HOUSE_RULES)}
    assert options["rent_collection"]["choices"] == ["claim", "automatic"]
    assert options["ends_at"]["kind"] == "datetime"


def test_a_qr_code_is_an_svg_of_the_posted_link():
    from referee.web.qr import svg

    small, large = svg("http://x/play/g#token=a"), svg("http://x/play/g#token=" + "a" * 300)
    assert small.startswith(b"<svg") and b"<path" in small
    assert len(large) > len(small)  # more data, a bigger code


def test_qr_codes_are_made_from_the_body_so_no_token_reaches_a_url(client):
    response = client.post("/web/qr.svg", data="http://x/play/g#seat=0&token=secret")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    assert response.headers["Cache-Control"] == "no-store"
    assert client.get("/web/qr.svg?text=http://x/play/g").status_code == 404  # no way to put it in a URL


def test_an_empty_or_oversized_qr_request_is_refused_as_problem_details(client):
    for body in ("", "x" * 1001):
        response = client.post("/web/qr.svg", data=body)
        assert response.status_code == 422
        assert response.content_type == "application/problem+json"


def test_a_poll_with_the_current_version_is_answered_without_building_the_state(client, app, monkeypatch):
    table = Table(client)
    version = table.state()["version"]

    def no_view(game_id):
        raise AssertionError("a 304 must not build the state view")

    monkeypatch.setattr(app.extensions["referee"], "game", no_view)
    response = client.get(f"/games/{table.id}", headers={**table.headers(), "If-None-Match": f'"{version}"'})
    assert response.status_code == 304
    assert response.headers["ETag"] == f'"{version}"'


def test_a_poll_with_an_old_version_gets_the_new_state(client):
    table = Table(client)
    old = table.state()["version"]
    table.roll(0, 1, 2)
    response = client.get(f"/games/{table.id}", headers={**table.headers(), "If-None-Match": f'"{old}"'})
    assert response.status_code == 200
    assert response.json["version"] == old + 1
    assert response.headers["ETag"] == f'"{old + 1}"'


def test_a_poll_for_a_game_of_another_table_learns_nothing(client):
    mine, theirs = Table(client), Table(client)
    response = client.get(f"/games/{theirs.id}", headers={**mine.headers(), "If-None-Match": '"1"'})
    assert response.status_code == 404


DEFINED = re.compile(r"""\bdefine(Action|Pending)\(\s*"(\w+)\"""")


def defined(kind: str) -> set[str]:
    return {
        name for module in modules() for k, name in DEFINED.findall(module.read_text(encoding="utf-8")) if k == kind
    }


def test_every_action_the_server_knows_has_a_control_of_its_own_on_the_page():
    from referee.rules import ACTIONS

    # an unknown type would still get a plain button; every known one gets its real form
    assert set(ACTIONS) - defined("Action") == set()


def test_every_pending_item_the_server_knows_reads_as_a_sentence_on_the_page():
    from referee.rules.pending import PENDING_TYPES

    assert set(PENDING_TYPES) - defined("Pending") == set()


def test_the_page_names_no_edition_editions_are_data():
    from referee.editions import shipped

    for module in modules():
        text = module.read_text(encoding="utf-8")
        for edition in shipped():
            assert f'"{edition}"' not in text, f"{module.name} names the edition {edition}"


# A read of a property called ``rules`` (``x.rules``, ``x?.rules``, ``x["rules"]``),
# with what it is read from; and a class getter that would hand one out.
RULES_READ = re.compile(r"""([\w$\])]+)\s*\??\.\s*rules\b|\[\s*["']rules["']\s*\]|\bget\s+rules\s*\(""")
# The one ``rules`` the page may read: a contested question's answer lists the
# ids of the rules it rests on (questions.js), which is what the server said,
# not a parameter of the edition.
NOT_EDITION_RULES = {"answer"}


# Quoted text other than the bare word "rules" (the page's words, such as the
# key "tab.rules", say nothing about what it reads).
QUOTED = re.compile(r""""(?!rules")[^"\n]*"|'(?!rules')[^'\n]*'""")


def rule_parameter_reads(text: str) -> list[str]:
    """Every read of an edition's rule parameters in a module's text."""
    code = QUOTED.sub('""', text)
    return [m.group(0) for m in RULES_READ.finditer(code) if m.group(1) not in NOT_EDITION_RULES]


def test_the_scan_for_rule_parameters_catches_every_way_the_page_once_read_them():
    once = 'c.edition.rules.auction?.min_raise; doc?.rules?.variants; this.doc.rules || {}; get rules() {; d["rules"]'
    assert len(rule_parameter_reads(once)) == 5
    assert rule_parameter_reads('answer.rules?.length; answer.rules.join(", "); t("tab.rules"); "x.rules.y"') == []


def test_the_page_reads_no_rule_parameter_of_the_edition_the_allowed_options_say_it_all():
    """The page derives no rule: the minimum bid, the jail fine, how many houses
    before a hotel, refunds, interest and which variants a table may choose all
    come from the state's ``allowed`` options and the editions' summaries, so
    that what a phone offers is what the engine accepts. An edition document's
    ``rules`` (its parameters) is read nowhere in the page's modules; the only
    ``rules`` read is a contested answer's list of rule ids (questions.js)."""
    found = {module.name: rule_parameter_reads(module.read_text(encoding="utf-8")) for module in modules()}
    assert {name: reads for name, reads in found.items() if reads} == {}


def test_the_page_s_files_are_sent_compressed_and_the_state_keeps_its_version_tag(client, app):
    import brotli

    shell = app.extensions["referee.shell"]
    for name in ("js/play.js", "editions/classic.en.json"):
        plain = client.get(shell.url(name))
        packed = client.get(shell.url(name), headers={"Accept-Encoding": "gzip, deflate, br"})
        assert packed.headers["Content-Encoding"] == "br"
        assert brotli.decompress(packed.data) == plain.data and len(packed.data) < len(plain.data) / 2
    table = Table(client)
    state = client.get(f"/games/{table.id}", headers={**table.headers(), "Accept-Encoding": "gzip, br"})
    assert "Content-Encoding" not in state.headers  # its ETag is the version that If-Match sends back
    assert state.headers["ETag"] == f'"{state.json["version"]}"'


def test_every_reason_money_moves_for_has_the_page_s_own_words():
    # a reason without them reads as its capitalised id mid-sentence: "M60 (Reversal)"
    from referee.editions.catalog import catalog

    reasons = set(catalog().rules["journal.reversal"].phrases["reason"]) | {"reversal"}
    english = keys(JS / "lang" / "en.js")
    assert sorted(r for r in reasons if f"reason.{r}" not in english) == []
