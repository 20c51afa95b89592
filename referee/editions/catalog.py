"""The rule catalog: every rule the engine applies, stated, explained in each
language and quoted from each edition's booklet; and the contested questions,
each edition's answer to them. Data in ``rulebook/``, validated at load.

    rulebook/seeds.json        the source documents: language, title, editions
    rulebook/rules/<area>.json rules by area (named after the engine module)
    rulebook/contested.json    the questions tables argue about
    rulebook/parameters.json   the edition parameters' names and value words, per language

The files' shape and the checks that their parts agree are in
``catalog_schema``; the format is described in ``rulebook/README.md``.

Most of it is shared: a rule's statement, explanations and parameters hold for
every edition; an edition only adds, under ``editions.<id>``, its booklet's
wording (``booklet``: seed + exact quote) and, where it differs, its own
explanation or answer. Answers to contested questions are chosen from the
edition's parameters (and, for a game, its house rules and options), so an
edition's answer follows from the same data the engine reads.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields, is_dataclass, replace
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from marshmallow import Schema, ValidationError

from referee.rules.edition import Edition, Rules
from referee.rules.engine import HOUSE_RULES
from referee.rules.rulings import RULES, render
from referee.rules.state import Options

from .catalog_schema import (
    LANGUAGES,
    AreaSchema,
    ContestedSchema,
    ParametersSchema,
    SeedSchema,
    placeholders,
    question_problems,
    rule_problems,
)
from .frozen import frozen

RULEBOOK = Path(__file__).parent / "rulebook"

__all__ = [
    "LANGUAGES",
    "Answer",
    "Catalog",
    "CatalogError",
    "Question",
    "Quote",
    "RuleEntry",
    "catalog",
    "is_amount",
    "placeholders",
]


class CatalogError(ValueError):
    """The catalog's data is inconsistent; ``problems`` lists every finding."""

    def __init__(self, problems: list[str]):
        super().__init__("rule catalog: " + "; ".join(problems))
        self.problems = problems


# -- the catalog as the code sees it ------------------------------------------


@dataclass(frozen=True)
class Quote:
    """A booklet's own words: the seed they come from, its language, exact text."""

    seed: str
    lang: str
    title: str
    text: str


@dataclass(frozen=True)
class RuleEntry:
    """One rule as the catalog documents it.

    statement: a short statement per language (English always).
    explain: explanation templates per language, filled from a ruling's
        values; English is the engine's own template.
    phrases: per placeholder, translations of values the engine gives in
        English words ("passes" → "проходит").
    values: values the engine gives beyond those its English template shows
        (language-neutral ones that translations use instead).
    parameters: the edition parameters the rule reads ("rules.jail.fine").
    applies: parameter values under which the rule applies at all.
    booklet: per edition, the booklet's wording.
    explain_for: per edition, explanation templates that replace the shared ones.
    unused: why no engine rule declares this id (None for engine rules).
    """

    id: str
    area: str
    statement: Mapping[str, str]
    explain: Mapping[str, str]
    phrases: Mapping[str, Mapping[str, Mapping[str, str]]]
    values: tuple[str, ...]
    parameters: tuple[str, ...]
    applies: Mapping[str, Any]
    booklet: Mapping[str, tuple[Quote, ...]]
    explain_for: Mapping[str, Mapping[str, str]]
    unused: str | None

    def template(self, edition_id: str, lang: str) -> str | None:
        """The explanation template for an edition in a language, if written."""
        if lang in self.explain_for.get(edition_id, {}):
            return self.explain_for[edition_id][lang]
        if lang in self.explain:
            return self.explain[lang]
        declared = RULES.get(self.id)
        return declared.template if lang == "en" and declared else None

    def applies_to(self, edition: Edition) -> bool:
        return all(parameter(edition, path) == value for path, value in self.applies.items())


@dataclass(frozen=True)
class Answer:
    """One possible answer to a question, chosen when every ``when`` holds.

    when: conditions on the question's parameter aliases, ``house_rule.<id>``
        (switched on in the game), ``option.<name>`` (the game's options) and
        ``variant.<name>`` (a parameter of the game's variant).
    verdict: a short, language-neutral summary, compared across editions; a
        template over the parameter aliases ("start {start}, raise ≥ {step}").
    text: the answer per language (a template over the aliases).
    in_game: the answer as said about one game, where it reads differently.
    house_rule: a house rule or table option, not the booklet, decides it.
    arises: false where the question does not arise in the edition (one without
        mortgages, asked about a mortgage): a reader looks for it apart.
    """

    when: Mapping[str, Any]
    verdict: str
    text: Mapping[str, str]
    in_game: Mapping[str, str]
    house_rule: bool
    arises: bool = True


