"""Player names carry no gender, so no Russian or Ukrainian text puts a verb or
a short adjective that agrees with a gender right after one: «Оксана взяв
картку» reads wrong for a woman, «Борис взяла» for a man."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK = ROOT / "referee" / "editions" / "rulebook"
LANG = ROOT / "referee" / "web" / "static" / "js" / "lang"

PLAYER = r"\{(?:name|owner|payer|debtor|partner|offerer|holder|current|old)\}"
SOFTENERS = r"(?:(?:ещё|уже|не|ничего|никому|ще|вже|нічого|нікому)\s+)*"
# a past tense (взял, взяв, выиграл(а)) or a short adjective that agrees (должен, винен)
GENDERED = r"(?:[а-яіїєґё'’]+(?:л|в)(?:\(а\)|\(ла\))?|должен|должна|винен|винна|повинен|последний|останній)\b"
AGREES = re.compile(PLAYER + r"\s+" + SOFTENERS + GENDERED, re.IGNORECASE)
# words ending like a past tense that are not verbs
NOT_VERBS = {"їв", "лев"}


def _strings(node, path=()):
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _strings(value, (*path, key))
    elif isinstance(node, str):
        yield path, node


def _catalog_texts():
    """Every ru/uk explanation and phrase of the rule catalog (booklet quotes are the seeds' own words)."""
    for file in sorted(RULEBOOK.rglob("*.json")):
        for path, text in _strings(json.loads(file.read_text(encoding="utf-8"))):
            if path[-1] in ("ru", "uk") and "booklet" not in path:
                yield f"{file.name}: {'.'.join(path)}", text


def _label_texts():
    for lang in ("ru", "uk"):
        for number, line in enumerate((LANG / f"{lang}.js").read_text(encoding="utf-8").splitlines(), 1):
            yield f"{lang}.js:{number}", line


def _agreeing(texts):
    return [
        f"{where}: {found.group(0)}"
        for where, text in texts
        for found in AGREES.finditer(text)
        if found.group(0).split()[-1].lower() not in NOT_VERBS
    ]


@pytest.mark.parametrize("texts", [_catalog_texts, _label_texts], ids=["rulings", "labels"])
def test_no_russian_or_ukrainian_text_gives_a_player_a_gender(texts):
    assert _agreeing(texts()) == []


def test_the_check_catches_a_masculine_verb_after_a_name():
    assert _agreeing([("uk.js", '"draw.title": "{name} взяв картку «{deck}»"')]) == ["uk.js: {name} взяв"]
    assert _agreeing([("ru", "{name} ещё не выставлял {place:space}")]) == ["ru: {name} ещё не выставлял"]
    assert _agreeing([("ru", "{name} выиграл(а) на аукционе")]) == ["ru: {name} выиграл"]
    assert _agreeing([("uk", "{name} кидає кубики")]) == []
