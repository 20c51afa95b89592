"""Rulings, rules and contested answers as a reader sees them: in the reader's
language, with the booklet's own words.

Nothing here changes stored data. A ruling is stored once, with its rule id,
its English text and language-neutral values; each response re-renders it
from the catalog's template for the language asked (for English, the stored
text), and adds the edition's booklet wording. Texts fall back to English
where no translation is written; ``lang`` says which language a text is in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from referee.editions import shipped
from referee.editions.catalog import LANGUAGES, Question, Quote, RuleEntry, catalog, is_amount, parameter
from referee.rules import phrases
from referee.rules.edition import Edition
from referee.rules.rulings import ALSO, RULES, Terms, render
from referee.rules.state import Options
from referee.rules.table_management import TABLE_DECISION
from referee.rules.taxes import JACKPOT_FEE

__all__ = ["LANGUAGES", "localise", "question_view", "questions", "rule_view", "rules", "ruling_view"]

FOLLOWED_BEFORE_ALSO = (JACKPOT_FEE,)
"""Rules whose English words were added to another ruling's text before
``also`` named them: a tax or fine paid into the pot, stored so, still reads
with the house rule's sentence in every language."""


def _pick(texts: Mapping[str, str], lang: str) -> tuple[str | None, str]:
    """A text in the language, else English; and the language it is in."""
    if lang in texts:
        return texts[lang], lang
    return texts.get("en"), "en"


def quotes(found: Iterable[Quote]) -> list[dict[str, str]]:
    return [{"seed": q.seed, "title": q.title, "lang": q.lang, "quote": q.text} for q in found]


def _phrased(entry: RuleEntry, values: Mapping[str, Any], edition: Edition, lang: str) -> dict[str, Any]:
    """Values the engine gave as language-neutral keys ("bank"), in the
    language's words, the edition's own among them (``{term.jail}``), also
    where a list of [spec, value] pairs holds them (``{was:items}``); a ruling
    stored when they were English words reads the same."""
    shown = dict(values)
    for name, table in entry.phrases.items():
        value = shown.get(name)
        if _listed(value):
            shown[name] = [_pair(table, spec, item, edition, lang) for spec, item in value]
        else:
            shown[name] = _words(table, value, edition, lang)
    return shown


def _listed(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(pair, list | tuple) and len(pair) == 2 for pair in value)


def _pair(table: Mapping[str, Mapping[str, str]], spec: str, item: Any, edition: Edition, lang: str) -> list:
    words = _words(table, item, edition, lang) if spec == phrases.PHRASE else item
    return [spec, item] if words is item else ["", words]


def _words(table: Mapping[str, Mapping[str, str]], value: Any, edition: Edition, lang: str) -> Any:
    """A key's words in the language (the value as it is when it is no key of ``table``)."""
    key = phrases.key(value)
    if not (isinstance(key, str) and key in table):
        return value
    words = table[key].get(lang)
    if words is None:
        return phrases.english(value if phrases.particulars(value) else key, edition)
    return render(words, phrases.particulars(value), edition, lang, sentence=False) if "{" in words else words


# -- rulings ------------------------------------------------------------------


def ruling_view(ruling: Mapping[str, Any], edition: Edition, lang: str = "en") -> dict[str, Any]:
    """A stored ruling (rule, text, values, house_rule) for a reader: its
    explanation in ``lang`` where written, and the booklet's wording."""
    entry = catalog().rules.get(ruling["rule"])
    text, shown = ruling["text"], "en"
    translated = _translated(entry, ruling, edition, lang) if entry and lang != "en" else None
    if translated is not None:
        text, shown = translated, lang
    booklet = quotes(entry.booklet.get(edition.id, ())) if entry else []
    decided = ruling.get("values", {}).get("house_rule") == TABLE_DECISION  # the table's, not a house rule
    return {**ruling, "text": text, "lang": shown, "booklet": booklet, "table_decision": decided}


def _translated(entry: RuleEntry, ruling: Mapping[str, Any], edition: Edition, lang: str) -> str | None:
    """The ruling's explanation in ``lang``, followed by the rule that follows
    it where one does; None when a template is not written in it."""
    values = ruling.get("values", {})
    followed = _followed_by(values, ruling["text"], edition)
    texts = []
    for part in (entry, followed) if followed else (entry,):
        template = part.template(edition.id, lang)
        if not template:
            return None
        shown = {**_phrased(part, values, edition, lang), "term": Terms(edition, lang)}
        try:
            texts.append(render(template, shown, edition, lang))
        except (KeyError, IndexError, AttributeError, ValueError, TypeError):
            return None  # a ruling stored before its values changed: its English text still explains it
    return " ".join(texts)


def _followed_by(values: Mapping[str, Any], text: str, edition: Edition) -> RuleEntry | None:
    """The rule named in ``also``; or, in a ruling stored before ``also`` was,
    the rule whose English words end its text."""
    also = values.get(ALSO)
    if isinstance(also, str):
        return catalog().rules.get(also)
    if "house_rule" in values:
        for rule in FOLLOWED_BEFORE_ALSO:
            if text.endswith(" " + render(rule.template, {}, edition)):
                return catalog().rules.get(rule.id)
    return None


