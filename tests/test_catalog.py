"""The rule catalog documents exactly the rules the engine applies, quotes the
booklets word for word, and explains every real ruling in every language it
is written in."""

from __future__ import annotations

import ast
import dataclasses
import json
import os
import shutil
from functools import cache
from pathlib import Path

import pytest

from referee.editions import shipped
from referee.editions.catalog import RULEBOOK, CatalogError, catalog, load, placeholders
from referee.explain import ruling_view
from referee.rules import ACTIONS, Options, RuleViolation, Setup, parse_action, step
from referee.rules.rulings import RULES, Ruling
from referee.rules.serialize import ruling_to_dict
from referee.simulate import RandomChooser, play

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = ("ru", "uk", "it")


def _literal_ids(call: str) -> set[str]:
    """Rule ids written as the first argument of ``Rule(...)``/``Ruling(...)`` anywhere in the package."""
    found = set()
    for path in (ROOT / "referee").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", getattr(node.func, "attr", None)) == call
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return found


@cache
def engine_rule_ids() -> frozenset[str]:
    """Every rule id the engine can rule by: the registry and every literal in the code."""
    return frozenset(RULES) | _literal_ids("Rule") | _literal_ids("Ruling")


def test_every_rule_the_engine_applies_is_in_the_catalog():
    undocumented = sorted(engine_rule_ids() - set(catalog().rules))
    assert not undocumented, (
        f"rules the engine applies but referee/editions/rulebook/rules/*.json does not document: {undocumented}. "
        "Add an entry for each: statement (en), explain (ru/uk/it), parameters, and editions.<id>.booklet quotes."
    )


def test_every_catalog_entry_is_a_rule_the_engine_applies_or_says_why_not():
    unexplained = sorted(
        rule_id for rule_id, entry in catalog().rules.items() if rule_id not in engine_rule_ids() and not entry.unused
    )
    assert not unexplained, (
        f"catalog entries no engine rule declares: {unexplained}. Remove them, or give the reason in 'unused'."
    )


def test_refusals_are_made_only_through_step_refuse_so_each_names_its_rule():
    makers = []
    for path in (ROOT / "referee").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "RuleViolation":
                makers.append(path.name)
    assert makers == ["step.py"], makers


def test_every_question_names_rules_of_the_catalog_and_every_rule_has_an_english_statement():
    for entry in catalog().rules.values():
        assert entry.statement["en"].strip()
    for question in catalog().questions.values():
        assert set(question.rules) <= set(catalog().rules), question.id


# -- validation at load --------------------------------------------------------


@pytest.fixture
def rulebook(tmp_path):
    copy = tmp_path / "rulebook"
    shutil.copytree(RULEBOOK, copy)
    return copy


def _edit(path: Path, change) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_a_catalog_with_mistakes_is_refused_at_load_naming_each_one(rulebook):
    def break_rules(data):
        data["rules"]["jail.fine"]["explain"]["ru"] = "{name} платит {amount:m}"  # not a value of jail.fine
        data["rules"]["jail.fine"]["parameters"] = ["rules.jail.fee"]
        data["rules"]["jail.fine"]["editions"]["classic"]["booklet"][0]["seed"] = "002"

    def break_questions(data):
        data["questions"]["free_parking_money"]["answers"].reverse()  # the default is no longer last
        data["questions"]["jail_double_extra_roll"]["answers"][0]["when"] = {"house_rule.moon": True}

    _edit(rulebook / "rules" / "jail.json", break_rules)
    _edit(rulebook / "contested.json", break_questions)
    with pytest.raises(CatalogError) as refused:
        load(rulebook)
    problems = "\n".join(refused.value.problems)
    assert "jail.fine explain.ru: {amount} is not one of the values" in problems
    assert "'rules.jail.fee' is not an edition parameter" in problems
    assert "seed 002 is not a source of edition classic" in problems
    assert "free_parking_money: the last answer must have no conditions" in problems
    assert "condition 'house_rule.moon'" in problems


def test_a_catalog_entry_without_an_english_statement_is_refused(rulebook):
    _edit(rulebook / "rules" / "taxes.json", lambda data: data["rules"]["tax"]["statement"].pop("en"))
    with pytest.raises(CatalogError, match="English text"):
        load(rulebook)


def test_the_same_rule_documented_twice_is_refused(rulebook):
    _edit(rulebook / "rules" / "debt.json", lambda data: data["rules"].update({"tax": {"statement": {"en": "x"}}}))
    with pytest.raises(CatalogError, match="tax is documented in both"):
        load(rulebook)


# -- the booklets' own words -------------------------------------------------------


def _seed_texts() -> dict[str, str] | None:
    candidates = [Path(os.environ["REFEREE_SEEDS"])] if "REFEREE_SEEDS" in os.environ else []
    candidates += [parent / "shared" / "seeds" for parent in ROOT.parents]
    folder = next((c for c in candidates if c.is_dir()), None)
    if folder is None:
        return None
    return {path.name[:3]: path.read_text(encoding="utf-8") for path in folder.glob("*.txt")}


def _all_quotes():
    for entry in catalog().rules.values():
        for edition, found in entry.booklet.items():
            yield entry.id, edition, found
    for question in catalog().questions.values():
        for edition, answer in question.editions.items():
            yield question.id, edition, answer.booklet


