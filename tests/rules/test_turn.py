"""A whole turn under the C1009 rules: dice, GO, doubles, jail."""

import pytest

from referee.rules import RuleViolation
from referee.rules.state import Turn

from .game import Game


def test_a_roll_moves_the_token_by_the_sum_and_passing_go_pays_200(classic):
    # seed 001: "За прохождение или остановку на «ВПЕРЁД» получите 200 из Банка."
    game = Game(classic)
    game.place(0, 38)
    game.roll(0, 2, 3)
    assert game.state.players[0].position == 3
    assert game.cash(0) == 1700
    assert [t.reason for t in game.last.transfers] == ["salary"]


def test_landing_exactly_on_go_pays_200_not_400(classic):
    # seed 001 FAQ: "Да, за прохождение или остановку на «ВПЕРЁД» Банк выдаёт 200."
    game = Game(classic)
    game.place(0, 35)
    game.roll(0, 2, 3)
    assert game.state.players[0].position == 0
    assert game.cash(0) == 1700


def test_a_double_gives_another_roll_after_the_space_is_resolved(classic):
    # seed 001: "Дубль ... обычно даёт ещё один бросок после действия клетки."
    game = Game(classic)
    game.roll(0, 2, 2)  # Income Tax
    assert game.cash(0) == 1300
    assert ("roll", 0) in game.allowed()
    assert ("end_turn", 0) not in game.allowed()
    with pytest.raises(RuleViolation) as refused:
        game.act("end_turn", 0)
    assert refused.value.code == "must_roll"


def test_the_third_double_sends_to_jail_without_moving(classic):
    # seed 001: "Третий дубль подряд ... отправляет в тюрьму: на выпавшую сумму уже не двигайтесь."
    game = Game(classic)
    game.roll(0, 1, 1)  # 2: Community Chest
    game.act("draw_card", 0, card="chest.beauty")
    game.roll(0, 3, 3)  # 8: Vermont Avenue
    game.act("decline", 0)
    game.act("pass", 0)
    game.act("pass", 1)
    game.roll(0, 4, 4)
    player = game.state.players[0]
    assert player.in_jail and player.position == classic.jail_position
    assert "dice.third_double" in game.rules()
    assert game.allowed() == {("end_turn", 0)}


def test_going_to_jail_never_pays_the_salary(classic):
    # seed 001: "Если указание отправило вас прямо в тюрьму, эти 200 не выдают и ход сразу заканчивается."
    game = Game(classic)
    game.place(0, 25)
    game.roll(0, 2, 3)  # Go To Jail at 30
    assert game.state.players[0].in_jail
    assert game.cash(0) == 1500
    assert game.state.turn.can_roll is False


def test_a_double_onto_go_to_jail_promises_no_extra_roll(classic):
    # seed 001: "Если указание отправило вас прямо в тюрьму, эти 200 не выдают и ход сразу заканчивается."
    game = Game(classic)
    game.place(0, 20)
    game.roll(0, 5, 5)  # Go To Jail at 30
    assert game.rules() == ["jail.sent"]
    assert game.allowed() == {("end_turn", 0)}


def test_a_double_announces_its_extra_roll_before_the_space_s_rulings(classic):
    # seed 001: "Дубль ... обычно даёт ещё один бросок после действия клетки."
    game = Game(classic)
    game.roll(0, 2, 2)  # Income Tax
    assert game.rules()[0] == "dice.double"
    assert "tax" in game.rules()


def test_only_the_player_whose_turn_it_is_may_roll(classic):
    game = Game(classic)
    with pytest.raises(RuleViolation) as refused:
        game.roll(1, 1, 2)
    assert refused.value.code == "not_your_turn"
    assert refused.value.ruling.rule == "turn.order"


def test_end_turn_passes_the_dice_to_the_left(classic):
    # seed 001: "Передайте кубики игроку слева."
    game = Game(classic, "Anna", "Boris", "Vera")
    game.roll(0, 1, 2)
    game.act("decline", 0)
    game.act("pass", 0)
    game.act("pass", 1)
    game.act("pass", 2)
    game.act("end_turn", 0)
    assert game.state.turn.seat == 1


