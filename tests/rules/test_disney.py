"""The disney edition (seed 000, «Монополия Дисней»): classic values, its own
names and decks, and the booklet's parameters where it differs from C1009."""

import pytest

from referee.editions import build, resolve, shipped, thawed
from referee.rules import RuleViolation
from referee.rules.pending import Auction, RentClaim, RentRoll

from ..seeds import seed_text
from .game import Game


def base_of(edition_id):
    return thawed(shipped()[edition_id].document)


@pytest.fixture
def disney():
    return shipped()["disney"]


def test_values_and_board_structure_are_the_classic_ones(disney, classic):
    # seed 000: "Стоимость объектов собственности оставлена неизменной." … "Сохранена структура игрового поля"
    for mine, theirs in zip(disney.spaces, classic.spaces, strict=True):
        assert (mine.kind, mine.price, mine.rent, mine.mortgage, mine.building_cost, mine.amount) == (
            theirs.kind,
            theirs.price,
            theirs.rent,
            theirs.mortgage,
            theirs.building_cost,
            theirs.amount,
        )
    assert disney.rules.start_cash == 1500 and disney.rules.salary == 200


def test_the_seed_names_the_taxes_transports_and_special_powers(disney):
    # seed 000: "Scrooge McDuck’s Tax (Налог Скруджа МакДака) подобен Income Tax …, а Prince John’s Tax
    # (Налог принца Джона) подобен Super Tax"
    assert _booklet_s(disney.space(4).name) == {"en": "Scrooge McDuck’s Tax", "ru": "Налог Скруджа МакДака"}
    assert disney.space(4).amount == 200
    assert _booklet_s(disney.space(38).name) == {"en": "Prince John’s Tax", "ru": "Налог принца Джона"}
    assert disney.space(38).amount == 100
    # seed 000: "4 Stations … заменены 4 видами Транспорта: Aladdin’s flying carpet …, Captain Hook’s pirate ship …,
    # Cinderella’s Coach …, Cruella De Vil’s car"; "Magic Wand (Волшебная палочка) и Pixie Dust (Волшебная пыль феи)"
    transports = {disney.space(p).name["en"] for p in disney.positions_of_kind("station")}
    assert transports == {
        "Aladdin’s flying carpet",
        "Captain Hook’s pirate ship",
        "Cinderella’s Coach",
        "Cruella De Vil’s car",
    }
    assert {disney.space(p).name["ru"] for p in disney.positions_of_kind("utility")} == {
        "Волшебная палочка",
        "Волшебная пыль феи",
    }


def _booklet_s(names):
    """A name in the booklet's two languages, English and Russian (the others are translations)."""
    return {lang: names[lang] for lang in ("en", "ru")}


def test_the_cards_fix_some_places_and_the_rest_is_marked_rather_than_invented(disney):
    # classic-board.md, Disney notes: the pirate ship card ↔ the first station, 101 Dalmatians ↔ Boardwalk,
    # Tarzan ↔ Old Kent Road; Dumbo / Lady and the Tramp ↔ the two "advance to … (200 if you pass GO)" streets.
    assert disney.space(5).name["en"] == "Captain Hook’s pirate ship" and not disney.space(5).unconfirmed
    assert disney.space(39).name["en"] == "101 Dalmatians" and not disney.space(39).unconfirmed
    assert disney.space(1).name["en"] == "Tarzan" and not disney.space(1).unconfirmed
    assert {disney.space(11).name["en"], disney.space(24).name["en"]} == {"Dumbo", "Lady and the Tramp"}
    assert disney.space(11).unconfirmed == ("name",) and disney.space(24).unconfirmed == ("name",)
    for position in (15, 25, 35, 12, 28):  # named by the seed, but it does not say which is where
        assert disney.space(position).unconfirmed == ("name",)
    unnamed = [s for s in disney.spaces if s.kind == "street" and "(unnamed)" in s.name["en"]]
    assert len(unnamed) == 22 - 4 and all(s.unconfirmed == ("name",) for s in unnamed)


def test_cottages_and_castles_are_the_building_terms(disney):
    # seed 000: "Вместо Houses (Домов) и Castles (Замков) Вам необходимо строить White Rabbit Cottages
    # (Дома Белого кролика) и Sleeping Beauty Castles (Замки Спящей красавицы)"
    assert disney.term("house") == "cottage" and disney.term("hotel") == "castle"
    assert disney.term("house_full", "ru") == "Дом Белого кролика"
    assert disney.term("hotel_full", "ru") == "Замок Спящей красавицы"
    assert (disney.rules.buildings.houses, disney.rules.buildings.hotels) == (32, 12)


