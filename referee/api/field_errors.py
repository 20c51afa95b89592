"""Field errors, and every problem's title and detail, in the reader's
language (``Accept-Language``, as for rulings: ``language.py``).

marshmallow, webargs and the request's own checks (``request_body``,
``player_names``) speak English, with the values of the moment filled in
("Must be one of: table, virtual."). Each English message the API can give is
kept as its template in ``field_errors.json`` (a problem's title and detail:
``problem_texts.json``) with its ru, uk and it translations; a message is
matched back to its template, and the values it holds are put into the
translation unchanged (they are the request's own values, or the API's:
choices, bounds). The field names, the errors' shape
and any message not in the catalogue stay as they are.
"""

from __future__ import annotations

import json
import re
import string
from functools import cache
from pathlib import Path
from typing import Any

CATALOGUE = Path(__file__).with_name("field_errors.json")
PROBLEM_TEXTS = Path(__file__).with_name("problem_texts.json")  # every problem's title and detail


@cache
def catalogue() -> dict[str, dict[str, str]]:
    """English template -> {language: template}: the field errors, the problems' titles and details."""
    texts = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    return {**texts, **json.loads(PROBLEM_TEXTS.read_text(encoding="utf-8"))}


def _pattern(template: str) -> re.Pattern[str]:
    """A regular expression matching what the template gives once formatted, each value a named group."""
    parts = []
    for literal, name, _, _ in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if name is not None:
            parts.append(f"(?P<{name}>.+?)")
    return re.compile("".join(parts) + r"\Z", re.DOTALL)


@cache
def _matchers() -> tuple[dict[str, dict[str, str]], list[tuple[re.Pattern[str], dict[str, str]]]]:
    """The templates without values (looked up as they are), and those with
    values, the longest first, so that a general template never takes a
    message a more particular one words."""
    exact, patterns = {}, []
    for english, translations in catalogue().items():
        if any(name is not None for _, name, _, _ in string.Formatter().parse(english)):
            patterns.append((english, translations))
        else:
            exact[english] = translations
    patterns.sort(key=lambda item: -len(item[0]))
    return exact, [(_pattern(english), translations) for english, translations in patterns]


def translated(message: str, language: str) -> str:
    """One message in the language, or as it is when the catalogue does not know it."""
    if language == "en":
        return message
    exact, patterns = _matchers()
    if message in exact:
        return exact[message].get(language, message)
    for pattern, translations in patterns:
        found = pattern.match(message)
        if found is not None and language in translations:
            return translations[language].format(**found.groupdict())
    return message


def localised(errors: Any, language: str) -> Any:
    """Field errors as marshmallow shapes them (fields, indexes, lists of
    messages), each message in the language; keys stay as they are."""
    if isinstance(errors, dict):
        return {key: localised(value, language) for key, value in errors.items()}
    if isinstance(errors, list | tuple):
        return [localised(item, language) for item in errors]
    return translated(errors, language) if isinstance(errors, str) else errors
