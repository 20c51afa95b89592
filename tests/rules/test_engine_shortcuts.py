"""The engine's quicker copies, options worked out when read, and ruling texts give what the standard
library would."""

import copy
import dataclasses
import json
import string

import pytest

from referee.editions import shipped
from referee.rules import Options, Setup, allowed, start
from referee.rules.memo import Later, later
from referee.rules.records import evolve
from referee.rules.rulings import ITEMS, RULES, Terms, render, shown
from referee.rules.state import Holding, Player, Turn


def test_evolve_gives_the_same_record_as_dataclasses_replace():
    state = start(shipped()["classic"], Setup(("Anna", "Boris"), Options())).state
    changes = {"pot": 40, "version": 7, "turn": Turn(seat=1, doubles=1)}
    evolved = evolve(state, **changes)
    assert evolved == dataclasses.replace(state, **changes)
    assert evolved is not state and state.pot == 0 and state.version == 1
    assert evolve(Player(0, "Anna", 1500), cash=1300) == Player(0, "Anna", 1300)
    assert evolve(Holding(3), owner=1, houses=2) == Holding(3, owner=1, houses=2)


def test_evolve_refuses_a_name_that_is_not_a_field():
    with pytest.raises(TypeError, match="money"):
        evolve(Player(0, "Anna", 1500), money=1)


def test_evolve_falls_back_to_replace_for_records_that_check_themselves():
    @dataclasses.dataclass(frozen=True)
    class Checked:
        value: int

        def __post_init__(self):
            if self.value < 0:
                raise ValueError("negative")

    with pytest.raises(ValueError, match="negative"):
        evolve(Checked(1), value=-1)


def _later(made: list, value: int) -> Later:
    def build(n):
        made.append(n)
        return {"positions": [{"position": n}], "cash": n}

    return later(build, value)


def test_later_options_are_worked_out_once_and_only_when_read():
    made: list = []
    options = _later(made, 3)
    entries = [{"type": "mortgage", "seat": 0, "options": options}]
    assert made == []
    assert entries[0]["options"]["cash"] == 3 and options.get("cash") == 3 and "positions" in options
    assert made == [3]


def test_later_options_read_as_the_dict_they_stand_for():
    plain = {"positions": [{"position": 5}], "cash": 5}
    readings = [
        lambda later: later == plain,
        lambda later: plain == later and [{"o": plain}] == [{"o": later}],
        lambda later: json.loads(json.dumps({"o": later})) == {"o": plain},  # the C encoder
        lambda later: json.loads(json.dumps(later, indent=1, sort_keys=True)) == plain,
        lambda later: dict(later) == {**later} == copy.deepcopy(later) == plain,
        lambda later: list(later) == list(plain) and len(later) == 2 and bool(later),
        lambda later: sorted(later.items()) == sorted(plain.items()) and repr(later) == repr(plain),
    ]
    for read in readings:
        assert read(_later([], 5))
    assert _later([], 5) != _later([], 6) and _later([], 5) == _later([], 5)
    with pytest.raises(KeyError):
        _later([], 5)["missing"]


def test_allowed_gives_options_equal_to_their_plain_form_over_the_wire():
    edition = shipped()["classic"]
    state = start(edition, Setup(("Anna", "Boris"), Options())).state
    entries = allowed(state, edition)
    assert any(isinstance(entry["options"], Later) for entry in entries)
    wire = json.dumps(entries)  # before anything reads the options
    assert wire == json.dumps([{**entry, "options": dict(entry["options"].items())} for entry in entries])


class _Reference(string.Formatter):
    """The plain ``string.Formatter`` way, with the engine's own specs shown as text."""

    def format_field(self, value, format_spec):
        if format_spec == ITEMS:
            return ", ".join(str(item) for _, item in value) or "—"
        return str(value) if shown(format_spec) else super().format_field(value, format_spec)


@pytest.mark.parametrize("rule", sorted(RULES.values(), key=lambda r: r.id), ids=lambda r: r.id)
def test_every_rule_text_renders_as_string_formatter_would(rule):
    fields = [(name, spec) for _, name, spec, _ in string.Formatter().parse(rule.template) if name is not None]
    # a field inside a spec ({left:n.{kind}}: the piece counted) is a value too
    fields += [(name, "") for _, spec in fields for _, name, _, _ in string.Formatter().parse(spec) if name]
    values = {name: [["", 1234 + i]] if spec == ITEMS else 1234 + i for i, (name, spec) in enumerate(fields)}
    # {term.jail}: the edition's word, here (no edition) the term's key
    values = {name: value for name, value in values.items() if not name.startswith("term.")}
    if any(name.startswith("term.") for name, _ in fields):
        values["term"] = Terms(None, "en")
    assert render(rule.template, values) == _Reference().vformat(rule.template, (), values)


def test_money_in_a_ruling_is_shown_in_the_editions_currency():
    edition = shipped()["classic-rub"]
    text = render("{name} pays {amount:m}.", {"name": "Anna", "amount": 1500}, edition)
    assert text == f"Anna pays {edition.currency.show(1500)}."
    assert "1500" not in text


def test_fields_beyond_a_plain_name_are_filled_as_string_formatter_fills_them():
    class Terms:
        go = "GO"

    template = "{name!r} passes {term.go} and gets {amount:m}; dice {dice[0]}+{dice[1]}"
    values = {"name": "Anna", "term": Terms(), "amount": 200, "dice": (3, 4)}
    assert render(template, values) == "'Anna' passes GO and gets 200; dice 3+4"


def test_evolve_does_not_copy_a_value_cached_on_the_instance():
    from functools import cached_property

    @dataclasses.dataclass(frozen=True)
    class Cached:
        value: int

        @cached_property
        def doubled(self):
            return 2 * self.value

    first = Cached(1)
    assert first.doubled == 2
    assert evolve(first, value=5).doubled == 10


def test_a_fact_remembered_for_one_state_is_never_given_for_another():
    from referee.rules.building_demand import open_groups

    edition = shipped()["classic"]
    bare = start(edition, Setup(("Anna", "Boris"), Options())).state
    browns = bare.with_holding(1, owner=0).with_holding(3, owner=0)
    assert dict(open_groups(browns, edition)) == {"brown": 0}
    assert open_groups(browns, edition) is open_groups(browns, edition)  # worked out once
    assert dict(open_groups(bare, edition)) == {}
    assert dict(open_groups(browns.with_holding(3, mortgaged=True), edition)) == {}
    assert dict(open_groups(browns, edition)) == {"brown": 0}
    with pytest.raises(TypeError):
        open_groups(browns, edition)["red"] = 1  # shared by every caller, so read-only