class TestJail:
    def jailed(self, classic) -> Game:
        game = Game(classic)
        game.place(0, 25)
        game.roll(0, 2, 3)
        game.act("end_turn", 0)
        game.roll(1, 1, 2)
        game.act("decline", 1)
        game.act("pass", 0)
        game.act("pass", 1)
        game.act("end_turn", 1)
        return game

    def test_paying_the_fine_before_rolling_frees_and_the_roll_is_normal(self, classic):
        # seed 001: "заплатить 50 до броска ... При оплате или карточке затем бросают и ходят как обычно."
        game = self.jailed(classic)
        game.act("pay_jail_fine", 0)
        assert game.cash(0) == 1450 and not game.state.players[0].in_jail
        game.roll(0, 3, 3)  # a double after paying does give another roll
        assert game.state.players[0].position == 16
        assert game.state.turn.can_roll

    def test_a_double_from_jail_moves_but_gives_no_extra_roll(self, classic):
        # seed 001: "Из тюрьмы дублем выходят без дополнительного броска."
        game = self.jailed(classic)
        game.roll(0, 2, 2)
        assert not game.state.players[0].in_jail
        assert game.state.players[0].position == 14
        assert not game.state.turn.can_roll
        assert "jail.double_release" in game.rules()

    def test_the_third_failed_roll_pays_50_and_moves_by_that_roll(self, classic):
        # seed 001: "Если третья попытка неудачна, заплатите 50 и передвиньтесь на последнюю выпавшую сумму."
        game = self.jailed(classic)
        for _ in range(2):
            game.roll(0, 1, 2)
            assert game.state.players[0].in_jail
            game.act("end_turn", 0)
            game.arrange(turn=Turn(seat=0))  # Boris's turn, skipped
        game.roll(0, 1, 3)
        player = game.state.players[0]
        assert not player.in_jail and player.position == 14
        assert game.cash(0) == 1450
        assert [t.reason for t in game.last.transfers] == ["jail_fine"]

    def test_a_get_out_of_jail_free_card_frees_and_returns_to_its_deck(self, classic):
        # seed 001: "Карточку возвращают в низ её стопки; её можно купить у другого игрока."
        game = self.jailed(classic)
        game.state = game.state.with_player(0, jail_cards=("chance.jail_free",))
        game.act("use_jail_card", 0)
        assert not game.state.players[0].in_jail
        assert game.state.players[0].jail_cards == ()
        game.roll(0, 5, 5)
        assert game.state.turn.can_roll

    def test_the_fine_cannot_be_paid_after_rolling(self, classic):
        game = self.jailed(classic)
        game.roll(0, 1, 2)
        with pytest.raises(RuleViolation) as refused:
            game.act("pay_jail_fine", 0)
        assert refused.value.ruling.rule == "jail.before_roll"


def test_the_token_moves_clockwise_by_the_sum_and_wraps_around_the_board(classic):
    # seed 001: "Бросьте оба кубика и передвиньте фишку вперёд на их сумму."
    game = Game(classic)
    game.roll(0, 2, 4)
    assert game.state.players[0].position == 6
    game.act("decline", 0)
    game.act("pass", 0)
    game.act("pass", 1)
    game.act("end_turn", 0)
    game.place(1, 39)
    game.roll(1, 5, 6)
    assert game.state.players[1].position == 10  # 39 + 11 - 40: Just Visiting
    assert game.cash(1) == 1700


def test_a_player_who_has_rolled_without_a_double_cannot_roll_again(classic):
    # seed 001: "Дубль ... обычно даёт ещё один бросок" — only a double does.
    game = Game(classic)
    game.roll(0, 1, 3)  # Income Tax
    with pytest.raises(RuleViolation) as refused:
        game.roll(0, 2, 5)
    assert refused.value.code == "no_roll"
    assert refused.value.ruling.text == "Anna has no roll left this turn (the turn is over: end it)."
    assert game.allowed() == {("end_turn", 0)}