@dataclass(frozen=True)
class EditionAnswer:
    """What one edition's booklet says on a question.

    verdict: the booklet's answer, which the edition's parameters must give
        (None where the booklet does not say; ``note`` then says so).
    answers: the edition's own answers, tried before the shared ones.
    ask: the question in the edition's own words, per language, where a
        sentence cannot be the shared one with the edition's terms in it.
    """

    verdict: str | None
    booklet: tuple[Quote, ...]
    note: Mapping[str, str]
    answers: tuple[Answer, ...]
    ask: Mapping[str, str]


@dataclass(frozen=True)
class Question:
    """A contested point: the question, the rules involved, the parameters
    that decide it (alias → path), the shared answers and each edition's."""

    id: str
    ask: Mapping[str, str]
    rules: tuple[str, ...]
    parameters: Mapping[str, str]
    answers: tuple[Answer, ...]
    editions: Mapping[str, EditionAnswer]

    def asked(self, edition: Edition) -> Mapping[str, str]:
        """The question's templates per language, the edition's own wording first."""
        entry = self.editions.get(edition.id)
        return {**self.ask, **entry.ask} if entry else self.ask

    def values(self, edition: Edition) -> dict[str, Any]:
        """The deciding parameters of an edition, by alias."""
        return {alias: parameter(edition, path) for alias, path in self.parameters.items()}

    def answer(self, edition: Edition, options: Options | None = None) -> Answer:
        """The answer for an edition, or for a game of it with its options."""
        situation = {**self.values(edition), **_table(edition, options or default_options(edition))}
        entry = self.editions.get(edition.id)
        for candidate in (entry.answers if entry else ()) + self.answers:
            if all(situation.get(key) == value for key, value in candidate.when.items()):
                return candidate
        raise AssertionError(f"question {self.id}: no answer fits")  # the loader ensures a default

    def verdict(self, edition: Edition, options: Options | None = None) -> str:
        return render(self.answer(edition, options).verdict, self.values(edition), sentence=False)

    def booklet_options(self, edition: Edition, options: Options) -> Options:
        """A game as its booklet alone plays it: no house rule, no table option, and the game's
        variant where the booklet prints it (the answer there is the booklet's, no house rule);
        a variant the booklet does not print leaves the booklet's standard game."""
        printed = replace(default_options(edition), variant=options.variant)
        return printed if not self.answer(edition, printed).house_rule else default_options(edition)


@dataclass(frozen=True)
class Seed:
    id: str
    lang: str
    title: str
    editions: tuple[str, ...]


@dataclass(frozen=True)
class Catalog:
    seeds: Mapping[str, Seed]
    rules: Mapping[str, RuleEntry]
    questions: Mapping[str, Question]
    labels: Mapping[str, Mapping[str, str]]
    """An edition parameter's name per language, by its path ("rules.jail.fine")."""
    value_words: Mapping[str, Mapping[str, str]]
    """A parameter's non-number value in words per language, by the value ("true", "any_time")."""

    def questions_about(self, rule_id: str) -> list[str]:
        return [q.id for q in self.questions.values() if rule_id in q.rules]


def parameter(edition: Edition, path: str) -> Any:
    """An edition parameter by its path from the edition ("rules.jail.fine")."""
    value: Any = edition
    for part in path.split("."):
        value = getattr(value, part)
    return value


def is_amount(path: str) -> bool:
    """Whether a parameter ("rules.jail.fine") is an amount of money in the edition's base unit,
    as the engine declares it (``param(money=True)``): a reader sees it in the edition's currency."""
    holder: Any = Rules()
    declared = None
    for part in path.split(".")[1:]:
        if not is_dataclass(holder):
            return False
        declared = next((f for f in fields(holder) if f.name == part), None)
        holder = getattr(holder, part, None)
    return bool(declared and declared.metadata.get("money"))


def default_options(edition: Edition) -> Options:
    """The options of a table that chose nothing: the booklet's way."""
    return Options(rent_collection="claim" if edition.rules.rent.claim_window else "automatic")


