"""The classic-rub edition (seed 003, the Russian edition in rubles): classic
rules and values, money shown in thousands of rubles.

The base unit is one thousand rubles: amounts are stored, moved and
ledgered as the same integers as in classic (start 1500, salary 200, fine
50), and only their display is scaled by 1000."""

from dataclasses import replace

import pytest

from referee.editions import shipped

from .game import Game

THIN = "\u00a0"  # digits are grouped, and the unit set off, by no-break spaces


@pytest.fixture
def rub():
    return shipped()["classic-rub"]


def test_the_base_unit_is_a_thousand_rubles_and_the_display_scales_it(rub):
    assert rub.currency.scale == 1000 and rub.currency.unit["ru"] == "₽"
    assert rub.document["currency"]["base_unit"] == {
        "en": "thousand rubles",
        "ru": "тысяча рублей",
        "uk": "тисяча рублів",
        "it": "mille rubli",
    }
    assert rub.rules.start_cash == 1500  # the stored integer, in thousands


def test_a_loss_reads_with_its_minus_before_the_money_as_the_page_shows_it(rub, classic):
    # a standing below nothing, or a table's adjustment taking money: −M60, never M-60
    assert (rub.currency.show(-75), classic.currency.show(-60), classic.currency.show(60)) == (
        "−75\u00a0000\u00a0₽",
        "−M60",
        "M60",
    )


def test_each_player_starts_with_1_500_000_rubles(rub):
    # seed 003: "All'inizio del gioco, dà ad ogni giocatore per 1.500.000 rubli da varie fatture."
    game = Game(rub)
    assert game.cash(0) == 1500
    assert [t.ruling.text for t in game.transfers][
        0
    ] == f"Anna receives the starting cash of 1{THIN}500{THIN}000{THIN}₽ from the bank."


def test_the_salary_is_200_000_rubles(rub):
    # seed 003: "Ogni volta che si fermi o passa attraverso il campo "Avanti" … la Banca ti paga 200 mila rubli."
    game = Game(rub)
    game.place(0, 38)
    game.roll(0, 1, 2)
    (salary,) = [t for t in game.last.transfers if t.reason == "salary"]
    assert salary.amount == 200
    assert salary.ruling.text == f"Anna passes GO and collects the salary of 200{THIN}000{THIN}₽ from the bank."


def test_the_jail_fine_is_50_000_rubles(rub):
    # seed 003: "1. Puoi pagare una multa di 50 mila rubli."
    game = Game(rub)
    game.state = game.state.with_player(0, in_jail=True, position=10)
    game.act("pay_jail_fine", 0)
    assert game.cash(0) == 1450
    assert game.last.rulings[0].text == f"Anna pays the 50{THIN}000{THIN}₽ fine to leave jail before rolling."


def test_values_are_the_classic_ones_and_the_rules_those_of_seed_003(rub, classic):
    # seed 003 describes the classic game ("Monopoly Classic") with amounts in rubles, but its
    # booklet differs from C1009 (seed 001) on three points, where the seed wins:
    # seed 003: "a partire da qualsiasi prezzo che tutti i giocatori sono disposti" (auction from any price);
    # seed 003: "se il proprietario dell'intero gruppo di colori ha almeno un sito di immobiliare questo
    #   gruppo posato, non può addebitarti un doppio affitto";
    # seed 003: "in conformità con il numero di punti che sono caduti sui cubi quando hai fatto la mossa
    #   che ti ha portato in questo campo" (utility rent from the roll that moved the player).
    assert rub.rules.auction.start == 1 and classic.rules.auction.start == 10
    assert rub.rules.rent.double_with_mortgaged_in_group is False
    assert rub.rules.rent.utility_dice == "move"
    assert replace(rub.rules, auction=classic.rules.auction, rent=classic.rules.rent) == classic.rules
    for mine, theirs in zip(rub.spaces, classic.spaces, strict=True):
        assert (mine.kind, mine.group, mine.price, mine.rent, mine.mortgage, mine.building_cost, mine.amount) == (
            theirs.kind,
            theirs.group,
            theirs.price,
            theirs.rent,
            theirs.mortgage,
            theirs.building_cost,
            theirs.amount,
        )
    assert {d: [c.effect for c in deck.cards] for d, deck in rub.decks.items()} == {
        d: [c.effect for c in deck.cards] for d, deck in classic.decks.items()
    }


def test_the_board_keeps_the_russian_names(rub):
    # The Russian board's names (reference: classic-board.md); the corners as the rubles booklet names them
    # (seed 000, its Russian text: "БЕСПЛАТНАЯ СТОЯНКА", "Отправляйтесь в Тюрьму", «ВПЕРЕД»).
    assert rub.space(39).name["ru"] == "Улица Арбат" and rub.space(1).name["ru"] == "Житная улица"
    assert rub.space(20).name["ru"] == "Бесплатная стоянка"
    assert rub.space(30).name["ru"] == "Отправляйтесь в Тюрьму"
    assert rub.language == "ru" and rub.document["based_on"] == "classic"


def test_card_texts_give_their_amounts_in_rubles(rub):
    card = rub.card("chance.dividend")
    assert card.effect["amount"] == 50
    assert "50 тыс. рублей" in card.text["ru"] and "50 000 ₽" in card.text["en"]