def localise(item: Mapping[str, Any], edition: Edition, lang: str) -> dict[str, Any]:
    """An event, ledger entry or pending item with its rulings for a reader."""
    shown = dict(item)
    if "rulings" in shown:
        shown["rulings"] = [ruling_view(r, edition, lang) for r in shown["rulings"]]
    if isinstance(shown.get("ruling"), Mapping):
        shown["ruling"] = ruling_view(shown["ruling"], edition, lang)
    return shown


# -- rules ----------------------------------------------------------------------


def rule_view(entry: RuleEntry, edition: Edition, lang: str = "en") -> dict[str, Any]:
    statement, shown = _pick(entry.statement, lang)
    statement = render(statement, {}, edition, shown)  # in the edition's own words: {term.go}
    declared = RULES.get(entry.id)
    template = entry.template(edition.id, lang) or entry.template(edition.id, "en")
    return {
        "id": entry.id,
        "statement": statement,
        "lang": shown,
        "explanation": template,
        "house_rule": bool(declared and declared.house_rule),
        "applies": entry.applies_to(edition),
        "parameters": {path: parameter(edition, path) for path in entry.parameters},
        "amounts": [path for path in entry.parameters if is_amount(path)],
        **parameter_words(entry.parameters, edition, lang),
        "booklet": quotes(entry.booklet.get(edition.id, ())),
        "contested": catalog().questions_about(entry.id),
        "area": entry.area,
        "unused": entry.unused,
    }


def parameter_words(paths: Iterable[str], edition: Edition, lang: str) -> dict[str, dict[str, str]]:
    """The parameters' names in the reader's language, in the edition's own words ("Fine to leave
    (tax inspection)"), and their values that are no number in words ("yes", "at any time")."""
    found = catalog()
    labels, words = {}, {}
    for path in paths:
        if path in found.labels:
            label, shown = _pick(found.labels[path], lang)
            labels[path] = render(label, {}, edition, shown)
        value = parameter(edition, path)
        key = "none" if value is None else str(value).lower() if isinstance(value, bool) else value
        if isinstance(key, str) and key in found.value_words:
            words[path] = _pick(found.value_words[key], lang)[0]
    return {"labels": labels, "words": words}


def rules(edition: Edition, lang: str = "en") -> list[dict[str, Any]]:
    return [rule_view(entry, edition, lang) for entry in sorted(catalog().rules.values(), key=lambda e: e.id)]


# -- contested questions --------------------------------------------------------------


def _answer_text(question: Question, edition: Edition, lang: str, options: Options | None) -> tuple[str, str]:
    answer = question.answer(edition, options)
    texts = answer.in_game if options is not None and answer.in_game else answer.text
    template, shown = _pick(texts, lang)
    return render(template, question.values(edition), edition, shown), shown


def _elsewhere(question: Question, edition: Edition, verdict: str, lang: str) -> tuple[list[dict], list[str]]:
    """Editions that answer differently (with their answer and source), and those that agree."""
    editions = shipped()
    differ, agree = [], []
    for other in sorted(set(editions) | set(question.editions)):
        if other == edition.id:
            continue
        entry = question.editions.get(other)
        if other in editions:
            said, (text, _) = question.verdict(editions[other]), _answer_text(question, editions[other], lang, None)
        elif entry is not None and entry.verdict is not None:
            said, text = entry.verdict, None
        else:
            continue
        if said == verdict:
            agree.append(other)
            continue
        note = _pick(entry.note, lang)[0] if entry else None
        booklet = quotes(entry.booklet) if entry else []
        differ.append({"edition": other, "verdict": said, "answer": text, "booklet": booklet, "note": note})
    return differ, agree


def question_view(
    question: Question, edition: Edition, lang: str = "en", options: Options | None = None
) -> dict[str, Any]:
    """The edition's answer, or a game's (with its house rules and options)."""
    ask, shown = _pick(question.asked(edition), lang)
    edition_verdict = question.verdict(edition)  # the booklet's answer, which other editions are compared with
    answer = question.answer(edition, options)
    text, _ = _answer_text(question, edition, lang, options)
    entry = question.editions.get(edition.id)
    differ, agree = _elsewhere(question, edition, edition_verdict, lang)
    view = {
        "id": question.id,
        "question": render(ask, question.values(edition), edition, shown),
        "lang": shown,
        "verdict": question.verdict(edition, options),
        "answer": text,
        "house_rule": answer.house_rule,
        "arises": answer.arises,
        "rules": list(question.rules),
        "parameters": {path: parameter(edition, path) for path in question.parameters.values()},
        "amounts": [path for path in question.parameters.values() if is_amount(path)],
        "booklet": quotes(entry.booklet) if entry else [],
        "note": _pick(entry.note, lang)[0] if entry else None,
        "elsewhere": differ,
        "same_in": agree,
    }
    if options is not None:
        view["booklet_verdict"] = question.verdict(edition, question.booklet_options(edition, options))
    return view


def questions(
    edition: Edition, lang: str = "en", options: Options | None = None, only: str | None = None
) -> list[dict[str, Any]]:
    found = catalog().questions
    chosen = [found[only]] if only else list(found.values())
    return [question_view(q, edition, lang, options) for q in chosen]
