"""A count of buildings reads as words in every language: "1 house", "2
houses"; Russian and Ukrainian with their three forms ("2 дома", "5 домов"),
in the edition's own words ("2 branches", "5 філій")."""

import json

import pytest

from referee.editions import shipped
from referee.explain import ruling_view
from referee.rules.plurals import category
from referee.rules.rulings import RULES
from referee.rules.serialize import ruling_to_dict

from .game import Game


def read(ruling, edition, lang):
    return ruling_view(json.loads(json.dumps(ruling_to_dict(ruling))), edition, lang)["text"]


def bought(edition, positions, build):
    game = Game(edition, rent_collection="automatic")
    game.own(0, *positions)
    game.act("build", 0, positions=build)
    return [r for r in game.last.rulings if r.rule == "building.buy.houses"]


def test_one_house_and_two_houses_in_english(classic):
    # seed 001: "Как строить дома и отели" -- one house a street, then a second on each
    one, *_ = bought(classic, (1, 3), [1])
    assert one.text.startswith("Anna buys 1 house for Mediterranean Avenue ")
    two, _ = bought(classic, (1, 3), [1, 3, 1, 3])
    assert two.text.startswith("Anna buys 2 houses for Mediterranean Avenue ")


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [("ru", "1 дом ", "2 дома "), ("uk", "1 будинок ", "2 будинки "), ("it", "1 casa ", "2 case ")],
)
def test_a_count_of_houses_takes_the_language_s_form(classic, lang, one, two):
    (first,) = bought(classic, (1, 3), [1])
    (second, _) = bought(classic, (1, 3), [1, 3, 1, 3])
    assert one in read(first, classic, lang) and two in read(second, classic, lang)


def test_russian_and_ukrainian_count_with_three_forms_in_the_edition_s_words():
    ua, disney = shipped()["ua-industries"], shipped()["disney"]
    assert [ua.counted(n, "house", "uk") for n in (1, 3, 5, 11, 21, 22)] == [
        "1 філія", "3 філії", "5 філій", "11 філій", "21 філія", "22 філії",
    ]  # fmt: skip
    assert [disney.counted(n, "hotel", "ru") for n in (1, 2, 5, 12)] == ["1 замок", "2 замка", "5 замков", "12 замков"]
    assert [ua.counted(n, "house", "en") for n in (0, 1, 2)] == ["0 branches", "1 branch", "2 branches"]
    assert category(14, "ru") == "many" and category(104, "uk") == "few"


def test_a_bankrupt_s_buildings_are_counted_in_words(classic):
    ruling = RULES["bankruptcy.bank_buildings"].ruling(classic, name="Anna", houses=1, hotels=2)
    assert ruling.text == "Anna's buildings go back to the bank's supply: 1 house, 2 hotels."
    assert read(ruling, classic, "ru").endswith("1 дом, 2 отеля.")
    assert read(ruling, classic, "uk").endswith("1 будинок, 2 готелі.")


def test_no_english_explanation_leaves_a_plural_to_the_reader():
    # "buys 1 house(s)": a count is shown with the form its number takes
    assert [rule.id for rule in RULES.values() if "(s)" in rule.template] == []


@pytest.mark.parametrize(
    ("count", "nominative", "accusative"),
    [(1, "1 філія", "1 філію"), (2, "2 філії", "2 філії"), (5, "5 філій", "5 філій"), (21, "21 філія", "21 філію")],
)
def test_a_count_a_verb_takes_as_its_object_is_in_the_accusative(count, nominative, accusative):
    # seed 002 l.86: «філію чи холдинг можна згорнути»: after a verb, one branch is «філію»; the plural
    # forms of a thing are the same in both cases, so only the count that takes the word itself changes
    ua = shipped()["ua-industries"]
    assert ua.counted(count, "house", "uk") == nominative
    assert ua.counted(count, "house.acc", "uk") == accusative
    # a word the same in both cases needs no form of its own: «1 дом», «1 holding»
    assert shipped()["classic"].counted(1, "house.acc", "ru") == "1 дом"
    assert ua.counted(1, "hotel.acc", "it") == "1 holding"