def test_every_quote_is_the_seed_s_exact_words():
    seeds = _seed_texts()
    if seeds is None:
        pytest.skip("the seed documents are not beside the repository (set REFEREE_SEEDS to their folder)")
    wrong = [
        (where, edition, quote.seed, quote.text[:60])
        for where, edition, found in _all_quotes()
        for quote in found
        if quote.text not in seeds[quote.seed]
    ]
    assert not wrong, wrong


def test_each_quote_comes_from_a_source_of_its_edition():
    for where, edition, found in _all_quotes():
        if edition in shipped():
            sources = {s["seed"] for s in shipped()[edition].document["sources"]}
            assert {q.seed for q in found} <= sources, (where, edition)
        for quote in found:
            assert quote.lang == catalog().seeds[quote.seed].lang


def test_each_shipped_edition_has_booklet_wording_for_its_rules(classic):
    # seed 001: "Полная цветовая группа удваивает базовую ренту незастроенных улиц."
    worded = [entry.id for entry in catalog().rules.values() if entry.booklet.get("classic")]
    assert len(worded) >= 50
    quote = catalog().rules["rent.street.complete_group"].booklet["classic"][0]
    assert (quote.seed, quote.lang) == ("001", "ru")
    assert quote.text == "Полная цветовая группа удваивает базовую ренту незастроенных улиц."


# -- every real ruling explains itself --------------------------------------------------


SAMPLE = {
    "dice": (1, 2),
    "amount": 1,
    "card": "no-such-card",
    "option": "no-such-option",
    "position": 1,
    "positions": (1,),
    "to": 1,
    "building": "house",
    "bidders": (0, 1),
    "deeds": ((1, 3), (6, 8)),
    "value": 1,
}


def _tried(kind: str, seat: int):
    """An action of this type with well-formed sample fields."""
    fields = {f.name: SAMPLE[f.name] for f in dataclasses.fields(ACTIONS[kind].cls) if f.name in SAMPLE}
    return parse_action({"type": kind, "seat": seat, **fields})


def _rulings_of_play(edition, seed: int, options: Options):
    """Rulings of a random game: every decision and transfer, and the refusal
    of every action type tried by every seat at some points along the way."""
    setup = Setup(("Anna", "Boris", "Vera"), options)
    for played in play(edition, setup, RandomChooser(seed), max_actions=600):
        yield from played.outcome.rulings
        state = played.outcome.state
        if state.version % 10:
            continue
        for kind in ACTIONS:
            for seat in range(len(state.players)):
                try:
                    step(state, _tried(kind, seat), edition)
                except RuleViolation as refused:
                    yield refused.ruling


@pytest.mark.parametrize("edition", sorted(shipped()))
def test_every_ruling_of_real_play_is_documented_and_explained_in_every_written_language(edition):
    played = shipped()[edition]
    seen: dict[str, Ruling] = {}
    for seed, options in enumerate(
        (
            Options(),
            Options(rent_collection="automatic", house_rules=("free_parking_jackpot", "go_landing_double")),
            Options(house_rules=("no_auction",)),
        )
    ):
        for ruling in _rulings_of_play(played, seed, options):
            assert ruling.rule in catalog().rules, ruling.rule
            seen.setdefault(ruling.rule, ruling)
            for lang in TRANSLATED:
                view = ruling_view(ruling_to_dict(ruling), played, lang)
                if catalog().rules[ruling.rule].template(edition, lang):
                    assert view["lang"] == lang, (ruling.rule, lang, dict(ruling.values))
                    assert "{" not in view["text"], view["text"]
    assert len(seen) >= 40, sorted(seen)


SAMPLES = {"m": 10, "space": 1, "group": None, "deck": None, "card": None}


@pytest.mark.parametrize("edition", sorted(shipped()))
def test_every_explanation_renders_with_the_values_its_rule_gives(edition):
    # Random play does not reach every rule; this fills each template with
    # sample values of the right kind, so none fails for a reader.
    played = shipped()[edition]
    deck = next(iter(played.decks.values()))
    samples = {**SAMPLES, "group": played.space(1).group, "deck": deck.id, "card": deck.cards[0].id}
    for rule_id, declared in RULES.items():
        entry = catalog().rules[rule_id]
        names = {**placeholders(declared.template), **dict.fromkeys(entry.values, "")}
        values = {name: samples.get(spec, 3) for name, spec in names.items()}
        for lang in TRANSLATED:
            ruling = {"rule": rule_id, "text": "English", "values": values, "house_rule": False}
            view = ruling_view(ruling, played, lang)
            assert view["lang"] == (lang if entry.template(edition, lang) else "en"), (rule_id, lang)
            assert "{" not in view["text"], (rule_id, lang, view["text"])


def test_translations_show_every_number_the_english_explanation_shows():
    # A translation may word things its own way but must not drop an amount.
    for entry in catalog().rules.values():
        declared = RULES.get(entry.id)
        if declared is None:
            continue
        money = {name for name, spec in placeholders(declared.template).items() if spec == "m"}
        for lang, template in entry.explain.items():
            assert money <= set(placeholders(template)), (entry.id, lang)