def _table(edition: Edition, options: Options) -> dict[str, Any]:
    """What a game's answer may depend on beyond the edition's parameters: its house rules,
    its options and the parameters of its variant (``variant.hand_over_buildings``)."""
    found = {f"house_rule.{rule}": options.house_rule(rule) for rule in HOUSE_RULES}
    found.update({f"option.{f.name}": getattr(options, f.name) for f in fields(Options)})
    variant = edition.rules.variant(options.variant)
    found.update({f"variant.{f.name}": getattr(variant, f.name) for f in fields(variant)})
    return found


# -- loading --------------------------------------------------------------------


def _read(path: Path, schema: Schema) -> dict[str, Any]:
    try:
        return schema.load(json.loads(path.read_text(encoding="utf-8")))
    except ValidationError as invalid:
        raise CatalogError([f"{path.name}: {invalid.messages}"]) from None


def _quotes(items: list[dict], seeds: Mapping[str, Seed]) -> tuple[Quote, ...]:
    return tuple(
        Quote(q["seed"], seeds[q["seed"]].lang, seeds[q["seed"]].title, q["quote"]) for q in items if q["seed"] in seeds
    )


def _answer(data: dict) -> Answer:
    return Answer(
        frozen(data["when"]),
        data["verdict"],
        frozen(data["text"]),
        frozen(data["in_game"]),
        data["house_rule"],
        data["arises"],
    )


def load(root: Path = RULEBOOK) -> Catalog:
    """Read and check the whole catalog; raises CatalogError listing every problem."""
    seeds_data = json.loads((root / "seeds.json").read_text(encoding="utf-8"))
    seeds = {}
    for seed_id, data in seeds_data.items():
        try:
            loaded = SeedSchema().load(data)
        except ValidationError as invalid:
            raise CatalogError([f"seeds.json {seed_id}: {invalid.messages}"]) from None
        seeds[seed_id] = Seed(seed_id, loaded["lang"], loaded["title"], tuple(loaded["editions"]))
    raw_rules: dict[str, tuple[str, dict]] = {}
    problems: list[str] = []
    for path in sorted((root / "rules").glob("*.json")):
        for rule_id, data in _read(path, AreaSchema())["rules"].items():
            if rule_id in raw_rules:
                problems.append(f"{rule_id} is documented in both {raw_rules[rule_id][0]} and {path.stem}")
            raw_rules[rule_id] = (path.stem, data)
    contested = _read(root / "contested.json", ContestedSchema())["questions"]
    problems += rule_problems(raw_rules, seeds) + question_problems(contested, raw_rules, seeds)
    if problems:
        raise CatalogError(problems)
    rules = {
        rule_id: RuleEntry(
            id=rule_id,
            area=area,
            statement=frozen(data["statement"]),
            explain=frozen(data["explain"]),
            phrases=frozen(data["phrases"]),
            values=tuple(data["values"]),
            parameters=tuple(data["parameters"]),
            applies=frozen(data["applies"]),
            booklet=MappingProxyType({e: _quotes(d["booklet"], seeds) for e, d in data["editions"].items()}),
            explain_for=MappingProxyType({e: frozen(d["explain"]) for e, d in data["editions"].items()}),
            unused=data["unused"],
        )
        for rule_id, (area, data) in raw_rules.items()
    }
    questions = {
        question_id: Question(
            id=question_id,
            ask=frozen(data["ask"]),
            rules=tuple(data["rules"]),
            parameters=frozen(data["parameters"]),
            answers=tuple(_answer(a) for a in data["answers"]),
            editions=MappingProxyType(
                {
                    e: EditionAnswer(
                        d["verdict"],
                        _quotes(d["booklet"], seeds),
                        frozen(d["note"]),
                        tuple(map(_answer, d["answers"])),
                        frozen(d["ask"]),
                    )
                    for e, d in data["editions"].items()
                }
            ),
        )
        for question_id, data in contested.items()
    }
    named = _read(root / "parameters.json", ParametersSchema())
    return Catalog(
        MappingProxyType(seeds),
        MappingProxyType(rules),
        MappingProxyType(questions),
        frozen(named["labels"]),
        frozen(named["values"]),
    )


@cache
def catalog() -> Catalog:
    """The shipped catalog, loaded once; a broken file fails loudly."""
    return load()
