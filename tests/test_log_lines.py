"""What a request brings reaches a log line printable: control characters and
other non-printable ones as escapes, bytes that are not UTF-8 as ``\\xNN``,
readable text as it is; the app's own error records (Flask's "Exception on
PATH") are one line each, their traceback included."""

import logging

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee import create_app
from referee.api import games
from referee.log_lines import access_line, from_wire, printable


@pytest.mark.parametrize(
    "text, shown",
    [
        ("/games/abc?lang=ru", "/games/abc?lang=ru"),
        ("Анна, Éloïse", "Анна, Éloïse"),
        ("a\nb\r\tc", r"a\nb\r\tc"),
        ("\x1b[31m\x00\x7f\x85", r"\x1b[31m\x00\x7f\x85"),
        ("back\\slash", r"back\\slash"),
        ("\u2028\u202e\ufeff\U000e0001", r"\u2028\u202e\ufeff\U000e0001"),
    ],
    ids=["plain", "accents and cyrillic", "line breaks", "terminal codes", "backslash", "separators and bidi"],
)
def test_text_is_shown_on_one_line_with_every_non_printable_character_escaped(text, shown):
    assert printable(text) == shown


def test_a_quoted_field_escapes_its_quote_and_other_text_does_not():
    assert printable('say "hi"', quoted=True) == r"say \"hi\"" and printable('say "hi"') == 'say "hi"'


def test_request_bytes_show_as_their_utf8_and_each_byte_that_is_not_as_an_escape():
    wire = b"\xc3\xa9\xff\n".decode("latin-1")  # how a WSGI server hands them over (PEP 3333)
    assert from_wire(wire) == r"é\xff\n"


@given(st.binary())
def test_no_bytes_a_client_sends_give_a_character_that_is_not_printable(sent):
    shown = from_wire(sent.decode("latin-1"), quoted=True)
    assert shown.isprintable() and '"' not in shown.replace('\\"', "")


@given(st.text())
def test_no_text_is_shown_with_a_character_that_is_not_printable(text):
    assert printable(text).isprintable()


def test_every_value_of_the_access_line_from_the_request_is_escaped_and_the_line_is_one():
    forged = "x\n127.0.0.1 - - [02/Dec/2026:08:00:00 +0000] \x1b"
    environ = {
        "REMOTE_ADDR": forged,  # a proxy's X-Forwarded-For, when REFEREE_PROXIES trusts one
        "REQUEST_METHOD": forged,
        "PATH_INFO": "/games/" + forged,
        "QUERY_STRING": forged,
        "SERVER_PROTOCOL": forged,
        "HTTP_REFERER": forged,
        "HTTP_USER_AGENT": forged,
    }
    line = access_line(environ, "404 NOT FOUND", "194")
    assert line.isprintable() and line.count(r"\n127.0.0.1") == 7 and line.count(r"\x1b") == 7


def test_the_app_logs_a_request_that_failed_on_one_line_whatever_its_path(tmp_path, monkeypatch, caplog):
    app = create_app({"REFEREE_DATABASE": str(tmp_path / "referee.sqlite3"), "PROPAGATE_EXCEPTIONS": False})

    def broken(game_id):  # a bug whose message quotes the request
        raise RuntimeError(f"no table {game_id}")

    monkeypatch.setattr(games, "authenticate", broken)
    forged = "/games/x%0a[2026-12-02 08:00:00,000] INFO in games: %1b[31mforged"
    with caplog.at_level(logging.ERROR, logger="referee"):
        assert app.test_client().get(forged).status_code == 500
    assert caplog.text.count("\n") == 1, caplog.text  # one record, one line, its traceback included
    assert r"Exception on /games/x\n[2026-12-02 08:00:00,000] INFO in games: \x1b[31mforged [GET]" in caplog.text
    assert r"\nRuntimeError: no table x\n[2026-12-02" in caplog.text and "\x1b" not in caplog.text