def test_both_decks_have_16_cards_with_the_seeds_text_in_english_and_russian(disney):
    # seed 000: "16 карточек “Magic moments”, 16 карточек “Show time”"
    lines = seed_text("000").splitlines()
    assert [len(deck.cards) for deck in disney.decks.values()] == [16, 16]
    for deck in disney.decks.values():
        header = deck.name["en"]  # every card line of the seed starts with its deck's name, in both languages
        for card in deck.cards:
            english, russian = f"{header} {card.text['en']}", f"{header} {card.text['ru']}"
            assert any(english in line and line.endswith(russian) for line in lines), card.id


def test_no_double_rent_while_a_street_of_the_group_is_mortgaged(disney):
    # seed 000: "Однако, если какое-либо Владение заложено, то владелец всей группы Владений одного цвета
    # не может собирать двойную плату." (C1009, seed 001, keeps the doubled rent: an edition parameter)
    game = Game(disney)
    game.own(1, 6, 8)
    game.own(1, 9, mortgaged=True)
    game.place(0, 3)
    game.roll(0, 1, 2)  # to 6, a light-blue street
    claim = game.pending(RentClaim)[0]
    assert claim.amount == 6
    assert claim.ruling.rule == "rent.street.group_mortgaged"


def test_the_whole_group_unmortgaged_doubles_the_base_rent(disney):
    # seed 000: "Если все Владения одного цвета принадлежат одному и тому же игроку, то арендная плата …
    # на которой еще не построены здания, удваивается."
    game = Game(disney)
    game.own(1, 6, 8, 9)
    game.place(0, 3)
    game.roll(0, 1, 2)
    assert game.pending(RentClaim)[0].amount == 12


def test_utility_rent_uses_the_roll_that_brought_the_player(disney):
    # seed 000: "Эта плата определяется количеством очков, выпавшем на кубике во время броска,
    # в результате которого Вы попали на поле с Коммунальным предприятием." (C1009 rolls anew)
    game = Game(disney)
    game.own(1, 12)
    game.place(0, 7)
    game.roll(0, 2, 3)  # to 12, the Magic Wand
    claim = game.pending(RentClaim)[0]
    assert claim.amount == 4 * 5
    game.act("claim_rent", 1)
    assert game.cash(0) == 1500 - 20 and game.cash(1) == 1520


def test_an_auction_starts_at_any_price_and_any_raise_is_enough(disney):
    # seed 000 l.105: "Торги начинаются с любой стартовой цены, которую согласится заплатить тот или иной игрок."
    game = Game(disney, "Anna", "Boris", "Vera")
    game.roll(0, 1, 2)  # to 3, unowned
    game.act("decline", 0)
    assert game.pending(Auction)[0].opening == 1
    game.act("bid", 1, amount=1)
    game.act("bid", 0, amount=2)
    with pytest.raises(RuleViolation) as refused:
        game.act("bid", 2, amount=2)
    assert refused.value.ruling.rule == "auction.minimum"
    game.act("pass", 1)
    game.act("pass", 2)
    assert game.state.holdings[3].owner == 0 and game.cash(0) == 1498


def test_the_owner_must_ask_for_rent_before_the_next_roll(disney):
    # seed 000: "Владелец может потребовать с Вас арендную плату лишь прежде, чем следующий за Вами
    # игрок бросит кубики."
    game = Game(disney)
    game.own(1, 3)
    game.roll(0, 1, 2)
    game.act("end_turn", 0)
    game.roll(1, 3, 4)
    assert game.cash(0) == 1500 and "rent.claim_lapsed" in game.rules()


def test_a_card_that_sends_the_token_to_a_utility_needs_a_new_roll(disney):
    # SPEC §2.4 (seeds 000/003): the roll that brought the player there, "and roll anew only when a card sent them".
    # The Disney decks send nobody to a Special Power, so a derived edition adds such a card.
    card = {
        "id": "show_time.to_power",
        "text": {"en": "Advance to the nearest Special Power."},
        "effect": {"kind": "advance_to_nearest", "space_kind": "utility"},
    }
    overrides = {"decks": [{"id": "show_time", "cards": [card]}]}
    edition = build(resolve({"base": "disney", "id": "disney-power", "overrides": overrides}, base_of))
    game = Game(edition, rent_collection="automatic")
    game.own(1, 12)
    game.roll(0, 3, 4)  # to 7, Show Time
    game.act("draw_card", 0, card="show_time.to_power")
    assert game.pending(RentRoll) == [RentRoll(0, 1, 12, 4, "rent")]
    game.roll(0, 2, 3)
    assert game.cash(0) == 1500 - 4 * 5 and game.cash(1) == 1500 + 20
