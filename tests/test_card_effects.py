"""Card effects are validated by their kind: each kind the engine carries
out, with exactly the fields it reads, of the right type and range."""

import pytest

import referee.rules  # noqa: F401  (registers every effect kind, random_move's included)
from referee.editions import OverlayError, ValidationError, build, resolve, shipped, thawed
from referee.editions.schema import EFFECTS, CardSchema
from referee.rules.cards import EFFECTS as ENGINE_EFFECTS


def base_of(edition_id):
    return thawed(shipped()[edition_id].document) if edition_id in shipped() else None


def card_errors(effect: dict) -> dict:
    return CardSchema().validate({"id": "c.1", "text": {"en": "A card."}, "effect": effect})


def test_the_schema_knows_exactly_the_effect_kinds_the_engine_carries_out():
    assert set(EFFECTS) == set(ENGINE_EFFECTS)


def test_every_card_of_every_shipped_deck_validates_by_its_kind():
    for edition in shipped().values():
        for deck in thawed(edition.document)["decks"]:
            for card in deck["cards"]:
                assert card_errors(card["effect"]) == {}, card["id"]


@pytest.mark.parametrize(
    ("effect", "field"),
    [
        ({"kind": "pay", "amount": -100}, "amount"),  # a negative payment would pay the player
        ({"kind": "collect", "amount": "100"}, "amount"),
        ({"kind": "collect", "amount": 10.5}, "amount"),
        ({"kind": "pay", "amount": 100, "position": 0}, "position"),  # a stray field
        ({"kind": "advance_to"}, "position"),
        ({"kind": "advance_to", "position": -1}, "position"),
        ({"kind": "advance_to", "position": 5, "salary": "yes"}, "salary"),
        ({"kind": "move_to", "position": 5, "direction": "sideways"}, "direction"),
        ({"kind": "advance_to_nearest", "space_kind": "moon"}, "space_kind"),
        ({"kind": "advance_to_nearest", "space_kind": "station", "rent_multiplier": 0}, "rent_multiplier"),
        ({"kind": "move_back", "steps": 0}, "steps"),
        ({"kind": "repairs", "per_house": 25}, "per_hotel"),
        ({"kind": "go_to_jail", "amount": 50}, "amount"),
        ({"kind": "teleport"}, "kind"),
        ({"kind": ["pay"]}, "kind"),
        ({"amount": 5}, "kind"),
    ],
)
def test_an_effect_with_a_missing_wrong_or_stray_field_is_refused_naming_the_field(effect, field):
    assert field in card_errors(effect)["effect"]


def test_a_choice_validates_each_option_s_effect():
    choice = {"kind": "choice", "options": [{"id": "a", "effect": {"kind": "pay", "amount": -5}}]}
    assert "amount" in card_errors(choice)["effect"]["options"][0]["effect"]
    assert "options" in card_errors({"kind": "choice", "options": []})["effect"]


def test_a_position_off_the_board_is_refused_for_the_edition():
    document = base_of("classic")
    document["id"] = "classic-off"
    document["decks"][0]["cards"][0]["effect"] = {"kind": "advance_to", "position": 40}
    with pytest.raises(ValidationError) as refused:
        build(document)
    assert "off the board" in str(refused.value.messages["decks"])


def derived(card: dict) -> dict:
    overrides = {"decks": [{"id": "chance", "cards": [card]}]}
    return resolve({"base": "classic", "id": "rv-9", "name": {"en": "x"}, "overrides": overrides}, base_of)


def test_an_overridden_effect_replaces_the_base_effect_whole():
    text = {"en": "Pay 100."}
    document = derived({"id": "chance.go", "text": text, "effect": {"kind": "pay", "amount": 100}})
    assert document["decks"][0]["id"] == "chance"
    [card] = [c for c in document["decks"][0]["cards"] if c["id"] == "chance.go"]
    assert card == {"id": "chance.go", "text": text, "effect": {"kind": "pay", "amount": 100}}
    build(document)


def test_a_changed_effect_without_its_text_is_refused_so_the_old_text_cannot_mislead():
    with pytest.raises(OverlayError) as refused:
        derived({"id": "chance.go", "effect": {"kind": "pay", "amount": 100}})
    assert "overrides.decks[0].cards[0].text" in refused.value.errors
    [same] = [c for c in thawed(shipped()["classic"].document)["decks"][0]["cards"] if c["id"] == "chance.go"]
    derived({"id": "chance.go", "effect": same["effect"]})  # the same effect again needs no new text
    derived({"id": "chance.go", "text": {"en": "Advance to GO!"}})  # a new text alone is fine