def test_two_doubles_then_an_ordinary_roll_ends_the_rolling_without_jail(classic):
    # seed 001: "Третий дубль подряд в пределах одного хода отправляет в тюрьму" — only the third.
    game = Game(classic)
    game.roll(0, 2, 2)  # 4: Income Tax
    game.roll(0, 3, 3)  # 10: Just Visiting
    assert game.state.turn.doubles == 2
    game.roll(0, 1, 2)  # 13: States Avenue
    assert game.state.players[0].position == 13 and not game.state.players[0].in_jail
    assert game.state.turn.doubles == 0 and not game.state.turn.can_roll


def test_doubles_are_counted_within_one_turn_only(classic):
    # seed 001: "Третий дубль подряд в пределах одного хода"
    game = Game(classic)
    game.roll(0, 2, 2)  # Income Tax
    game.roll(0, 3, 3)  # Just Visiting
    game.roll(0, 1, 2)  # States Avenue
    game.act("decline", 0)
    game.act("pass", 0)
    game.act("pass", 1)
    game.act("end_turn", 0)
    game.roll(1, 1, 2)  # Baltic Avenue
    game.act("buy", 1)
    game.act("end_turn", 1)
    game.roll(0, 1, 1)  # 15: Pennsylvania Railroad; a first double of a new turn
    assert game.state.turn.doubles == 1
    assert not game.state.players[0].in_jail


def test_the_third_double_does_not_pay_the_salary_the_roll_would_have(classic):
    # seed 001: "на выпавшую сумму уже не двигайтесь" and "эти 200 не выдают"
    game = Game(classic)
    game.arrange(turn=Turn(seat=0, doubles=2))
    game.place(0, 36)
    game.roll(0, 3, 3)  # would pass GO to 2
    assert game.state.players[0].position == classic.jail_position
    assert game.cash(0) == 1500
    assert game.last.transfers == ()


def test_a_double_onto_go_to_jail_ends_the_turn_with_no_further_roll(classic):
    # seed 001: "Если указание отправило вас прямо в тюрьму ... ход сразу заканчивается."
    game = Game(classic)
    game.place(0, 24)
    game.roll(0, 3, 3)  # 30: Go To Jail
    assert game.state.players[0].in_jail
    assert game.state.turn.can_roll is False and game.state.turn.doubles == 0
    assert game.allowed() == {("end_turn", 0)}


def test_stopping_on_the_jail_corner_is_only_a_visit(classic):
    # seed 001: "Простая остановка на угловой клетке тюрьмы означает посещение — без заключения."
    game = Game(classic)
    game.roll(0, 4, 6)
    player = game.state.players[0]
    assert player.position == 10 and not player.in_jail
    assert game.last.transfers == () and game.pending() == []
    assert game.allowed() == {("end_turn", 0)}


def test_the_turn_cannot_end_before_the_roll_nor_while_a_decision_is_open(classic):
    # seed 001: "Бросьте оба кубика ... Выполните действие клетки ... Передайте кубики игроку слева."
    game = Game(classic)
    with pytest.raises(RuleViolation) as refused:
        game.act("end_turn", 0)
    assert refused.value.code == "must_roll"
    game.roll(0, 1, 2)  # Baltic Avenue: buy or decline
    with pytest.raises(RuleViolation) as refused:
        game.act("end_turn", 0)
    assert refused.value.ruling.rule == "turn.resolve_first"
    assert refused.value.ruling.text == (
        "Play cannot go on until Anna's decision to buy or decline Baltic Avenue is resolved."
    )
    with pytest.raises(RuleViolation):
        game.act("end_turn", 1)


def test_the_turn_passes_round_the_table_and_back_to_the_first_seat(classic):
    # seed 001: "Далее ходят по часовой стрелке."
    game = Game(classic, "Anna", "Boris", "Vera")
    seats = []
    for seat in (0, 1, 2):
        seats.append(game.state.turn.seat)
        game.place(seat, 0)
        game.roll(seat, 4, 6)  # Just Visiting
        game.act("end_turn", seat)
    assert seats == [0, 1, 2] and game.state.turn.seat == 0
