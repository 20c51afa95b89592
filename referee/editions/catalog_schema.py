"""The shape of the rule catalog's files, and the checks that its parts agree
with each other and with the engine (see ``referee.editions.catalog``)."""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, validate, validates_schema
from marshmallow import fields as mf

from referee.rules.edition import Rules
from referee.rules.engine import HOUSE_RULES
from referee.rules.parameters import Variant
from referee.rules.plurals import CASES
from referee.rules.rulings import COUNTED, RULES
from referee.rules.state import Options

LANGUAGES = ("en", "ru", "uk", "it")
RULE_ID = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$")
EDITION_ID = validate.Regexp(r"^[a-z0-9][a-z0-9-]{1,39}$", error="an edition id")
TERM = "term"  # templates may show the edition's own words: {term.go}, {term.jail}


def _texts(*, english: bool) -> mf.Dict:
    """A text per language; ``english``: required, with its English text."""
    texts = {
        "keys": mf.String(validate=validate.OneOf(LANGUAGES)),
        "values": mf.String(validate=validate.Length(min=1, max=2000)),
    }
    if english:
        return mf.Dict(required=True, validate=_has_english, **texts)
    return mf.Dict(load_default=dict, **texts)


def _has_english(texts: Mapping[str, str]) -> None:
    if "en" not in texts:
        raise ValidationError("an English text ('en') is required")


class Strict(Schema):
    class Meta:
        unknown = RAISE


class QuoteSchema(Strict):
    seed = mf.String(required=True)
    quote = mf.String(required=True, validate=validate.Length(min=1, max=2000))


class RuleEditionSchema(Strict):
    booklet = mf.List(mf.Nested(QuoteSchema), load_default=list)
    explain = _texts(english=False)


class RuleSchema(Strict):
    statement = _texts(english=True)
    explain = _texts(english=False)
    phrases = mf.Dict(
        keys=mf.String(), values=mf.Dict(keys=mf.String(), values=_texts(english=False)), load_default=dict
    )
    values = mf.List(mf.String(), load_default=list)
    parameters = mf.List(mf.String(), load_default=list)
    applies = mf.Dict(keys=mf.String(), values=mf.Raw(allow_none=True), load_default=dict)
    editions = mf.Dict(keys=mf.String(validate=EDITION_ID), values=mf.Nested(RuleEditionSchema), load_default=dict)
    unused = mf.String(load_default=None, validate=validate.Length(min=1))


class AreaSchema(Strict):
    title = _texts(english=False)
    rules = mf.Dict(keys=mf.String(), values=mf.Nested(RuleSchema), required=True)


class AnswerSchema(Strict):
    when = mf.Dict(keys=mf.String(), values=mf.Raw(allow_none=True), load_default=dict)
    verdict = mf.String(required=True, validate=validate.Length(min=1, max=200))
    text = _texts(english=True)
    in_game = _texts(english=False)
    house_rule = mf.Boolean(load_default=False)
    arises = mf.Boolean(load_default=True)


class QuestionEditionSchema(Strict):
    ask = _texts(english=False)
    verdict = mf.String(load_default=None)
    booklet = mf.List(mf.Nested(QuoteSchema), load_default=list)
    note = _texts(english=False)
    answers = mf.List(mf.Nested(AnswerSchema), load_default=list)

    @validates_schema
    def _says_something(self, data, **kwargs):
        if data["verdict"] is None and "en" not in data["note"]:
            raise ValidationError("without a verdict, an English note must say why the booklet gives none")


class QuestionSchema(Strict):
    ask = _texts(english=True)
    rules = mf.List(mf.String(), load_default=list)
    parameters = mf.Dict(keys=mf.String(validate=validate.Regexp(r"^[a-z_]+$")), values=mf.String(), load_default=dict)
    answers = mf.List(mf.Nested(AnswerSchema), required=True, validate=validate.Length(min=1))
    editions = mf.Dict(keys=mf.String(validate=EDITION_ID), values=mf.Nested(QuestionEditionSchema), load_default=dict)


class ContestedSchema(Strict):
    questions = mf.Dict(keys=mf.String(validate=validate.Regexp(r"^[a-z_]+$")), values=mf.Nested(QuestionSchema))


class ParametersSchema(Strict):
    """``parameters.json``: each edition parameter a rule or question reads, by its path, named in
    every language (a reader sees it so beside its value), and the words of its non-number values."""

    labels = mf.Dict(keys=mf.String(validate=validate.Regexp(r"^rules(\.[a-z_]+)+$")), values=_texts(english=True))
    values = mf.Dict(keys=mf.String(validate=validate.Regexp(r"^[a-z_]+$")), values=_texts(english=True))


class SeedSchema(Strict):
    lang = mf.String(required=True, validate=validate.OneOf(LANGUAGES))
    title = mf.String(required=True)
    editions = mf.List(mf.String(validate=EDITION_ID), required=True)


# -- consistency checks -------------------------------------------------------------


def placeholders(template: str) -> dict[str, str]:
    """The fields a template fills, by root name, with their format specs."""
    found: dict[str, str] = {}
    nested = []
    for _, name, spec, _ in string.Formatter().parse(template):
        if name is not None:
            found[re.split(r"[.\[]", name, maxsplit=1)[0]] = spec or ""
            nested += [inner for _, inner, _, _ in string.Formatter().parse(spec or "") if inner]
    for name in nested:  # a value a spec names ({left:n.{kind}}: the piece counted)
        found.setdefault(name, "")
    return found


