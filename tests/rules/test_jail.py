"""Jail: the three ways out and what a prisoner may still do (seed 001, "Тюрьма, карточки и
бесплатная парковка")."""

import pytest

from referee.rules import RuleViolation
from referee.rules.pending import Debt

from .game import Game


def jailed(classic, **options) -> Game:
    """Anna goes to jail from the Go To Jail space; Boris plays a quiet turn; Anna is up."""
    game = Game(classic, **options)
    game.place(0, 25)
    game.roll(0, 2, 3)
    game.act("end_turn", 0)
    boris_plays_a_quiet_turn(game)
    return game


def boris_plays_a_quiet_turn(game: Game) -> None:
    game.place(1, 0)
    game.roll(1, 4, 6)  # Just Visiting
    game.act("end_turn", 1)


def test_a_prisoner_chooses_before_rolling_and_cannot_simply_end_the_turn(classic):
    # seed 001: "На следующем своём ходу выберите выход: заплатить 50 до броска, использовать
    # карточку «Выйти из тюрьмы бесплатно» или попробовать выбросить дубль."
    game = jailed(classic)
    assert game.allowed() == {("pay_jail_fine", 0), ("roll", 0)}
    game.state = game.state.with_player(0, jail_cards=("chest.jail_free",))
    assert game.allowed() == {("pay_jail_fine", 0), ("use_jail_card", 0), ("roll", 0)}
    with pytest.raises(RuleViolation) as refused:
        game.act("end_turn", 0)
    assert (
        refused.value.ruling.text
        == "Anna must roll before ending the turn (pay the fine, use a card or roll for doubles)."
    )


def test_a_failed_roll_keeps_the_prisoner_in_place_and_ends_the_turn(classic):
    # seed 001: "Для выхода дублем есть до трёх своих ходов."
    game = jailed(classic)
    game.roll(0, 5, 6)
    player = game.state.players[0]
    assert player.in_jail and player.position == 10 and player.jail_turns == 1
    assert game.cash(0) == 1500
    assert game.rules() == ["jail.failed_roll"]
    assert game.allowed() == {("end_turn", 0)}


def test_three_turns_in_jail_are_counted_across_real_turns_and_a_double_on_the_second_frees(classic):
    # seed 001: "При удаче передвиньтесь на сумму этого броска, без нового броска за дубль."
    game = jailed(classic)
    game.roll(0, 1, 2)
    game.act("end_turn", 0)
    boris_plays_a_quiet_turn(game)
    game.roll(0, 6, 6)  # 22: Chance
    player = game.state.players[0]
    assert not player.in_jail and player.jail_turns == 0 and player.position == 22
    assert not game.state.turn.can_roll  # the double gives no extra roll
    game.act("draw_card", 0, card="chance.dividend")
    assert game.allowed() == {("end_turn", 0)}


def test_after_three_failures_the_fine_is_paid_and_the_token_moves_by_the_third_roll(classic):
    # seed 001: "Если третья попытка неудачна, заплатите 50 и передвиньтесь на последнюю выпавшую сумму."
    game = jailed(classic)
    for _ in range(2):
        game.roll(0, 1, 2)
        game.act("end_turn", 0)
        boris_plays_a_quiet_turn(game)
    game.roll(0, 6, 4)  # 20: Free Parking
    player = game.state.players[0]
    assert not player.in_jail and player.position == 20
    assert game.cash(0) == 1450
    [fine] = game.last.transfers
    assert (fine.source, fine.target, fine.amount, fine.rule) == (0, "bank", 50, "jail.forced_release")
    assert fine.ruling.text == "Anna failed the last of 3 rolls for doubles: pays M50 and moves 10."


