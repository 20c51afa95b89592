"""Edition documents: every shipped file validated at load, and derived
editions (a base edition plus overrides) resolved into complete documents."""

import json

import pytest

from referee import editions
from referee.editions import OverlayError, ValidationError, build, resolve, shipped, thawed

SHIPPED = ("classic", "classic-rub", "disney", "ua-industries")


def base_of(edition_id):
    return thawed(shipped()[edition_id].document) if edition_id in shipped() else None


def test_all_four_editions_are_shipped_and_each_is_a_valid_document():
    assert sorted(shipped()) == sorted(SHIPPED)
    for edition in shipped().values():
        build(thawed(edition.document))  # the complete document passes the schema on its own


def test_a_broken_shipped_file_fails_loudly_at_load(tmp_path, monkeypatch):
    for name in ("classic", "disney"):
        (tmp_path / f"{name}.json").write_text((editions.DATA / f"{name}.json").read_text(encoding="utf-8"))
    broken = json.loads((tmp_path / "disney.json").read_text(encoding="utf-8"))
    broken["spaces"][4]["amount"] = -200
    (tmp_path / "disney.json").write_text(json.dumps(broken), encoding="utf-8")
    monkeypatch.setattr(editions, "DATA", tmp_path)
    with pytest.raises(ValidationError) as broke:
        editions.shipped.__wrapped__()
    assert "amount" in broke.value.messages["spaces"][4]


TEXT = {"uk": "Дивіденди від вкладів: +160", "en": "Dividends on deposits: +160"}


def test_a_derived_edition_merges_objects_and_matches_spaces_by_position_and_cards_by_id():
    document = resolve(
        {
            "base": "ua-industries",
            "id": "ua-our-table",
            "overrides": {
                "rules": {"jail": {"fine": 60}},
                "spaces": [{"position": 3, "price": 90, "rent": [7, 35, 100, 300, 450, 600]}],
                "decks": [
                    {
                        "id": "rynok",
                        "cards": [
                            {"id": "rynok.dividends", "effect": {"kind": "collect", "amount": 160}, "text": TEXT}
                        ],
                    }
                ],
            },
        },
        base_of,
    )
    edition = build(document)
    assert edition.id == "ua-our-table" and document["based_on"] == "ua-industries"
    assert edition.rules.jail.fine == 60 and edition.rules.jail.max_attempts == 3
    assert edition.space(3).price == 90 and edition.space(3).rent == (7, 35, 100, 300, 450, 600)
    assert edition.space(1).price == shipped()["ua-industries"].space(1).price
    assert edition.card("rynok.dividends").effect["amount"] == 160
    # The base text says +150: a changed effect comes with its own text (without it, 422).
    assert edition.card("rynok.dividends").text == TEXT
    assert edition.card("rynok.late_report") == shipped()["ua-industries"].card("rynok.late_report")


def test_overriding_a_value_confirms_it():
    document = resolve(
        {"base": "ua-industries", "id": "ua-real", "overrides": {"spaces": [{"position": 3, "price": 90}]}}, base_of
    )
    assert build(document).space(3).unconfirmed == ("name", "rent", "mortgage", "building_cost")
    assert build(document).space(1).unconfirmed == ("name", "price", "rent", "mortgage", "building_cost")


def test_names_are_replaced_whole_and_null_removes_a_key():
    document = resolve(
        {
            "base": "disney",
            "id": "disney-ours",
            "name": {"en": "Our Disney board"},
            "overrides": {"spaces": [{"position": 3, "name": {"en": "Bambi"}}], "notes": None},
        },
        base_of,
    )
    edition = build(document)
    assert edition.space(3).name == {"en": "Bambi"} and edition.space(3).unconfirmed == ()
    assert edition.name == {"en": "Our Disney board"} and "notes" not in document


def test_a_new_card_is_added_to_its_deck():
    card = {"id": "show_time.extra", "text": {"en": "Collect 5."}, "effect": {"kind": "collect", "amount": 5}}
    document = resolve(
        {"base": "disney", "id": "disney-more", "overrides": {"decks": [{"id": "show_time", "cards": [card]}]}}, base_of
    )
    assert [c.id for c in build(document).decks["show_time"].cards][-1] == "show_time.extra"


@pytest.mark.parametrize(
    ("submission", "field"),
    [
        ({"base": "nowhere", "id": "x-1"}, "base"),
        ({"base": "classic", "id": "x-1", "spaces": []}, "spaces"),
        ({"base": "classic", "id": "x-1", "overrides": {"id": "other"}}, "overrides"),
        (
            {"base": "classic", "id": "x-1", "overrides": {"spaces": [{"position": 44, "price": 1}]}},
            "overrides.spaces[0]",
        ),
        ({"base": "classic", "id": "x-1", "overrides": {"spaces": [{"price": 1}]}}, "overrides.spaces[0]"),
    ],
)
def test_overrides_that_cannot_apply_are_refused_by_field(submission, field):
    with pytest.raises(OverlayError) as refused:
        resolve(submission, base_of)
    assert field in refused.value.errors


def test_a_derived_edition_is_validated_like_any_document():
    document = resolve(
        {"base": "classic", "id": "bad-prices", "overrides": {"spaces": [{"position": 1, "rent": [2, 10]}]}}, base_of
    )
    with pytest.raises(ValidationError) as refused:
        build(document)
    assert "rent" in refused.value.messages["spaces"][1]


def unwritten_words(document) -> list[str]:
    """What an edition document tells a reader about itself that some language lacks: its notes,
    its money's unit and base unit, and the names of its sources (those of names in one language
    are read only in that language). Names and card texts are checked where they are given."""
    languages = ("en", "ru", "uk", "it")
    currency = document.get("currency", {})
    texts = [("notes", document.get("notes", {}))]
    texts += [(f"currency.{key}", currency.get(key, {})) for key in ("unit", "base_unit")]
    sources = enumerate(document["sources"])
    texts += [(f"sources[{i}].titles", source.get("titles", {})) for i, source in sources if not source.get("lang")]
    return [
        f"{where}: {', '.join(lang for lang in languages if lang not in written)}"
        for where, written in texts
        if any(written.values()) or where.startswith("sources")
        if not set(languages) <= set(written)
    ]


@pytest.mark.parametrize("edition_id", SHIPPED)
def test_what_an_edition_says_of_itself_is_written_in_every_language(edition_id):
    # The Disney and ruble editions' notes showed in English on an Italian start page, and
    # "Gli importi si contano in unità di: thousand rubles."
    assert unwritten_words(base_of(edition_id)) == []


def test_a_note_or_source_name_in_one_language_only_is_named():
    document = base_of("classic-rub")
    document["notes"] = {"en": "A new note."}
    del document["currency"]["base_unit"]["it"]
    document["sources"][0]["titles"] = {}
    assert unwritten_words(document) == [
        "notes: ru, uk, it",
        "currency.base_unit: it",
        "sources[0].titles: en, ru, uk, it",
    ]


@pytest.mark.parametrize("edition_id", SHIPPED)
def test_what_an_edition_says_of_itself_speaks_of_booklets_not_seeds(edition_id):
    # "con le parole di seed 003" on the start page: a reader knows booklets, not the catalog's seeds.
    document = base_of(edition_id)
    shown = [*document.get("notes", {}).values()]
    for source in document["sources"]:
        shown += [source["title"], *source.get("titles", {}).values()]
    assert [text for text in shown if "seed" in text.lower()] == []