def _path_problem(path: str) -> str | None:
    head, _, rest = path.partition(".")
    value: Any = Rules()
    if head != "rules" or not rest:
        return f"parameter {path!r} must start with 'rules.'"
    for part in rest.split("."):
        if not hasattr(value, part):
            return f"parameter {path!r} is not an edition parameter ({part!r} unknown)"
        value = getattr(value, part)
    return None


def _booklet_problems(where: str, edition_id: str, quotes: list[dict], seeds: Mapping[str, Any]) -> list[str]:
    problems = []
    for q in quotes:
        seed = seeds.get(q["seed"])
        if seed is None:
            problems.append(f"{where}: seed {q['seed']!r} is not in seeds.json")
        elif edition_id not in seed.editions:
            problems.append(f"{where}: seed {q['seed']} is not a source of edition {edition_id}")
    return problems


def _uncased(spec: str, allowed: str) -> str:
    """A count's spec as the English template writes it: a translation may ask for
    it in a case (``n.house.acc`` for ``n.house``, see ``referee.rules.plurals``)."""
    for case in CASES:
        if allowed.startswith(COUNTED) and spec == f"{allowed}.{case}":
            return allowed
    return spec


def _template_problems(where: str, template: str, allowed: Mapping[str, str] | None) -> list[str]:
    try:
        used = placeholders(template)
    except ValueError as bad:
        return [f"{where}: cannot parse the template ({bad})"]
    if allowed is None:
        return []
    problems = []
    for name, spec in used.items():
        if name == TERM:
            continue
        if name not in allowed:
            problems.append(f"{where}: {{{name}}} is not one of the values {sorted(allowed)}")
        elif allowed[name] and _uncased(spec, allowed[name]) != allowed[name]:
            problems.append(f"{where}: {{{name}:{spec}}} should be shown as {{{name}:{allowed[name]}}}")
    return problems


def rule_problems(raw: Mapping[str, tuple[str, dict]], seeds: Mapping[str, Any]) -> list[str]:
    problems = []
    for rule_id, (area, data) in raw.items():
        where = f"rules/{area}.json {rule_id}"
        if not RULE_ID.match(rule_id):
            problems.append(f"{where}: not a rule id (lowercase words joined by dots)")
        declared = RULES.get(rule_id)
        values = {**placeholders(declared.template), **dict.fromkeys(data["values"], "")} if declared else None
        for lang, template in data["statement"].items():  # it shows no value, only the edition's words
            problems += _template_problems(f"{where} statement.{lang}", template, {})
        for lang, template in data["explain"].items():
            problems += _template_problems(f"{where} explain.{lang}", template, values)
        for edition_id, extra in data["editions"].items():
            problems += _booklet_problems(f"{where} {edition_id}", edition_id, extra["booklet"], seeds)
            for lang, template in extra["explain"].items():
                problems += _template_problems(f"{where} {edition_id}.explain.{lang}", template, values)
        if values is not None:
            problems += [
                f"{where}: phrases for {{{k}}}, which it never shows" for k in data["phrases"] if k not in values
            ]
        for path in list(data["parameters"]) + list(data["applies"]):
            problem = _path_problem(path)
            if problem:
                problems.append(f"{where}: {problem}")
    return problems


def _when_problems(where: str, when: Mapping[str, Any], aliases: Mapping[str, str]) -> list[str]:
    named = {"house_rule": set(HOUSE_RULES), "option": {f.name for f in fields(Options)}}
    named["variant"] = {f.name for f in fields(Variant)}
    problems = []
    for key in when:
        kind, _, name = key.partition(".")
        if key not in aliases and name not in named.get(kind, ()):
            problems.append(
                f"{where}: condition {key!r} is not a parameter alias, house_rule.<id>, option.<name> or variant.<name>"
            )
    return problems


def _answer_problems(where: str, answer: dict, aliases: Mapping[str, str]) -> list[str]:
    values = dict.fromkeys(aliases, "")
    problems = _when_problems(where, answer["when"], aliases) + _template_problems(
        f"{where} verdict", answer["verdict"], values
    )
    for part in ("text", "in_game"):
        for lang, template in answer[part].items():
            problems += _template_problems(f"{where} {part}.{lang}", template, values)
    return problems


def question_problems(contested: Mapping[str, dict], rules: Mapping[str, Any], seeds: Mapping[str, Any]) -> list[str]:
    problems = []
    for question_id, data in contested.items():
        where = f"contested.json {question_id}"
        problems += [f"{where}: rule {r!r} is not in the catalog" for r in data["rules"] if r not in rules]
        for alias, path in data["parameters"].items():
            problem = _path_problem(path)
            if problem:
                problems.append(f"{where} parameters.{alias}: {problem}")
        aliases = data["parameters"]
        for i, answer in enumerate(data["answers"]):
            problems += _answer_problems(f"{where} answers[{i}]", answer, aliases)
        if data["answers"][-1]["when"]:
            problems.append(f"{where}: the last answer must have no conditions (the default)")
        for lang, template in data["ask"].items():
            problems += _template_problems(f"{where} ask.{lang}", template, dict.fromkeys(aliases, ""))
        for edition_id, entry in data["editions"].items():
            problems += _booklet_problems(f"{where} {edition_id}", edition_id, entry["booklet"], seeds)
            for lang, template in entry["ask"].items():
                problems += _template_problems(f"{where} {edition_id}.ask.{lang}", template, dict.fromkeys(aliases, ""))
            for i, answer in enumerate(entry["answers"]):
                problems += _answer_problems(f"{where} {edition_id}.answers[{i}]", answer, aliases)
    return problems