def test_a_prisoner_short_of_the_forced_fine_owes_it_as_a_debt_and_still_moves(classic):
    # seed 001: "заплатите 50 и передвиньтесь" and "Если денег на обязательный платёж нет, продайте
    # здания и/или заложите собственность": the fine stays owed, cash never goes below zero.
    game = jailed(classic)
    game.set_cash(0, 30)
    game.state = game.state.with_player(0, jail_turns=2)
    game.roll(0, 6, 4)
    assert game.state.players[0].position == 20 and game.cash(0) == 30
    [debt] = game.pending(Debt)
    assert (debt.debtor, debt.creditor, debt.amount, debt.ruling.rule) == (0, "bank", 50, "jail.forced_release")
    assert game.allowed() == {("declare_bankruptcy", 0)}  # 30 in cash and nothing to sell or mortgage


def test_the_fine_cannot_be_paid_with_less_than_50_in_cash(classic):
    # seed 001: "заплатить 50 до броска"
    game = jailed(classic)
    game.set_cash(0, 49)
    assert ("pay_jail_fine", 0) not in game.allowed()
    with pytest.raises(RuleViolation) as refused:
        game.act("pay_jail_fine", 0)
    assert refused.value.code == "insufficient_funds"
    assert refused.value.ruling.text == "Anna has M49, less than the M50 fine."


def test_paying_the_fine_goes_to_the_bank_and_the_turn_goes_on_normally(classic):
    # seed 001: "При оплате или карточке затем бросают и ходят как обычно."
    game = jailed(classic)
    game.act("pay_jail_fine", 0)
    [fine] = game.last.transfers
    assert (fine.source, fine.target, fine.amount, fine.rule) == (0, "bank", 50, "jail.fine")
    assert game.allowed() == {("roll", 0)}
    game.roll(0, 1, 2)
    assert game.state.players[0].position == 13


def test_only_the_prisoner_on_their_own_turn_may_pay_or_use_a_card(classic):
    # seed 001: "На следующем своём ходу выберите выход"
    game = jailed(classic)
    with pytest.raises(RuleViolation) as refused:
        game.act("pay_jail_fine", 1)
    assert refused.value.ruling.rule == "jail.not_in_jail"
    game.act("pay_jail_fine", 0)
    with pytest.raises(RuleViolation) as refused:
        game.act("pay_jail_fine", 0)
    assert refused.value.ruling.text == "Anna is not in jail."


def test_a_jail_card_is_needed_to_use_one(classic):
    game = jailed(classic)
    with pytest.raises(RuleViolation) as refused:
        game.act("use_jail_card", 0)
    assert refused.value.code == "no_jail_card"
    assert refused.value.ruling.text == "Anna holds no Get Out of Jail Free card."


def test_a_kept_jail_card_leaves_its_virtual_deck_and_returns_to_the_bottom_when_used(classic):
    # seed 001: "возвращайте её вниз стопки, если она не велит оставить её у себя" and
    # "Карточку возвращают в низ её стопки"
    rest = tuple(c.id for c in classic.decks["chance"].cards if c.id not in ("chance.jail_free", "chance.dividend"))
    order = ("chance.jail_free", "chance.dividend") + rest
    game = Game(classic, decks="virtual", decks_order={"chance": order, "community_chest": ()})
    game.place(0, 4)
    game.roll(0, 1, 2)  # 7: Chance
    game.act("draw_card", 0)
    assert game.state.players[0].jail_cards == ("chance.jail_free",)
    assert game.state.decks["chance"] == ("chance.dividend",) + rest  # kept, not under the deck
    game.act("end_turn", 0)
    game.place(1, 4)
    game.roll(1, 1, 2)  # 7: Chance
    game.act("draw_card", 1)
    assert game.state.decks["chance"] == rest + ("chance.dividend",)
    game.act("end_turn", 1)
    game.place(0, 25)
    game.roll(0, 2, 3)  # Go To Jail
    game.act("end_turn", 0)
    boris_plays_a_quiet_turn(game)
    game.act("use_jail_card", 0)
    assert game.state.players[0].jail_cards == ()
    assert game.state.decks["chance"] == rest + ("chance.dividend", "chance.jail_free")
    assert game.rules() == ["jail.card"]
